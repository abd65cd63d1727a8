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
        self.frames = container.frames
        self.storedLoopCount = container.storedLoopCount
        self.playCount = container.playCount
        self.options = options
        let plan = ReplayPlan(frames: container.frames, canvas: container.canvasSize)
        let checkpoints = ReplayCheckpoints(frameCount: container.frames.count,
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
        return container.warnings + damage.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The composited frame `index` (canvas-sized, RGBA8, straight alpha).
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` for an index out of range, or a
    ///   decoding error when the frame (or one it depends on) has no usable data.
    public func frame(at index: Int) throws(ZoetropeError) -> RGBAImage {
        guard frames.indices.contains(index) else {
            throw ZoetropeError(.invalidArgument, format: format,
                                "frame index \(index) is outside 0..<\(frames.count)")
        }
        return try state.withLock { (state: inout PlaybackState) throws(ZoetropeError) -> RGBAImage in
            if let last = state.lastFrame, last.index == index { return last.image }
            var compositor = state.compositor ?? Compositor(size: canvasSize)
            state.compositor = nil // left empty if decoding throws, so a later call starts afresh
            let cleanStart = state.plan.start(for: index)
            var next = state.nextIndex
            if next > index || next < cleanStart {
                if let checkpoint = state.checkpoints.nearest(atOrBefore: index), checkpoint.index > cleanStart {
                    compositor.restore(checkpoint.canvas)
                    next = checkpoint.index
                } else {
                    compositor.reset()
                    next = cleanStart
                }
            }
            var image = compositor.canvas
            while next <= index {
                let info = frames[next]
                if !state.plan.isCleanStart(next) { state.checkpoints.offer(compositor.canvas.pixels, before: next) }
                let decoded = try container.decodeFrame(at: next)
                if let damage = decoded.damage { state.frameDamage[next] = damage }
                if decoded.damage != nil || (info.blend == .over && !decoded.image.isOpaque) {
                    state.plan.markIncomplete(next)
                }
                compositor.draw(decoded.image, info: info)
                if next == index { image = compositor.canvas }
                compositor.dispose(info)
                next += 1
            }
            state.compositor = compositor
            state.nextIndex = next
            state.lastFrame = (index, image)
            return image
        }
    }

    /// Calls `body` with every composited frame in order, reusing one canvas: the fastest way to
    /// read all frames. The image passed in is only valid during the call (copy it to keep it).
    /// Damage in a frame's data is recorded in ``warnings`` and the frame is shown as decoded.
    public func forEachFrame(_ body: (_ index: Int, _ frame: borrowing RGBAImage) throws -> Void) throws {
        var compositor = Compositor(size: canvasSize)
        for (index, info) in frames.enumerated() {
            let decoded = try container.decodeFrame(at: index)
            if let damage = decoded.damage { state.withLock { $0.frameDamage[index] = damage } }
            compositor.draw(decoded.image, info: info)
            try body(index, compositor.canvas)
            compositor.dispose(info)
        }
    }

    /// The sum of all effective frame delays: one play of the animation.
    public var totalDuration: Duration { frames.reduce(.zero) { $0 + $1.delay } }
}
