import Testing
import Zoetrope
@testable import ZoetropeTerminal

/// Where several animations go in a terminal window.
@Suite("Grid layout")
struct GridLayoutTests {
    @Test("a grid picks the column count that makes tiles largest, with one blank cell between tiles")
    func grid() {
        // 80×25: 4 tiles in 2×2 are 39×11 (score min(39, 22) = 22); 4×1 would be 19×24 (19).
        let layout = GridLayout(count: 4, window: CellSize(columns: 80, rows: 25), arrangement: .grid)
        #expect(layout.tiles.map(\.origin) == [CellPosition(row: 1, column: 1), CellPosition(row: 1, column: 41),
                                               CellPosition(row: 13, column: 1), CellPosition(row: 13, column: 41)])
        #expect(layout.tiles.allSatisfy { $0.cells == CellSize(columns: 39, rows: 11) && $0.isVisible })
        #expect(layout.statusRow == 25)
        // A wide, short window puts them in one row.
        let wide = GridLayout(count: 3, window: CellSize(columns: 120, rows: 11), arrangement: .grid)
        #expect(wide.tiles.map(\.origin.row) == [1, 1, 1])
        #expect(wide.tiles.map(\.origin.column) == [1, 41, 81])
    }

    @Test("a column stacks full-width tiles; those below the window are not visible")
    func column() {
        let layout = GridLayout(count: 5, window: CellSize(columns: 30, rows: 12), arrangement: .column, tileRows: 3)
        // 11 rows above the status row: the third tile (rows 9–11) fits, the fourth does not.
        #expect(layout.tiles.map(\.origin.row) == [1, 5, 9, 13, 17])
        #expect(layout.tiles.map(\.isVisible) == [true, true, true, false, false])
        #expect(layout.tiles[0].cells == CellSize(columns: 30, rows: 3))
        // Without a height, tiles get a share of the window, but at least the minimum.
        let shared = GridLayout(count: 10, window: CellSize(columns: 30, rows: 12), arrangement: .column)
        #expect(shared.tiles[0].cells.rows == GridLayout.minimumColumnTileRows)
        #expect(shared.tiles.count { $0.isVisible } == 2)
    }

    @Test("given tile sizes, a grid fits as many columns as the width holds")
    func fixedTiles() {
        let layout = GridLayout(count: 5, window: CellSize(columns: 32, rows: 20), arrangement: .grid,
                                tileColumns: 10, tileRows: 5)
        #expect(layout.tiles.map(\.origin.column) == [1, 12, 23, 1, 12])
        #expect(layout.tiles.map(\.origin.row) == [1, 1, 1, 7, 7])
        #expect(layout.tiles.allSatisfy { $0.isVisible })
    }

    @Test("an image in a tile is shrunk to fit the tile, never enlarged, at the tile's origin")
    func imageLayout() {
        let layout = GridLayout(count: 2, window: CellSize(columns: 40, rows: 12), arrangement: .grid)
        let renderer = RendererKind.truecolor.makeRenderer(cellPixels: PixelSize(width: 10, height: 20))
        let small = layout.imageLayout(tile: 1, canvas: PixelSize(width: 4, height: 4), renderer: renderer)
        #expect(small.origin == CellPosition(row: 1, column: 21))
        #expect(small.imageSize == PixelSize(width: 4, height: 4) && small.imageCells == CellSize(columns: 4, rows: 2))
        let large = layout.imageLayout(tile: 0, canvas: PixelSize(width: 400, height: 100), renderer: renderer)
        #expect(large.imageSize == PixelSize(width: 19, height: 5))
    }

    @Test("the grid status line names counts, the memory accounted (animations and runtime) beside resident memory, the budget and decodes")
    func statusLine() {
        let status = GridStatusLine(animations: 6, playing: 4, offScreen: 2, memoryBytes: 1_234_567,
                                    byteLimit: 512_000_000, decodes: 40, isPaused: false)
        #expect(status.text == "4/6 playing  2 off screen  memory 1.2 MB / 512 MB  decoded 40")
        #expect(status.accountedBytes == nil)
        var withResident = status
        withResident.residentBytes = 14_000_000
        #expect(withResident.text == "4/6 playing  2 off screen  memory 1.2 MB / 512 MB  decoded 40  resident 14 MB")
        // The memory is computed: the start figure plus the animations', each part in the total's unit.
        withResident.startResidentBytes = 12_600_000
        #expect(withResident.accountedBytes == 13_834_567)
        #expect(withResident.text == "4/6 playing  2 off screen  memory 13.8 MB (1.2 animations + 12.6 runtime)  "
                + "resident 14 MB  budget 512 MB  decoded 40")
        // A part in another unit keeps its own; paused comes before the figures.
        withResident.memoryBytes = 2_000
        withResident.isPaused = true
        #expect(withResident.text == "4/6 playing  2 off screen  paused  memory 12.6 MB (2 kB animations + 12.6 runtime)  "
                + "resident 14 MB  budget 512 MB  decoded 40")
        // The grid of issue 31 (twelve tiles, nothing off screen) fits 80 columns up to the resident figure.
        let grid = GridStatusLine(animations: 12, playing: 12, offScreen: 0, memoryBytes: 30_300_000, byteLimit: 268_435_456,
                                  residentBytes: 53_400_000, startResidentBytes: 13_100_000, decodes: 568, isPaused: false)
        #expect(grid.text.prefix(80) == "12/12 playing  memory 43.4 MB (30.3 animations + 13.1 runtime)  resident 53.4 MB")
        #expect(GridStatusLine.bytes(999) == "999 B")
        #expect(GridStatusLine.bytes(3_400) == "3.4 kB")
    }
}
