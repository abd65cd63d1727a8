/// Where one prefix code's table sits in ``VP8LPrefixCodeSet/tables``.
struct VP8LCodeSlot: Sendable {
    var start: Int
    var count: Int
    var primaryBits: Int
}

/// The five prefix codes that decode one region of an image (RFC 9649 §3.7.2.2): green + length
/// prefix + colour cache index, red, blue, alpha, and distance prefix.
struct VP8LPrefixCodeGroup: Sendable {
    var green: VP8LCodeSlot
    var red: VP8LCodeSlot
    var blue: VP8LCodeSlot
    var alpha: VP8LCodeSlot
    var distance: VP8LCodeSlot
    /// Red, blue and alpha each have a single symbol, so a literal costs only its green code.
    var hasTrivialLiteral: Bool
    /// Alpha, red and blue of a trivial literal, placed in an ARGB word.
    var trivialARB: UInt32
    /// Green also has a single literal symbol: every pixel of the region is `trivialARB` and no
    /// bit is read (libwebp's "trivial code").
    var isTrivialCode: Bool
}

/// All prefix code groups of one image level, their tables back to back in one array.
struct VP8LPrefixCodeSet: Sendable {
    static let literalCount = 256
    static let lengthPrefixCount = 24
    static let distancePrefixCount = 40
    /// Primary index width for the symbol codes (libwebp uses 8 too).
    static let primaryBits = 8

    var tables: [UInt32] = []
    var groups: [VP8LPrefixCodeGroup] = []

    /// Reads `groupCount` groups, keeping those for which `isUsed` is true (in order) and only
    /// validating the rest, as libwebp does when the entropy image names few of many groups.
    ///
    /// - Parameter tableBudget: the most table entries all kept groups may use together; more is
    ///   reported as ``ZoetropeError/Kind/limitExceeded`` so that a small hostile stream cannot
    ///   make the decoder allocate without bound.
    static func read(groupCount: Int, isUsed: (Int) -> Bool, colorCacheSize: Int, tableBudget: Int,
                     from reader: inout LSBBitReader, end: VP8LStreamEnd) throws(ZoetropeError) -> VP8LPrefixCodeSet {
        var set = VP8LPrefixCodeSet()
        let alphabetSizes = [literalCount + lengthPrefixCount + colorCacheSize, literalCount, literalCount,
                             literalCount, distancePrefixCount]
        for index in 0..<groupCount {
            let keep = isUsed(index)
            var slots: [VP8LCodeSlot] = []
            var codes: [PrefixCodeTable] = []
            for alphabetSize in alphabetSizes {
                let code = unsafe try readCode(alphabetSize: alphabetSize, from: &reader, end: end)
                guard keep else { continue }
                slots.append(VP8LCodeSlot(start: set.tables.count, count: code.entries.count, primaryBits: code.primaryBits))
                set.tables.append(contentsOf: code.entries)
                codes.append(code)
            }
            guard keep else { continue }
            guard set.tables.count <= tableBudget else {
                throw unsafe ZoetropeError(.limitExceeded, format: .webp, offset: reader.byteOffset,
                                    "VP8L prefix codes need more than \(tableBudget) table entries")
            }
            set.groups.append(makeGroup(slots: slots, codes: codes))
        }
        return set
    }

    /// Reads one code's lengths and builds its table.
    private static func readCode(alphabetSize: Int, from reader: inout LSBBitReader,
                                 end: VP8LStreamEnd) throws(ZoetropeError) -> PrefixCodeTable {
        let offset = unsafe reader.byteOffset
        let lengths = unsafe try VP8LCodeLengths.read(alphabetSize: alphabetSize, from: &reader, end: end)
        guard let code = VP8LPrefixCode.table(lengths: lengths, primaryBits: primaryBits) else {
            throw ZoetropeError(.malformed, format: .webp, offset: offset,
                                "VP8L prefix code is empty, incomplete or over-subscribed")
        }
        return code
    }

    /// A group from its five codes, with the trivial-literal shortcuts worked out.
    private static func makeGroup(slots: [VP8LCodeSlot], codes: [PrefixCodeTable]) -> VP8LPrefixCodeGroup {
        let single = codes.map(VP8LPrefixCode.singleSymbol(of:))
        let red = single[1], blue = single[2], alpha = single[3]
        var group = VP8LPrefixCodeGroup(green: slots[0], red: slots[1], blue: slots[2], alpha: slots[3],
                                        distance: slots[4], hasTrivialLiteral: false, trivialARB: 0,
                                        isTrivialCode: false)
        if let red, let blue, let alpha {
            group.hasTrivialLiteral = true
            group.trivialARB = UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(blue)
            if let green = single[0], green < literalCount {
                group.isTrivialCode = true
                group.trivialARB |= UInt32(green) << 8
            }
        }
        return group
    }
}
