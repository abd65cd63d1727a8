import Zoetrope

/// Where several animations go in a terminal window: tiles in a grid, or one column like a chat
/// stream, with one status row at the bottom.
///
/// Tiles are separated by one blank cell. A tile that does not fit in the window (a long column)
/// is laid out below it and marked not visible: the player decodes nothing for it.
package struct GridLayout: Sendable, Hashable {
    /// How tiles are arranged.
    package enum Arrangement: String, Sendable, Hashable, CaseIterable {
        /// Rows and columns, chosen so that tiles are as large as possible.
        case grid
        /// One tile per row, full width.
        case column
    }

    /// One tile: the cells an animation may use.
    package struct Tile: Sendable, Hashable {
        /// The tile's top-left cell.
        package var origin: CellPosition
        /// The cells it covers.
        package var cells: CellSize
        /// Whether it lies entirely inside the window (above the status row).
        package var isVisible: Bool
    }

    /// The tiles, in the order of the animations.
    package var tiles: [Tile]
    /// The status row: the window's last row.
    package var statusRow: Int

    /// The smallest tile height in rows a column gets when its tiles are not given a size.
    package static let minimumColumnTileRows = 4

    /// Lays out `count` tiles in a window of `window` cells.
    /// - Parameters:
    ///   - tileColumns: each tile's width in cells (default: shared out from the window).
    ///   - tileRows: each tile's height in rows (default: shared out from the window).
    package init(count: Int, window: CellSize, arrangement: Arrangement, tileColumns: Int? = nil, tileRows: Int? = nil) {
        let width = max(1, window.columns), height = max(1, window.rows - 1)
        let columns: Int
        switch arrangement {
        case .column: columns = 1
        case .grid:
            if let tileColumns { columns = max(1, min(count, (width + 1) / (tileColumns + 1))) }
            else { columns = Self.bestColumnCount(count: count, width: width, height: height, tileRows: tileRows) }
        }
        let rows = (max(count, 1) + columns - 1) / columns
        let tileWidth = max(1, tileColumns.map { min($0, width) } ?? (width - (columns - 1)) / columns)
        let defaultRows = (height - (rows - 1)) / rows
        let tileHeight = max(1, tileRows ?? (arrangement == .column ? max(Self.minimumColumnTileRows, defaultRows) : defaultRows))
        tiles = (0..<max(count, 0)).map { index in
            let origin = CellPosition(row: 1 + (index / columns) * (tileHeight + 1),
                                      column: 1 + (index % columns) * (tileWidth + 1))
            return Tile(origin: origin, cells: CellSize(columns: tileWidth, rows: tileHeight),
                        isVisible: origin.row + tileHeight - 1 <= height && origin.column + tileWidth - 1 <= width)
        }
        statusRow = max(1, window.rows)
    }

    /// The column count whose tiles are largest: a tile's size is taken as the lesser of its width
    /// and twice its height, cells being about twice as tall as wide.
    private static func bestColumnCount(count: Int, width: Int, height: Int, tileRows: Int?) -> Int {
        var best = (columns: 1, score: Int.min)
        for columns in 1...max(1, count) {
            let rows = (count + columns - 1) / columns
            let tileWidth = (width - (columns - 1)) / columns
            let tileHeight = tileRows ?? (height - (rows - 1)) / rows
            let score = min(tileWidth, 2 * tileHeight)
            if score > best.score { best = (columns, score) }
        }
        return best.columns
    }

    /// The image layout of an image of `canvas` pixels in tile `index`: shrunk to fit, never enlarged.
    package func imageLayout(tile index: Int, canvas: PixelSize, renderer: any TerminalRenderer) -> PlayerLayout {
        let tile = tiles[index]
        var layout = PlayerLayout(canvas: canvas, window: CellSize(columns: tile.cells.columns, rows: tile.cells.rows + 1),
                                  renderer: renderer)
        layout.origin = tile.origin
        layout.statusRow = statusRow
        return layout
    }
}
