/// Which prefix code group decodes each pixel: the entropy ("meta prefix code") image of
/// RFC 9649 §3.7.2.2, already mapped to indices into ``VP8LPrefixCodeSet/groups``.
struct VP8LGroupMap: Sendable {
    /// log2 of the tile side; 0 means one group for the whole image.
    var bits: Int
    /// Tiles per row.
    var tilesPerRow: Int
    /// Group index per tile, row-major (empty when `bits` is 0).
    var groupIndices: [Int32]

    /// A map with one group for every pixel.
    static let single = VP8LGroupMap(bits: 0, tilesPerRow: 1, groupIndices: [])
}

/// Decodes the entropy-coded ARGB pixels of one image level: literals, LZ77 backward references
/// and colour cache hits (RFC 9649 §5.2).
struct VP8LEntropyDecoder {
    let width: Int
    let height: Int
    let codes: VP8LPrefixCodeSet
    let groupMap: VP8LGroupMap
    /// Colour cache index width, 0 without a cache.
    let cacheBits: Int

    /// How far decoding got.
    struct Outcome {
        /// Pixels written, from the first one on.
        var decodedPixels: Int
        /// Why decoding stopped early, or `nil` when every pixel was decoded.
        var damage: ZoetropeError?
    }

    /// Decodes `width × height` pixels into the start of `pixels` (which must hold that many).
    ///
    /// Damage (data ending early, an impossible backward reference) does not throw: the pixels
    /// before it stay written and the outcome says where decoding stopped.
    func decode(into pixels: UnsafeMutableBufferPointer<UInt32>, reader: inout LSBBitReader, end: VP8LStreamEnd) -> Outcome {
        var cache = [UInt32](repeating: 0, count: cacheBits > 0 ? 1 << cacheBits : 0)
        return unsafe codes.tables.withUnsafeBufferPointer { tables in
            unsafe codes.groups.withUnsafeBufferPointer { groups in
                unsafe cache.withUnsafeMutableBufferPointer { cache in
                    unsafe decodeLoop(pixels: pixels, tables: tables, groups: groups, cache: cache, reader: &reader, end: end)
                }
            }
        }
    }

    /// The group for the pixel at (`x`, `y`).
    @inline(__always)
    private func group(x: Int, y: Int, _ groups: UnsafeBufferPointer<VP8LPrefixCodeGroup>) -> VP8LPrefixCodeGroup {
        guard groupMap.bits > 0 else { return unsafe groups[0] }
        let tile = (y >> groupMap.bits) * groupMap.tilesPerRow + (x >> groupMap.bits)
        return unsafe groups[Int(groupMap.groupIndices[tile])]
    }

    /// Decodes one symbol with the code in `slot`. Needs ``VP8LPrefixCode/maximumCodeBits`` bits
    /// buffered (see ``VP8LPrefixCode/decode(_:primaryBits:_:)``).
    @inline(__always)
    private func symbol(_ slot: VP8LCodeSlot, _ tables: UnsafeBufferPointer<UInt32>, _ reader: inout LSBBitReader) -> Int {
        // A view of this code's table without slicing, whose checks cost more than the lookup;
        // `slot` was made from the tables array, so the range is inside it.
        let table = unsafe UnsafeBufferPointer(start: tables.baseAddress.map { unsafe $0 + slot.start }, count: slot.count)
        return unsafe VP8LPrefixCode.decode(table, primaryBits: slot.primaryBits, &reader)
    }

    /// Bits that two codes need: the hot loop refills when fewer are buffered, then decodes two
    /// codes (green and red, blue and alpha) without checking again.
    private static let twoCodeBits = 2 * VP8LPrefixCode.maximumCodeBits

