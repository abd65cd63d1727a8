/// A canvas kept small while nothing draws on it: runs of one colour stored once, and each pixel
/// as a palette index when the canvas has at most 256 colours, or whole when it has more.
///
/// An animation that is not being decoded right now parks its replay canvas this way instead of
/// holding the full RGBA buffer (a 1080p canvas is 8 MB; a GIF's canvas, drawn from palettes of at
/// most 256 colours, usually packs to a few hundred kilobytes), and unpacks it when decoding
/// resumes: one pass over the canvas each way, against replaying every frame since the last clean
/// start. A true-colour canvas (APNG, WebP) packs where it has runs (a sticker's transparent
/// margins, flat backgrounds); one that would not come to half its size is not packed.
///
/// The pixels are coded in runs: a byte `b` below 128 is followed by `b + 1` literal pixels; a
/// byte `b` from 128 is followed by one pixel repeated `b - 126` times (2 to 129). A pixel is a
/// palette index (one byte) or, with no palette, its four RGBA bytes.
struct PackedCanvas: Sendable, Hashable {
    /// Pixels in the canvas.
    let pixelCount: Int
    /// The canvas's colours, as the four RGBA bytes of a pixel read as one word; empty when the
    /// runs hold whole pixels.
    let palette: [UInt32]
    /// The run headers and their pixels.
    let runs: [UInt8]

    /// The most colours a packed canvas codes as palette indices.
    static let paletteLimit = 256
    private static let longestRepeat = 129
    private static let longestLiteral = 128

    /// Bytes held.
    var bytes: Int { palette.count * 4 + runs.count }

    /// Whether the runs hold whole pixels (the canvas has more than ``paletteLimit`` colours).
    var holdsWholePixels: Bool { palette.isEmpty && pixelCount > 0 }

    /// Packs `pixels` (RGBA, 4 bytes a pixel); `nil` when they are not whole pixels, or hold more
    /// than ``paletteLimit`` colours and whole-pixel runs would not halve them.
    init?(pixels: [UInt8]) {
        guard pixels.count % 4 == 0 else { return nil }
        pixelCount = pixels.count / 4
        var colours = ColourIndex()
        // Each step codes at least a pixel in at most two bytes (a header and an index): never
        // more than two bytes a pixel, so the size never stops it (only the palette filling up).
        if let indexed = Self.code(pixels, sizeLimit: 2 * pixelCount, coder: &colours) {
            palette = colours.palette
            runs = indexed
            return
        }
        var wholePixels = WholePixels()
        guard let whole = Self.code(pixels, sizeLimit: pixels.count / 2, coder: &wholePixels) else { return nil }
        palette = []
        runs = whole
    }

    /// The pixels coded in runs, each coded pixel written by `coder`; `nil` when it gives up or
    /// the runs grow past `sizeLimit` bytes. The runs are written into a buffer of `sizeLimit`
    /// bytes and a few, then copied out at their size: one pass over the pixels, no array grown.
    private static func code<Coder: PixelCoder>(_ pixels: [UInt8], sizeLimit: Int, coder: inout Coder) -> [UInt8]? {
        let count = pixels.count / 4
        let capacity = sizeLimit + 8 // a header and a whole pixel past the limit, before it is checked
        // On the heap (not the stack, where a temporary allocation this size could go): only the
        // pages written become resident, and they go back when it is freed.
        let out = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { unsafe out.deallocate() }
        return unsafe pixels.withUnsafeBytes { raw -> [UInt8]? in
            var written = 0
            var literalStart = -1 // where the open literal run's length byte is, -1: none open
            var index = 0
            while index < count {
                let colour = unsafe raw.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
                // The run's end, two pixels to a word.
                let limit = min(count, index + Self.longestRepeat), pair = UInt64(colour) &* 0x1_0000_0001
                var next = index + 1
                while next + 2 <= limit, unsafe raw.loadUnaligned(fromByteOffset: next * 4, as: UInt64.self) == pair {
                    next += 2
                }
                if next < limit, unsafe raw.loadUnaligned(fromByteOffset: next * 4, as: UInt32.self) == colour { next += 1 }
                if next - index >= 2 {
                    unsafe out[written] = UInt8(126 + next - index)
                    written += 1
                    literalStart = -1
                } else if unsafe literalStart < 0 || out[literalStart] == UInt8(Self.longestLiteral - 1) {
                    literalStart = written
                    unsafe out[written] = 0
                    written += 1
                } else {
                    unsafe out[literalStart] += 1
                }
                let coded = unsafe coder.write(colour, to: out + written)
                written += coded
                guard coded > 0, written <= sizeLimit else { return nil }
                index = next
            }
            return unsafe Array(UnsafeBufferPointer(start: out, count: written))
        }
    }

    /// The canvas's RGBA bytes.
    func unpacked() -> [UInt8] {
        var pixels: [UInt8] = []
        unpacked(into: &pixels)
        return pixels
    }

