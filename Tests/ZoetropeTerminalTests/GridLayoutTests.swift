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

    @Test("the grid status line names counts, memory against the limit, decodes, and resident memory not counted")
    func statusLine() {
        let status = GridStatusLine(animations: 6, playing: 4, offScreen: 2, memoryBytes: 1_234_567,
                                    byteLimit: 512_000_000, decodes: 40, isPaused: false)
        #expect(status.text == "4/6 playing  2 off screen  memory 1.2 MB / 512 MB  decoded 40")
        var withResident = status
        withResident.residentBytes = 14_000_000
        #expect(withResident.text == "4/6 playing  2 off screen  memory 1.2 MB / 512 MB  decoded 40  resident 14 MB")
        withResident.startResidentBytes = 12_600_000
        #expect(withResident.text.hasSuffix("decoded 40  resident 14 MB (12.6 MB at start, 165.4 kB not counted)"))
        withResident.memoryBytes = 2_000_000
        #expect(withResident.text.hasSuffix("resident 14 MB (12.6 MB at start, all counted)"))
        #expect(GridStatusLine.bytes(999) == "999 B")
        #expect(GridStatusLine.bytes(3_400) == "3.4 kB")
    }
}
