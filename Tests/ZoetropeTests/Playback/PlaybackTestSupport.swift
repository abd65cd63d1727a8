import Testing
@testable import Zoetrope
import ZoetropeTesting

/// A tiny image whose frame `i` is filled with the value `i`, counting how often each frame is
/// decoded.
final class CountingImage: AnimatableImage {
    let durations: [Duration]
    let playCount: PlayCount
    let canvasSize: PixelSize
    private let decodes = LockedState<[Int: Int]>([:])

    init(durations: [Duration], playCount: PlayCount = .infinite, size: PixelSize = PixelSize(width: 2, height: 2)) {
        self.durations = durations
        self.playCount = playCount
        self.canvasSize = size
    }

    convenience init(milliseconds: [Int], playCount: PlayCount = .infinite) {
        self.init(durations: milliseconds.map { .milliseconds($0) }, playCount: playCount)
    }

    var frameCount: Int { durations.count }
    func duration(at index: Int) -> Duration { durations[index] }

    func frame(at index: Int) throws -> RGBAImage {
        decodes.withLock { $0[index, default: 0] += 1 }
        return Self.still(index, size: canvasSize)
    }

    /// How many times each frame was decoded.
    var decodeCounts: [Int: Int] { decodes.withLock { $0 } }

    static func still(_ value: Int, size: PixelSize) -> RGBAImage {
        RGBAImage(width: size.width, height: size.height,
                  pixels: [UInt8](repeating: UInt8(truncatingIfNeeded: value), count: size.area * 4))
    }
}

/// An animator on a manual clock with manual decoding, recording what it announces.
final class PlaybackHarness: Sendable {
    let clock = ManualClock()
    let scheduler = ManualDecodeScheduler()
    let cache: SharedFrameCache
    let animator: Animator
    private let recorded = LockedState<[AnimatorEvent]>([])

    /// - Parameter decodeTime: what the cache measures decodes with (by default the real clock).
    init(_ image: any AnimatableImage, configuration: Animator.Configuration = Animator.Configuration(),
         byteLimit: Int = 1 << 30, cache: SharedFrameCache? = nil,
         decodeTime: (@Sendable () -> Duration)? = nil) throws {
        let scheduler = scheduler
        self.cache = cache ?? decodeTime.map { SharedFrameCache(byteLimit: byteLimit, scheduler: scheduler, timeSource: $0) }
            ?? SharedFrameCache(byteLimit: byteLimit, scheduler: scheduler)
        animator = Animator(clock: clock, cache: self.cache, configuration: configuration)
        try animator.prepare(image)
        animator.observe { [weak self] event in self?.recorded.withLock { $0.append(event) } }
    }

    var events: [AnimatorEvent] { recorded.withLock { $0 } }

    /// Lets background decoding finish, then ticks at `timestamp`.
    func tick(at timestamp: Duration, decoding: Bool = true) {
        if decoding { scheduler.runAll() }
        clock.tick(at: timestamp)
    }

    func tick(milliseconds: Int, decoding: Bool = true) {
        tick(at: .milliseconds(milliseconds), decoding: decoding)
    }
}

/// Frame-change events only, as (frame, loop).
func frameChanges(_ events: [AnimatorEvent]) -> [Int] {
    events.compactMap { if case .frameChanged(let frame, _) = $0 { frame } else { nil } }
}

/// The frame a browser shows at time `time` (from the start of playback) for frames of
/// `durations` playing `cycle` over and over, `plays` times (nil: forever), computed by walking the
/// timeline from the start — independently of the animator's accumulator.
func expectedFrame(at time: Duration, durations: [Duration], cycle: [Int], plays: Int?, rest: Int) -> Int {
    var start = Duration.zero
    var play = 0
    while true {
        for index in cycle {
            let end = start + durations[index]
            if time < end { return index }
            start = end
        }
        play += 1
        if let plays, play >= plays { return rest }
    }
}

/// One client of a frame cache driven by hand: the requests an animator makes for an image (its
/// prefetch window's), without the animator, so that cache tests choose every fetch.
final class CacheClient: FrameCacheClient {
    let cache: SharedFrameCache
    let image: any AnimatableImage
    private let state: LockedState<(window: PrefetchWindow, sequence: UInt64)>

    init(image: any AnimatableImage, budget: BufferBudget, cache: SharedFrameCache, memory: SystemMemory? = nil,
         displaySize: PixelSize? = nil) {
        self.cache = cache
        self.image = image
        let ceiling = budget == .automatic ? min((memory ?? .current()).automaticBudget, cache.byteLimit) : 0
        state = LockedState((PrefetchWindow(budget: budget, frameCount: image.frameCount, bytesPerFrame: image.bytesPerFrame,
                                            ceiling: ceiling, regrowDelay: .seconds(2)), 0))
        cache.register(self)
        cache.attach(ObjectIdentifier(self), to: image, displaySize: displaySize)
    }

    /// The window now.
    var window: PrefetchWindow { state.withLock { $0.window } }

    /// One fetch, as an animator playing at `rate` makes after a tick at `now`.
    func fetch(shown: Int, upcoming: [Int], now: Duration, rate: Double = 1, missed: Bool = false) {
        let durations = (0..<image.frameCount).map(image.duration(at:))
        let decodeTime = cache.decodeTime(of: image)
        let (request, sequence) = state.withLock { state in
            state.sequence += 1
            return (state.window.fetch(shown: shown, upcoming: upcoming, durations: durations, now: now, rate: rate,
                                       missed: missed, decodeTime: decodeTime), state.sequence)
        }
        cache.request(request, sequence: sequence, by: ObjectIdentifier(self), of: image)
    }

    func handleMemoryPressure() {
        let (request, sequence) = state.withLock { state in
            state.sequence += 1
            return (state.window.relieve(), state.sequence)
        }
        cache.request(request, sequence: sequence, by: ObjectIdentifier(self), of: image)
    }

    /// Frame `index` when it is decoded and kept.
    func frame(at index: Int) -> RGBAImage? {
        if case .ready(let frame) = cache.lookUp([index], of: image).frames[index] { return frame }
        return nil
    }

    /// Frame `index`, decoded now when it is not kept.
    func decodeNow(_ index: Int) throws -> RGBAImage { try cache.decodeNow(index, of: image) }

    /// Lets go of the image's frames (those another client wants stay).
    func close() { cache.detach(ObjectIdentifier(self), from: image) }
}

/// An animator's prefetch window, read anew at each use.
struct WindowProbe {
    let animator: Animator

    init(_ animator: Animator) throws {
        try #require(animator.prefetchWindow != nil)
        self.animator = animator
    }

    var window: Int { animator.prefetchWindow?.window ?? -1 }
    var frameLimit: Int { animator.prefetchWindow?.frameLimit ?? -1 }
    var adapts: Bool { animator.prefetchWindow?.adapts ?? false }
}