    /// The per-pixel loop: literals, backward references and colour cache hits. It stays in one
    /// function (its helpers are inlined) so that the position, the current group and the reader
    /// live in registers.
    private func decodeLoop(pixels: UnsafeMutableBufferPointer<UInt32>, tables: UnsafeBufferPointer<UInt32>,
                            groups: UnsafeBufferPointer<VP8LPrefixCodeGroup>, cache: UnsafeMutableBufferPointer<UInt32>,
                            reader: inout LSBBitReader, end: VP8LStreamEnd) -> Outcome {
        let total = width * height
        let tileMask = groupMap.bits > 0 ? (1 << groupMap.bits) - 1 : Int.max
        let literalLimit = VP8LPrefixCodeSet.literalCount
        let lengthLimit = literalLimit + VP8LPrefixCodeSet.lengthPrefixCount
        var position = 0, x = 0, y = 0
        var cachedUpTo = 0 // pixels before this one are in the colour cache
        var current = unsafe total > 0 ? group(x: 0, y: 0, groups) : groups[0]
        while position < total {
            if x & tileMask == 0 { current = unsafe group(x: x, y: y, groups) }
            var argb: UInt32
            if current.isTrivialCode {
                argb = current.trivialARB
            } else {
                unsafe reader.refill(ifBelow: Self.twoCodeBits)
                let green = unsafe symbol(current.green, tables, &reader)
                if green < literalLimit {
                    argb = unsafe literal(green: green, current, tables, &reader)
                } else if green < lengthLimit {
                    let length = unsafe VP8LDistanceMap.value(prefix: green - literalLimit, reader: &reader)
                    unsafe reader.refill(ifBelow: VP8LPrefixCode.maximumCodeBits)
                    let distancePrefix = unsafe symbol(current.distance, tables, &reader)
                    let code = unsafe VP8LDistanceMap.value(prefix: distancePrefix, reader: &reader)
                    let distance = VP8LDistanceMap.distance(code: code, width: width)
                    if unsafe end.isPassed(by: reader) { return unsafe truncated(position, reader) }
                    guard distance <= position, length <= total - position else {
                        return unsafe Outcome(decodedPixels: position, damage: ZoetropeError(
                            .malformed, format: .webp, offset: reader.byteOffset,
                            "VP8L backward reference (distance \(distance), length \(length)) leaves the image"))
                    }
                    // `pixels` is not empty here (a pixel was decoded before the match), and the
                    // match and the room after it lie inside it.
                    unsafe LZ77.copyMatch(pixels.baseAddress.unsafelyUnwrapped, at: position, distance: distance, length: length,
                                   room: pixels.count &- position)
                    position += length
                    x += length
                    if x >= width { y += x / width; x %= width }
                    if position < total { current = unsafe group(x: x, y: y, groups) }
                    continue
                } else {
                    if unsafe end.isPassed(by: reader) { return unsafe truncated(position, reader) }
                    argb = unsafe cachedColor(green - lengthLimit, cache, pixels, cachedUpTo: &cachedUpTo, before: position)
                }
                if unsafe end.isPassed(by: reader) { return unsafe truncated(position, reader) }
            }
            unsafe pixels[position] = argb
            position += 1
            x += 1
            if x == width { x = 0; y += 1 }
        }
        return Outcome(decodedPixels: position, damage: nil)
    }

    /// The ARGB literal whose green is `green` (already decoded with the other codes' refill):
    /// red, blue and alpha come from the group's single symbols or are decoded here.
    @inline(__always)
    private func literal(green: Int, _ current: VP8LPrefixCodeGroup, _ tables: UnsafeBufferPointer<UInt32>,
                         _ reader: inout LSBBitReader) -> UInt32 {
        if current.hasTrivialLiteral { return current.trivialARB | UInt32(green) << 8 }
        let red = unsafe symbol(current.red, tables, &reader)
        unsafe reader.refill(ifBelow: Self.twoCodeBits)
        let blue = unsafe symbol(current.blue, tables, &reader)
        let alpha = unsafe symbol(current.alpha, tables, &reader)
        return UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    /// The colour at `index` of the colour cache, after adding the pixels from `cachedUpTo` to
    /// `position` to it (the cache is only brought up to date when a stream reads it).
    @inline(__always)
    private func cachedColor(_ index: Int, _ cache: UnsafeMutableBufferPointer<UInt32>,
                             _ pixels: UnsafeMutableBufferPointer<UInt32>, cachedUpTo: inout Int, before position: Int) -> UInt32 {
        while cachedUpTo < position {
            let color = unsafe pixels[cachedUpTo]
            unsafe cache[VP8LColorCache.index(of: color, bits: cacheBits)] = color
            cachedUpTo += 1
        }
        // The alphabet only has cache symbols when there is a cache, so this index is below the
        // cache size.
        return unsafe cache[index]
    }

    private func truncated(_ position: Int, _ reader: LSBBitReader) -> Outcome {
        unsafe Outcome(decodedPixels: position, damage: ZoetropeError(.truncated, format: .webp, offset: reader.byteOffset,
                                                               "VP8L pixel data ends after \(position) pixels"))
    }
}