    /// Writes the canvas's RGBA bytes into `pixels`, reusing its buffer when it holds exactly the
    /// canvas's bytes (a canvas let go by another image, ``ReusableBuffers``): every byte is
    /// written, so what it held does not matter. Otherwise it gets a new buffer.
    func unpacked(into pixels: inout [UInt8]) {
        if pixels.count != pixelCount * 4 {
            pixels = []
            // Every byte is written below: the runs, then transparent black for any pixel left.
            pixels = unsafe [UInt8](unwrittenCount: pixelCount * 4)
        }
        unsafe pixels.withUnsafeMutableBytes { raw in
            let pixel = unsafe unpack(into: raw)
            // Runs written by init(pixels:) cover every pixel; anything short is left transparent.
            if pixel < pixelCount {
                unsafe UnsafeMutableRawBufferPointer(rebasing: raw[(pixel * 4)...]).initializeMemory(as: UInt8.self, repeating: 0)
            }
        }
    }

    /// Writes the runs' pixels into `raw` (the canvas's bytes) from the first; returns how many
    /// pixels they covered.
    private func unpack(into raw: UnsafeMutableRawBufferPointer) -> Int {
        let pixelBytes = holdsWholePixels ? 4 : 1
        // Every byte a palette index: the palette padded to 256 colours (packing never writes an
        // index past it; runs from elsewhere read transparent black there).
        let colours = holdsWholePixels ? [] : palette + [UInt32](repeating: 0, count: 256 - min(256, palette.count))
        var pixel = 0, position = 0
        unsafe runs.withUnsafeBytes { runs in
            unsafe colours.withUnsafeBufferPointer { colours in
                while position < runs.count, pixel < pixelCount {
                    let header = unsafe Int(runs[position])
                    position += 1
                    let repeats = header >= Self.longestLiteral
                    let available = repeats ? (position + pixelBytes <= runs.count ? Int.max : 0)
                        : (runs.count - position) / pixelBytes
                    let length = min(repeats ? header - 126 : header + 1, pixelCount - pixel, available)
                    guard length > 0 else { break }
                    let out = unsafe raw.baseAddress! + pixel * 4
                    if repeats {
                        let colour = unsafe Self.colour(at: position, in: runs, colours: colours, whole: pixelBytes == 4)
                        for offset in 0..<length { unsafe out.storeBytes(of: colour, toByteOffset: offset * 4, as: UInt32.self) }
                        position += pixelBytes
                    } else {
                        for offset in 0..<length {
                            let colour = unsafe Self.colour(at: position + offset * pixelBytes, in: runs, colours: colours,
                                                            whole: pixelBytes == 4)
                            unsafe out.storeBytes(of: colour, toByteOffset: offset * 4, as: UInt32.self)
                        }
                        position += length * pixelBytes
                    }
                    pixel += length
                }
            }
        }
        return pixel
    }

    /// The pixel coded at `position` of `runs`: a whole pixel, or an index into `colours` (256 of
    /// them, so that every byte is one).
    private static func colour(at position: Int, in runs: UnsafeRawBufferPointer, colours: UnsafeBufferPointer<UInt32>,
                               whole: Bool) -> UInt32 {
        if whole { return unsafe runs.loadUnaligned(fromByteOffset: position, as: UInt32.self) }
        return unsafe colours[Int(runs[position])]
    }
}

/// How ``PackedCanvas`` codes one pixel of its runs.
private protocol PixelCoder {
    /// Writes `colour` coded at `out`; returns the bytes written, 0 to give up.
    mutating func write(_ colour: UInt32, to out: UnsafeMutablePointer<UInt8>) -> Int
}

/// Codes pixels whole: their four RGBA bytes.
private struct WholePixels: PixelCoder {
    func write(_ colour: UInt32, to out: UnsafeMutablePointer<UInt8>) -> Int {
        unsafe UnsafeMutableRawPointer(out).storeBytes(of: colour, as: UInt32.self)
        return 4
    }
}

/// The palette of a canvas being packed: each colour's index, found through a small open-addressing
/// table (and the colour met last, as most pixels repeat their neighbour).
private struct ColourIndex: PixelCoder {
    private(set) var palette: [UInt32] = []
    private var keys = [UInt32](repeating: 0, count: 1024)
    private var values = [Int16](repeating: -1, count: 1024)
    private var lastColour: UInt32 = 0
    private var lastIndex: Int16 = -1

    /// Writes the palette index of `colour` (added when new); gives up when the palette is full.
    mutating func write(_ colour: UInt32, to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard let index = index(of: colour) else { return 0 }
        unsafe out.pointee = index
        return 1
    }

    /// The index of `colour`, added when new; `nil` when the palette is full.
    mutating func index(of colour: UInt32) -> UInt8? {
        if lastIndex >= 0, lastColour == colour { return UInt8(lastIndex) }
        var slot = Int((colour &* 0x9E37_79B1) >> 22)
        while values[slot] >= 0 {
            if keys[slot] == colour {
                (lastColour, lastIndex) = (colour, values[slot])
                return UInt8(values[slot])
            }
            slot = (slot + 1) & 1023
        }
        guard palette.count < PackedCanvas.paletteLimit else { return nil }
        let index = Int16(palette.count)
        keys[slot] = colour
        values[slot] = index
        palette.append(colour)
        (lastColour, lastIndex) = (colour, index)
        return UInt8(index)
    }
}
