#if canImport(UIKit) && !os(watchOS) || canImport(AppKit)
import Foundation
import Zoetrope
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

/// Passes the system's app-wide events to Zoetrope, once per process: going to the background
/// and back and the Animated Images and Reduce Motion settings (``ApplicationActivity/shared``,
/// which every view follows) and, on iOS-family systems, memory warnings
/// (``MemoryWarningRelay/shared``; the shared frame cache also follows the kernel's memory-pressure
/// events by itself).
@MainActor
enum ApplicationEvents {
    private static var observers: [any NSObjectProtocol] = []

    /// Starts following the events (later calls do nothing) and makes `cache` follow memory warnings.
    static func follow(cache: SharedFrameCache) {
        MemoryWarningRelay.shared.follow(cache)
        guard observers.isEmpty else { return }
        #if canImport(UIKit)
        observe(UIApplication.didEnterBackgroundNotification) { ApplicationActivity.shared.setActive(false) }
        observe(UIApplication.willEnterForegroundNotification) { ApplicationActivity.shared.setActive(true) }
        observe(UIApplication.didReceiveMemoryWarningNotification) { MemoryWarningRelay.shared.memoryWarningReceived() }
        #else
        observe(NSApplication.didHideNotification) { ApplicationActivity.shared.setActive(false) }
        observe(NSApplication.didUnhideNotification) { ApplicationActivity.shared.setActive(true) }
        #endif
        ApplicationActivity.shared.setMotion(.system)
        observers += MotionSettings.observeSystemChanges { ApplicationActivity.shared.setMotion(.system) }
    }

    private static func observe(_ name: Notification.Name, _ action: @escaping @Sendable () -> Void) {
        observers.append(NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { _ in action() })
    }
}
#endif
