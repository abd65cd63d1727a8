/// An animated (or still) image decoded from GIF, PNG/APNG or WebP bytes.
///
/// Opening parses the frame table cheaply and decodes no pixels. ``frame(at:)`` composites any frame
/// in any order, replaying from the nearest earlier clean frame rather than from frame 0, and is safe
/// to call from several threads. ``forEachFrame(_:)`` is the fast path for reading every frame in
/// order: it reuses one canvas.
///
/// ```swift
/// let image = try AnimatedImage(bytes: gifBytes)
/// print(image.frameCount, image.playCount, image.totalDuration)
/// let third = try image.frame(at: 2)   // RGBA8, straight alpha, canvas-sized
/// ```
public final class AnimatedImage: AnimatableImage {
    /// The container format (`.apng` for an animated PNG).
    public let format: ImageFormat
    /// The canvas size; every frame has this size.
    public let canvasSize: PixelSize
    /// The frame table: each frame's rectangle, disposal, blend, transparency and delays.
    public let frames: [FrameInfo]
    /// The loop count exactly as stored in the file; `nil` when the file stores none.
    public let storedLoopCount: Int?
    /// How many times the animation plays, by the format's rule (GIF: absent → 1, 0 → forever,
    /// N → N + 1; APNG and WebP: 0 → forever, N → N).
    public let playCount: PlayCount
    /// The options the image was opened with.
    public let options: DecodingOptions
    /// Metadata the file carries (ICC profile, EXIF, XMP); reported, not applied.
    public let metadata: ImageMetadata

    private let container: any ImageContainer
    /// See ``workingBytesPerDecode``.
    private let frameBufferBytes: Int
    /// See ``resumeBytes``.
    let resumeBytes: Int
    /// The bytes the container reads, when the image knows them: a mapped file's pages are given
    /// back every few frames decoded (``ImageBytes/releaseResidentPages()``).
    let bytes: ImageBytes?
    /// Frames ``forEachFrame(_:)`` decodes between two releases of the file's pages: a syscall and
    /// the next frames' page faults every few frames, against a file's worth of resident pages
    /// after one play.
    static let pageReleaseInterval = 16
    /// The same for frames decoded one at a time (players, frame caches), where many images decode
    /// in turn and each keeps the pages it read until its next release (counted nowhere): twelve
    /// 1080p GIFs decoding in a grid held 0.5 MB of file pages on average instead of 0.7–0.8 MB
    /// at 16. A release is one `madvise` call, little beside decoding a frame, and each page is
    /// read once either way.
    static let framePageReleaseInterval = 2
    private let state: LockedState<PlaybackState>

    /// What the image learns while frames are read. The lock guarding it is never held while a
    /// frame decodes: a replay walk is taken out, advanced unlocked, and handed back.
    private struct PlaybackState: Sendable {
        /// The walk that continues fastest in frame order; `nil` while a reader has it out.
        var replay: FrameReplay?
        var lastFrame: (index: Int, image: RGBAImage)?
        var plan: ReplayPlan
        var checkpoints: ReplayCheckpoints
        var frameDamage: [Int: ZoetropeError] = [:]
        /// Frames decoded since the file's pages were last given back.
        var decodedSinceRelease = 0
        /// Whether checkpoints and the last frame are kept (for random access); off once a cache
        /// keeps every frame decoded.
        var keepsRandomAccess = true

        /// Takes back what a walk learned, and keeps the walk for the next reader.
        mutating func merge(_ walk: FrameReplay) {
            for index in walk.incomplete { plan.markIncomplete(index) }
            if keepsRandomAccess {
                checkpoints.merge(walk.checkpoints)
            } else {
                // The walk holds the canvas now: a parked copy (resumed from, or older) would
                // only be read out of order, which a cache keeping every frame does not do.
                checkpoints.dropParked()
            }
            frameDamage.merge(walk.damage) { first, _ in first }
            var kept = walk
            kept.plan = plan
            kept.checkpoints = checkpoints
            kept.incomplete = []
            kept.damage = [:]
            replay = kept
        }

        /// Keeps nothing for random access from now on.
        mutating func stopKeepingRandomAccess(frameCount: Int) {
            keepsRandomAccess = false
            let (parked, patch) = (checkpoints.parked, checkpoints.patch)
            checkpoints = ReplayCheckpoints(frameCount: frameCount, bytesPerCanvas: 1, budget: 0)
            if let parked { checkpoints.park(parked.canvas, before: parked.index) }
            if let patch { checkpoints.park(patch) }
            replay?.checkpoints = checkpoints
            lastFrame = nil
        }
    }

