/// The symbols of a token stream as indices into one array spanning the five alphabets (green
/// with length prefixes and cache indices, red, blue, alpha, distance), for clustering tiles by
/// their statistics.
struct VP8LSymbolBins {
    /// Where each alphabet starts, and the end of the last.
    let starts: [Int]

    init(cacheBits: Int) {
        let green = VP8LPrefixCodeSet.literalCount + VP8LPrefixCodeSet.lengthPrefixCount + (cacheBits > 0 ? 1 << cacheBits : 0)
        starts = [0, green, green + 256, green + 512, green + 768, green + 768 + VP8LPrefixCodeSet.distancePrefixCount]
    }

    var count: Int { starts[5] }

    /// The alphabet (0...4) a bin belongs to.
    @inline(__always)
    func alphabet(of bin: Int) -> Int {
        bin < starts[1] ? 0 : bin < starts[2] ? 1 : bin < starts[3] ? 2 : bin < starts[4] ? 3 : 4
    }

    /// Appends the bins `token` counts in.
    @inline(__always)
    func append(_ token: VP8LToken, to bins: inout [Int32]) {
        switch token.kind {
        case .literal:
            let argb = token.value
            bins.append(Int32((argb >> 8) & 0xff))
            bins.append(Int32(starts[1] + Int((argb >> 16) & 0xff)))
            bins.append(Int32(starts[2] + Int(argb & 0xff)))
            bins.append(Int32(starts[3] + Int(argb >> 24)))
        case .cacheIndex:
            bins.append(Int32(VP8LPrefixCodeSet.literalCount + VP8LPrefixCodeSet.lengthPrefixCount + Int(token.value)))
        case .copy:
            bins.append(Int32(VP8LPrefixCodeSet.literalCount + VP8LPrefixEncoding.split(token.length).prefix))
            bins.append(Int32(starts[4] + VP8LPrefixEncoding.split(Int(token.value)).prefix))
        }
    }
}

/// A sparse histogram: (bin, count) pairs, bins increasing.
struct VP8LSparseCounts {
    var bins: [Int32] = []
    var counts: [UInt32] = []

    /// The counts of `bins` (any order).
    init(_ raw: [Int32]) {
        for bin in raw.sorted() {
            if bins.last == bin { counts[counts.count - 1] += 1 } else { bins.append(bin); counts.append(1) }
        }
    }
}
