import Zoetrope

/// ANSI text rendering with the upper half block `▀`: each cell shows two pixels stacked, the top one
/// in the foreground colour and the bottom one in the background colour. Works in any terminal with
/// 24-bit colour (``ColorDepth/truecolor``) or the xterm 256-colour palette (``ColorDepth/xterm256``).
///
/// Only cells that differ from the previous frame are sent, with cursor moves between them and
/// only the colour attributes that change. Pixels with alpha below 128 are transparent: the
/// terminal's background shows (cells then use `▄`, `▀` or a space over the default background).
public struct HalfBlockRenderer: TerminalRenderer {
    /// How colours are sent.
    public enum ColorDepth: Sendable, Hashable {
        /// `38;2;R;G;B` / `48;2;R;G;B`.
        case truecolor
        /// `38;5;N` / `48;5;N` with N from the portable part of the xterm palette (its colour cube
        /// and greys), chosen by the library's ordered dithering so gradients keep their tone.
        case xterm256
    }

    /// How colours are sent.
    public var depth: ColorDepth

    /// Alpha from which a pixel counts as opaque.
    public static let opaqueAlpha: UInt8 = 128

    /// Creates a renderer.
    public init(depth: ColorDepth) {
        self.depth = depth
    }

    public func pixelSize(for cells: CellSize) -> PixelSize {
        PixelSize(width: max(1, cells.columns), height: max(1, cells.rows * 2))
    }

    public func cellSize(for pixels: PixelSize) -> CellSize {
        CellSize(columns: pixels.width, rows: (pixels.height + 1) / 2)
    }

    public func render(_ frame: RGBAImage, previous: RGBAImage?, at origin: CellPosition?) -> [UInt8] {
        let cells = self.cells(of: frame)
        let columns = frame.width
        var out = [UInt8]()
        var attributes = Attributes()
        guard let origin else {
            // Inline: every cell, rows ending with a reset (so no colour bleeds) and a newline.
            for (index, cell) in cells.enumerated() {
                attributes.change(to: cell, depth: depth, into: &out)
                out.append(contentsOf: cell.glyph.utf8)
                if index % columns == columns - 1 {
                    if attributes != Attributes() { attributes.reset(into: &out) }
                    out.append(UInt8(ascii: "\n"))
                }
            }
            return out
        }
        let before = previous.flatMap { $0.size == frame.size ? self.cells(of: $0) : nil }
        var cursor: CellPosition?
        for (index, cell) in cells.enumerated() {
            if let before, before[index] == cell { continue }
            let position = CellPosition(row: origin.row + index / columns, column: origin.column + index % columns)
            if cursor != position {
                if let cursor, cursor.row == position.row, cursor.column < position.column {
                    out.appendCSI()
                    out.append(decimal: position.column - cursor.column)
                    out.append(UInt8(ascii: "C"))
                } else {
                    out.appendCursorPosition(row: position.row, column: position.column)
                }
            }
            attributes.change(to: cell, depth: depth, into: &out)
            out.append(contentsOf: cell.glyph.utf8)
            cursor = CellPosition(row: position.row, column: position.column + 1)
        }
        if attributes != Attributes() { attributes.reset(into: &out) }
        return out
    }

    // MARK: Cells

    /// A terminal colour: the default one or a specific colour.
    enum Color: Hashable {
        case standard
        case rgb(UInt8, UInt8, UInt8)
        case indexed(Int)
    }

    /// What one cell shows.
    struct Cell: Hashable {
        enum Glyph: Hashable {
            case space, upperHalf, lowerHalf

            var utf8: [UInt8] {
                switch self {
                case .space: return [0x20]
                case .upperHalf: return [0xE2, 0x96, 0x80] // U+2580 ▀
                case .lowerHalf: return [0xE2, 0x96, 0x84] // U+2584 ▄
                }
            }
        }

