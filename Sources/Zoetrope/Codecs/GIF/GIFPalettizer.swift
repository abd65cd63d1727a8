/// Turns RGBA frames into indexed GIF frames: exact palettes when the colours fit, otherwise a
/// fixed colour cube. See ``GIFEncoder/encode(frames:durations:playCount:)`` for the rules.
enum GIFPalettizer {
    /// Alpha at or above this is opaque, below it transparent.
    static let alphaThreshold: UInt8 = 128
    private static let cubeLevels = (red: 6, green: 7, blue: 6)

    /// One frame's colours: the distinct opaque RGB values (up to 257, then counting stops).
    private struct ColorCensus {
        var colors = Set<UInt32>()
        var hasTransparency = false

        init(_ image: RGBAImage) {
            var index = 0
            let pixels = image.pixels
            while index < pixels.count {
                if pixels[index + 3] < GIFPalettizer.alphaThreshold {
                    hasTransparency = true
                } else if colors.count <= 256 {
                    colors.insert(GIFPalettizer.rgb(pixels, index))
                }
                index += 4
            }
        }
    }

    /// The palettes chosen by a first pass over every frame: one exact global table when all
    /// frames together fit in 256 colours, otherwise none (each frame gets its own).
    struct Plan {
        var shared: (table: [GIFEncoder.Color], lookup: [UInt32: UInt8])?
        var anyTransparency: Bool
    }

    /// Looks at every frame of `source` (without keeping any) and chooses the palettes.
    static func plan(_ source: some FrameSource) throws -> Plan {
        var anyTransparency = false
        var union = Set<UInt32>()
        try source.forEachFrame { _, image in
            guard image.size == source.canvasSize else {
                throw ZoetropeError(.invalidArgument, format: .gif, "all frames must have the same size")
            }
            let census = ColorCensus(image)
            anyTransparency = anyTransparency || census.hasTransparency
            if union.count <= 256 { union.formUnion(census.colors) }
        }
        let fits = union.count + (anyTransparency ? 1 : 0) <= 256
        return Plan(shared: fits ? palette(union, transparent: anyTransparency) : nil, anyTransparency: anyTransparency)
    }

    /// One canvas-sized frame as indexed pixels, with its own table when the plan has no shared one.
    static func indexedFrame(_ image: RGBAImage, delay: Duration, plan: Plan) -> GIFEncoder.IndexedFrame {
        let census = ColorCensus(image)
        let local = plan.shared == nil && census.colors.count + (census.hasTransparency ? 1 : 0) <= 256
            ? palette(census.colors, transparent: census.hasTransparency) : nil
        let indices: [UInt8]
        let table: [GIFEncoder.Color]
        if let exact = plan.shared ?? local {
            indices = map(image) { exact.lookup[$0] ?? 0 }
            table = exact.table
        } else {
            indices = map(image, cubeIndex)
            table = cubeTable()
        }
        return GIFEncoder.IndexedFrame(
            rect: PixelRect(x: 0, y: 0, width: image.width, height: image.height), indices: indices,
            localColorTable: plan.shared == nil ? table : nil,
            disposal: plan.anyTransparency ? 2 : 1,
            transparentIndex: census.hasTransparency ? 0 : nil,
            delayCentiseconds: centiseconds(delay))
    }

    /// An exact palette: a transparent entry at index 0 when needed, then the colours in ascending
    /// order (so the output does not depend on hashing order).
    private static func palette(_ colors: Set<UInt32>, transparent: Bool) -> (table: [GIFEncoder.Color], lookup: [UInt32: UInt8]) {
        var table: [GIFEncoder.Color] = transparent ? [GIFEncoder.Color(red: 0, green: 0, blue: 0)] : []
        var lookup: [UInt32: UInt8] = [:]
        for color in colors.sorted() {
            lookup[color] = UInt8(table.count)
            table.append(GIFEncoder.Color(red: UInt8(color >> 16), green: UInt8(color >> 8 & 0xFF), blue: UInt8(color & 0xFF)))
        }
        if table.isEmpty { table.append(GIFEncoder.Color(red: 0, green: 0, blue: 0)) }
        return (table, lookup)
    }

    /// Maps each pixel to an index: 0 for transparent pixels, `opaque(rgb)` otherwise.
    private static func map(_ image: RGBAImage, _ opaque: (UInt32) -> UInt8) -> [UInt8] {
        var indices = [UInt8](repeating: 0, count: image.width * image.height)
        let pixels = image.pixels
        for pixel in indices.indices where pixels[pixel * 4 + 3] >= alphaThreshold {
            indices[pixel] = opaque(rgb(pixels, pixel * 4))
        }
        return indices
    }

    /// The nearest colour of the 6×7×6 cube; index 0 is left for transparency.
    private static func cubeIndex(_ color: UInt32) -> UInt8 {
        let red = nearestLevel(UInt8(color >> 16), levels: cubeLevels.red)
        let green = nearestLevel(UInt8(color >> 8 & 0xFF), levels: cubeLevels.green)
        let blue = nearestLevel(UInt8(color & 0xFF), levels: cubeLevels.blue)
        return UInt8(1 + (red * cubeLevels.green + green) * cubeLevels.blue + blue)
    }

    private static func cubeTable() -> [GIFEncoder.Color] {
        var table = [GIFEncoder.Color(red: 0, green: 0, blue: 0)]
        for red in 0..<cubeLevels.red {
            for green in 0..<cubeLevels.green {
                for blue in 0..<cubeLevels.blue {
                    table.append(GIFEncoder.Color(red: levelValue(red, levels: cubeLevels.red),
                                                  green: levelValue(green, levels: cubeLevels.green),
                                                  blue: levelValue(blue, levels: cubeLevels.blue)))
                }
            }
        }
        return table
    }

    private static func nearestLevel(_ value: UInt8, levels: Int) -> Int { (Int(value) * (levels - 1) + 127) / 255 }
    private static func levelValue(_ level: Int, levels: Int) -> UInt8 { UInt8(level * 255 / (levels - 1)) }

    @inline(__always)
    private static func rgb(_ pixels: [UInt8], _ index: Int) -> UInt32 {
        UInt32(pixels[index]) << 16 | UInt32(pixels[index + 1]) << 8 | UInt32(pixels[index + 2])
    }

    /// A duration rounded to hundredths of a second, within what a GIF can store.
    static func centiseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
        guard !milliseconds.overflow else { return 0xFFFF }
        let total = milliseconds.partialValue + attoseconds / 1_000_000_000_000_000
        return Int(min(0xFFFF, (total + 5) / 10))
    }
}