    /// What a reader takes out of the lock: the frame itself, or a walk to advance to it.
    private enum CheckOut {
        case shown(RGBAImage)
        case walk(FrameReplay)
    }

    /// Opens an image from its bytes, parsing the frame table without decoding pixels.
    /// - Throws: ``ZoetropeError`` when the format is unknown or unsupported, a limit is exceeded,
    ///   or the file is damaged before its first frame.
    public convenience init(bytes: [UInt8], options: DecodingOptions = .default) throws(ZoetropeError) {
        try self.init(imageBytes: ImageBytes(bytes), options: options)
    }

    /// Opens an image from bytes an array or a mapped file holds (``ImageBytes``), which the image
    /// keeps: a mapping stays while the image lives.
    package convenience init(imageBytes bytes: ImageBytes, options: DecodingOptions = .default) throws(ZoetropeError) {
        self.init(container: try CodecRegistry.open(bytes, options: options), options: options, bytes: bytes)
    }

    /// Wraps a parsed container (tests wrap their own, to control decoding) made from `bytes`.
    init(container: any ImageContainer, options: DecodingOptions, bytes: ImageBytes? = nil) {
        let table = container.table
        self.container = container
        self.bytes = bytes
        // Parsing walked the file's structure, touching every page of a GIF: none is needed now.
        bytes?.releaseResidentPages()
        self.format = container.format
        self.canvasSize = table.canvasSize
        self.frames = table.frames
        self.storedLoopCount = table.storedLoopCount
        self.playCount = table.playCount
        self.options = options
        self.metadata = table.metadata
        let largestFrame = table.frames.reduce(0) { max($0, $1.rect.area) }
        frameBufferBytes = container.drawsFramesInPlace ? 0 : 4 * largestFrame
        // A walk's canvas, and the scratch its container draws the largest frame with (a GIF's indices).
        resumeBytes = table.canvasSize.area * 4 + container.scratchBytes(frameArea: largestFrame)
        let plan = ReplayPlan(frames: frames, canvas: canvasSize)
        let checkpoints = ReplayCheckpoints(frameCount: frames.count, bytesPerCanvas: canvasSize.area * 4)
        self.state = LockedState(PlaybackState(plan: plan, checkpoints: checkpoints))
    }

    /// The number of frames.
    public var frameCount: Int { frames.count }

    /// Bytes held besides the frames handed out: the saved checkpoints (a parked canvas among
    /// them), and once a frame has been read, the canvas replay walks draw on and the working
    /// memory the walk reuses (a GIF frame's indices). A frame cache counts them (``RetainsMemory``).
    /// A replay walk's canvas and the last frame read count as one canvas: the walk lends its
    /// canvas to the frame it hands out, and copies it only while drawing the next.
    var retainedBytes: Int {
        let canvas = canvasSize.area * 4
        return state.withLock { state in
            state.checkpoints.bytes + (state.lastFrame == nil && state.replay == nil ? 0 : canvas)
                + (state.replay?.scratch.count ?? 0)
        }
    }

    /// Bytes one decode uses for a while besides what the image keeps (``retainedBytes``): the
    /// pixels of the largest frame where the codec decodes a frame before drawing it (PNG, WebP);
    /// none where it draws onto the canvas (GIF: its indices are the walk's, kept).
    var workingBytesPerDecode: Int { frameBufferBytes }

    /// Stops saving checkpoints and keeping the last frame read, and lets go of those kept: a
    /// frame cache keeps every frame decoded, so nothing is read out of order again.
    func stopKeepingRandomAccess() {
        let count = frames.count
        state.withLock { $0.stopKeepingRandomAccess(frameCount: count) }
    }

    /// Lets go of the replay canvas, the checkpoints and the last frame read, and gives a mapped
    /// file's pages read so far back to the kernel: a frame read later replays from the start (or
    /// the nearest checkpoint saved after this), reading the file again.
    func releaseRetainedMemory() {
        bytes?.releaseResidentPages()
        let count = frames.count, canvas = canvasSize
        let released = state.withLock { state -> (FrameReplay?, RGBAImage?) in
            defer {
                state.replay = nil
                state.lastFrame = nil
                state.checkpoints.dropParked()
                if state.keepsRandomAccess {
                    state.checkpoints = ReplayCheckpoints(frameCount: count, bytesPerCanvas: canvas.area * 4)
                }
            }
            return (state.replay, state.lastFrame?.image)
        }
        _ = released // freed here, after the lock
    }

