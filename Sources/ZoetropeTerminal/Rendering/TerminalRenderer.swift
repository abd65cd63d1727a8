import Zoetrope

/// A cell on the terminal screen, 1-based as escape sequences count.
public struct CellPosition: Sendable, Hashable {
    /// The row, 1 at the top.
    public var row: Int
    /// The column, 1 at the left.
    public var column: Int

    /// Creates a position.
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// The top-left cell.
    public static let topLeft = CellPosition(row: 1, column: 1)
}

/// A size in terminal cells.
public struct CellSize: Sendable, Hashable {
    /// Columns.
    public var columns: Int
    /// Rows.
    public var rows: Int

    /// Creates a size.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// Turns frames into the bytes that show them on a terminal.
///
/// A renderer is a pure function of the frame, the frame shown before it (so only what changed is
/// sent) and where the image goes: tests compare its output byte for byte. Frames arrive already
/// scaled to ``pixelSize(for:)`` and composited over the background (``TerminalBackground``).
public protocol TerminalRenderer: Sendable {
    /// How many image pixels fit in `cells`: the size frames are scaled to fit.
    func pixelSize(for cells: CellSize) -> PixelSize
    /// How many cells an image of `pixels` occupies.
    func cellSize(for pixels: PixelSize) -> CellSize
    /// The bytes that draw `frame` with its top-left corner at `origin`, given that `previous` is on
    /// screen there (or `nil` when the area holds something else). Empty when nothing changed.
    /// Output leaves text attributes at their defaults.
    ///
    /// With no `origin` the image is drawn inline, at the cursor, as when output goes to a file or a
    /// pipe: everything is drawn, rows end with newlines, and the cursor ends on the line below.
    func render(_ frame: RGBAImage, previous: RGBAImage?, at origin: CellPosition?) -> [UInt8]
    /// The bytes that remove what the renderer left in the terminal (images the terminal stores).
    func cleanup() -> [UInt8]
}

extension TerminalRenderer {
    public func cleanup() -> [UInt8] { [] }
}

/// Renderers that send real pixels and let the terminal place them: the image covers whole cells.
protocol PixelProtocolRenderer: TerminalRenderer {
    /// The size of one cell in pixels.
    var cellPixels: PixelSize { get }
}

extension PixelProtocolRenderer {
    /// Moves to `origin`, or for inline output nothing (the image starts at the cursor).
    func appendStart(at origin: CellPosition?, to out: inout [UInt8]) {
        if let origin { out.appendCursorPosition(row: origin.row, column: origin.column) }
    }

    /// For inline output, moves the cursor below an image that left it at its top-left corner.
    func appendInlineEnd(for frame: RGBAImage, at origin: CellPosition?, to out: inout [UInt8]) {
        guard origin == nil else { return }
        let rows = max(1, cellSize(for: frame.size).rows)
        out.append(contentsOf: [UInt8](repeating: UInt8(ascii: "\n"), count: rows))
    }

    public func pixelSize(for cells: CellSize) -> PixelSize {
        PixelSize(width: max(1, cells.columns * cellPixels.width), height: max(1, cells.rows * cellPixels.height))
    }

    public func cellSize(for pixels: PixelSize) -> CellSize {
        let cellWidth = max(1, cellPixels.width), cellHeight = max(1, cellPixels.height)
        return CellSize(columns: (pixels.width + cellWidth - 1) / cellWidth,
                        rows: (pixels.height + cellHeight - 1) / cellHeight)
    }
}
