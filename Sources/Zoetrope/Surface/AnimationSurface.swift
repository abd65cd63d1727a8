/// Many animations in one scrolling surface — images attached to the text being typed, messages
/// in a chat stream — under one memory budget and one clock.
///
/// Every attachment plays from the surface's ``cache`` (one byte limit for all of them) on its
/// ``clock``. An attachment decodes nothing until it first becomes visible; when it scrolls out
/// it pauses, lets go of its frames and shows its poster frame (frame 0 at the attachment's size).
/// Each attachment's animator is given the attachment's size as its ``Animator/displaySize``: the
/// cache decodes, reduces and keeps frames at that size, and attachments of the same image share
/// them (kept at the largest size shown), so the image is decoded once however many times it was
/// pasted. With ``reducesMotion`` on or ``playsAnimatedImages`` off, visible attachments show their
/// poster frame instead of playing, unless the person asks to play one
/// (``SurfaceAttachment/playOnRequest()``). Posters are kept under their own byte limit
/// (``posterByteLimit``), least recently used first out, so memory stays bounded however many
/// images scroll past: at most the cache's limit plus the posters' limit.
///
/// ```swift
/// let surface = AnimationSurface(cache: SharedFrameCache(byteLimit: 32 << 20),
///                                clock: TimerClock(ticksPerSecond: 60))
/// let attachment = try surface.makeAttachment(bytes: gifBytes, size: PixelSize(width: 160, height: 160))
/// attachment.setVisible(true)   // decodes frame 0 and plays
/// attachment.setVisible(false)  // pauses, frees its frames, shows the poster
/// ```
public final class AnimationSurface: Sendable {
    /// What a surface holds now.
    public struct Statistics: Sendable, Hashable {
        /// Attachments alive.
        public var attachments = 0
        /// Attachments on screen.
        public var visibleAttachments = 0
        /// Attachments playing.
        public var playingAttachments = 0
        /// Distinct images (image and size) among the attachments.
        public var distinctImages = 0
        /// Bytes of poster frames kept.
        public var posterBytes = 0
        /// The frame cache's counters.
        public var cache = SharedFrameCache.Statistics()

        /// Bytes held for the surface: cached frames, what the images keep for themselves while
        /// decoding (canvases, checkpoints) and posters.
        public var memoryBytes: Int { cache.totalBytes + posterBytes }
    }

    private enum ImageKey: Hashable {
        case bytes([UInt8], PixelSize)
        case object(ObjectIdentifier, PixelSize)
    }

    private struct Entry {
        let image: SurfaceImage
        /// Keeps an image keyed by identity alive, so its identifier stays its own.
        let source: any AnimatableImage
        var users: Int
    }

    private struct WeakAttachment {
        weak var attachment: SurfaceAttachment?
    }

    private struct State {
        var entries: [ImageKey: Entry] = [:]
        var attachments: [ObjectIdentifier: WeakAttachment] = [:]
        var motion: MotionSettings
    }

    /// Where every attachment's decoded frames are kept, under one byte limit.
    public let cache: SharedFrameCache
    /// The clock every attachment plays on.
    public let clock: SharedAnimationClock
    /// How images made from bytes are decoded (limits, timing).
    public let options: DecodingOptions
    /// The most bytes of poster frames kept.
    public var posterByteLimit: Int { posters.byteLimit }
    private let posters: PosterCache
    private let configuration: Animator.Configuration
    private let state: LockedState<State>

    /// Creates an empty surface.
    /// - Parameters:
    ///   - cache: the frame cache and its byte limit, shared by all attachments.
    ///   - clock: the clock all attachments play on (a display link's, a timer's).
    ///   - options: how images made from bytes are decoded.
    ///   - configuration: how each attachment plays (rate, mode, play count, buffer budget).
    ///   - reducesMotion: whether visible attachments show their poster instead of playing.
    ///   - posterByteLimit: the most bytes of poster frames kept (16 MB by default).
    public init(cache: SharedFrameCache = .shared, clock: any AnimationClock = TimerClock(),
                options: DecodingOptions = .default, configuration: Animator.Configuration = Animator.Configuration(),
                reducesMotion: Bool = false, posterByteLimit: Int = 16_000_000) {
        self.cache = cache
        posters = PosterCache(byteLimit: posterByteLimit)
        self.clock = SharedAnimationClock(source: clock)
        self.options = options
        self.configuration = configuration
        state = LockedState(State(motion: MotionSettings(reducesMotion: reducesMotion)))
    }

