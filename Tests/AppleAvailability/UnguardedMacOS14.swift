// macOS 14 API (CADisplayLink, NSView.displayLink) used in code compiled for macOS 13, and the ways
// of guarding it that the check accepts.
#if canImport(AppKit)
import AppKit
import QuartzCore

@MainActor
final class ProbeView: NSView {
    var link: CADisplayLink? // expect(macOS): CADisplayLink

    func start() {
        _ = displayLink(target: self, selector: #selector(layout)) // expect(macOS): displayLink
        if #available(macOS 14.0, *) {
            _ = displayLink(target: self, selector: #selector(layout))
        }
        if #available(macOS 14.0, *), let link = window?.contentView?.displayLink(target: self, selector: #selector(layout)) {
            link.invalidate()
        }
        if #unavailable(macOS 14.0) {
            return
        } else {
            _ = displayLink(target: self, selector: #selector(layout))
        }
    }

    func guarded() {
        guard #available(macOS 14.0, *) else {
            _ = self.displayLink(target: self, selector: #selector(layout)) // expect(macOS): displayLink
            return
        }
        _ = self.displayLink(target: self, selector: #selector(layout))
    }

    @available(macOS 14.0, *)
    func annotated(_ link: CADisplayLink) -> CFTimeInterval {
        link.targetTimestamp
    }
}

/// A whole type for macOS 14: its members may use what macOS 14 has.
@available(macOS 14.0, *)
private final class Ticker: NSObject {
    var link: CADisplayLink?
    @objc func step(sender: CADisplayLink) {}
}

/// `CADisplayLink(target:selector:)` does not exist on macOS at all, whatever the version.
@available(macOS 14.0, *)
func madeByHand(target: NSObject) -> CADisplayLink {
    CADisplayLink(target: target, selector: #selector(NSObject.copy)) // expect(macOS): CADisplayLink
}
#endif
