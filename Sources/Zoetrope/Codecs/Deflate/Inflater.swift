/// Streaming inflate: decompresses raw deflate (RFC 1951) or zlib (RFC 1950) data that may arrive
/// in pieces.
///
/// Feed compressed bytes with ``feed(_:)`` as they arrive, call ``inflate()`` to decode as far as
/// the input allows, and collect the output with ``takeOutput()``. When no more input will come,
/// call ``finishInput()``: from then on a stream that stops early is an error instead of a request
/// for more input. Decoding never produces more than ``maxOutputBytes`` bytes; the check happens
/// before the output buffer grows, so hostile streams ("decompression bombs") cost no memory.
///
/// ```swift
/// var inflater = Inflater(format: .zlib, maxOutputBytes: 1 << 20)
/// for piece in pieces {
///     inflater.feed(piece)
///     _ = try inflater.inflate()
///     consume(inflater.takeOutput())
/// }
/// inflater.finishInput()
/// guard try inflater.inflate() == .finished else { ... }
/// ```
///
/// Decoding is table-driven: one lookup in a 10-bit table decodes most literal/length codes, a
/// 64-bit bit buffer is refilled eight bytes at a time, and matches copy with block moves where
/// they do not overlap.
public struct Inflater: Sendable {
    /// The stream's wrapping.
    public enum Format: Sendable, Hashable {
        /// Bare deflate blocks (RFC 1951).
        case raw
        /// A zlib header, deflate blocks and an Adler-32 trailer (RFC 1950).
        case zlib
    }

    /// How far ``inflate()`` got.
    public enum Status: Sendable, Hashable {
        /// All input so far is decoded; the stream continues in input not yet fed.
        case needsInput
        /// The stream ended (and, for zlib, its checksum matched).
        case finished
        /// Decoding paused because the output limit passed to ``inflate(outputLimit:)`` was
        /// reached; take the output and call again to go on.
        case outputPending
    }

    /// The wrapping this inflater expects.
    public let format: Format
    /// The most output bytes the whole stream may produce.
    public let maxOutputBytes: Int

    private enum Phase: Sendable {
        case streamHeader
        case blockHeader
        case stored(remaining: Int)
        case huffman
        case trailer
        case done
    }

    private var phase: Phase
    private var isFinalBlock = false
    private var literalTable = HuffmanTable.fixedLiteralLength
    private var distanceTable = HuffmanTable.fixedDistance

    // Input: bytes fed and not yet discarded; `inputBase` counts the discarded ones (for offsets).
    private var input: [UInt8] = []
    private var inputPosition = 0
    private var inputBase = 0
    private var inputComplete = false
    private var bitBuffer: UInt64 = 0
    private var bitCount = 0

    // Output: `output[0..<outputCount]` holds the window (at least the last 32 KiB) and everything
    // not yet taken; `outputBase` counts the bytes dropped before `output[0]`.
    private var output: [UInt8] = []
    private var outputCount = 0
    private var outputTaken = 0
    private var outputBase = 0
    private var checksum = Adler32()
    private var checksummed = 0
    private var failure: ZoetropeError?

    /// Creates an inflater.
    /// - Parameters:
    ///   - format: raw deflate or zlib.
    ///   - maxOutputBytes: the most bytes the stream may inflate to; more is a `.limitExceeded` error.
    ///   - expectedOutputBytes: a size hint: the output buffer is reserved once at this size
    ///     (capped by `maxOutputBytes`) instead of growing.
    public init(format: Format = .zlib, maxOutputBytes: Int, expectedOutputBytes: Int = 0) {
        self.format = format
        self.maxOutputBytes = max(0, maxOutputBytes)
        self.phase = format == .zlib ? .streamHeader : .blockHeader
        let reserve = min(self.maxOutputBytes, max(0, expectedOutputBytes))
        // Never empty, so the decoding loop always has a buffer address (capacity is capped separately).
        // Left uninitialised rather than zeroed (a memset of the whole image): only
        // `output[0..<outputCount]` is ever read or handed out, and every byte there was written first.
        output = [UInt8](unsafeUninitializedCapacity: max(1, reserve)) { _, initialized in initialized = max(1, reserve) }
    }

    /// Whether the end of the stream has been decoded.
    public var isFinished: Bool { if case .done = phase { return true } else { return false } }

