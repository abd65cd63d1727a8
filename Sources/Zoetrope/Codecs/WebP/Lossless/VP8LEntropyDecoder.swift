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
                    // Every code has at least one table entry and every stream at least one group.
                    unsafe decodeLoop(pixels: pixels, tables: tables.baseAddress.unsafelyUnwrapped, groups: groups,
                                      cache: cache.baseAddress, reader: &reader, end: end)
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

    /// Bits that two codes need: the hot loop refills when fewer are buffered, then decodes two
    /// codes (green and red, blue and alpha) without checking again.
    private static let twoCodeBits = 2 * VP8LPrefixCode.maximumCodeBits

    /// The per-pixel loop: literals, backward references and colour cache hits. It stays in one
    /// function (its helpers are inlined) so that the position, the current group and the reader
    /// live in registers.
    ///
    /// Unoptimised builds call a function for every step that is not written out here, so the
    /// per-pixel steps use locals (the stream end, the refill threshold) and plain pointers.
    private func decodeLoop(pixels: UnsafeMutableBufferPointer<UInt32>, tables: UnsafePointer<UInt32>,
                            groups: UnsafeBufferPointer<VP8LPrefixCodeGroup>, cache: UnsafeMutablePointer<UInt32>?,
                            reader: inout LSBBitReader, end: VP8LStreamEnd) -> Outcome {
        let total = width * height
        let tileMask = groupMap.bits > 0 ? (1 << groupMap.bits) - 1 : Int.max
        let literalLimit = VP8LPrefixCodeSet.literalCount
        let lengthLimit = literalLimit + VP8LPrefixCodeSet.lengthPrefixCount
        let twoCodeBits = Self.twoCodeBits, lowestBitCount = end.lowestBitCount
        // `pixels` holds `total` pixels.
        guard total > 0, let out = pixels.baseAddress else { return Outcome(decodedPixels: 0, damage: nil) }
        // Without a cache the alphabet has no cache symbols, so the cache is never read.
        let cache = unsafe cache ?? out
        var position = 0, x = 0, y = 0
        var cachedUpTo = 0 // pixels before this one are in the colour cache
        var current = unsafe group(x: 0, y: 0, groups)
        while position < total {
            if x & tileMask == 0 { current = unsafe group(x: x, y: y, groups) }
            var argb: UInt32
            if current.isTrivialCode {
                argb = current.trivialARB
            } else {
                if unsafe reader.bitCount < twoCodeBits { unsafe reader.refill() }
                let green = unsafe VP8LPrefixCode.decode(tables + current.green.start, primaryBits: current.green.primaryBits, &reader)
                if green < literalLimit {
                    argb = unsafe literal(green: green, current, tables, &reader, twoCodeBits: twoCodeBits)
                } else if green < lengthLimit {
                    let length = unsafe VP8LDistanceMap.value(prefix: green - literalLimit, reader: &reader)
                    unsafe reader.refill(ifBelow: VP8LPrefixCode.maximumCodeBits)
                    let distancePrefix = unsafe VP8LPrefixCode.decode(tables + current.distance.start, primaryBits: current.distance.primaryBits, &reader)
                    let code = unsafe VP8LDistanceMap.value(prefix: distancePrefix, reader: &reader)
                    let distance = VP8LDistanceMap.distance(code: code, width: width)
                    if unsafe reader.bitCount < lowestBitCount { return unsafe truncated(position, reader) }
                    guard distance <= position, length <= total - position else {
                        return unsafe Outcome(decodedPixels: position, damage: ZoetropeError(
                            .malformed, format: .webp, offset: reader.byteOffset,
                            "VP8L backward reference (distance \(distance), length \(length)) leaves the image"))
                    }
                    // The match and the room after it lie inside `pixels`.
                    unsafe LZ77.copyMatch(out, at: position, distance: distance, length: length,
                                   room: pixels.count &- position)
                    position += length
                    x += length
                    if x >= width { y += x / width; x %= width }
                    if position < total { current = unsafe group(x: x, y: y, groups) }
                    continue
                } else {
                    if unsafe reader.bitCount < lowestBitCount { return unsafe truncated(position, reader) }
                    argb = unsafe cachedColor(green - lengthLimit, cache, out, cachedUpTo: &cachedUpTo, before: position)
                }
                if unsafe reader.bitCount < lowestBitCount { return unsafe truncated(position, reader) }
            }
            unsafe out[position] = argb
            position &+= 1
            x &+= 1
            if x == width { x = 0; y &+= 1 }
        }
        return Outcome(decodedPixels: position, damage: nil)
    }

    /// The ARGB literal whose green is `green` (already decoded with the other codes' refill):
    /// red, blue and alpha come from the group's single symbols or are decoded here.
    @inline(__always)
    private func literal(green: Int, _ current: VP8LPrefixCodeGroup, _ tables: UnsafePointer<UInt32>,
                         _ reader: inout LSBBitReader, twoCodeBits: Int) -> UInt32 {
        if current.hasTrivialLiteral { return current.trivialARB | UInt32(truncatingIfNeeded: green) &<< 8 }
        let red = unsafe VP8LPrefixCode.decode(tables + current.red.start, primaryBits: current.red.primaryBits, &reader)
        if unsafe reader.bitCount < twoCodeBits { unsafe reader.refill() }
        let blue = unsafe VP8LPrefixCode.decode(tables + current.blue.start, primaryBits: current.blue.primaryBits, &reader)
        let alpha = unsafe VP8LPrefixCode.decode(tables + current.alpha.start, primaryBits: current.alpha.primaryBits, &reader)
        // Symbols of these alphabets are below 256.
        return UInt32(truncatingIfNeeded: alpha) &<< 24 | UInt32(truncatingIfNeeded: red) &<< 16
            | UInt32(truncatingIfNeeded: green) &<< 8 | UInt32(truncatingIfNeeded: blue)
    }

    /// The colour at `index` of the colour cache, after adding the pixels from `cachedUpTo` to
    /// `position` to it (the cache is only brought up to date when a stream reads it).
    ///
    /// The hash (``VP8LColorCache/index(of:bits:)``) is written out: unoptimised, a call per pixel
    /// here cost more than the rest of the entropy decoding; `@_transparent` there, so that no
    /// locals are cleared per call.
    #if DEBUG
    @_transparent
    #else
    @inline(__always)
    #endif
    private func cachedColor(_ index: Int, _ cache: UnsafeMutablePointer<UInt32>, _ pixels: UnsafeMutablePointer<UInt32>,
                             cachedUpTo: inout Int, before position: Int) -> UInt32 {
        let multiplier = VP8LColorCache.hashMultiplier, shift = UInt32(truncatingIfNeeded: 32 &- cacheBits)
        var next = cachedUpTo
        while next < position {
            let color = unsafe pixels[next]
            unsafe cache[Int(truncatingIfNeeded: (color &* multiplier) &>> shift)] = color
            next &+= 1
        }
        cachedUpTo = next
        // The alphabet only has cache symbols when there is a cache, so this index is below the
        // cache size.
        return unsafe cache[index]
    }

    private func truncated(_ position: Int, _ reader: LSBBitReader) -> Outcome {
        unsafe Outcome(decodedPixels: position, damage: ZoetropeError(.truncated, format: .webp, offset: reader.byteOffset,
                                                               "VP8L pixel data ends after \(position) pixels"))
    }
}
