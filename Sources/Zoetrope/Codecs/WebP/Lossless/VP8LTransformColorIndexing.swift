/// The colour-indexing transform (RFC 9649 §4.4): a palette, and how many indices share one coded
/// pixel's green byte.
struct VP8LPalette: Sendable {
    /// Width of the image after expansion.
    var width: Int
    /// log2 of the indices per coded pixel: 0 (over 16 colours), 1 (5–16), 2 (3–4) or 3 (1–2).
    var bits: Int
    /// The colours, padded with transparent black to every index the packing can express
    /// (2^(8 >> bits)), so that an index past the stored colours reads 0x00000000 as in libwebp.
    var colors: [UInt32]

    /// The packing for a palette of `colorCount` colours.
    static func packingBits(colorCount: Int) -> Int {
        colorCount > 16 ? 0 : colorCount > 4 ? 1 : colorCount > 2 ? 2 : 3
    }

    /// Builds the palette from its sub-image, whose entries are each stored as the byte-wise
    /// difference from the previous one.
    init(width: Int, bits: Int, deltas: [UInt32]) {
        self.width = width
        self.bits = bits
        var colors = [UInt32](repeating: 0, count: 1 << (8 >> bits))
        var previous: UInt32 = 0
        for (index, delta) in deltas.prefix(colors.count).enumerated() {
            previous = vp8lAddPixels(delta, previous)
            colors[index] = previous
        }
        self.colors = colors
    }

    /// Width of the coded (packed) image.
    var packedWidth: Int { vp8lSubsampledSize(width, bits: bits) }

    /// The same palette with every colour's red and blue swapped: undoing it writes RGBA words
    /// (R in the low byte) instead of ARGB ones, for a palette undone last.
    var rgbaOrdered: VP8LPalette {
        var swapped = self
        swapped.colors = colors.map { argb in
            ((argb & 0xff00_ff00) | (argb >> 16 & 0xff) | (argb & 0xff) << 16).littleEndian
        }
        return swapped
    }

    /// Replaces the indices of the first `rows` rows with colours, in place.
    ///
    /// With packing, row y's packed pixels (at y × packedWidth) are expanded to y × width; going
    /// backwards from the last coded pixel, every read position lies at or below every position
    /// written so far (a coded pixel is read before its own colours are written), so nothing is
    /// overwritten before it is read.
    func invert(_ pixels: UnsafeMutableBufferPointer<UInt32>, rows: Int) {
        precondition(rows >= 0 && rows * width <= pixels.count)
        guard rows > 0, width > 0, let base = pixels.baseAddress else { return }
        unsafe colors.withUnsafeBufferPointer { colors in
            // `colors` holds 2^(8 >> bits) entries, so every index the mask lets through is in it.
            let color = colors.baseAddress!
            if bits == 0 {
                // A counted `while`: unoptimised, a range's iterator is a call per pixel.
                var index = 0
                let count = rows * width
                while index < count {
                    unsafe base[index] = color[Int(truncatingIfNeeded: (base[index] &>> 8) & 0xff)]
                    index &+= 1
                }
                return
            }
            unsafe invertPacked(base, rows: rows, colors: color)
        }
    }

