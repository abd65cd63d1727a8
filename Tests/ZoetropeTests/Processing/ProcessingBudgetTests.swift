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
                // The task cancels itself once the encoder is writing frames: cancelling from the
                // test's side would need a thread of the shared pool, which a loaded 2-core
                // machine may not give it before the transcode is over.
                if pieces == 2 { observed.cancelled(); withUnsafeCurrentTask { $0?.cancel() } }
            }
        }
        let result = await task.result
        let state = observed.state
        #expect(throws: CancellationError.self) { try result.get() }
        // Both instants are taken inside the task.
        let stopped = (state.finishedAt ?? .now) - (state.cancelledAt ?? .now)
        #expect(state.cancelledAt != nil && stopped < .milliseconds(500), "stopped \(stopped) after the cancel")
        #expect(state.pieces < 300)
        #expect(observed.image == nil, "the image and its buffers were freed")
    }
}

/// What the cancelled transcode did, seen from the test: pieces written, when it was cancelled and
/// when it ended, and a weak reference to its image.
private final class CancellationProbe: Sendable {
    struct State { var pieces = 0, cancelledAt: ContinuousClock.Instant? = nil, finishedAt: ContinuousClock.Instant? = nil }
    private struct WeakImage: @unchecked Sendable { weak var image: AnimatedImage? }
    private let lock = LockedState<(image: WeakImage, state: State)>((WeakImage(), State()))
    var image: AnimatedImage? { lock.withLock { $0.image.image } }
    var state: State { lock.withLock { $0.state } }
    func keep(_ image: AnimatedImage) { lock.withLock { $0.image.image = image } }
    func wrote(_ pieces: Int) { lock.withLock { $0.state.pieces = pieces } }
    func cancelled() { lock.withLock { $0.state.cancelledAt = .now } }
    func finish() { lock.withLock { $0.state.finishedAt = .now } }
}
