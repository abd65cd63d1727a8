import Testing
import Zoetrope
import ZoetropeTesting
@testable import ZoetropeTerminal

/// Two frames (red, then blue) of 100 ms, counting the frames decoded.
private final class TwoFrameImage: AnimatableImage {
    let canvasSize = PixelSize(width: 2, height: 2)
    let frameCount = 2
    let playCount: PlayCount
    let decodes = LockedState(0)

    init(playCount: PlayCount) { self.playCount = playCount }

    func duration(at index: Int) -> Duration { .milliseconds(100) }
    func frame(at index: Int) throws -> RGBAImage {
        decodes.withLock { $0 += 1 }
        return solidImage(width: 2, height: 2, index == 0 ? (255, 0, 0, 255) : (0, 0, 255, 255))
    }
}

/// Several animations in one terminal window, on a manual clock.
@Suite("Terminal grid player")
struct TerminalGridPlayerTests {
    let decoding = ManualDecodeScheduler()
    let clock = ManualClock()
    let written = LockedState<[UInt8]>([])
    let exits = LockedState<[Int32]>([])

    private func makeGrid(_ images: [TwoFrameImage], window: CellSize, arrangement: GridLayout.Arrangement,
                          rows: Int? = nil) -> TerminalGridPlayer {
        let written = written, exits = exits
        return TerminalGridPlayer(images: images, options: .init(renderer: .truecolor, rows: rows, showInfo: true),
                                  arrangement: arrangement, window: WindowSize(cells: window, cellPixels: nil),
                                  clock: clock, cache: SharedFrameCache(byteLimit: 1 << 20, scheduler: decoding),
                                  write: { bytes in written.withLock { $0 += bytes } },
                                  onExit: { status in exits.withLock { $0.append(status) } })
    }

    private func take() -> String {
        text(written.withLock { bytes in
            defer { bytes.removeAll() }
            return bytes
        })
    }

    @Test("tiles draw at their origins on one clock; the status line counts them and their memory")
    func gridOnOneClock() {
        let images = [TwoFrameImage(playCount: .infinite), TwoFrameImage(playCount: .infinite)]
        let grid = makeGrid(images, window: CellSize(columns: 61, rows: 5), arrangement: .grid)
        grid.start()
        let first = take()
        // Two tiles of 30 columns: the second starts at column 32; red first frames.
        #expect(first.contains("\u{1B}[1;1H\u{1B}[48;2;255;0;0m  ") && first.contains("\u{1B}[1;32H\u{1B}[48;2;255;0;0m  "))
        // Each tile decoded frame 0 (16 bytes) and kept it as its poster (16 bytes): on Linux the
        // memory is those and the process's resident memory at start, cut at 61 columns.
        #if os(Linux)
        #expect(first.contains("\u{1B}[5;1H\u{1B}[0m2/2 playing  memory ") && first.contains(" (64 B animations + ")
                && first.hasSuffix("\u{1B}[K"))
        #else
        #expect(first.contains("\u{1B}[5;1H\u{1B}[0m2/2 playing  memory 64 B / 1 MB  decoded 2"))
        #endif
        decoding.runAll()
        clock.advance(by: .milliseconds(110))
        let second = take()
        #expect(second.contains("\u{1B}[1;1H\u{1B}[48;2;0;0;255m  ") && second.contains("\u{1B}[1;32H\u{1B}[48;2;0;0;255m  "))
        #expect(grid.surface.clock.runningCount == 2 && clock.isRunning)
        grid.handle(.space)
        #expect(take().contains("paused"))
        grid.handle(.quit)
        #expect(exits.withLock { $0 } == [TerminalPlayer.exitNormally])
        grid.stop()
        #expect(grid.surface.statistics.cache.storedBytes == 0)
    }

    @Test("a column's tiles below the window decode nothing; playback ends when those on screen finish")
    func columnOffScreen() {
        let images = (0..<3).map { _ in TwoFrameImage(playCount: .finite(1)) }
        let grid = makeGrid(images, window: CellSize(columns: 60, rows: 8), arrangement: .column, rows: 3)
        grid.start()
        #expect(grid.layout.tiles.map(\.isVisible) == [true, true, false])
        #expect(take().contains("2/3 playing  1 off screen"))
        for _ in 0..<3 {
            decoding.runAll()
            clock.advance(by: .milliseconds(110))
        }
        #expect(images[2].decodes.withLock { $0 } == 0)
        #expect(images[0].decodes.withLock { $0 } >= 2)
        #expect(exits.withLock { $0 } == [TerminalPlayer.exitNormally])
        grid.stop()
    }
}
