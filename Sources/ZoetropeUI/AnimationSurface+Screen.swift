#if canImport(UIKit) && !os(watchOS) || canImport(AppKit) && !targetEnvironment(macCatalyst)
import Foundation
import Zoetrope
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

/// Observers of the system's motion settings, one set per surface that follows them.
@MainActor
private var motionObservers: [ObjectIdentifier: [any NSObjectProtocol]] = [:]

extension AnimationSurface {
    /// A surface for a text view or a chat stream: the process-wide frame cache, playing on the
    /// screen's refresh (a display link; on macOS 13 a 60 Hz timer), following the system's
    /// Animated Images and Reduce Motion settings (``followSystemMotion()``).
    @MainActor
    public static func forScreen(configuration: Animator.Configuration = Animator.Configuration()) -> AnimationSurface {
        let surface = AnimationSurface(clock: makeScreenClock(), configuration: configuration)
        surface.followSystemMotion()
        return surface
    }

    @MainActor
    private static func makeScreenClock() -> any AnimationClock {
        #if canImport(UIKit)
        return DisplayLinkClock()
        #else
        if #available(macOS 14.0, *) { return DisplayLinkClock() }
        return TimerClock(ticksPerSecond: 60)
        #endif
    }

    /// Shows the poster frame of visible attachments while the system's Animated Images setting is
    /// off or Reduce Motion is on (``MotionSettings/system``), following their changes; a person can
    /// still play one (``SurfaceAttachment/playOnRequest()``).
    @MainActor
    public func followSystemMotion() {
        apply(.system)
        guard motionObservers[ObjectIdentifier(self)] == nil else { return }
        motionObservers[ObjectIdentifier(self)] = MotionSettings.observeSystemChanges { [weak self] in
            self?.apply(.system)
        }
    }

    /// Shows the poster frame of visible attachments while the system's Reduce Motion setting is
    /// on, following its changes (and the Animated Images setting, as ``followSystemMotion()``).
    @available(*, deprecated, renamed: "followSystemMotion()")
    @MainActor
    public func followReduceMotion() { followSystemMotion() }

    @MainActor
    private func apply(_ motion: MotionSettings) {
        reducesMotion = motion.reducesMotion
        playsAnimatedImages = motion.playsAnimatedImages
    }

    /// Whether the system's Reduce Motion setting is on.
    @MainActor
    public static var systemReducesMotion: Bool { MotionSettings.system.reducesMotion }

    #if canImport(AppKit) && !canImport(UIKit)
    /// Ticks with the refresh of the screen `view` is on (macOS 14 and later; a surface made by
    /// ``forScreen(configuration:)`` needs a view to find its display link).
    @MainActor
    public func followDisplay(of view: NSView) {
        if #available(macOS 14.0, *), let clock = clock.source as? DisplayLinkClock { clock.attach(to: view) }
    }
    #endif
}
#endif