    /// ``invert(_:rows:)`` for packed rows.
    ///
    /// Every green byte expands to the same 2^`bits` colours (2, 4 or 8), so a table holds them,
    /// 2^`bits` words per green byte, and a coded pixel costs a lookup and 1, 2 or 4 8-byte copies
    /// instead of a mask, shift and load per colour. The last coded pixel of a row, which may
    /// hold fewer colours, is expanded colour by colour.
    private func invertPacked(_ base: UnsafeMutablePointer<UInt32>, rows: Int, colors: UnsafePointer<UInt32>) {
        let indexBits = 8 >> bits, perPixel = 1 << bits
        let indexMask = (1 << indexBits) - 1
        var expansions = [UInt32](repeating: 0, count: 256 * perPixel)
        for green in 0 ..< 256 {
            for slot in 0 ..< perPixel { expansions[green * perPixel + slot] = unsafe colors[(green >> (slot * indexBits)) & indexMask] }
        }
        let packedWidth = self.packedWidth, fullColumns = width / perPixel, wordsPerGroup = perPixel / 2
        unsafe expansions.withUnsafeBufferPointer { expansions in
            let table = expansions.baseAddress!
            var y = rows - 1
            while y >= 0 {
                let packedRow = unsafe base + y * packedWidth, row = unsafe base + y * width
                if fullColumns < packedWidth { // a last coded pixel with fewer colours
                    let entry = unsafe table + Int((packedRow[fullColumns] >> 8) & 0xff) * perPixel
                    for slot in 0 ..< width - fullColumns * perPixel { unsafe row[fullColumns * perPixel + slot] = entry[slot] }
                }
                var column = fullColumns - 1
                while column >= 0 {
                    let entry = unsafe UnsafeRawPointer(table + Int((packedRow[column] >> 8) & 0xff) &* perPixel)
                    let out = unsafe UnsafeMutableRawPointer(row + column &* perPixel)
                    var word = 0
                    repeat {
                        unsafe out.storeBytes(of: entry.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self),
                                       toByteOffset: word &* 8, as: UInt64.self)
                        word &+= 1
                    } while word < wordsPerGroup
                    column &-= 1
                }
                y -= 1
            }
        }
    }

    /// Maps the packed indices of the first `rows` rows of `packed` (rows `packedWidth` apart) to
    /// the green bytes of their colours, `width` per row of `plane`: the ALPH plane of a stream
    /// whose only transform is this one, without building ARGB pixels.
    func expandGreen(_ packed: UnsafeBufferPointer<UInt32>, rows: Int, into plane: UnsafeMutableBufferPointer<UInt8>) {
        precondition(rows * packedWidth <= packed.count && rows * width <= plane.count)
        guard rows > 0, let source = packed.baseAddress, let target = plane.baseAddress else { return }
        // The green byte of each colour, indexed by the 8-bit index (which the padding of
        // `colors` keeps in range for every packing).
        var greens = [UInt8](repeating: 0, count: 256)
        for index in 0 ..< min(colors.count, 256) { greens[index] = UInt8(truncatingIfNeeded: colors[index] >> 8) }
        unsafe greens.withUnsafeBufferPointer { greens in
            let green = greens.baseAddress!
            if bits == 0 {
                var index = 0
                let count = rows * width
                while index < count {
                    unsafe target[index] = green[Int(truncatingIfNeeded: (source[index] &>> 8) & 0xff)]
                    index &+= 1
                }
                return
            }
            unsafe expandPackedGreen(source, rows: rows, greens: green, into: target)
        }
    }

    /// ``expandGreen(_:rows:into:)`` for packed rows: each coded pixel's green byte holds
    /// 2^`bits` indices, the first in the low bits.
    ///
    /// Every green byte expands to the same 2^`bits` (≤ 8) output bytes, so a 256-entry table
    /// holds them as one little-endian word and a coded pixel costs a load and an 8-byte store.
    /// Stores go left to right and each writes past its own bytes only into the next pixels'
    /// places, which later stores overwrite; the last pixels of a row, where 8 bytes would cross
    /// the row's end, are written byte by byte.
    private func expandPackedGreen(_ source: UnsafePointer<UInt32>, rows: Int, greens: UnsafePointer<UInt8>,
                                   into target: UnsafeMutablePointer<UInt8>) {
        let indexBits = 8 >> bits, perPixel = 1 << bits
        let indexMask = (1 << indexBits) - 1
        // The expansion of each 4-bit half of a green byte (perPixel / 2 indices), then of every
        // byte as its two halves: 16 small entries and 256 combinations rather than 256 × perPixel
        // lookups (the table is rebuilt for every ALPH plane).
        let halfSlots = perPixel / 2
        var halves = [UInt64](repeating: 0, count: 16)
        for nibble in 0 ..< 16 {
            var word: UInt64 = 0
            for slot in 0 ..< halfSlots {
                unsafe word |= UInt64(greens[(nibble >> (slot * indexBits)) & indexMask]) << (slot * 8)
            }
            halves[nibble] = word
        }
        var expansions = [UInt64](repeating: 0, count: 256)
        let highShift = UInt64(halfSlots * 8)
        for green in 0 ..< 256 {
            expansions[green] = (halves[green & 15] | halves[green >> 4] &<< highShift).littleEndian
        }
        let packedWidth = self.packedWidth
        let wordColumns = width >= 8 ? (width - 8) / perPixel + 1 : 0 // columns whose 8-byte store fits the row
        unsafe expansions.withUnsafeBufferPointer { expansions in
            let expansion = expansions.baseAddress!
            for y in 0 ..< rows {
                let row = unsafe source + y * packedWidth
                let out = unsafe UnsafeMutableRawPointer(target + y * width)
                for column in 0 ..< wordColumns {
                    unsafe out.storeBytes(of: expansion[Int((row[column] >> 8) & 0xff)], toByteOffset: column * perPixel, as: UInt64.self)
                }
                for column in wordColumns ..< packedWidth {
                    var word = unsafe UInt64(littleEndian: expansion[Int((row[column] >> 8) & 0xff)])
                    for x in column * perPixel ..< min(width, (column + 1) * perPixel) {
                        unsafe out.storeBytes(of: UInt8(truncatingIfNeeded: word), toByteOffset: x, as: UInt8.self)
                        word >>= 8
                    }
                }
            }
        }
    }
}
