/// Reads a VP8L image stream (RFC 9649 §5): transforms, colour cache, meta prefix codes, prefix
/// codes and the entropy-coded pixels, recursing for the sub-images that transforms and the meta
/// prefix codes carry.
@unsafe struct VP8LImageStream {
    /// The result of decoding the main image of a stream.
    struct Decoded {
        /// RGBA bytes, `width × height × 4` of them: the first `completeRows` rows decoded, the
        /// rest transparent black.
        var rgba: [UInt8]
        var width: Int
        var height: Int
        /// Rows decoded in full (all of them unless `damage` is set).
        var completeRows: Int
        /// Why the pixel data stopped early, or `nil`.
        var damage: ZoetropeError?
    }

    /// The reader, over the bytes up to the stream's end (so its offsets are those of the whole
    /// buffer, for errors).
    var reader: LSBBitReader
    /// Where libwebp considers the stream overrun.
    let end: VP8LStreamEnd
    /// The most prefix-table entries one image level may use.
    let tableBudget: Int
    /// Transform types already read: each may occur once.
    private var seenTransforms: Set<Int> = []

    /// - Parameters:
    ///   - reader: a reader at the stream's image data (past a VP8L chunk's header).
    ///   - pixelCount: pixels in the main image.
    ///   - payloadCount: bytes in the stream, a VP8L chunk's header included.
    init(reader: LSBBitReader, pixelCount: Int, payloadCount: Int) {
        unsafe self.reader = reader
        unsafe end = VP8LStreamEnd(byteCount: payloadCount)
        // Prefix tables cost about 1.5–3.5 thousand entries per group in libwebp's output, and each
        // group takes tens of bytes to describe, so real streams stay well under 256 entries per
        // input byte; a hostile stream can reach ~1000 (long codes from a few repeat codes).
        // Capping by input size and by image size keeps what such a stream can allocate in
        // proportion to what it is, with a floor that no ordinary image comes near.
        unsafe tableBudget = max(1 << 23, min(256 * payloadCount, 16 * pixelCount))
    }

    /// Decodes the main image, `width × height`, from the reader's position.
    ///
    /// Damage in the main pixel data is returned with the rows before it; damage anywhere else
    /// (headers, transform data, codes) throws.
    ///
    /// One buffer holds the image throughout: the entropy-coded ARGB words are decoded into the
    /// bytes that are returned (seen as 32-bit words), the transforms are undone in place, and each
    /// word becomes its RGBA bytes in place, so decoding holds one image, not an ARGB copy besides.
    mutating func decodeMainImage(width: Int, height: Int) throws(ZoetropeError) -> Decoded {
        let (codedWidth, transforms, decoder) = unsafe try readCodedImageHeader(width: width, height: height)
        // Not zeroed: the entropy decoder writes the coded pixels of every row it completes, the
        // transforms rewrite those rows in place, and the rows after any damage are cleared below,
        // so every byte is written before it is read or returned.
        var rgba = unsafe [UInt8](unwrittenCount: width * height * 4)
        var reader = unsafe self.reader
        let end = unsafe self.end
        let outcome = unsafe rgba.withUnsafeMutableBytes { bytes in
            unsafe bytes.withMemoryRebound(to: UInt32.self) { unsafe decoder.decode(into: $0, reader: &reader, end: end) }
        }
        unsafe self.reader = reader
        let (rows, damage) = unsafe completeRows(outcome, codedWidth: codedWidth, height: height)
        unsafe rgba.withUnsafeMutableBytes { bytes in
            unsafe bytes.withMemoryRebound(to: UInt32.self) { buffer in
                // A palette undone last writes its colours as RGBA words already (its entries are
                // swapped once), so the pass over the image from ARGB to RGBA is left out.
                let paletteLast = unsafe Self.lastPalette(transforms)
                for transform in transforms.dropFirst(paletteLast == nil ? 0 : 1).reversed() {
                    unsafe transform.invert(buffer, rows: rows)
                }
                // Rows after the damage hold leftovers of the coded data (or nothing): clear them.
                unsafe UnsafeMutableBufferPointer(rebasing: buffer[(rows * width)...]).update(repeating: 0)
                if let paletteLast {
                    unsafe paletteLast.rgbaOrdered.invert(buffer, rows: rows)
                } else {
                    unsafe Self.argbToRGBA(buffer, count: rows * width)
                }
            }
        }
        return Decoded(rgba: rgba, width: width, height: height, completeRows: rows, damage: damage)
    }

