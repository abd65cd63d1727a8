import Zoetrope

/// DEC sixel graphics: `ESC P 0;1;0 q`, raster attributes `"1;1;W;H` (square pixels), the colour
/// registers used (`#n;2;R;G;B` in percent), then bands of six pixel rows, `ESC \`.
///
/// Colours come from an adaptive palette of up to 256 colours built for each frame by the
/// library's quantiser (in Oklab, from the frame's colour frequencies), register n being palette
/// entry n; pixels are mapped to it with ordered dithering, whose fixed pattern does not crawl
/// between frames of an animation. In each band, colours go in ascending register order, each as `#n` and one sixel
/// character per column (63 + a bit per row, top row = bit 0), runs of four or more as `!count c`,
/// trailing empty columns dropped; `$` returns to the band's start for the next colour and `-`
/// starts the next band. Pixels with alpha below 128 are left undrawn (the `P2 = 1` mode), so the
/// terminal background shows through; what an earlier frame drew there stays — use a
/// ``TerminalBackground`` other than ``TerminalBackground/terminal`` for images whose transparent
/// areas change.
public struct SixelRenderer: PixelProtocolRenderer {
    /// The size of one cell in pixels.
    public var cellPixels: PixelSize

    /// Creates a renderer.
    public init(cellPixels: PixelSize) {
        self.cellPixels = cellPixels
    }

    public func render(_ frame: RGBAImage, previous: RGBAImage?, at origin: CellPosition?) -> [UInt8] {
        if origin != nil, previous == frame { return [] }
        let registers = Self.registers(of: frame)
        var out = [UInt8]()
        appendStart(at: origin, to: &out)
        out.append(0x1B)
        out.append(text: "P0;1;0q\"1;1;")
        out.append(decimal: frame.width)
        out.append(UInt8(ascii: ";"))
        out.append(decimal: frame.height)
        Self.appendColorRegisters(registers.palette, used: registers.used, to: &out)
        var bandTop = 0
        while bandTop < frame.height {
            if bandTop > 0 { out.append(UInt8(ascii: "-")) }
            Self.appendBand(registers.perPixel, width: frame.width, rows: bandTop..<min(bandTop + 6, frame.height), to: &out)
            bandTop += 6
        }
        out.appendStringTerminator()
        if origin == nil { out.append(UInt8(ascii: "\n")) } // the cursor is already below the image
        return out
    }

    /// The palette, the palette entry of each pixel (-1 where transparent), and which entries occur.
    package static func registers(of frame: RGBAImage) -> (palette: [RGBColor], perPixel: [Int], used: [Bool]) {
        let palette = ColorQuantizer.palette(for: frame, maximumColors: 256)
        var mapper = PaletteMapper(palette: palette, dither: .ordered, pixels: frame.pixels.count / 4)
        let transparent: UInt8 = 255
        // A palette of 256 colours leaves no spare index: find transparency by alpha instead.
        let indices = mapper.map(frame, special: PaletteMapper.Special(transparentIndex: transparent))
        var registers = [Int](repeating: -1, count: indices.count)
        var used = [Bool](repeating: false, count: 256)
        for (pixel, index) in indices.enumerated() where frame[byte: pixel * 4 + 3] >= HalfBlockRenderer.opaqueAlpha {
            registers[pixel] = Int(index)
            used[Int(index)] = true
        }
        return (palette.colors, registers, used)
    }

    /// Defines the colour registers used: `#n;2;R;G;B` in percent.
    private static func appendColorRegisters(_ palette: [RGBColor], used: [Bool], to out: inout [UInt8]) {
        for register in 0..<256 where used[register] {
            let entry = palette[register]
            let color = (r: entry.red, g: entry.green, b: entry.blue)
            out.append(UInt8(ascii: "#"))
            out.append(decimal: register)
            out.append(text: ";2;")
            out.append(decimal: percent(color.r))
            out.append(UInt8(ascii: ";"))
            out.append(decimal: percent(color.g))
            out.append(UInt8(ascii: ";"))
            out.append(decimal: percent(color.b))
        }
    }

    /// One band of up to six pixel `rows`: each colour in it, in register order, as a line of sixels.
    private static func appendBand(_ registers: [Int], width: Int, rows: Range<Int>, to out: inout [UInt8]) {
        var bandUsed = [Bool](repeating: false, count: 256)
        for y in rows {
            for x in 0..<width where registers[y * width + x] >= 0 { bandUsed[registers[y * width + x]] = true }
        }
        var first = true
        for register in 0..<256 where bandUsed[register] {
            if !first { out.append(UInt8(ascii: "$")) }
            first = false
            out.append(UInt8(ascii: "#"))
            out.append(decimal: register)
            var columns = [UInt8]()
            columns.reserveCapacity(width)
            for x in 0..<width {
                var bits: UInt8 = 0
                for (bit, y) in rows.enumerated() where registers[y * width + x] == register {
                    bits |= 1 << bit
                }
                columns.append(63 + bits)
            }
            while columns.last == 63 { columns.removeLast() }
            appendRuns(columns, to: &out)
        }
    }

    /// A colour channel in sixel percent, rounded to nearest.
    static func percent(_ value: UInt8) -> Int {
        (Int(value) * 100 + 127) / 255
    }

    /// Appends sixel characters, with runs of four or more written as `!count c`.
    private static func appendRuns(_ columns: [UInt8], to out: inout [UInt8]) {
        var index = 0
        while index < columns.count {
            var end = index + 1
            while end < columns.count && columns[end] == columns[index] { end += 1 }
            let run = end - index
            if run >= 4 {
                out.append(UInt8(ascii: "!"))
                out.append(decimal: run)
                out.append(columns[index])
            } else {
                for _ in 0..<run { out.append(columns[index]) }
            }
            index = end
        }
    }
}
