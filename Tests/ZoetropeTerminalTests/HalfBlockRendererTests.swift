import Testing
import Zoetrope
@testable import ZoetropeTerminal

@Suite("Half-block ANSI renderer")
struct HalfBlockRendererTests {
    let truecolor = HalfBlockRenderer(depth: .truecolor)

    @Test("2×2 truecolor: ▀ with fg = top and bg = bottom; equal halves become a space on the background")
    func truecolorFullFrame() {
        let frame = makeImage([[red, green],
                               [blue, green]])
        let out = truecolor.render(frame, previous: nil, at: .topLeft)
        #expect(text(out) == "\u{1B}[1;1H\u{1B}[38;2;255;0;0;48;2;0;0;255m▀\u{1B}[48;2;0;255;0m \u{1B}[0m")
    }

    @Test("transparent pixels (alpha < 128) show the default background via ▄, ▀ or a space")
    func transparency() {
        let frame = makeImage([[clear, (255, 255, 255, 200)],
                               [red, (9, 9, 9, 127)],
                               [clear, (0, 0, 255, 128)]])
        let out = truecolor.render(frame, previous: nil, at: CellPosition(row: 3, column: 5))
        #expect(text(out) == "\u{1B}[3;5H\u{1B}[38;2;255;0;0m▄\u{1B}[38;2;255;255;255m▀"
                           + "\u{1B}[4;5H \u{1B}[38;2;0;0;255m▀\u{1B}[0m")
    }

    @Test("3×4: only changed cells are redrawn, with a cursor jump between rows")
    func changedCellsAcrossRows() {
        let previous = solidImage(width: 3, height: 4, black)
        var frame = previous
        frame[2, 0] = (255, 0, 0, 255)
        frame[0, 3] = (255, 255, 255, 255)
        frame[1, 3] = (255, 255, 255, 255)
        let out = truecolor.render(frame, previous: previous, at: .topLeft)
        #expect(text(out) == "\u{1B}[1;3H\u{1B}[38;2;255;0;0;48;2;0;0;0m▀"
                           + "\u{1B}[2;1H\u{1B}[38;2;0;0;0;48;2;255;255;255m▀▀\u{1B}[0m")
    }

    @Test("changed cells in one row are reached with a cursor-forward move")
    func changedCellsInOneRow() {
        let previous = solidImage(width: 3, height: 2, black)
        var frame = previous
        frame[0, 0] = (255, 0, 0, 255)
        frame[2, 0] = (255, 0, 0, 255)
        let out = truecolor.render(frame, previous: previous, at: .topLeft)
        #expect(text(out) == "\u{1B}[1;1H\u{1B}[38;2;255;0;0;48;2;0;0;0m▀\u{1B}[1C▀\u{1B}[0m")
    }

    @Test("an unchanged frame sends nothing; a different size redraws everything")
    func unchangedAndResized() {
        let frame = solidImage(width: 2, height: 2, red)
        #expect(truecolor.render(frame, previous: frame, at: .topLeft).isEmpty)
        let out = truecolor.render(frame, previous: solidImage(width: 1, height: 2, red), at: .topLeft)
        #expect(text(out) == "\u{1B}[1;1H\u{1B}[48;2;255;0;0m  \u{1B}[0m")
    }

    @Test("256 colours: SGR 38;5 / 48;5 with exact entries kept and others ordered-dithered between the two nearest")
    func xterm256() {
        let frame = makeImage([[red, (128, 128, 128, 255)],
                               [black, (100, 200, 30, 255)]])
        let out = HalfBlockRenderer(depth: .xterm256).render(frame, previous: nil, at: .topLeft)
        #expect(text(out) == "\u{1B}[1;1H\u{1B}[38;5;196;48;5;16m▀\u{1B}[38;5;244;48;5;71m▀\u{1B}[0m")
    }

    @Test("256 colours: a change too small to reach another palette entry is not redrawn")
    func xterm256IgnoresInvisibleChanges() {
        let previous = solidImage(width: 1, height: 2, (128, 128, 128, 255))
        let frame = solidImage(width: 1, height: 2, (129, 128, 127, 255))
        #expect(HalfBlockRenderer(depth: .xterm256).render(frame, previous: previous, at: .topLeft).isEmpty)
    }

    @Test("inline output (no origin): every cell, each row reset and ended with a newline")
    func inline() {
        let frame = makeImage([[red, green],
                               [blue, green],
                               [red, clear]])
        let out = truecolor.render(frame, previous: frame, at: nil)
        #expect(text(out) == "\u{1B}[38;2;255;0;0;48;2;0;0;255m▀\u{1B}[48;2;0;255;0m \u{1B}[0m\n"
                           + "\u{1B}[38;2;255;0;0m▀ \u{1B}[0m\n")
    }

    @Test("pixel and cell sizes: one column and two pixel rows per cell")
    func geometry() {
        #expect(truecolor.pixelSize(for: CellSize(columns: 80, rows: 23)) == PixelSize(width: 80, height: 46))
        #expect(truecolor.cellSize(for: PixelSize(width: 5, height: 7)) == CellSize(columns: 5, rows: 4))
    }
}

@Suite("xterm palette")
struct XtermPaletteTests {
    @Test("nearest entries from the cube and the grey ramp")
    func nearest() {
        #expect(XtermPalette.index(r: 255, g: 0, b: 0) == 196)
        #expect(XtermPalette.index(r: 0, g: 0, b: 0) == 16)
        #expect(XtermPalette.index(r: 255, g: 255, b: 255) == 231)
        #expect(XtermPalette.index(r: 128, g: 128, b: 128) == 244)
        #expect(XtermPalette.index(r: 8, g: 8, b: 8) == 232)
        #expect(XtermPalette.index(r: 100, g: 200, b: 30) == 76)
        #expect(XtermPalette.color(at: 76) == (95, 215, 0))
        #expect(XtermPalette.color(at: 255) == (238, 238, 238))
    }
}
