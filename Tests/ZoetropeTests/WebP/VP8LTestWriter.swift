/// A test-only VP8L bitstream writer: writes exactly the bits the tests ask for (RFC 9649), so
/// that each feature of the decoder can be driven by a small hand-made stream.
///
/// It knows nothing of the decoder: prefix codes are assigned canonically here from their lengths,
/// and pixel data is written token by token.
struct VP8LTestWriter {
    private(set) var bytes: [UInt8] = []
    private var pending: UInt64 = 0
    private var pendingCount = 0

    /// Writes `count` bits of `value`, least significant first.
    mutating func bits(_ value: Int, _ count: Int) {
        precondition(count >= 0 && count <= 32 && (count == 32 || value >> count == 0), "value does not fit")
        pending |= UInt64(value) << UInt64(pendingCount)
        pendingCount += count
        while pendingCount >= 8 {
            bytes.append(UInt8(pending & 0xff))
            pending >>= 8
            pendingCount -= 8
        }
    }

    mutating func flag(_ value: Bool) { bits(value ? 1 : 0, 1) }

    /// The stream, padded with zero bits to a whole byte.
    var data: [UInt8] {
        var copy = self
        if copy.pendingCount > 0 { copy.bits(0, 8 - copy.pendingCount) }
        return copy.bytes
    }

    /// The 5-byte VP8L header.
    mutating func header(width: Int, height: Int, alphaHint: Bool = true, version: Int = 0) {
        bits(0x2f, 8)
        bits(width - 1, 14)
        bits(height - 1, 14)
        flag(alphaHint)
        bits(version, 3)
    }

    // MARK: Prefix codes

    /// Writes `code` the way it says (simple or normal form).
    mutating func code(_ code: TestPrefixCode) {
        switch code.form {
        case .simple(let symbols):
            flag(true)
            bits(symbols.count - 1, 1)
            let firstIsWide = symbols[0] > 1
            flag(firstIsWide)
            bits(symbols[0], firstIsWide ? 8 : 1)
            if symbols.count == 2 { bits(symbols[1], 8) }
        case .normal:
            writeLengthsWithFourBitCode(code.lengths)
        case .raw(let codeLengthLengths, let maxSymbol, let items):
            normalCodeHeader(codeLengthLengths: codeLengthLengths, maxSymbol: maxSymbol)
            let lengthCode = TestPrefixCode.canonical(lengths: codeLengthLengths)
            for item in items {
                symbol(item.symbol, lengthCode)
                if item.extraBits > 0 { bits(item.extra, item.extraBits) }
            }
        }
    }