        var glyph: Glyph
        /// `nil` when the glyph has no foreground pixels (a space).
        var foreground: Color?
        var background: Color
    }

    /// The cells of `frame`, row by row.
    func cells(of frame: RGBAImage) -> [Cell] {
        let indexed = depth == .xterm256 ? XtermPalette.dithered(frame) : nil
        func color(_ frame: RGBAImage, _ x: Int, _ y: Int) -> Color? {
            guard let indexed else { return self.color(frame, x, y) }
            let index = indexed[y * frame.width + x]
            return index < 0 ? nil : .indexed(index)
        }
        let rows = (frame.height + 1) / 2
        var cells = [Cell]()
        cells.reserveCapacity(rows * frame.width)
        for row in 0..<rows {
            for x in 0..<frame.width {
                let top = color(frame, x, row * 2)
                let bottom = row * 2 + 1 < frame.height ? color(frame, x, row * 2 + 1) : nil
                switch (top, bottom) {
                case (nil, nil):
                    cells.append(Cell(glyph: .space, foreground: nil, background: .standard))
                case (let top?, nil):
                    cells.append(Cell(glyph: .upperHalf, foreground: top, background: .standard))
                case (nil, let bottom?):
                    cells.append(Cell(glyph: .lowerHalf, foreground: bottom, background: .standard))
                case (let top?, let bottom?):
                    if top == bottom {
                        cells.append(Cell(glyph: .space, foreground: nil, background: top))
                    } else {
                        cells.append(Cell(glyph: .upperHalf, foreground: top, background: bottom))
                    }
                }
            }
        }
        return cells
    }

    /// The colour of pixel (x, y), or `nil` when it is transparent.
    private func color(_ frame: RGBAImage, _ x: Int, _ y: Int) -> Color? {
        let pixel = frame[x, y]
        guard pixel.a >= Self.opaqueAlpha else { return nil }
        switch depth {
        case .truecolor: return .rgb(pixel.r, pixel.g, pixel.b)
        case .xterm256: return .indexed(XtermPalette.index(r: pixel.r, g: pixel.g, b: pixel.b))
        }
    }

    /// The colours the terminal is currently set to, to send only changes.
    private struct Attributes: Equatable {
        var foreground = Color.standard
        var background = Color.standard

        /// `ESC [ 0 m`: back to the default colours.
        mutating func reset(into out: inout [UInt8]) {
            out.appendCSI()
            out.append(text: "0m")
            self = Attributes()
        }

        mutating func change(to cell: Cell, depth: ColorDepth, into out: inout [UInt8]) {
            var parameters = [UInt8]()
            if let wanted = cell.foreground, wanted != foreground {
                Self.append(wanted, base: 30, to: &parameters)
                foreground = wanted
            }
            if cell.background != background {
                Self.append(cell.background, base: 40, to: &parameters)
                background = cell.background
            }
            guard !parameters.isEmpty else { return }
            out.appendCSI()
            out.append(contentsOf: parameters)
            out.append(UInt8(ascii: "m"))
        }

        /// Appends `38;2;R;G;B`, `38;5;N` or `39` (`base` 30) or the background forms (`base` 40).
        private static func append(_ color: Color, base: Int, to parameters: inout [UInt8]) {
            if !parameters.isEmpty { parameters.append(UInt8(ascii: ";")) }
            switch color {
            case .standard:
                parameters.append(decimal: base + 9)
            case .rgb(let r, let g, let b):
                parameters.append(decimal: base + 8)
                parameters.append(text: ";2;")
                parameters.append(decimal: Int(r))
                parameters.append(UInt8(ascii: ";"))
                parameters.append(decimal: Int(g))
                parameters.append(UInt8(ascii: ";"))
                parameters.append(decimal: Int(b))
            case .indexed(let index):
                parameters.append(decimal: base + 8)
                parameters.append(text: ";5;")
                parameters.append(decimal: index)
            }
        }
    }
}