    /// Total bytes produced so far (taken or not).
    public var totalOutput: Int { outputBase + outputCount }

    /// Compressed bytes consumed so far (whole bytes; a partly read byte counts).
    public var totalInputConsumed: Int { inputBase + inputPosition - bitCount / 8 }

    /// Bytes the output buffer holds (window, untaken output and spare room); for tests.
    var outputBufferSize: Int { output.count }

    /// Bytes decoded but not yet taken.
    public var availableOutput: Int { outputCount - outputTaken }

    /// Appends compressed bytes to the input.
    public mutating func feed<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        // Drop consumed input first so that long streams fed in pieces do not accumulate.
        // Keep 8 bytes behind the read position: the bit buffer may hand up to 7 back (alignToByte).
        if inputPosition >= 65_536 && inputPosition * 2 >= input.count {
            let drop = inputPosition - 8
            input.removeSubrange(0..<drop)
            inputBase += drop
            inputPosition = 8
        }
        input.append(contentsOf: bytes)
    }

    /// Declares that no more input will come: a stream that has not ended is then truncated.
    public mutating func finishInput() { inputComplete = true }

    /// Returns the output decoded since the last call and releases it (the inflater keeps only the
    /// 32 KiB window it needs).
    public mutating func takeOutput() -> [UInt8] {
        if outputTaken == 0 && (isFinished || failure != nil) {
            // Nothing more will be decoded, so the window is not needed: hand over the buffer itself.
            // Release our reference first, so the buffer is unique and truncating it does not copy it.
            var taken = output
            output = [0]
            taken.removeSubrange(outputCount...)
            outputBase += outputCount
            outputCount = 0
            checksummed = 0
            return taken
        }
        let taken = Array(output[outputTaken..<outputCount])
        outputTaken = outputCount
        discardTakenOutput()
        return taken
    }

    /// Passes the output decoded since the last call to `body` without copying it, then releases it.
    public mutating func withOutput<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let start = outputTaken, end = outputCount
        let result = try output.withUnsafeBufferPointer { buffer in
            try body(UnsafeBufferPointer(rebasing: buffer[start..<end]))
        }
        outputTaken = end
        discardTakenOutput()
        return result
    }

    /// The window deflate matches may reach back into.
    private static let window = 32_768
    /// Taken output is dropped (all but the window) once this much has piled up, so that moving
    /// the window to the front of the buffer stays amortised.
    private static let compactionThreshold = 4 * window

    /// The most output buffer an inflater needs when its output is taken after every
    /// ``inflate(outputLimit:)`` call: what piles up before compaction, the limit, and one match.
    static func outputBufferSize(forOutputLimit limit: Int) -> Int {
        compactionThreshold + limit + 258
    }

    private mutating func discardTakenOutput() {
        let window = Self.window
        guard outputTaken == outputCount, outputCount >= Self.compactionThreshold, checksummed == outputCount else { return }
        let drop = outputCount - window
        output.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            base.update(from: base + drop, count: window)
        }
        outputBase += drop
        outputCount = window
        outputTaken = window
        checksummed = window
    }

    /// Decodes as much of the input as possible.
    /// - Returns: ``Status/finished`` at the end of the stream, else ``Status/needsInput``.
    /// - Throws: ``ZoetropeError``: `.malformed` for invalid data, `.truncated` when the input
    ///   ended (see ``finishInput()``) before the stream, `.checksumMismatch` for a wrong Adler-32,
    ///   `.limitExceeded` past ``maxOutputBytes``. Errors are final: later calls throw the same.
    public mutating func inflate() throws(ZoetropeError) -> Status {
        try inflate(outputLimit: .max)
    }

    /// Decodes as much of the input as possible, pausing once about `outputLimit` bytes of output
    /// wait to be taken, so that a caller consuming output as it goes (PNG rows) keeps the output
    /// buffer small instead of holding the whole stream.
    ///
    /// The limit is soft: decoding stops at the first symbol boundary at or past it, so up to one
    /// match (258 bytes) or one run of literals more may be waiting.
    /// - Returns: ``Status/outputPending`` when paused at the limit, else as ``inflate()``.
    /// - Throws: as ``inflate()``.
    public mutating func inflate(outputLimit: Int) throws(ZoetropeError) -> Status {
        if let failure { throw failure }
        do {
            let limit = max(1, outputLimit)
            let pauseAt = outputTaken > Int.max - limit ? Int.max : outputTaken + limit
            let status = try run(pauseAt: pauseAt)
            updateChecksum()
            return status
        } catch {
            updateChecksum()
            failure = error
            throw error
        }
    }

    // MARK: - State machine

    private struct Snapshot {
        var position: Int
        var buffer: UInt64
        var count: Int
    }

    private var snapshot: Snapshot { Snapshot(position: inputPosition, buffer: bitBuffer, count: bitCount) }

    private mutating func restore(_ saved: Snapshot) {
        inputPosition = saved.position
        bitBuffer = saved.buffer
        bitCount = saved.count
    }

    private func error(_ kind: ZoetropeError.Kind, _ message: String) -> ZoetropeError {
        ZoetropeError(kind, offset: totalInputConsumed, "deflate: " + message)
    }

    private func truncated() -> ZoetropeError { error(.truncated, "compressed data ends early") }

    /// Refills the bit buffer a byte at a time; `true` when at least `bits` bits are available.
    /// With complete input, running short throws.
    private mutating func need(_ bits: Int) throws(ZoetropeError) -> Bool {
        while bitCount < bits && inputPosition < input.count {
            bitBuffer |= UInt64(input[inputPosition]) << UInt64(bitCount)
            inputPosition += 1
            bitCount += 8
        }
        if bitCount >= bits { return true }
        if inputComplete { throw truncated() }
        return false
    }

    private mutating func refillBytewise() {
        // Below 56, so the buffer never holds 64 bits: the decoding loop's word refill needs < 64.
        while bitCount < 56 && inputPosition < input.count {
            bitBuffer |= UInt64(input[inputPosition]) << UInt64(bitCount)
            inputPosition += 1
            bitCount += 8
        }
    }

    private mutating func take(_ bits: Int) -> UInt32 {
        let value = UInt32(truncatingIfNeeded: bitBuffer & ((1 << UInt64(bits)) - 1))
        bitBuffer >>= UInt64(bits)
        bitCount -= bits
        return value
    }

    /// Drops bits up to the next byte boundary and returns the whole bytes left in the bit buffer
    /// to the input, so byte-aligned data can be read straight from `input`.
    private mutating func alignToByte() {
        let partial = bitCount & 7
        bitBuffer >>= UInt64(partial)
        bitCount -= partial
        inputPosition -= bitCount / 8
        bitBuffer = 0
        bitCount = 0
    }

    /// Runs the state machine; pauses (``Status/outputPending``) once `outputCount` reaches `pauseAt`.
    private mutating func run(pauseAt: Int) throws(ZoetropeError) -> Status {
        while true {
            switch phase {
            case .streamHeader:
                guard try need(16) else { return .needsInput }
                let cmf = take(8), flg = take(8)
                guard cmf & 0x0F == 8 else { throw error(.malformed, "zlib compression method \(cmf & 0x0F) is not deflate") }
                guard cmf >> 4 <= 7 else { throw error(.malformed, "zlib window size field \(cmf >> 4) is over 7") }
                guard (cmf << 8 | flg) % 31 == 0 else { throw error(.malformed, "zlib header check bits are wrong") }
                guard flg & 0x20 == 0 else { throw error(.unsupportedFeature, "zlib preset dictionaries are not supported") }
                phase = .blockHeader

            case .blockHeader:
                let start = snapshot
                guard try need(3) else { return .needsInput }
                isFinalBlock = take(1) == 1
                switch take(2) {
                case 0:
                    alignToByte()
                    guard try need(32) else { restore(start); return .needsInput }
                    let length = take(16), complement = take(16)
                    guard length == ~complement & 0xFFFF else {
                        throw error(.malformed, "stored block length \(length) does not match its complement")
                    }
                    alignToByte()
                    phase = .stored(remaining: Int(length))
                case 1:
                    literalTable = HuffmanTable.fixedLiteralLength
                    distanceTable = HuffmanTable.fixedDistance
                    phase = .huffman
                case 2:
                    guard try readDynamicTables() else { restore(start); return .needsInput }
                    phase = .huffman
                default:
                    throw error(.malformed, "invalid block type 3")
                }

            case .stored(let remaining):
                if remaining == 0 {
                    phase = isFinalBlock ? .trailer : .blockHeader
                    continue
                }
                let available = min(remaining, input.count - inputPosition)
                if available == 0 {
                    if inputComplete { throw truncated() }
                    return .needsInput
                }
                if outputCount >= pauseAt { return .outputPending }
                let wanted = min(available, pauseAt - outputCount)
                try reserveOutput(wanted)
                let count = min(wanted, min(output.count, maxOutputBytes - outputBase) - outputCount)
                let from = inputPosition, to = outputCount
                input.withUnsafeBufferPointer { source in
                    output.withUnsafeMutableBufferPointer { target in
                        guard let s = source.baseAddress, let t = target.baseAddress else { return }
                        (t + to).update(from: s + from, count: count)
                    }
                }
                inputPosition += count
                outputCount += count
                phase = .stored(remaining: remaining - count)

            case .huffman:
                switch try decodeSymbols(pauseAt: pauseAt) {
                case .endOfBlock: phase = isFinalBlock ? .trailer : .blockHeader
                case .needsInput: return .needsInput
                case .needsSpace: try reserveOutput(258)
                case .paused: return .outputPending
                }

            case .trailer:
                if format == .raw {
                    alignToByte()
                    phase = .done
                    continue
                }
                alignToByte()
                guard try need(32) else { return .needsInput }
                var expected: UInt32 = 0
                for _ in 0..<4 { expected = expected << 8 | take(8) }
                updateChecksum()
                guard expected == checksum.value else {
                    throw error(.checksumMismatch, "Adler-32 checksum does not match the data")
                }
                phase = .done

            case .done:
                return .finished
            }
        }
    }

    /// Makes room for `count` more output bytes, or as many as the limit allows. Throws when not one
    /// more byte fits.
    private mutating func reserveOutput(_ count: Int) throws(ZoetropeError) {
        let ceiling = maxOutputBytes - outputBase
        let capacity = min(output.count, ceiling)
        if capacity - outputCount >= count { return }
        guard capacity < ceiling else {
            throw error(.limitExceeded, "output exceeds the limit of \(maxOutputBytes) bytes")
        }
        let wanted = max(outputCount + count, output.count * 2, 65_536)
        let newSize = min(ceiling, wanted)
        guard newSize > output.count else { return }
        // Copy only the bytes in use into a new buffer whose rest is left unwritten, as in `init`:
        // zero-filling the new room would touch every byte once more for nothing.
        let used = outputCount
        let grown = output.withUnsafeBufferPointer { old in
            [UInt8](unsafeUninitializedCapacity: newSize) { buffer, initialized in
                if let source = old.baseAddress, let target = buffer.baseAddress {
                    target.initialize(from: source, count: used)
                }
                initialized = newSize
            }
        }
        output = grown
    }

    private mutating func updateChecksum() {
        guard checksummed < outputCount else { return }
        let from = checksummed, to = outputCount
        if format == .zlib {
            output.withUnsafeBufferPointer { checksum.update(UnsafeBufferPointer(rebasing: $0[from..<to])) }
        }
        checksummed = to
    }

    // MARK: - Dynamic block header

    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Reads a dynamic block's code lengths and builds its tables; `false` when more input is needed.
    private mutating func readDynamicTables() throws(ZoetropeError) -> Bool {
        guard try need(14) else { return false }
        let literalCount = Int(take(5)) + 257
        let distanceCount = Int(take(5)) + 1
        let codeLengthCount = Int(take(4)) + 4
        guard literalCount <= 286, distanceCount <= 30 else {
            throw error(.malformed, "dynamic block declares \(literalCount) literal/length and \(distanceCount) distance codes")
        }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            guard try need(3) else { return false }
            codeLengthLengths[Self.codeLengthOrder[index]] = UInt8(take(3))
        }
        guard let codeLengthTable = HuffmanTable(lengths: codeLengthLengths, symbols: HuffmanTable.codeLengthSymbols,
                                                 primaryBits: 7, allowIncomplete: false) else {
            throw error(.malformed, "invalid code length code")
        }
        let total = literalCount + distanceCount
        var lengths = [UInt8](repeating: 0, count: total)
        var index = 0
        while index < total {
            guard let symbol = try decodeCarefully(codeLengthTable, maxCodeLength: 7) else { return false }
            var repeatCount = 0
            var repeated: UInt8 = 0
            switch symbol {
            case 0...15:
                lengths[index] = UInt8(symbol)
                index += 1
                continue
            case 16:
                guard index > 0 else { throw error(.malformed, "code length repeat with no previous length") }
                guard try need(2) else { return false }
                repeatCount = 3 + Int(take(2))
                repeated = lengths[index - 1]
            case 17:
                guard try need(3) else { return false }
                repeatCount = 3 + Int(take(3))
            default:
                guard try need(7) else { return false }
                repeatCount = 11 + Int(take(7))
            }
            guard index + repeatCount <= total else { throw error(.malformed, "code length repeat runs past the end") }
            for k in index..<index + repeatCount { lengths[k] = repeated }
            index += repeatCount
        }
        guard lengths[256] != 0 else { throw error(.malformed, "dynamic block has no end-of-block code") }
        guard let literals = HuffmanTable(lengths: Array(lengths[0..<literalCount]),
                                          symbols: HuffmanTable.literalLengthSymbols,
                                          primaryBits: HuffmanTable.literalBits, allowIncomplete: true) else {
            throw error(.malformed, "invalid literal/length code")
        }
        guard let distances = HuffmanTable(lengths: Array(lengths[literalCount...]),
                                           symbols: HuffmanTable.distanceSymbols,
                                           primaryBits: HuffmanTable.distanceBits, allowIncomplete: true) else {
            throw error(.malformed, "invalid distance code")
        }
        literalTable = literals
        distanceTable = distances
        return true
    }

    /// Decodes one symbol a bit at a time from the buffer, for headers: `nil` when more input is needed.
    private mutating func decodeCarefully(_ table: HuffmanTable, maxCodeLength: Int) throws(ZoetropeError) -> UInt32? {
        refillBytewise()
        let bits = bitBuffer
        let entry = table.entries.withUnsafeBufferPointer {
            HuffmanTable.lookup($0, bits, primaryBits: UInt64(table.primaryBits))
        }
        let length = Int(HuffmanTable.length(entry))
        if HuffmanTable.kind(entry) == HuffmanTable.kindInvalid || length > bitCount {
            if bitCount >= maxCodeLength { throw error(.malformed, "invalid Huffman code") }
            if inputComplete { throw truncated() }
            return nil
        }
        _ = take(length)
        return HuffmanTable.value(entry)
    }

    // MARK: - Compressed data (the hot loop)

    private enum SymbolsResult { case endOfBlock, needsInput, needsSpace, paused }

    /// The error for running out of bits or meeting an invalid code mid-symbol; `nil` when more
    /// input may still come (the caller then restores the symbol's start and waits).
    private static func shortfall(invalid: Bool, bits: Int, complete: Bool, _ what: String) -> ZoetropeError? {
        if invalid && bits >= 15 { return ZoetropeError(.malformed, "deflate: invalid \(what) code") }
        return complete ? ZoetropeError(.truncated, "deflate: compressed data ends early") : nil
    }

    private mutating func decodeSymbols(pauseAt: Int) throws(ZoetropeError) -> SymbolsResult {
        // Move the buffers into locals so the loop works on plain pointers without exclusivity checks.
        var out = output
        output = []
        defer { output = out }
        let literals = literalTable.entries
        let distances = distanceTable.entries
        let literalMask = UInt64((1 << literalTable.primaryBits) - 1)
        let literalBits = UInt64(literalTable.primaryBits)
        let distanceBits = UInt64(distanceTable.primaryBits)
        let complete = inputComplete
        let ceiling = maxOutputBytes - outputBase
        if input.isEmpty {
            if complete { throw truncated() }
            return .needsInput
        }

        // Written back by the loop when it stops; the loop itself works on locals, which stay in
        // registers (captured variables would be loaded and stored on every symbol).
        var finalPosition = inputPosition
        var finalBuffer = bitBuffer
        var finalCount = bitCount
        var finalOp = outputCount
        var failure: ZoetropeError?
        var result = SymbolsResult.needsInput

        input.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                literals.withUnsafeBufferPointer { litTable in
                    distances.withUnsafeBufferPointer { distTable in
                        let end = source.count
                        let capacity = min(target.count, ceiling)
                        let physicalEnd = target.count
                        guard let src = source.baseAddress, let dst = target.baseAddress else { return }
                        var position = finalPosition, buffer = finalBuffer, count = finalCount, op = finalOp
                        defer { finalPosition = position; finalBuffer = buffer; finalCount = count; finalOp = op }
                        // The fast path runs while a whole symbol cannot run out of input or output:
                        // ≥ 8 input bytes refill the buffer to ≥ 56 bits, more than the longest
                        // length/distance pair needs (15 + 5 + 15 + 13 bits), and
                        // the output has room for the longest match plus an 8-byte overcopy, or for
                        // a run of literals (one bit each at the least: at most 63 per refill). It
                        // checks neither; everything else (block ends, input or output running
                        // short, the pause) goes through the careful loop below, one symbol at a time.
                        let fastEnd = min(capacity, pauseAt) - (258 + 8 + 64)
                        while true {
                            while op < fastEnd && end - position >= 8 {
                                let word = UInt64(littleEndian: UnsafeRawPointer(src + position).loadUnaligned(as: UInt64.self))
                                buffer |= word << UInt64(count)
                                position += (63 - count) >> 3
                                count |= 56
                                var entry = HuffmanTable.lookup(litTable, buffer, primaryBits: literalBits)
                                let kind = HuffmanTable.kind(entry)
                                if kind == HuffmanTable.kindLiteral {
                                    // A run of literals while the bits last (at most 63, inside the
                                    // output margin); a long code's subtable link ends the run.
                                    repeat {
                                        let length = Int(HuffmanTable.length(entry))
                                        buffer >>= UInt64(length)
                                        count -= length
                                        dst[op] = UInt8(truncatingIfNeeded: HuffmanTable.value(entry))
                                        op += 1
                                        entry = litTable[Int(buffer & literalMask)]
                                    } while HuffmanTable.kind(entry) == HuffmanTable.kindLiteral && Int(HuffmanTable.length(entry)) <= count
                                    continue
                                }
                                guard kind == HuffmanTable.kindBase else { break }
                                let codeLength = Int(HuffmanTable.length(entry))
                                buffer >>= UInt64(codeLength)
                                let lengthExtra = Int(HuffmanTable.extra(entry))
                                let length = Int(HuffmanTable.value(entry)) + Int(buffer & ((1 << UInt64(lengthExtra)) - 1))
                                buffer >>= UInt64(lengthExtra)
                                let distanceEntry = HuffmanTable.lookup(distTable, buffer, primaryBits: distanceBits)
                                guard HuffmanTable.kind(distanceEntry) != HuffmanTable.kindInvalid else {
                                    // With ≥ 36 bits left this is no shortfall: the code is invalid.
                                    failure = ZoetropeError(.malformed, "deflate: invalid distance code")
                                    return
                                }
                                let distanceLength = Int(HuffmanTable.length(distanceEntry))
                                let distanceExtra = Int(HuffmanTable.extra(distanceEntry))
                                buffer >>= UInt64(distanceLength)
                                let distance = Int(HuffmanTable.value(distanceEntry)) + Int(buffer & ((1 << UInt64(distanceExtra)) - 1))
                                buffer >>= UInt64(distanceExtra)
                                count -= codeLength + lengthExtra + distanceLength + distanceExtra
                                if distance > op {
                                    failure = ZoetropeError(.malformed, "deflate: distance \(distance) reaches before the start of the data")
                                    return
                                }
                                Self.copyMatch(dst, at: op, distance: distance, length: length, room: physicalEnd - op)
                                op += length
                            }
                            if op >= pauseAt {
                                result = .paused
                                return
                            }
                            // Everything below reads from these; on a shortfall they are restored.
                            let savedPosition = position, savedBuffer = buffer, savedCount = count
                            if end - position >= 8 {
                                let word = UInt64(littleEndian: UnsafeRawPointer(src + position).loadUnaligned(as: UInt64.self))
                                buffer |= word << UInt64(count)
                                position += (63 - count) >> 3
                                count |= 56
                            } else {
                                while count < 56 && position < end {
                                    buffer |= UInt64(src[position]) << UInt64(count)
                                    position += 1
                                    count += 8
                                }
                            }
                            let entry = HuffmanTable.lookup(litTable, buffer, primaryBits: literalBits)
                            var length = Int(HuffmanTable.length(entry))
                            let kind = HuffmanTable.kind(entry)
                            if length > count || kind == HuffmanTable.kindInvalid {
                                failure = Self.shortfall(invalid: kind == HuffmanTable.kindInvalid, bits: count, complete: complete, "literal/length")
                                position = savedPosition; buffer = savedBuffer; count = savedCount
                                return
                            }
                            buffer >>= UInt64(length)
                            count -= length
                            if kind == HuffmanTable.kindLiteral {
                                if op >= capacity {
                                    position = savedPosition; buffer = savedBuffer; count = savedCount
                                    result = .needsSpace
                                    return
                                }
                                dst[op] = UInt8(truncatingIfNeeded: HuffmanTable.value(entry))
                                op += 1
                                // Runs of literals are common: decode more while the bits last, without refilling.
                                while op < capacity {
                                    let next = litTable[Int(buffer & literalMask)]
                                    let nextLength = Int(HuffmanTable.length(next))
                                    guard HuffmanTable.kind(next) == HuffmanTable.kindLiteral, nextLength <= count else { break }
                                    buffer >>= UInt64(nextLength)
                                    count -= nextLength
                                    dst[op] = UInt8(truncatingIfNeeded: HuffmanTable.value(next))
                                    op += 1
                                }
                                continue
                            }
                            if kind == HuffmanTable.kindEndOfBlock {
                                result = .endOfBlock
                                return
                            }
                            // A length: base plus extra bits, then a distance code and its extra bits.
                            let lengthExtra = Int(HuffmanTable.extra(entry))
                            if lengthExtra > count {
                                failure = Self.shortfall(invalid: false, bits: count, complete: complete, "length")
                                position = savedPosition; buffer = savedBuffer; count = savedCount
                                return
                            }
                            length = Int(HuffmanTable.value(entry)) + Int(buffer & ((1 << UInt64(lengthExtra)) - 1))
                            buffer >>= UInt64(lengthExtra)
                            count -= lengthExtra
                            let distanceEntry = HuffmanTable.lookup(distTable, buffer, primaryBits: distanceBits)
                            let distanceKind = HuffmanTable.kind(distanceEntry)
                            let distanceLength = Int(HuffmanTable.length(distanceEntry))
                            let distanceExtra = Int(HuffmanTable.extra(distanceEntry))
                            if distanceKind == HuffmanTable.kindInvalid || distanceLength + distanceExtra > count {
                                failure = Self.shortfall(invalid: distanceKind == HuffmanTable.kindInvalid, bits: count, complete: complete, "distance")
                                position = savedPosition; buffer = savedBuffer; count = savedCount
                                return
                            }
                            buffer >>= UInt64(distanceLength)
                            let distance = Int(HuffmanTable.value(distanceEntry)) + Int(buffer & ((1 << UInt64(distanceExtra)) - 1))
                            buffer >>= UInt64(distanceExtra)
                            count -= distanceLength + distanceExtra
                            if distance > op {
                                failure = ZoetropeError(.malformed, "deflate: distance \(distance) reaches before the start of the data")
                                return
                            }
                            if length > capacity - op {
                                position = savedPosition; buffer = savedBuffer; count = savedCount
                                result = .needsSpace
                                return
                            }
                            Self.copyMatch(dst, at: op, distance: distance, length: length, room: physicalEnd - op)
                            op += length
                        }
                    }
                }
            }
        }
        inputPosition = finalPosition
        bitBuffer = finalBuffer
        bitCount = finalCount
        outputCount = finalOp
        if var failure {
            failure.offset = totalInputConsumed
            throw failure
        }
        return result
    }

    /// Copies a match of `length` bytes from `distance` bytes back to `out + op`, where `room`
    /// bytes of buffer follow `out + op` (at least `length`) and `distance` ≤ `op`.
    @inline(__always)
    private static func copyMatch(_ out: UnsafeMutablePointer<UInt8>, at op: Int, distance: Int, length: Int, room: Int) {
        let from = out + (op - distance)
        let to = out + op
        if distance >= 8 && room >= length + 8 {
            // Most matches are short: copy 8 bytes at a time inline rather than calling memmove.
            // Each chunk's source lies at least 8 bytes behind it, so it is final before it is
            // read; the last chunk may write up to 7 bytes past the match, inside the buffer, which
            // later output overwrites.
            var k = 0
            repeat {
                let chunk = UnsafeRawPointer(from + k).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(to + k).storeBytes(of: chunk, as: UInt64.self)
                k += 8
            } while k < length
        } else if distance >= length {
            to.update(from: from, count: length)
        } else if distance == 1 {
            to.update(repeating: from.pointee, count: length)
        } else {
            for k in 0..<length { to[k] = from[k] }
        }
    }
}
