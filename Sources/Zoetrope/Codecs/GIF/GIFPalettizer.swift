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

    static func indexedImage(frames: [RGBAImage], delays: [Duration], loopCount: Int?) throws(ZoetropeError) -> GIFEncoder.IndexedImage {
        guard let first = frames.first else {
            throw ZoetropeError(.invalidArgument, format: .gif, "no frames to encode")
        }
        guard frames.allSatisfy({ $0.size == first.size }) else {
            throw ZoetropeError(.invalidArgument, format: .gif, "all frames must have the same size")
        }
        guard delays.count == frames.count || delays.count == 1 else {
            throw ZoetropeError(.invalidArgument, format: .gif,
                                "\(delays.count) delays for \(frames.count) frames (give one per frame, or one for all)")
        }
        let censuses = frames.map(ColorCensus.init)
        let anyTransparency = censuses.contains { $0.hasTransparency }
        var union = Set<UInt32>()
        for census in censuses where union.count <= 256 { union.formUnion(census.colors) }
        let shared = union.count + (anyTransparency ? 1 : 0) <= 256 ? palette(union, transparent: anyTransparency) : nil

        let bounds = PixelRect(x: 0, y: 0, width: first.width, height: first.height)
        var indexedFrames: [GIFEncoder.IndexedFrame] = []
        for (number, (image, census)) in zip(frames, censuses).enumerated() {
            let local = shared == nil
                ? (census.colors.count + (census.hasTransparency ? 1 : 0) <= 256
                   ? palette(census.colors, transparent: census.hasTransparency) : nil)
                : nil
            let indices: [UInt8]
            let table: [GIFEncoder.Color]
            if let exact = shared ?? local {
                indices = map(image) { exact.lookup[$0] ?? 0 }
                table = exact.table
            } else {
                indices = map(image, cubeIndex)
                table = cubeTable()
            }
            let delay = delays.count == 1 ? delays[0] : delays[number]
            indexedFrames.append(GIFEncoder.IndexedFrame(
                rect: bounds, indices: indices, localColorTable: shared == nil ? table : nil,
                disposal: anyTransparency ? 2 : 1,
                transparentIndex: census.hasTransparency ? 0 : nil,
                delayCentiseconds: centiseconds(delay)))
        }
        return GIFEncoder.IndexedImage(canvasSize: first.size, globalColorTable: shared?.table,
                                       loopCount: loopCount, frames: indexedFrames)
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
