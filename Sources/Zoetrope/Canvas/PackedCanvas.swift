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
        let indexed = Self.code(pixels, sizeLimit: Int.max) { colour, runs in
            guard let index = colours.index(of: colour) else { return false }
            runs.append(index)
            return true
        }
        if let indexed {
            palette = colours.palette
            runs = indexed
            return
        }
        let whole = Self.code(pixels, sizeLimit: pixels.count / 2) { colour, runs in
            unsafe withUnsafeBytes(of: colour) { unsafe runs.append(contentsOf: $0) }
            return true
        }
        guard let whole else { return nil }
        palette = []
        runs = whole
    }

    /// The pixels coded in runs, each coded pixel appended by `append`; `nil` when `append` gives
    /// up (returns `false`) or the runs grow past `sizeLimit` bytes.
    private static func code(_ pixels: [UInt8], sizeLimit: Int,
                             _ append: (_ colour: UInt32, _ runs: inout [UInt8]) -> Bool) -> [UInt8]? {
        let count = pixels.count / 4
        var runs: [UInt8] = []
        runs.reserveCapacity(count / 16)
        let coded = unsafe pixels.withUnsafeBytes { raw -> Bool in
            var literalStart = -1 // where the open literal run's length byte is, -1: none open
            var index = 0
            while index < count {
                let colour = unsafe raw.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
                var length = 1
                while length < Self.longestRepeat, index + length < count,
                      unsafe raw.loadUnaligned(fromByteOffset: (index + length) * 4, as: UInt32.self) == colour {
                    length += 1
                }
                if length >= 2 {
                    runs.append(UInt8(126 + length))
                    literalStart = -1
                } else if literalStart < 0 || runs[literalStart] == UInt8(Self.longestLiteral - 1) {
                    literalStart = runs.count
                    runs.append(0)
                } else {
                    runs[literalStart] += 1
                }
                guard append(colour, &runs), runs.count <= sizeLimit else { return false }
                index += length
            }
            return true
        }
        return coded ? runs : nil
    }

    /// The canvas's RGBA bytes.
    func unpacked() -> [UInt8] {
        let pixelBytes = holdsWholePixels ? 4 : 1
        return unsafe [UInt8](unsafeUninitializedCapacity: pixelCount * 4) { buffer, initialized in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            var pixel = 0, position = 0
            while position < runs.count, pixel < pixelCount {
                let header = Int(runs[position])
                position += 1
                let repeats = header >= Self.longestLiteral
                for _ in 0..<min(repeats ? header - 126 : header + 1, pixelCount - pixel) {
                    guard position + pixelBytes <= runs.count else { break }
                    unsafe raw.storeBytes(of: colour(at: position), toByteOffset: pixel * 4, as: UInt32.self)
                    pixel += 1
                    if !repeats { position += pixelBytes }
                }
                if repeats { position += pixelBytes }
            }
            // Runs written by init(pixels:) cover every pixel; anything short is left transparent.
            if pixel < pixelCount {
                unsafe UnsafeMutableRawBufferPointer(rebasing: raw[(pixel * 4)...]).initializeMemory(as: UInt8.self, repeating: 0)
            }
            initialized = pixelCount * 4
        }
    }

    /// The pixel coded at `position` of the runs.
    private func colour(at position: Int) -> UInt32 {
        guard holdsWholePixels else { return palette[Int(runs[position])] }
        return unsafe runs.withUnsafeBytes { unsafe $0.loadUnaligned(fromByteOffset: position, as: UInt32.self) }
    }
}

/// The palette of a canvas being packed: each colour's index, found through a small open-addressing
/// table (and the colour met last, as most pixels repeat their neighbour).
private struct ColourIndex {
    private(set) var palette: [UInt32] = []
    private var keys = [UInt32](repeating: 0, count: 1024)
    private var values = [Int16](repeating: -1, count: 1024)
    private var last: (colour: UInt32, index: UInt8)?

    /// The index of `colour`, added when new; `nil` when the palette is full.
    mutating func index(of colour: UInt32) -> UInt8? {
        if let last, last.colour == colour { return last.index }
        var slot = Int((colour &* 0x9E37_79B1) >> 22)
        while values[slot] >= 0 {
            if keys[slot] == colour {
                let found = UInt8(values[slot])
                last = (colour, found)
                return found
            }
            slot = (slot + 1) & 1023
        }
        guard palette.count < PackedCanvas.paletteLimit else { return nil }
        let index = UInt8(palette.count)
        keys[slot] = colour
        values[slot] = Int16(index)
        palette.append(colour)
        last = (colour, index)
        return index
    }
}
