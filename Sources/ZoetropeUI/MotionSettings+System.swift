#if canImport(UIKit) && !os(watchOS) || canImport(AppKit)
import Accessibility
import Foundation
import Zoetrope
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

extension MotionSettings {
    /// The system's settings now: Animated Images (iOS 17, macOS 14, tvOS 17, visionOS 1 and later;
    /// on for earlier systems, which have no such setting) and Reduce Motion.
    @MainActor
    public static var system: MotionSettings {
        MotionSettings(playsAnimatedImages: systemPlaysAnimatedImages, reducesMotion: systemReducesMotion)
    }

    @MainActor
    private static var systemPlaysAnimatedImages: Bool {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, visionOS 2.0, *) { return AccessibilitySettings.animatedImagesEnabled }
        if #available(macOS 14.0, iOS 17.0, tvOS 17.0, *) { return AXAnimatedImagesEnabled() }
        return true
    }

    @MainActor
    private static var systemReducesMotion: Bool {
        #if canImport(UIKit)
        return UIAccessibility.isReduceMotionEnabled
        #else
        return NSWorkspace.shared.accessibilityDisplayShouldReduceMotion
        #endif
    }

    /// Calls `changed` on the main thread whenever either setting may have changed; returns the
    /// observers (keep them as long as `changed` should be called).
    @MainActor
    static func observeSystemChanges(_ changed: @escaping @MainActor () -> Void) -> [any NSObjectProtocol] {
        #if canImport(UIKit)
        var sources = [(NotificationCenter.default, UIAccessibility.reduceMotionStatusDidChangeNotification)]
        #else
        var sources = [(NSWorkspace.shared.notificationCenter, NSWorkspace.accessibilityDisplayOptionsDidChangeNotification)]
        #endif
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, visionOS 2.0, *) {
            sources.append((NotificationCenter.default, AccessibilitySettings.animatedImagesEnabledDidChangeNotification))
        } else if #available(macOS 14.0, iOS 17.0, tvOS 17.0, *) {
            sources.append((NotificationCenter.default, NSNotification.Name.AXAnimatedImagesEnabledDidChange))
        }
        return sources.map { center, name in
            center.addObserver(forName: name, object: nil, queue: .main) { _ in MainActor.assumeIsolated { changed() } }
        }
    }
}
#endif