    /// Turns ARGB words into RGBA bytes in place: R, G, B, A in memory is the little-endian word
    /// A<<24 | B<<16 | G<<8 | R, which is ARGB with red and blue swapped.
    private static func argbToRGBA(_ pixels: UnsafeMutableBufferPointer<UInt32>, count: Int) {
        guard let base = pixels.baseAddress else { return }
        // A plain pointer and loop, and the byte order written out: unoptimised, a buffer's
        // subscript, a range's iterator and `littleEndian` are calls per pixel.
        let count = count < pixels.count ? count : pixels.count
        var index = 0
        while index < count {
            let argb = unsafe base[index]
            let rgba = (argb & 0xff00_ff00) | (argb &>> 16 & 0xff) | (argb & 0xff) &<< 16
            #if _endian(little)
            unsafe base[index] = rgba
            #else
            unsafe base[index] = rgba.byteSwapped
            #endif
            index &+= 1
        }
    }

    /// Decodes the main image as an ALPH plane: the green byte of every pixel, `width × height`,
    /// the rows after any damage 0.
    ///
    /// Encoders store alpha as a palette of levels with no other transform (libwebp's
    /// `Is8bOptimizable` case). Then each output byte is the green of its palette entry, so the
    /// packed indices are mapped straight to bytes and the ARGB expansion is skipped; any other
    /// stream is decoded in full and its green bytes taken.
    mutating func decodeAlphaPlane(width: Int, height: Int) throws(ZoetropeError) -> (plane: [UInt8], damage: ZoetropeError?) {
        let coded = unsafe try decodeCodedImage(width: width, height: height, expandedInPlace: false)
        if let palette = unsafe VP8LImageStream.onlyPalette(coded.transforms) {
            // `expandGreen` writes every byte of the complete rows; the rest are cleared.
            var plane = unsafe [UInt8](unwrittenCount: width * height)
            unsafe plane.withUnsafeMutableBufferPointer { unsafe UnsafeMutableBufferPointer(rebasing: $0[(coded.rows * width)...]).update(repeating: 0) }
            unsafe coded.pixels.withUnsafeBufferPointer { packed in
                unsafe plane.withUnsafeMutableBufferPointer { unsafe palette.expandGreen(packed, rows: coded.rows, into: $0) }
            }
            return (plane, coded.damage)
        }
        var pixels = coded.pixels
        let rows = coded.rows
        unsafe pixels.withUnsafeMutableBufferPointer { buffer in
            for transform in coded.transforms.reversed() { unsafe transform.invert(buffer, rows: rows) }
        }
        return unsafe (VP8LImageStream.greenBytes(pixels, count: rows * width, total: width * height), coded.damage)
    }

    /// The green bytes of the first `count` of `pixels`, then zeros up to `total`.
    static func greenBytes(_ pixels: [UInt32], count: Int, total: Int) -> [UInt8] {
        var plane = [UInt8](repeating: 0, count: total)
        unsafe plane.withUnsafeMutableBufferPointer { plane in
            unsafe pixels.withUnsafeBufferPointer { pixels in
                guard let source = pixels.baseAddress, let target = plane.baseAddress else { return }
                for index in 0 ..< min(count, total, pixels.count) {
                    unsafe target[index] = UInt8(truncatingIfNeeded: source[index] >> 8)
                }
            }
        }
        return plane
    }

    /// The palette of `transforms` when it is the first in stream order: the last one undone.
    private static func lastPalette(_ transforms: [VP8LTransform]) -> VP8LPalette? {
        guard let first = transforms.first, case .colorIndexing(let palette) = first else { return nil }
        return palette
    }