    /// Whether the image holds a replay canvas now (or the last frame read, which shares it).
    var holdsCanvas: Bool {
        state.withLock { $0.replay.map { !$0.compositor.isBlank } ?? false || $0.lastFrame != nil }
    }

    /// Lets go of the replay canvas and the last frame read while the image is not being decoded,
    /// keeping the canvas packed (``PackedCanvas``) when decoding will continue from it: the next
    /// frame read unpacks it instead of replaying from the last clean start. A canvas of more
    /// than 256 colours (true-colour APNG and WebP) packs whole pixels in runs when that halves it
    /// at least. One that does not (photographic content) keeps only the part drawn on since its
    /// clean start when that is at most half of it (``CanvasPatch``: the next frame read draws the
    /// clean start again and pastes it), or else stays whole, with no working memory.
    /// The file's pages read so far go back to the kernel too.
    func parkCanvas(into reusable: ReusableBuffers? = nil) {
        let taken = state.withLock { state -> (FrameReplay?, RGBAImage?) in
            defer {
                state.replay = nil
                state.lastFrame = nil
            }
            return (state.replay, state.lastFrame?.image)
        }
        bytes?.releaseResidentPages()
        guard var walk = taken.0 else { return }
        let resumes = walk.nextIndex < frames.count && !walk.compositor.isBlank && !walk.plan.isCleanStart(walk.nextIndex)
        let packed = resumes ? PackedCanvas(pixels: walk.compositor.canvas.pixels) : nil
        let patch = resumes && packed == nil ? walk.patch : nil
        // The buffers go to the next image a worker decodes, unless the canvas stays whole.
        reusable?.give(walk.scratch)
        walk.scratch = [] // a decode grows it again when it comes
        if !resumes || packed != nil || patch != nil { reusable?.give(walk.compositor.releaseBuffer()) }
        guard resumes else { return }
        state.withLock { state in
            // Unless a reader started a walk meanwhile (it then holds the canvas it needs).
            guard state.replay == nil else { return }
            if let patch {
                state.checkpoints.park(patch)
                return
            }
            // A canvas that does not pack stays whole: dropping it would replay every frame since
            // the last clean start on the next decode (quadratic work over a play).
            guard let packed else {
                state.replay = walk
                return
            }
            state.checkpoints.park(packed, before: walk.nextIndex)
        }
    }

    /// About to be decoded: when no replay walk is kept, starts one on a canvas buffer (and a GIF
    /// frame's index buffer) that another image's parked canvas let go into `reusable`, rather
    /// than on fresh zeroed memory. The walk resumes from the parked canvas as it would have.
    func prepareToDecode(reusing reusable: ReusableBuffers) {
        guard state.withLock({ $0.replay == nil }) else { return }
        let canvasBytes = canvasSize.area * 4
        let scratchBytes = resumeBytes - canvasBytes // a GIF frame's indices; none for other formats
        guard let buffer = reusable.take(count: canvasBytes) else { return }
        let scratch = scratchBytes > 0 ? reusable.take(1...scratchBytes) ?? [] : []
        let unused = state.withLock { state -> ([UInt8], [UInt8])? in
            guard state.replay == nil else { return (buffer, scratch) } // a reader started a walk meanwhile
            state.replay = FrameReplay(canvas: canvasSize, format: format, plan: state.plan,
                                       checkpoints: state.checkpoints, recycling: buffer, scratch: scratch)
            return nil
        }
        if let unused {
            reusable.give(unused.0)
            reusable.give(unused.1)
        }
    }

    /// The part of the canvas where frame `index` can differ from frame `index - 1` when both are
    /// read: the rectangle frame `index` draws, and the one frame `index - 1` drew when its
    /// disposal clears or restores it. `nil` for the first frame (or an index out of range).
    func changedRect(since index: Int) -> PixelRect? {
        guard index > 0, index < frames.count else { return nil }
        let bounds = PixelRect(x: 0, y: 0, width: canvasSize.width, height: canvasSize.height)
        let drawn = frames[index].rect.intersection(bounds)
        let before = frames[index - 1]
        switch before.disposal {
        case .none, .unspecified: return drawn
        case .background, .previous:
            let disposed = before.rect.intersection(bounds)
            if disposed.isEmpty { return drawn }
            return drawn.isEmpty ? disposed : drawn.union(disposed)
        }
    }

    /// How long frame `index` shows, after the ``FrameTiming`` rule of ``options``.
    public func duration(at index: Int) -> Duration { frames[index].duration }

