#if canImport(UIKit) && !os(watchOS) || canImport(AppKit) && !targetEnvironment(macCatalyst)
import Foundation
import Zoetrope
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

/// Observers of the system's Reduce Motion setting, one per surface that follows it.
@MainActor
private var reduceMotionObservers: [ObjectIdentifier: any NSObjectProtocol] = [:]

extension AnimationSurface {
    /// A surface for a text view or a chat stream: the process-wide frame cache, playing on the
    /// screen's refresh (a display link; on macOS 13 a 60 Hz timer), following the system's
    /// Reduce Motion setting (visible attachments then show their poster frame).
    @MainActor
    public static func forScreen(configuration: Animator.Configuration = Animator.Configuration()) -> AnimationSurface {
        let surface = AnimationSurface(clock: makeScreenClock(), configuration: configuration)
        surface.followReduceMotion()
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

    /// Shows the poster frame of visible attachments while the system's Reduce Motion setting is
    /// on, following its changes.
    @MainActor
    public func followReduceMotion() {
        #if canImport(UIKit)
        let name = UIAccessibility.reduceMotionStatusDidChangeNotification
        let center = NotificationCenter.default
        #else
        let name = NSWorkspace.accessibilityDisplayOptionsDidChangeNotification
        let center = NSWorkspace.shared.notificationCenter
        #endif
        reducesMotion = Self.systemReducesMotion
        guard reduceMotionObservers[ObjectIdentifier(self)] == nil else { return }
        reduceMotionObservers[ObjectIdentifier(self)] = center.addObserver(forName: name, object: nil, queue: .main) {
            [weak self] _ in
            MainActor.assumeIsolated { self?.reducesMotion = Self.systemReducesMotion }
        }
    }

    /// Whether the system's Reduce Motion setting is on.
    @MainActor
    public static var systemReducesMotion: Bool {
        #if canImport(UIKit)
        return UIAccessibility.isReduceMotionEnabled
        #else
        return NSWorkspace.shared.accessibilityDisplayShouldReduceMotion
        #endif
    }

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