    /// The start of a normal code: the code-length code's lengths (stored in the format's
    /// permuted order, trailing zeros dropped) and the optional max_symbol.
    mutating func normalCodeHeader(codeLengthLengths: [Int], maxSymbol: (bitsField: Int, value: Int)?) {
        let order = [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
        var count = order.count
        while count > 4, codeLengthLengths[order[count - 1]] == 0 { count -= 1 }
        flag(false)
        bits(count - 4, 4)
        for index in 0..<count { bits(codeLengthLengths[order[index]], 3) }
        if let maxSymbol {
            flag(true)
            bits(maxSymbol.bitsField, 3)
            bits(maxSymbol.value - 2, 2 + 2 * maxSymbol.bitsField)
        } else {
            flag(false)
        }
    }

    /// A normal code whose lengths are each sent as a 4-bit code-length symbol (the code-length
    /// code gives symbols 0–15 four bits each), so no repeat codes are involved.
    private mutating func writeLengthsWithFourBitCode(_ lengths: [Int]) {
        var codeLengthLengths = [Int](repeating: 0, count: 19)
        for symbol in 0..<16 { codeLengthLengths[symbol] = 4 }
        normalCodeHeader(codeLengthLengths: codeLengthLengths, maxSymbol: nil)
        let lengthCode = TestPrefixCode.canonical(lengths: codeLengthLengths)
        for length in lengths { symbol(length, lengthCode) }
    }

    /// Writes `symbol` with `code` (nothing for a single-symbol code).
    mutating func symbol(_ symbol: Int, _ code: TestPrefixCode) {
        guard code.usedSymbolCount > 1 else {
            precondition(code.lengths[symbol] > 0, "symbol \(symbol) is not in the code")
            return
        }
        let (value, length) = code.codes[symbol]
        precondition(length > 0, "symbol \(symbol) is not in the code")
        // Codes are sent most significant bit first.
        for bit in stride(from: length - 1, through: 0, by: -1) { bits((value >> bit) & 1, 1) }
    }

    // MARK: Pixel data

    /// Writes pixel tokens with one group of codes.
    mutating func tokens(_ tokens: [TestToken], group: TestCodeGroup) {
        for token in tokens { self.token(token, group: group) }
    }

    mutating func token(_ token: TestToken, group: TestCodeGroup) {
        switch token {
        case .literal(let argb):
            symbol(Int((argb >> 8) & 0xff), group.green)
            symbol(Int((argb >> 16) & 0xff), group.red)
            symbol(Int(argb & 0xff), group.blue)
            symbol(Int(argb >> 24), group.alpha)
        case .cache(let index):
            symbol(280 + index, group.green)
        case .copy(let length, let distanceCode):
            let (lengthPrefix, lengthExtraBits, lengthExtra) = Self.prefix(for: length)
            symbol(256 + lengthPrefix, group.green)
            bits(lengthExtra, lengthExtraBits)
            let (distancePrefix, distanceExtraBits, distanceExtra) = Self.prefix(for: distanceCode)
            symbol(distancePrefix, group.distance)
            bits(distanceExtra, distanceExtraBits)
        }
    }

    /// The prefix symbol and extra bits for a length or distance code `value` ≥ 1 (RFC 9649
    /// §3.7.2.2's prefix coding run backwards).
    static func prefix(for value: Int) -> (prefix: Int, extraBits: Int, extra: Int) {
        let offset = value - 1
        if offset < 4 { return (offset, 0, 0) }
        let highBit = Int.bitWidth - 1 - offset.leadingZeroBitCount
        let secondBit = (offset >> (highBit - 1)) & 1
        let extraBits = highBit - 1
        return (2 * highBit + secondBit, extraBits, offset & ((1 << extraBits) - 1))
    }

    /// A whole sub-image (no transforms or meta codes): optional colour cache, one group, tokens.
    mutating func subImage(_ pixels: [UInt32], group: TestCodeGroup = .flatLiterals()) {
        flag(false) // no colour cache
        group.write(to: &self)
        tokens(pixels.map { .literal($0) }, group: group)
    }
}

/// One pixel-data token.
enum TestToken: Equatable, Sendable {
    case literal(UInt32)
    case cache(Int)
    /// A backward reference: `length` pixels from distance code `distanceCode` (1...120 plane
    /// codes, or plain distance + 120).
    case copy(length: Int, distanceCode: Int)
}

/// A prefix code for the writer: its lengths, the canonical codes they give, and how to send it.
struct TestPrefixCode {
    enum Form {
        case simple([Int])
        case normal
        /// A normal code sent with an explicit code-length code and code-length symbols.
        case raw(codeLengthLengths: [Int], maxSymbol: (bitsField: Int, value: Int)?,
                 items: [(symbol: Int, extra: Int, extraBits: Int)])
    }

    let form: Form
    let lengths: [Int]
    let codes: [(value: Int, length: Int)]
    var usedSymbolCount: Int { lengths.filter { $0 > 0 }.count }

    init(form: Form, lengths: [Int]) {
        self.form = form
        self.lengths = lengths
        codes = Self.canonical(lengths: lengths).codes
    }

