import Testing
import Zoetrope
@testable import ZoetropeTerminal

@Suite("Player layout")
struct PlayerLayoutTests {
    let truecolor = HalfBlockRenderer(depth: .truecolor)

    @Test("a small image keeps its size; the status line goes right below it")
    func smallImage() {
        let layout = PlayerLayout(canvas: PixelSize(width: 4, height: 4), window: CellSize(columns: 40, rows: 12),
                                  renderer: truecolor)
        #expect(layout.imageSize == PixelSize(width: 4, height: 4))
        #expect(layout.imageCells == CellSize(columns: 4, rows: 2))
        #expect(layout.origin == .topLeft)
        #expect(layout.statusRow == 3)
    }

    @Test("a large image shrinks into the window less one row, aspect kept")
    func largeImage() {
        let layout = PlayerLayout(canvas: PixelSize(width: 100, height: 50), window: CellSize(columns: 80, rows: 24),
                                  renderer: truecolor)
        // Box 80×46 pixels; width-bound: 50·80/100 = 40.
        #expect(layout.imageSize == PixelSize(width: 80, height: 40))
        #expect(layout.imageCells == CellSize(columns: 80, rows: 20))
        #expect(layout.statusRow == 21)
    }

    @Test("an asked-for size enlarges, within the window")
    func requestedSize() {
        let layout = PlayerLayout(canvas: PixelSize(width: 4, height: 4), window: CellSize(columns: 40, rows: 12),
                                  columns: 10, renderer: truecolor)
        #expect(layout.imageSize == PixelSize(width: 10, height: 10))
        let clipped = PlayerLayout(canvas: PixelSize(width: 4, height: 4), window: CellSize(columns: 40, rows: 12),
                                   columns: 100, rows: 100, renderer: truecolor)
        #expect(clipped.imageSize == PixelSize(width: 22, height: 22)) // 11 rows × 2 pixels
    }

    @Test("graphics protocols send at most maximumGraphicsPixels")
    func graphicsCap() {
        let kitty = KittyRenderer(cellPixels: PixelSize(width: 10, height: 20))
        let layout = PlayerLayout(canvas: PixelSize(width: 1280, height: 720), window: CellSize(columns: 200, rows: 60),
                                  renderer: kitty)
        #expect(layout.imageSize.area <= PlayerLayout.maximumGraphicsPixels)
        #expect(layout.imageSize.width > 800)
        #expect(abs(layout.imageSize.width * 720 - layout.imageSize.height * 1280) <= 1280)
    }
}

@Suite("Status line")
struct StatusLineTests {
    let status = StatusLine(frame: 2, frameCount: 12, play: 0, plays: nil, rate: 1.5, mode: "forward",
                            frameDuration: .milliseconds(80), elapsed: .milliseconds(4321), isPaused: true,
                            bufferMisses: 0)

    @Test("shows frame, play, rate, mode and timing, 1-based")
    func textLine() {
        #expect(status.text == "frame 3/12  play 1/∞  1.5×  forward  80 ms  4.32 s  misses 0  paused")
        var finite = status
        finite.plays = 3
        finite.play = 2
        finite.rate = 2
        finite.isPaused = false
        #expect(finite.text == "frame 3/12  play 3/3  2×  forward  80 ms  4.32 s  misses 0")
    }

    @Test("the memory is the animation's plus the runtime's at start, beside resident memory")
    func memory() {
        var line = status
        line.memoryBytes = 42_000
        #expect(line.text.hasSuffix("misses 0  paused  memory 42 kB"))
        line.residentBytes = 14_000_000
        line.startResidentBytes = 13_100_000
        #expect(line.text.hasSuffix("misses 0  paused  memory 13.1 MB (42 kB animation + 13.1 runtime)  resident 14 MB"))
        line.memoryBytes = 1_000_000
        #expect(line.text.hasSuffix("memory 14.1 MB (1 animation + 13.1 runtime)  resident 14 MB"))
    }

    @Test("rendered at its row, cut to the width, rest of the row cleared")
    func rendering() {
        #expect(text(status.render(row: 5, width: 20)) == "\u{1B}[5;1H\u{1B}[0mframe 3/12  play 1/∞\u{1B}[K")
    }
}

@Suite("Frame presenter")
struct FramePresenterTests {
    @Test("crops the contents rectangle, composites the background, then redraws only changes")
    func presentCropsAndDiffs() {
        let renderer = HalfBlockRenderer(depth: .truecolor)
        let layout = PlayerLayout(canvas: PixelSize(width: 2, height: 2), window: CellSize(columns: 10, rows: 5),
                                  renderer: renderer)
        var presenter = FramePresenter(renderer: renderer, background: .color(r: 0, g: 0, b: 255), layout: layout)
        let sheet = makeImage([[white, white], [white, white],
                               [red, clear], [red, red]])
        let rect = PixelRect(x: 0, y: 2, width: 2, height: 2)
        // The clear pixel becomes blue: cell 0 is red over red (a space on red), cell 1 blue over red.
        #expect(text(presenter.present(sheet, contentsRect: rect))
                == "\u{1B}[1;1H\u{1B}[48;2;255;0;0m \u{1B}[38;2;0;0;255m▀\u{1B}[0m")
        #expect(presenter.present(sheet, contentsRect: rect).isEmpty)
        presenter.invalidate()
        #expect(!presenter.present(sheet, contentsRect: rect).isEmpty)
    }

    @Test("frames of another size are scaled to the layout")
    func scalesToLayout() {
        let renderer = HalfBlockRenderer(depth: .truecolor)
        let layout = PlayerLayout(canvas: PixelSize(width: 1, height: 2), window: CellSize(columns: 10, rows: 5),
                                  renderer: renderer)
        var presenter = FramePresenter(renderer: renderer, background: .terminal, layout: layout)
        let big = solidImage(width: 4, height: 8, green)
        #expect(text(presenter.present(big)) == "\u{1B}[1;1H\u{1B}[48;2;0;255;0m \u{1B}[0m")
    }
}