    /// Damage found in the file's structure when it was opened (not in frame data).
    var structureWarnings: [ZoetropeError] { container.table.warnings }

    /// Damage found so far: in the file's structure when it was opened, and in the data of frames
    /// decoded since. Frames before the damage decode normally; a damaged frame keeps what it decoded.
    public var warnings: [ZoetropeError] {
        let damage = state.withLock { $0.frameDamage }
        return container.table.warnings + damage.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The composited frame `index` (canvas-sized, RGBA8, straight alpha).
    ///
    /// A frame whose data is damaged shows what it decoded; a later frame with no usable data leaves
    /// the canvas as it was. Either way the damage is added to ``warnings`` and later frames still
    /// decode. Safe to call from several threads: decoding holds no lock, so a long replay on one
    /// thread does not hold up another.
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` for an index out of range, or the
    ///   decoding error when the first frame has no usable data (nothing was decoded before the
    ///   damage, so there is nothing to show).
    public func frame(at index: Int) throws(ZoetropeError) -> RGBAImage {
        guard frames.indices.contains(index) else {
            throw ZoetropeError(.invalidArgument, format: format,
                                "frame index \(index) is outside 0..<\(frames.count)")
        }
        // A cache keeping every frame (no random access kept) lets go of each frame before the
        // next: the canvas is lent to it, not handed out.
        let (checkedOut, lending) = state.withLock { state -> (CheckOut, Bool) in
            if let last = state.lastFrame, last.index == index { return (.shown(last.image), false) }
            // The last frame read shares the walk's canvas: let go of it, so that drawing the next
            // frame changes the canvas in place rather than copying it (8 MB at 1080p) when the
            // caller has let go of the frame too (a cache keeping it reduced does).
            defer {
                state.replay = nil
                state.lastFrame = nil
            }
            return (.walk(state.replay ?? FrameReplay(canvas: canvasSize, format: format, plan: state.plan,
                                                      checkpoints: state.checkpoints)), !state.keepsRandomAccess)
        }
        var walk: FrameReplay
        switch checkedOut {
        case .shown(let image): return image
        case .walk(let checked): walk = checked
        }
        let container = container
        var decoded = 0
        let frames = frames
        let image = try walk.advance(to: index, frames: frames, lending: lending) { (frame, compositor, scratch) throws(ZoetropeError) in
            decoded += 1
            return try container.drawFrame(at: frame, info: frames[frame], onto: &compositor, scratch: &scratch)
        }
        let release = state.withLock { state -> Bool in
            state.merge(walk)
            if state.keepsRandomAccess { state.lastFrame = (index, image) }
            state.decodedSinceRelease += decoded
            // Every few frames, or at once when every frame is kept decoded elsewhere (the pages
            // read so far are then not needed again).
            guard !state.keepsRandomAccess || state.decodedSinceRelease >= Self.framePageReleaseInterval else { return false }
            state.decodedSinceRelease = 0
            return true
        }
        if release { bytes?.releaseResidentPages() }
        return image
    }

    /// Calls `body` with every composited frame in order, reusing one canvas: the fastest way to
    /// read all frames. The image passed in is only valid during the call (copy it to keep it).
    /// Damage in a frame's data is recorded in ``warnings`` and the frame is shown as decoded.
    /// Decoding holds no lock: other threads read other frames meanwhile.
    /// - Throws: what `body` throws, the decoding error when the first frame has no usable data, or
    ///   a `limitExceeded` error when a frame needs more memory than the process can get.
    public func forEachFrame(_ body: (_ index: Int, _ frame: RGBAImage) throws -> Void) throws {
        var compositor = Compositor(size: canvasSize, format: format)
        var scratch: [UInt8] = []
        for (index, info) in frames.enumerated() {
            let damage: ZoetropeError?
            do {
                damage = try container.drawFrame(at: index, info: info, onto: &compositor, scratch: &scratch).damage
            } catch where error.kind == .limitExceeded {
                throw error // a limit (memory the process cannot get) is not damage
            } catch {
                if index == 0 { throw error }
                // Nothing usable: drawing nothing leaves the canvas as it was.
                damage = error
                try compositor.draw(RGBAImage(width: 0, height: 0), info: info)
            }
            if let damage { state.withLock { $0.frameDamage[index] = damage } }
            try body(index, try compositor.lend(offset: info.offset))
            try compositor.dispose(info)
            if index % Self.pageReleaseInterval == Self.pageReleaseInterval - 1 { bytes?.releaseResidentPages() }
        }
    }
}