    /// A simple code of one or two symbols (each < 256; the first < 2 is sent in 1 bit).
    static func simple(_ symbols: [Int], alphabetSize: Int) -> TestPrefixCode {
        var lengths = [Int](repeating: 0, count: alphabetSize)
        for symbol in symbols { lengths[symbol] = 1 }
        return TestPrefixCode(form: .simple(symbols), lengths: lengths)
    }

    /// A normal code with these lengths (which must form a complete code, or a single symbol).
    static func normal(_ lengths: [Int]) -> TestPrefixCode {
        let kraft = lengths.filter { $0 > 0 }.reduce(0.0) { $0 + 1.0 / Double(1 << $1) }
        precondition(lengths.filter { $0 > 0 }.count == 1 || kraft == 1.0, "incomplete test code")
        return TestPrefixCode(form: .normal, lengths: lengths)
    }

    /// Canonical code assignment (RFC 1951 §3.2.2): by length, then by symbol.
    static func canonical(lengths: [Int]) -> TestPrefixCode.Codes {
        var counts = [Int](repeating: 0, count: 17)
        for length in lengths where length > 0 { counts[length] += 1 }
        var next = [Int](repeating: 0, count: 17)
        var code = 0
        for length in 1...16 {
            code = (code + counts[length - 1]) << 1
            next[length] = code
        }
        var codes: [(value: Int, length: Int)] = []
        for length in lengths {
            if length == 0 { codes.append((0, 0)); continue }
            codes.append((next[length], length))
            next[length] += 1
        }
        return Codes(codes: codes)
    }

    struct Codes { let codes: [(value: Int, length: Int)] }
}

extension VP8LTestWriter {
    mutating func symbol(_ symbol: Int, _ codes: TestPrefixCode.Codes) {
        let (value, length) = codes.codes[symbol]
        for bit in stride(from: length - 1, through: 0, by: -1) { bits((value >> bit) & 1, 1) }
    }
}

/// The five codes of a group.
struct TestCodeGroup {
    var green: TestPrefixCode
    var red: TestPrefixCode
    var blue: TestPrefixCode
    var alpha: TestPrefixCode
    var distance: TestPrefixCode

    func write(to writer: inout VP8LTestWriter) {
        for code in [green, red, blue, alpha, distance] { writer.code(code) }
    }

    /// Every channel value costs 8 bits; no backward references or cache (green alphabet
    /// 280 + `cacheSize`).
    static func flatLiterals(cacheSize: Int = 0) -> TestCodeGroup {
        let byte = TestPrefixCode.normal([Int](repeating: 8, count: 256))
        let green = TestPrefixCode.normal([Int](repeating: 8, count: 256) + [Int](repeating: 0, count: 24 + cacheSize))
        return TestCodeGroup(green: green, red: byte, blue: byte, alpha: byte,
                             distance: .simple([0], alphabetSize: 40))
    }

    /// Literals (9 bits of green), every length prefix, colour cache symbols (`cacheBits` + 3
    /// bits) when there is a cache, and every distance prefix.
    static func full(cacheBits: Int = 0) -> TestCodeGroup {
        var green = [Int](repeating: 9, count: 256) + [Int](repeating: 5, count: 8)
        if cacheBits > 0 {
            green += [Int](repeating: 7, count: 16) + [Int](repeating: cacheBits + 3, count: 1 << cacheBits)
        } else {
            green += [Int](repeating: 6, count: 16)
        }
        let byte = TestPrefixCode.normal([Int](repeating: 8, count: 256))
        let distance = TestPrefixCode.normal([Int](repeating: 4, count: 8) + [Int](repeating: 6, count: 32))
        return TestCodeGroup(green: .normal(green), red: byte, blue: byte, alpha: byte, distance: distance)
    }
}

/// Writes one transform's bits (after its "present" flag).
typealias TestTransform = @Sendable (inout VP8LTestWriter) -> Void

/// Builders for whole VP8L streams.
enum VP8LTestStream {
    /// A VP8L payload: header, `transforms` (each writes its own bits after the "present" flag),
    /// then the main image with optional colour cache, one group and `tokens`.
    static func image(width: Int, height: Int, transforms: [TestTransform] = [],
                      cacheBits: Int = 0, group: TestCodeGroup? = nil, tokens: [TestToken]) -> [UInt8] {
        var writer = VP8LTestWriter()
        writer.header(width: width, height: height)
        body(&writer, transforms: transforms, cacheBits: cacheBits, group: group, tokens: tokens)
        return writer.data
    }

