/// A canvas kept small while nothing draws on it: its colours in a palette (at most 256) and the
/// pixels as palette indices, runs of one index stored once.
///
/// An animation that is not being decoded right now parks its replay canvas this way instead of
/// holding the full RGBA buffer (a 1080p canvas is 8 MB; a GIF's canvas, drawn from palettes of at
/// most 256 colours, usually packs to a few hundred kilobytes), and unpacks it when decoding
/// resumes: one pass over the canvas each way, against replaying every frame since the last clean
/// start.
///
/// The indices are coded in runs: a byte `b` below 128 is followed by `b + 1` literal indices; a
/// byte `b` from 128 is followed by one index repeated `b - 126` times (2 to 129).
struct PackedCanvas: Sendable, Hashable {
    /// Pixels in the canvas.
    let pixelCount: Int
    /// The canvas's colours, as the four RGBA bytes of a pixel read as one word.
    let palette: [UInt32]
    /// The indices, run-coded.
    let runs: [UInt8]

    /// The most colours a packed canvas holds.
    static let paletteLimit = 256
    private static let longestRepeat = 129
    private static let longestLiteral = 128

    /// Bytes held.
    var bytes: Int { palette.count * 4 + runs.count }

    /// Packs `pixels` (RGBA, 4 bytes a pixel); `nil` when they hold more than ``paletteLimit``
    /// colours or are not whole pixels.
    init?(pixels: [UInt8]) {
        guard pixels.count % 4 == 0 else { return nil }
        let count = pixels.count / 4
        var colours = ColourIndex()
        var runs: [UInt8] = []
        runs.reserveCapacity(count / 16)
        let packed = unsafe pixels.withUnsafeBytes { raw -> Bool in
            var literalStart = -1 // where the open literal run's length byte is, -1: none open
            var index = 0
            while index < count {
                let colour = unsafe raw.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self)
                guard let paletteIndex = colours.index(of: colour) else { return false }
                var length = 1
                while length < Self.longestRepeat, index + length < count,
                      unsafe raw.loadUnaligned(fromByteOffset: (index + length) * 4, as: UInt32.self) == colour {
                    length += 1
                }
                if length >= 2 {
                    runs.append(UInt8(126 + length))
                    runs.append(paletteIndex)
                    literalStart = -1
                } else {
                    if literalStart < 0 || runs[literalStart] == UInt8(Self.longestLiteral - 1) {
                        literalStart = runs.count
                        runs.append(0)
                    } else {
                        runs[literalStart] += 1
                    }
                    runs.append(paletteIndex)
                }
                index += length
            }
            return true
        }
        guard packed else { return nil }
        pixelCount = count
        palette = colours.palette
        self.runs = runs
    }

    /// The canvas's RGBA bytes.
    func unpacked() -> [UInt8] {
        unsafe [UInt8](unsafeUninitializedCapacity: pixelCount * 4) { buffer, initialized in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            var pixel = 0, position = 0
            while position < runs.count, pixel < pixelCount {
                let header = Int(runs[position])
                position += 1
                if header >= Self.longestLiteral {
                    guard position < runs.count else { break }
                    let colour = palette[Int(runs[position])]
                    position += 1
                    for _ in 0..<min(header - 126, pixelCount - pixel) {
                        unsafe raw.storeBytes(of: colour, toByteOffset: pixel * 4, as: UInt32.self)
                        pixel += 1
                    }
                } else {
                    for _ in 0...header where position < runs.count && pixel < pixelCount {
                        unsafe raw.storeBytes(of: palette[Int(runs[position])], toByteOffset: pixel * 4, as: UInt32.self)
                        position += 1
                        pixel += 1
                    }
                }
            }
            // Runs written by init(pixels:) cover every pixel; anything short is left transparent.
            if pixel < pixelCount {
                unsafe UnsafeMutableRawBufferPointer(rebasing: raw[(pixel * 4)...]).initializeMemory(as: UInt8.self, repeating: 0)
            }
            initialized = pixelCount * 4
        }
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
