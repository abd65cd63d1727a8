import Testing
@testable import Zoetrope

@Suite("Processing budget: deadlines and cancellation")
struct ProcessingBudgetTests {
    /// A long animation whose transcode takes far longer than the waits below: 300 frames of
    /// 160×120 alternating between two patterns of 200 colours (written from indices, so that
    /// making it stays cheap in debug builds).
    static let longAnimation: [UInt8] = {
        let palette = (0..<256).map { (level: Int) -> GIFEncoder.Color in
            GIFEncoder.Color(red: UInt8(level), green: UInt8(255 - level), blue: UInt8(level / 2))
        }
        let patterns = (0..<2).map { (shift: Int) -> [UInt8] in
            (0..<160 * 120).map { (index: Int) -> UInt8 in
                let x = index % 160, y = index / 160
                return UInt8((x + y * 3 + shift * 11) % 200)
            }
        }
        let frames = (0..<300).map { index in
            GIFEncoder.IndexedFrame(rect: PixelRect(x: 0, y: 0, width: 160, height: 120), indices: patterns[index % 2],
                                    delayCentiseconds: 5)
        }
        // The indices are in range and the frames inside the canvas: this cannot fail.
        return try! GIFEncoder.encode(GIFEncoder.IndexedImage(canvasSize: PixelSize(width: 160, height: 120),
                                                               globalColorTable: palette, loopCount: 0, frames: frames))
    }()

    @Test("work past its time limit stops with OverBudgetError")
    func deadline() throws {
        let image = try AnimatedImage(bytes: Self.longAnimation)
        let start = ContinuousClock.now
        #expect(throws: OverBudgetError.self) {
            _ = try Transcoder.transcode(image, options: TranscodeOptions(format: .gif, timeLimit: .milliseconds(5)))
        }
        // It stops at the next frame or row, long before the 300 frames would be done.
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test("a cancelled task stops promptly between frames and releases the image")
    func cancellation() async throws {
        let bytes = Self.longAnimation
        let observed = CancellationProbe()
        let task = Task.detached {
            defer { observed.finish() }
            let image = try AnimatedImage(bytes: bytes)
            observed.keep(image)
            var pieces = 0
            try Transcoder.transcode(image, options: TranscodeOptions(format: .gif)) { _ in
                pieces += 1
                observed.wrote(pieces)
                // The second piece waits (a minute at most) for the test to cancel, so that the
                // cancel lands mid-transcode however the machine's threads are shared out.
                let held = ContinuousClock.now
                while pieces == 2 && !Task.isCancelled && ContinuousClock.now - held < .seconds(60) {}
            }
        }
        let waitStart = ContinuousClock.now
        while observed.state.pieces < 2 && !observed.state.finished && ContinuousClock.now - waitStart < .seconds(600) {
            try await Task.sleep(for: .milliseconds(5))
        }
        let cancelled = ContinuousClock.now
        task.cancel()
        let result = await task.result
        let state = observed.state
        #expect(state.pieces >= 2, "the transcode ended before it was cancelled: \(result)")
        #expect(throws: CancellationError.self) { try result.get() }
        // Measured inside the task: the await above may wait for a thread on a loaded machine.
        let stopped = (state.finishedAt ?? cancelled) - cancelled
        #expect(stopped < .milliseconds(500), "stopped \(stopped) after the cancel")
        #expect(state.pieces < 300)
        #expect(observed.image == nil, "the image and its buffers were freed")
    }
}

/// What the cancelled transcode did, seen from the test: pieces written, when it ended, and a
/// weak reference to its image.
private final class CancellationProbe: Sendable {
    struct State { var pieces = 0, finished = false, finishedAt: ContinuousClock.Instant? = nil }
    private struct WeakImage: @unchecked Sendable { weak var image: AnimatedImage? }
    private let lock = LockedState<(image: WeakImage, state: State)>((WeakImage(), State()))
    var image: AnimatedImage? { lock.withLock { $0.image.image } }
    var state: State { lock.withLock { $0.state } }
    func keep(_ image: AnimatedImage) { lock.withLock { $0.image.image = image } }
    func wrote(_ pieces: Int) { lock.withLock { $0.state.pieces = pieces } }
    func finish() { lock.withLock { $0.state.finished = true; $0.state.finishedAt = .now } }
}