    /// The image stream after the header (also the form an ALPH chunk holds).
    static func body(_ writer: inout VP8LTestWriter, transforms: [TestTransform] = [],
                     cacheBits: Int = 0, group: TestCodeGroup? = nil, tokens: [TestToken]) {
        for transform in transforms {
            writer.flag(true)
            transform(&writer)
        }
        writer.flag(false)
        writer.flag(cacheBits > 0)
        if cacheBits > 0 { writer.bits(cacheBits, 4) }
        writer.flag(false) // no meta prefix codes
        let group = group ?? .flatLiterals(cacheSize: cacheBits > 0 ? 1 << cacheBits : 0)
        group.write(to: &writer)
        writer.tokens(tokens, group: group)
    }

    /// A literal-only image of `pixels`.
    static func literals(width: Int, height: Int, _ pixels: [UInt32],
                         transforms: [TestTransform] = []) -> [UInt8] {
        image(width: width, height: height, transforms: transforms, tokens: pixels.map { .literal($0) })
    }

    /// Predictor transform bits: type 0, tile bits, the mode sub-image (mode in green).
    static func predictor(bits: Int, modes: [Int]) -> TestTransform {
        { writer in
            writer.bits(0, 2)
            writer.bits(bits - 2, 3)
            writer.subImage(modes.map { UInt32($0) << 8 })
        }
    }

    /// Cross-colour transform bits: type 1, tile bits, the multiplier sub-image.
    static func crossColor(bits: Int, tiles: [UInt32]) -> TestTransform {
        { writer in
            writer.bits(1, 2)
            writer.bits(bits - 2, 3)
            writer.subImage(tiles)
        }
    }

    /// Subtract-green transform bits.
    static let subtractGreen: TestTransform = { (writer: inout VP8LTestWriter) in writer.bits(2, 2) }

    /// Colour-indexing transform bits: type 3, colour count, palette stored as deltas.
    static func colorIndexing(palette: [UInt32]) -> TestTransform {
        { writer in
            writer.bits(3, 2)
            writer.bits(palette.count - 1, 8)
            var previous: UInt32 = 0
            let deltas = palette.map { color -> UInt32 in
                defer { previous = color }
                return TestPixels.subtract(color, previous)
            }
            writer.subImage(deltas)
        }
    }
}

/// Byte-wise pixel arithmetic for building test data.
enum TestPixels {
    static func channels(_ argb: UInt32) -> [Int] {
        [Int(argb >> 24), Int((argb >> 16) & 0xff), Int((argb >> 8) & 0xff), Int(argb & 0xff)]
    }

    static func pack(_ channels: [Int]) -> UInt32 {
        channels.reduce(UInt32(0)) { $0 << 8 | UInt32($1 & 0xff) }
    }

    static func add(_ a: UInt32, _ b: UInt32) -> UInt32 {
        pack(zip(channels(a), channels(b)).map { $0 + $1 })
    }

    static func subtract(_ a: UInt32, _ b: UInt32) -> UInt32 {
        pack(zip(channels(a), channels(b)).map { $0 - $1 })
    }

    /// ARGB words as the RGBA bytes ``RGBAImage`` holds.
    static func rgba(_ pixels: [UInt32]) -> [UInt8] {
        pixels.flatMap { argb -> [UInt8] in
            let c = channels(argb)
            return [UInt8(c[1]), UInt8(c[2]), UInt8(c[3]), UInt8(c[0])]
        }
    }

    static func random(_ count: Int, seed: UInt64) -> [UInt32] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt32(truncatingIfNeeded: generator.next()) }
    }
}