    /// Whether visible attachments show their poster frame instead of playing (the system's
    /// Reduce Motion setting). Changing it applies to every attachment at once.
    public var reducesMotion: Bool {
        get { state.withLock { $0.motion.reducesMotion } }
        set { changeMotion { $0.reducesMotion = newValue } }
    }

    /// Whether visible attachments play by themselves (the system's Animated Images setting, on by
    /// default); when off they show their poster frame. Changing it applies to every attachment.
    public var playsAnimatedImages: Bool {
        get { state.withLock { $0.motion.playsAnimatedImages } }
        set { changeMotion { $0.playsAnimatedImages = newValue } }
    }

    private func changeMotion(_ change: (inout MotionSettings) -> Void) {
        let (motion, attachments) = state.withLock { state in
            change(&state.motion)
            return (state.motion, state.attachments.values.compactMap(\.attachment))
        }
        for attachment in attachments { attachment.setMotion(motion) }
    }

    /// An attachment showing the image in `bytes` within `size` pixels (aspect ratio kept, never
    /// enlarged). The frame table is read now (limits checked); no pixel is decoded until the
    /// attachment is visible. Identical bytes at the same size share one image.
    public func makeAttachment(bytes: [UInt8], size: PixelSize) throws(ZoetropeError) -> SurfaceAttachment {
        let key = ImageKey.bytes(bytes, size)
        if let attachment = makeAttachment(key: key, size: size, source: nil) { return attachment }
        let image = try AnimatedImage(bytes: bytes, options: options)
        // With a source, an entry is always found or made.
        return makeAttachment(key: key, size: size, source: image)!
    }

    /// An attachment showing a pasted image within `size` pixels (see ``makeAttachment(bytes:size:)``).
    public func makeAttachment(_ pasted: PastedImage, size: PixelSize) throws(ZoetropeError) -> SurfaceAttachment {
        try makeAttachment(bytes: pasted.bytes, size: size)
    }

    /// An attachment showing `image` within `size` pixels; attachments of the same image object at
    /// the same size share its frames.
    public func makeAttachment(image: any AnimatableImage, size: PixelSize) -> SurfaceAttachment {
        let key = ImageKey.object(ObjectIdentifier(image), size)
        // The image is given, so an entry is always found or made.
        return makeAttachment(key: key, size: size, source: image)!
    }

    /// The surface's counters now.
    public var statistics: Statistics {
        let (attachments, images) = state.withLock { state in
            (state.attachments.values.compactMap(\.attachment), state.entries.count)
        }
        var statistics = Statistics()
        statistics.attachments = attachments.count
        statistics.visibleAttachments = attachments.count { $0.isVisible }
        statistics.playingAttachments = attachments.count { $0.presentation == .playing && $0.animator.isPlaying }
        statistics.distinctImages = images
        statistics.posterBytes = posters.bytes
        statistics.cache = cache.statistics
        return statistics
    }

    /// An attachment for the entry under `key`, made from `source` when there is none; `nil` when
    /// there is no entry and no source.
    private func makeAttachment(key: ImageKey, size: PixelSize, source: (any AnimatableImage)?) -> SurfaceAttachment? {
        // Made before the lock (it reads the source's size), used only when the key is new.
        let candidate = source.map { SurfaceImage(ScaledImage($0, toFit: size), bounds: size, posters: posters) }
        let made = state.withLock { state -> (SurfaceImage, MotionSettings)? in
            if var entry = state.entries[key] {
                entry.users += 1
                state.entries[key] = entry
                return (entry.image, state.motion)
            }
            guard let source, let candidate else { return nil }
            state.entries[key] = Entry(image: candidate, source: source, users: 1)
            return (candidate, state.motion)
        }
        guard let (image, motion) = made else { return nil }
        let animator = Animator(clock: clock.makeClock(), cache: cache, configuration: configuration)
        animator.displaySize = size
        let attachment = SurfaceAttachment(shared: image, animator: animator, motion: motion) { [weak self] in
            self?.release(key, attachment: $0)
        }
        state.withLock { $0.attachments[ObjectIdentifier(attachment)] = WeakAttachment(attachment: attachment) }
        return attachment
    }

    /// An attachment went away: its image is forgotten when no other attachment shows it.
    private func release(_ key: ImageKey, attachment: ObjectIdentifier) {
        // The entry dropped is returned, so that its image is released after the lock.
        let unused = state.withLock { state -> Entry? in
            state.attachments[attachment] = nil
            guard var entry = state.entries[key] else { return nil }
            entry.users -= 1
            state.entries[key] = entry.users > 0 ? entry : nil
            return entry.users > 0 ? nil : entry
        }
        unused?.image.discardPoster()
    }
}
