import Testing
import Zoetrope
import ZoetropeTesting
@testable import ZoetropeTerminal

/// Collects what a player writes and the exit status it reports.
private final class Recorder: Sendable {
    let bytes = LockedState<[UInt8]>([])
    let exits = LockedState<[Int32]>([])

    /// What was written since the last call.
    func take() -> String {
        text(bytes.withLock { bytes in
            defer { bytes.removeAll() }
            return bytes
        })
    }
}

@Suite("Terminal player")
struct TerminalPlayerTests {
    let window = WindowSize(cells: CellSize(columns: 60, rows: 4), cellPixels: nil)

    /// Decoding runs only when a test says so, so frames are ready exactly when expected.
    let decoding = ManualDecodeScheduler()

    private func makePlayer(plays: PlayCount = .finite(1), showInfo: Bool = true)
        throws -> (TerminalPlayer, ManualClock, Recorder) {
        let image = try FrameSequence(frames: [solidImage(width: 2, height: 2, red),
                                               solidImage(width: 2, height: 2, blue)],
                                      duration: .milliseconds(100), playCount: plays)
        let clock = ManualClock()
        let recorder = Recorder()
        let player = TerminalPlayer(image: image,
                                    options: .init(renderer: .truecolor, showInfo: showInfo),
                                    window: window, clock: clock,
                                    cache: SharedFrameCache(scheduler: decoding), write: { bytes in recorder.bytes.withLock { $0 += bytes } },
                                    onExit: { status in recorder.exits.withLock { $0.append(status) } })
        return (player, clock, recorder)
    }

    @Test("plays through the real animator: frames on time, status line, exit after the last play")
    func playsAndFinishes() throws {
        let (player, clock, recorder) = try makePlayer()
        try player.start()
        #expect(recorder.take() == "\u{1B}[1;1H\u{1B}[48;2;255;0;0m  \u{1B}[0m"
                                 + "\u{1B}[2;1H\u{1B}[0mframe 1/2  play 1/1  1×  forward  100 ms  0 s  misses 0  mem\u{1B}[K") // cut at 60 columns
        decoding.runAll()
        clock.advance(by: .milliseconds(60))
        #expect(recorder.take().isEmpty)
        clock.advance(by: .milliseconds(60))
        #expect(recorder.take() == "\u{1B}[1;1H\u{1B}[48;2;0;0;255m  \u{1B}[0m"
                                 + "\u{1B}[2;1H\u{1B}[0mframe 2/2  play 1/1  1×  forward  100 ms  0.12 s  misses 0  \u{1B}[K")
        #expect(recorder.exits.withLock { $0 }.isEmpty)
        decoding.runAll()
        clock.advance(by: .milliseconds(100))
        #expect(recorder.exits.withLock { $0 } == [0])
        player.stop()
    }

    @Test("space pauses, right steps a frame, + doubles the rate, r cycles the mode, q quits")
    func keys() throws {
        let (player, clock, recorder) = try makePlayer(plays: .infinite)
        try player.start()
        _ = recorder.take()
        player.handle(.space)
        #expect(!player.animator.isPlaying)
        clock.advance(by: .milliseconds(500))
        #expect(player.animator.currentFrame == 0)
        player.handle(.right)
        #expect(player.animator.currentFrame == 1)
        #expect(recorder.take().contains("\u{1B}[48;2;0;0;255m  "))
        player.handle(.faster)
        #expect(player.animator.rate == 2)
        player.handle(.cycleMode)
        #expect(player.animator.mode == .reverse)
        player.handle(.space)
        #expect(player.animator.isPlaying)
        player.handle(.quit)
        player.handle(.interrupt)
        #expect(recorder.exits.withLock { $0 } == [0])
        player.stop()
    }

    @Test("a resize lays the image out again and redraws it in full")
    func resize() throws {
        let (player, _, recorder) = try makePlayer(plays: .infinite, showInfo: false)
        try player.start()
        _ = recorder.take()
        player.resize(to: WindowSize(cells: CellSize(columns: 1, rows: 2), cellPixels: nil))
        #expect(player.layout.imageSize == PixelSize(width: 1, height: 1))
        #expect(recorder.take() == "\u{1B}[0m\u{1B}[2J\u{1B}[1;1H\u{1B}[38;2;255;0;0m▀\u{1B}[0m")
        player.stop()
    }

    @Test("a sprite sheet is laid out by its frame rectangle and shows one rectangle per frame")
    func spriteSheet() throws {
        let sheet = makeImage([[red, red, blue, blue],
                               [red, red, blue, blue]])
        let image = try SpriteSheet(sheet: sheet, frameRects: [PixelRect(x: 0, y: 0, width: 2, height: 2),
                                                               PixelRect(x: 2, y: 0, width: 2, height: 2)],
                                    duration: .milliseconds(100))
        let clock = ManualClock()
        let recorder = Recorder()
        let player = TerminalPlayer(image: image, options: .init(renderer: .truecolor), window: window,
                                    clock: clock, cache: SharedFrameCache(scheduler: decoding),
                                    write: { bytes in recorder.bytes.withLock { $0 += bytes } },
                                    onExit: { _ in })
        try player.start()
        #expect(player.layout.imageSize == PixelSize(width: 2, height: 2))
        #expect(recorder.take() == "\u{1B}[1;1H\u{1B}[48;2;255;0;0m  \u{1B}[0m")
        decoding.runAll()
        clock.advance(by: .milliseconds(100))
        #expect(recorder.take() == "\u{1B}[1;1H\u{1B}[48;2;0;0;255m  \u{1B}[0m")
        player.stop()
    }

    /// Three frames of 100 ms, red, blue and red again; the blue one cannot be decoded.
    final class BrokenMiddle: AnimatableImage {
        let canvasSize = PixelSize(width: 2, height: 2)
        let frameCount = 3
        let playCount = PlayCount.infinite
        static let error = ZoetropeError(.malformed, format: .gif, offset: 77, "bad LZW code")
        func duration(at index: Int) -> Duration { .milliseconds(100) }
        func frame(at index: Int) throws -> RGBAImage {
            if index == 1 { throw Self.error }
            return solidImage(width: 2, height: 2, red)
        }
    }

    @Test("a frame that cannot be decoded: the picture before stays and the status row says what failed, with or without --info",
          arguments: [false, true])
    func brokenFrame(showInfo: Bool) throws {
        let clock = ManualClock()
        let recorder = Recorder()
        let wide = WindowSize(cells: CellSize(columns: 120, rows: 4), cellPixels: nil)
        let player = TerminalPlayer(image: BrokenMiddle(), options: .init(renderer: .truecolor, showInfo: showInfo),
                                    window: wide, clock: clock, cache: SharedFrameCache(scheduler: decoding),
                                    write: { bytes in recorder.bytes.withLock { $0 += bytes } }, onExit: { _ in })
        try player.start()
        _ = recorder.take()
        decoding.runAll()
        clock.advance(by: .milliseconds(110))
        let failure = "frame 2 could not be decoded: GIF: bad LZW code (at byte offset 77)"
        let written = recorder.take()
        #expect(!written.contains("48;2;0;0;255"), "nothing blue is drawn") // the red picture stays
        #expect(written.hasPrefix("\u{1B}[2;1H\u{1B}[0m") && written.contains(failure), "\(written)")
        if showInfo { #expect(written.contains("frame 2/3  \(failure)  play 1/∞")) }
        #expect(player.lastFailure == FrameFailure(frame: 1, error: BrokenMiddle.error))
        player.stop()
    }
}
