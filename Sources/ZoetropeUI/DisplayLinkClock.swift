#if canImport(QuartzCore) && (canImport(UIKit) && !os(watchOS) || canImport(AppKit))
import Foundation
import ObjectiveC
import QuartzCore
import Zoetrope
#if canImport(AppKit) && !targetEnvironment(macCatalyst)
import AppKit
#endif

/// An ``AnimationClock`` that ticks with the screen: a `CADisplayLink`, paused while no animation
/// runs. Each tick advances playback to the link's `targetTimestamp` (when the frame being
/// prepared appears), so 60 Hz, 120 Hz ProMotion and dropped frames all play at the right speed;
/// see `TickSourceClock`. Ticks arrive on the main thread.
///
/// On iOS, tvOS and visionOS the link runs from creation. On macOS the link comes from the view it
/// draws in: call ``attach(to:)`` when the view enters a window. The clock needs macOS 14, where
/// `CADisplayLink` appeared (a clock without its link could never tick); on macOS 13 the views play
/// on a ``TimerClock``.
@available(macOS 14.0, *)
public final class DisplayLinkClock: AnimationClock {
    private let ticks: TickSourceClock
    private let target: DisplayLinkTarget

    /// Creates a clock that ticks while an animator runs it.
    /// - Parameter maximumTickInterval: the longest time one tick may carry (1 s by default).
    @MainActor
    public init(maximumTickInterval: Duration = .seconds(1)) {
        let target = DisplayLinkTarget()
        ticks = TickSourceClock(maximumTickInterval: maximumTickInterval) { [weak target] _ in
            onMainThread { target?.followClock() }
        }
        target.clock = ticks
        self.target = target
        #if canImport(UIKit)
        target.link = CADisplayLink(target: target, selector: #selector(DisplayLinkTarget.step(sender:)))
        target.followClock()
        #endif
    }

    deinit {
        onMainThread { [target] in target.invalidate() }
    }

    #if canImport(AppKit) && !targetEnvironment(macCatalyst)
    /// Ticks with the refresh of the screen `view` is on (following it across screens).
    @MainActor
    public func attach(to view: NSView) {
        target.invalidate()
        target.link = view.displayLink(target: target, selector: #selector(DisplayLinkTarget.step(sender:)))
        target.followClock()
    }
    #endif

    /// The longest time one tick may carry.
    public var maximumTickInterval: Duration { ticks.maximumTickInterval }
    /// Whether an animator is running the clock.
    public var isRunning: Bool { ticks.isRunning }
    /// Delivers the link's ticks to `onTick` (on the main thread) and unpauses the link.
    public func start(_ onTick: @escaping @Sendable (ClockTick) -> Void) { ticks.start(onTick) }
    /// Stops delivering ticks and pauses the link.
    public func stop() { ticks.stop() }
}

/// The display link's target: Objective-C calls ``step(sender:)`` on every refresh.
@available(macOS 14.0, *)
@MainActor
private final class DisplayLinkTarget: NSObject {
    weak var clock: TickSourceClock?
    var link: CADisplayLink? {
        didSet { link?.add(to: .main, forMode: .common) }
    }

    /// Reads the times of the link that fired. The selector has the shape `CADisplayLink`
    /// documents, `@objc func selector(sender: CADisplayLink)`: one argument, the link. The
    /// parameter is declared `AnyObject` (Objective-C's `id`, the same call) only because the
    /// Linux type check's stand-in `CADisplayLink` cannot be an Objective-C class.
    @objc func step(sender: AnyObject) {
        guard let link = sender as? CADisplayLink else { return }
        clock?.tick(seconds: link.timestamp, targetSeconds: link.targetTimestamp)
    }

    /// Pauses the link while the clock is stopped (it costs a wake-up per refresh otherwise).
    func followClock() {
        link?.isPaused = !(clock?.isRunning ?? false)
    }

    func invalidate() {
        link?.invalidate()
        link = nil
    }
}
#endif
