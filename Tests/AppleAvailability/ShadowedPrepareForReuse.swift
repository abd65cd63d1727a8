// An AppKit view adopting AnimatableView inherits NSView's prepareForReuse(), which hides the
// protocol extension's wherever the view is the static type, unless the view declares its own.
#if canImport(AppKit)
import AppKit
import Zoetrope

final class ShadowedView: NSView, AnimatableView { // expect(macOS): prepareForReuse()
    nonisolated let animator = Animator(clock: TimerClock(ticksPerSecond: 60))
    nonisolated func display(_ frame: DisplayFrame) {}
}

final class OverridingView: NSView, AnimatableView {
    nonisolated let animator = Animator(clock: TimerClock(ticksPerSecond: 60))
    nonisolated func display(_ frame: DisplayFrame) {}
    override func prepareForReuse() {
        animator.unload()
        super.prepareForReuse()
    }
}
#endif
