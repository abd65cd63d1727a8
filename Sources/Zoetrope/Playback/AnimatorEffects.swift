/// What an ``Animator`` decided under its lock and carries out after releasing it: frames to ask
/// the cache for, a jump's frame to decode, events to announce, the clock to stop. Nothing in it
/// has been done yet; nothing is called while the animator's lock is held.
struct AnimatorEffects: Sendable {
    /// Events to announce, in order.
    var events: [AnimatorEvent] = []
    /// The frames to keep and decode ahead, for the cache.
    var request: ImageRequest?
    /// A jump's frame, to decode (or find in the cache) and then show.
    var pendingFrame: PendingFrame?
    /// Whether the last play ended and the clock should stop.
    var stopClock = false
}

/// A ``FrameRequest`` for one image, numbered so that the cache ignores one that arrives after a
/// newer one.
struct ImageRequest: Sendable {
    let image: any AnimatableImage
    let frames: FrameRequest
    let sequence: UInt64
}

/// A jump whose frame must be decoded (or found in the cache) before it shows: that happens after
/// the animator's lock is released, and the frame shows only if no later jump replaced this one.
struct PendingFrame: Sendable {
    let image: any AnimatableImage
    let frame: Int
    let loop: Int
    /// The jump's number: a later jump changes the animator's, and this one is then dropped.
    let generation: UInt64
    /// Where playback was before the jump: it goes back there if the frame cannot be decoded.
    let previous: PlaybackCursor?
    /// Whether the frame replaces the one shown even when it is the same frame (decoded again at
    /// a new display size).
    var replacesShown = false
}

/// What a tick needs from the cache, decided under the animator's lock: the frames the cursor may
/// land on. The tick is then finished under the lock again, unless the cursor changed meanwhile
/// (``version``), in which case it is planned again.
struct TickPlan: Sendable {
    let image: any AnimatableImage
    let candidates: [Int]
    let version: UInt64
    /// While playback holds its first frame (``StartupHold``): the frames it waits for.
    var startupFrames: [Int] = []

    /// The frames to look up in the cache: the candidates and the frames waited for.
    var lookups: [Int] { startupFrames.isEmpty ? candidates : candidates + startupFrames }
}