    /// The palette of `transforms` when it is their only one.
    private static func onlyPalette(_ transforms: [VP8LTransform]) -> VP8LPalette? {
        guard transforms.count == 1, case .colorIndexing(let palette) = transforms[0] else { return nil }
        return palette
    }

    /// The main image's entropy-coded pixels (coded width) with its transforms, still to be
    /// undone, and the rows decoded in full.
    ///
    /// The buffer holds `width × height` pixels, room for the transforms to be undone in place,
    /// unless `expandedInPlace` is false and a palette is the only transform: then it holds just
    /// the packed pixels, for ``VP8LPalette/expandGreen(_:rows:into:)``.
    private mutating func decodeCodedImage(width: Int, height: Int, expandedInPlace: Bool) throws(ZoetropeError)
        -> (pixels: [UInt32], transforms: [VP8LTransform], rows: Int, damage: ZoetropeError?) {
        let (codedWidth, transforms, decoder) = unsafe try readCodedImageHeader(width: width, height: height)
        let packedOnly = unsafe !expandedInPlace && VP8LImageStream.onlyPalette(transforms) != nil
        var pixels = [UInt32](repeating: 0, count: (packedOnly ? codedWidth : width) * height)
        var reader = unsafe self.reader
        let outcome = unsafe pixels.withUnsafeMutableBufferPointer { unsafe decoder.decode(into: $0, reader: &reader, end: end) }
        unsafe self.reader = reader
        let (rows, damage) = unsafe completeRows(outcome, codedWidth: codedWidth, height: height)
        return (pixels, transforms, rows, damage)
    }

    /// Reads what comes before the main image's pixels: its transforms and its entropy coding.
    /// Returns the coded width (narrower when a palette packs pixels), the transforms in stream
    /// order, and the decoder of the pixels.
    private mutating func readCodedImageHeader(width: Int, height: Int) throws(ZoetropeError)
        -> (codedWidth: Int, transforms: [VP8LTransform], decoder: VP8LEntropyDecoder) {
        var codedWidth = width
        var transforms: [VP8LTransform] = []
        while unsafe reader.read(1) != 0 {
            guard transforms.count < 4 else { throw unsafe malformed("VP8L stream has more than four transforms") }
            unsafe transforms.append(try readTransform(width: &codedWidth, height: height))
        }
        let decoder = unsafe try readEntropyCoding(width: codedWidth, height: height, allowMetaCodes: true)
        return (codedWidth, transforms, decoder)
    }

    /// The rows of the main image decoded in full, and the damage that stopped it (also a stream
    /// overrun libwebp reports, with every pixel read).
    private func completeRows(_ outcome: VP8LEntropyDecoder.Outcome, codedWidth: Int,
                              height: Int) -> (rows: Int, damage: ZoetropeError?) {
        var damage = outcome.damage
        if damage == nil, unsafe end.isPassed(by: reader) { damage = unsafe truncated("VP8L data ends inside the pixel data") }
        return (damage == nil ? height : outcome.decodedPixels / codedWidth, damage)
    }

    /// Decodes a sub-image (transform data, entropy image, palette): no transforms, no meta
    /// prefix codes, and any damage throws.
    mutating func decodeSubImage(width: Int, height: Int) throws(ZoetropeError) -> [UInt32] {
        let decoder = unsafe try readEntropyCoding(width: width, height: height, allowMetaCodes: false)
        var pixels = [UInt32](repeating: 0, count: width * height)
        var reader = unsafe self.reader
        let outcome = unsafe pixels.withUnsafeMutableBufferPointer { unsafe decoder.decode(into: $0, reader: &reader, end: end) }
        unsafe self.reader = reader
        if let damage = outcome.damage { throw damage }
        if unsafe end.isPassed(by: reader) { throw unsafe truncated("VP8L data ends inside a sub-image") }
        return pixels
    }

