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

    private let container: any ImageContainer
    /// Set when ``DecodingLimits/maxTotalDecodedBytes`` cut the frame table short.
    private let limitWarning: ZoetropeError?
    private let state: LockedState<PlaybackState>

    private struct PlaybackState: Sendable {
        var compositor: Compositor?
        /// The canvas holds the state before frame `nextIndex` (after disposing `nextIndex - 1`).
        var nextIndex = 0
        var lastFrame: (index: Int, image: RGBAImage)?
        var plan: ReplayPlan
        var checkpoints: ReplayCheckpoints
        var frameDamage: [Int: ZoetropeError] = [:]
    }

    /// Opens an image from its bytes, parsing the frame table without decoding pixels.
    /// - Throws: ``ZoetropeError`` when the format is unknown or unsupported, a limit is exceeded,
    ///   or the file is damaged before its first frame.
    public init(bytes: [UInt8], options: DecodingOptions = .default) throws(ZoetropeError) {
        let container = try ContainerParser.parse(bytes, options: options)
        self.container = container
        self.format = container.format
        self.canvasSize = container.canvasSize
        let admitted = options.limits.admissibleFrameCount(canvas: container.canvasSize, frames: container.frames.count)
        self.frames = Array(container.frames.prefix(admitted))
        self.limitWarning = admitted < container.frames.count
            ? ZoetropeError(.limitExceeded, format: container.format, offset: container.frames[admitted].offset,
                            "\(container.frames.count) frames of \(container.canvasSize) exceed the limit of "
                            + "\(options.limits.maxTotalDecodedBytes) decoded bytes; only the first \(admitted) are kept")
            : nil
        self.storedLoopCount = container.storedLoopCount
        self.playCount = container.playCount
        self.options = options
        let plan = ReplayPlan(frames: frames, canvas: container.canvasSize)
        let checkpoints = ReplayCheckpoints(frameCount: frames.count,
                                            bytesPerCanvas: container.canvasSize.area * 4)
        self.state = LockedState(PlaybackState(plan: plan, checkpoints: checkpoints))
    }

    /// The number of frames.
    public var frameCount: Int { frames.count }

    /// How long frame `index` shows, after the ``FrameTiming`` rule of ``options``.
    public func duration(at index: Int) -> Duration { frames[index].delay }

    /// Damage found so far: in the file's structure when it was opened, and in the data of frames
    /// decoded since. Frames before the damage decode normally; a damaged frame keeps what it decoded.
    public var warnings: [ZoetropeError] {
        let damage = state.withLock { $0.frameDamage }
        return container.warnings + (limitWarning.map { [$0] } ?? []) + damage.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The composited frame `index` (canvas-sized, RGBA8, straight alpha).
    ///
    /// A frame whose data is damaged shows what it decoded; a later frame with no usable data leaves
    /// the canvas as it was. Either way the damage is added to ``warnings`` and later frames still
    /// decode.
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` for an index out of range, or the
    ///   decoding error when the first frame has no usable data (nothing was decoded before the
    ///   damage, so there is nothing to show).
    public func frame(at index: Int) throws(ZoetropeError) -> RGBAImage {
        guard frames.indices.contains(index) else {
            throw ZoetropeError(.invalidArgument, format: format,
                                "frame index \(index) is outside 0..<\(frames.count)")
        }
        return try state.withLock { (state: inout PlaybackState) throws(ZoetropeError) -> RGBAImage in
            if let last = state.lastFrame, last.index == index { return last.image }
            var compositor = state.compositor ?? Compositor(size: canvasSize)
            // Continue from the current canvas when it is at or a short replay before `index`;
            // otherwise start over from the nearest saved or clean state.
            var next = state.compositor == nil ? Int.max : state.nextIndex
            if next > index || index - next > state.checkpoints.interval {
                let cleanStart = state.plan.start(for: index)
                if next > index || next < cleanStart {
                    next = Self.rewind(&compositor, to: index, cleanStart: cleanStart, state: state)
                }
            }
            var shown: RGBAImage?
            while next <= index {
                let info = frames[next]
                if !state.plan.isCleanStart(next) { state.checkpoints.offer(compositor.canvas.pixels, before: next) }
                let wasCleanStart = state.plan.isCleanStart(next)
                let decoded = try decode(at: next, recordingIn: &state)
                if decoded.damage != nil || (info.blend == .over && !decoded.image.isOpaque) {
                    state.plan.markIncomplete(next)
                    if wasCleanStart && !state.plan.isCleanStart(next) {
                        // Replay started here believing this frame replaces the whole canvas; it
                        // does not, so the canvas under it matters: start again further back.
                        next = Self.rewind(&compositor, to: index, cleanStart: state.plan.start(for: index), state: state)
                        continue
                    }
                }
                compositor.draw(decoded.image, info: info)
                if next == index { shown = compositor.canvas }
                compositor.dispose(info)
                next += 1
            }
            state.compositor = compositor
            state.nextIndex = next
            let image = shown ?? compositor.canvas
            state.lastFrame = (index, image)
            return image
        }
    }

    /// Resets `compositor` to the best known state at or before `index`; returns the frame to
    /// draw next.
    private static func rewind(_ compositor: inout Compositor, to index: Int, cleanStart: Int,
                               state: PlaybackState) -> Int {
        if let checkpoint = state.checkpoints.nearest(atOrBefore: index), checkpoint.index > cleanStart {
            compositor.restore(checkpoint.canvas)
            return checkpoint.index
        }
        compositor.reset()
        return cleanStart
    }

    /// Frame `index`'s own pixels; damage is recorded, and a later frame with no usable data comes
    /// back empty, so drawing it leaves the canvas unchanged.
    /// - Throws: the decoding error of a first frame with no usable data.
    private func decode(at index: Int, recordingIn state: inout PlaybackState) throws(ZoetropeError) -> DecodedFrame {
        let decoded: DecodedFrame
        do {
            decoded = try container.decodeFrame(at: index)
        } catch {
            if index == 0 { throw error }
            decoded = DecodedFrame(image: RGBAImage(width: 0, height: 0), damage: error)
        }
        if let damage = decoded.damage { state.frameDamage[index] = damage }
        return decoded
    }

    /// Calls `body` with every composited frame in order, reusing one canvas: the fastest way to
    /// read all frames. The image passed in is only valid during the call (copy it to keep it).
    /// Damage in a frame's data is recorded in ``warnings`` and the frame is shown as decoded.
    /// - Throws: what `body` throws, or the decoding error when the first frame has no usable data.
    public func forEachFrame(_ body: (_ index: Int, _ frame: RGBAImage) throws -> Void) throws {
        var compositor = Compositor(size: canvasSize)
        for (index, info) in frames.enumerated() {
            let decoded = try state.withLock { (state: inout PlaybackState) throws(ZoetropeError) -> DecodedFrame in
                try decode(at: index, recordingIn: &state)
            }
            compositor.draw(decoded.image, info: info)
            try body(index, compositor.canvas)
            compositor.dispose(info)
        }
    }
}
