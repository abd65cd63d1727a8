#if canImport(UIKit) && !os(watchOS) || canImport(AppKit)
import Foundation

/// Runs `body` on the main thread: now when called there (a display link's tick), otherwise
/// queued behind what the main thread is doing (a timer clock's tick, a control called from a
/// background thread).
func onMainThread(_ body: @escaping @MainActor @Sendable () -> Void) {
    if Thread.isMainThread {
        MainActor.assumeIsolated { body() }
    } else {
        DispatchQueue.main.async { MainActor.assumeIsolated { body() } }
    }
}
#endif