    /// Reads one transform; colour indexing narrows `width` to the packed width.
    private mutating func readTransform(width: inout Int, height: Int) throws(ZoetropeError) -> VP8LTransform {
        let kind = unsafe Int(reader.read(2))
        guard unsafe seenTransforms.insert(kind).inserted else { throw unsafe malformed("VP8L transform \(kind) occurs twice") }
        switch VP8LTransform.Kind(rawValue: kind) {
        case .predictor, .crossColor:
            let bits = unsafe 2 + Int(reader.read(3))
            let tilesPerRow = vp8lSubsampledSize(width, bits: bits)
            let tiles = unsafe try decodeSubImage(width: tilesPerRow, height: vp8lSubsampledSize(height, bits: bits))
            let data = VP8LTileData(width: width, bits: bits, tilesPerRow: tilesPerRow, tiles: tiles)
            return kind == VP8LTransform.Kind.predictor.rawValue ? .predictor(data) : .crossColor(data)
        case .subtractGreen:
            return .subtractGreen(width: width)
        case .colorIndexing, nil:
            let colorCount = unsafe Int(reader.read(8)) + 1
            let bits = VP8LPalette.packingBits(colorCount: colorCount)
            let deltas = unsafe try decodeSubImage(width: colorCount, height: 1)
            let palette = VP8LPalette(width: width, bits: bits, deltas: deltas)
            width = palette.packedWidth
            return .colorIndexing(palette)
        }
    }

    /// Reads the colour cache size, the meta prefix codes (main image only) and the prefix codes.
    private mutating func readEntropyCoding(width: Int, height: Int, allowMetaCodes: Bool) throws(ZoetropeError) -> VP8LEntropyDecoder {
        var cacheBits = 0
        if unsafe reader.read(1) != 0 {
            cacheBits = unsafe Int(reader.read(4))
            guard VP8LColorCache.bitRange.contains(cacheBits) else {
                throw unsafe malformed("VP8L colour cache size 2^\(cacheBits) is out of range")
            }
        }
        var groupMap = VP8LGroupMap.single
        var used: [Bool] = [true]
        if allowMetaCodes, unsafe reader.read(1) != 0 {
            (groupMap, used) = unsafe try readGroupMap(width: width, height: height)
        }
        if unsafe end.isPassed(by: reader) { throw unsafe truncated("VP8L data ends before the prefix codes") }
        let codes = unsafe try VP8LPrefixCodeSet.read(groupCount: used.count, isUsed: { used[$0] },
                                               colorCacheSize: cacheBits > 0 ? 1 << cacheBits : 0,
                                               tableBudget: tableBudget, from: &reader, end: end)
        return VP8LEntropyDecoder(width: width, height: height, codes: codes, groupMap: groupMap, cacheBits: cacheBits)
    }

    /// Reads the entropy image and maps its group numbers (red and green bytes) onto the groups
    /// it uses, in increasing order. Returns the map and, per group number, whether it is used.
    private mutating func readGroupMap(width: Int, height: Int) throws(ZoetropeError) -> (VP8LGroupMap, [Bool]) {
        let bits = unsafe 2 + Int(reader.read(3))
        let tilesPerRow = vp8lSubsampledSize(width, bits: bits)
        let tiles = unsafe try decodeSubImage(width: tilesPerRow, height: vp8lSubsampledSize(height, bits: bits))
        var groupCount = 0
        for tile in tiles { groupCount = max(groupCount, Int((tile >> 8) & 0xffff) + 1) }
        var used = [Bool](repeating: false, count: groupCount)
        for tile in tiles { used[Int((tile >> 8) & 0xffff)] = true }
        var mapped = [Int32](repeating: 0, count: groupCount)
        var next: Int32 = 0
        for group in 0..<groupCount where used[group] {
            mapped[group] = next
            next += 1
        }
        let indices = tiles.map { mapped[Int(($0 >> 8) & 0xffff)] }
        return (VP8LGroupMap(bits: bits, tilesPerRow: tilesPerRow, groupIndices: indices), used)
    }

    private func malformed(_ message: String) -> ZoetropeError {
        unsafe ZoetropeError(.malformed, format: .webp, offset: reader.byteOffset, message)
    }

    private func truncated(_ message: String) -> ZoetropeError {
        unsafe ZoetropeError(.truncated, format: .webp, offset: reader.byteOffset, message)
    }
}
