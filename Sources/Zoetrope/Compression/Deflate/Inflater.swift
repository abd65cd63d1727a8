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
/// Decoding is table-driven: one lookup in an 11-bit table gives most literal/length codes, most
/// lengths already added to their extra bits, a 64-bit bit buffer is refilled eight bytes at a
/// time without branches (up to three literals per refill), and matches copy in whole words.
package struct Inflater: Sendable {
    /// The stream's wrapping.
    package enum Format: Sendable, Hashable {
        /// Bare deflate blocks (RFC 1951).
        case raw
        /// A zlib header, deflate blocks and an Adler-32 trailer (RFC 1950).
        case zlib
    }

    /// How far ``inflate()`` got.
    package enum Status: Sendable, Hashable {
        /// All input so far is decoded; the stream continues in input not yet fed.
        case needsInput
        /// The stream ended (and, for zlib, its checksum matched).
        case finished
        /// Decoding paused because the output limit passed to ``inflate(outputLimit:)`` was
        /// reached; take the output and call again to go on.
        case outputPending
    }

    /// The wrapping this inflater expects.
    package let format: Format
    /// The most output bytes the whole stream may produce.
    package let maxOutputBytes: Int

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
    /// Dynamic blocks rebuild these tables in place (the first one copies them from the fixed ones).
    private var tables = BlockDecodeTables.fixed
    private var dynamicHeader = DynamicBlockHeader()

    // Input: bytes fed and not yet discarded; `inputBase` counts the discarded ones (for offsets).
    // `bits` is where the bit reader stands in `input` between calls.
    private var input: [UInt8] = []
    private var inputBase = 0
    private var inputComplete = false
    private var bits = LSBBitReader.State(position: 0, bits: 0, bitCount: 0)

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
    package init(format: Format = .zlib, maxOutputBytes: Int, expectedOutputBytes: Int = 0) {
        self.format = format
        self.maxOutputBytes = max(0, maxOutputBytes)
        self.phase = format == .zlib ? .streamHeader : .blockHeader
        let reserve = min(self.maxOutputBytes, max(0, expectedOutputBytes))
        // Never empty, so the decoding loop always has a buffer address (capacity is capped separately).
        // Unwritten: only `output[0..<outputCount]` is ever read or handed out, and every byte
        // there was written first.
        output = unsafe [UInt8](unwrittenCount: max(1, reserve))
    }

    /// Whether the end of the stream has been decoded.
    package var isFinished: Bool { if case .done = phase { return true } else { return false } }

    /// Total bytes produced so far (taken or not).
    package var totalOutput: Int { outputBase + outputCount }

    /// Compressed bytes consumed so far (whole bytes; a partly read byte counts).
    package var totalInputConsumed: Int { inputBase + bits.position - bits.bitCount / 8 }

    /// Bytes the output buffer holds (window, untaken output and spare room); for tests.
    var outputBufferSize: Int { output.count }

    /// Bytes decoded but not yet taken.
    package var availableOutput: Int { outputCount - outputTaken }

    /// Appends compressed bytes to the input. (The first bytes fed, when they are an array, are
    /// kept without copying them: a one-shot inflate feeds the whole stream at once.)
    package mutating func feed<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        if input.isEmpty, let array = bytes as? [UInt8] {
            input = array
            return
        }
        // Drop consumed input first so that long streams fed in pieces do not accumulate.
        // Keep 8 bytes behind the read position: the bit buffer may hand up to 7 back (alignToByte).
        if bits.position >= 65_536 && bits.position * 2 >= input.count {
            let drop = bits.position - 8
            input.removeSubrange(0..<drop)
            inputBase += drop
            bits.position = 8
        }
        input.append(contentsOf: bytes)
    }

    /// Declares that no more input will come: a stream that has not ended is then truncated.
    package mutating func finishInput() { inputComplete = true }

    /// Returns the output decoded since the last call and releases it (the inflater keeps only the
    /// 32 KiB window it needs).
    package mutating func takeOutput() -> [UInt8] {
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
    package mutating func withOutput<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let start = outputTaken, end = outputCount
        let result = unsafe try output.withUnsafeBufferPointer { buffer in
            unsafe try body(UnsafeBufferPointer(rebasing: buffer[start..<end]))
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
        unsafe output.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            unsafe base.update(from: base + drop, count: window)
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
    package mutating func inflate() throws(ZoetropeError) -> Status {
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
    package mutating func inflate(outputLimit: Int) throws(ZoetropeError) -> Status {
        if let failure { throw failure }
        let limit = max(1, outputLimit)
        let pauseAt = outputTaken > Int.max - limit ? Int.max : outputTaken + limit
        // A second reference to the input, so that the run may mutate `self` while it reads the
        // bytes (nothing feeds during a run, so this never copies them).
        let input = self.input
        do throws(ZoetropeError) {
            let status = unsafe try input.withUnsafeBufferPointer { (bytes) throws(ZoetropeError) in
                var reader = unsafe LSBBitReader(bytes, resuming: bits)
                defer { bits = unsafe reader.state }
                return unsafe try run(&reader, pauseAt: pauseAt)
            }
            updateChecksum()
            return status
        } catch {
            var error = error
            // Every error is reported where the reader stopped.
            error.offset = totalInputConsumed
            updateChecksum()
            failure = error
            throw error
        }
    }

    // MARK: - State machine

    /// Loads bytes until at least `count` bits are buffered: `true` when they are, `false` when more
    /// input is needed. With complete input, running short throws.
    private func need(_ count: Int, _ reader: inout LSBBitReader) throws(ZoetropeError) -> Bool {
        unsafe try reader.load(count, inputComplete: inputComplete)
    }

    /// Runs the state machine; pauses (``Status/outputPending``) once `outputCount` reaches `pauseAt`.
    private mutating func run(_ reader: inout LSBBitReader, pauseAt: Int) throws(ZoetropeError) -> Status {
        while true {
            switch phase {
            case .streamHeader:
                guard unsafe try readStreamHeader(&reader) else { return .needsInput }
                phase = .blockHeader
            case .blockHeader:
                let start = unsafe reader.state
                guard let next = unsafe try readBlockHeader(&reader) else {
                    unsafe reader.rewind(to: start)
                    return .needsInput
                }
                phase = next
            case .stored(let remaining):
                if remaining == 0 {
                    phase = isFinalBlock ? .trailer : .blockHeader
                } else if let status = unsafe try copyStored(remaining, &reader, pauseAt: pauseAt) {
                    return status
                }
            case .huffman:
                switch unsafe try decodeSymbols(&reader, pauseAt: pauseAt) {
                case .endOfBlock: phase = isFinalBlock ? .trailer : .blockHeader
                case .needsInput: return .needsInput
                case .needsSpace: unsafe try reserveOutput(258, consumed: reader.position, pauseAt: pauseAt)
                case .paused: return .outputPending
                }
            case .trailer:
                unsafe reader.alignToByte()
                if format == .zlib { guard unsafe try checkTrailer(&reader) else { return .needsInput } }
                phase = .done
            case .done:
                return .finished
            }
        }
    }

    /// Reads and checks the zlib header; `false` when more input is needed.
    private func readStreamHeader(_ reader: inout LSBBitReader) throws(ZoetropeError) -> Bool {
        guard unsafe try need(16, &reader) else { return false }
        let cmf = unsafe reader.read(8), flg = unsafe reader.read(8)
        guard cmf & 0x0F == 8 else { throw ZoetropeError.deflate(.malformed, "zlib compression method \(cmf & 0x0F) is not deflate") }
        guard cmf >> 4 <= 7 else { throw ZoetropeError.deflate(.malformed, "zlib window size field \(cmf >> 4) is over 7") }
        guard (cmf << 8 | flg) % 31 == 0 else { throw ZoetropeError.deflate(.malformed, "zlib header check bits are wrong") }
        guard flg & 0x20 == 0 else { throw ZoetropeError.deflate(.unsupportedFeature, "zlib preset dictionaries are not supported") }
        return true
    }

    /// Reads a block header (for a dynamic block, its code tables too): the phase that decodes the
    /// block, or `nil` when more input is needed (the caller rewinds to the header's start).
    private mutating func readBlockHeader(_ reader: inout LSBBitReader) throws(ZoetropeError) -> Phase? {
        guard unsafe try need(3, &reader) else { return nil }
        isFinalBlock = unsafe reader.read(1) == 1
        switch unsafe reader.read(2) {
        case 0:
            unsafe reader.alignToByte()
            guard unsafe try need(32, &reader) else { return nil }
            let length = unsafe reader.read(16), complement = unsafe reader.read(16)
            guard length == ~complement & 0xFFFF else {
                throw ZoetropeError.deflate(.malformed, "stored block length \(length) does not match its complement")
            }
            unsafe reader.alignToByte()
            return .stored(remaining: Int(length))
        case 1:
            tables = BlockDecodeTables.fixed
            return .huffman
        case 2:
            let read = unsafe try dynamicHeader.read(&reader, inputComplete: inputComplete, into: &tables)
            return read ? .huffman : nil
        default:
            throw ZoetropeError.deflate(.malformed, "invalid block type 3")
        }
    }

    /// Copies what is available of a stored block's `remaining` bytes to the output: the status to
    /// return when it has to stop, else `nil`.
    private mutating func copyStored(_ remaining: Int, _ reader: inout LSBBitReader, pauseAt: Int) throws(ZoetropeError) -> Status? {
        // The reader is byte-aligned here (with an empty bit buffer), so the bytes are read directly.
        let available = unsafe min(remaining, reader.end - reader.position)
        if available == 0 {
            if inputComplete { throw ZoetropeError.deflateTruncated }
            return .needsInput
        }
        if outputCount >= pauseAt { return .outputPending }
        let wanted = min(available, pauseAt - outputCount)
        unsafe try reserveOutput(wanted, consumed: reader.position, pauseAt: pauseAt)
        let count = min(wanted, min(output.count, maxOutputBytes - outputBase) - outputCount)
        let source = unsafe UnsafeBufferPointer(rebasing: reader.bytes[reader.position..<reader.position + count])
        let to = outputCount
        unsafe output.withUnsafeMutableBufferPointer { target in
            _ = unsafe UnsafeMutableBufferPointer(rebasing: target[to..<to + count]).update(fromContentsOf: source)
        }
        unsafe reader.position += count
        outputCount += count
        phase = .stored(remaining: remaining - count)
        return nil
    }

    /// Reads the zlib trailer and checks the Adler-32; `false` when more input is needed.
    private mutating func checkTrailer(_ reader: inout LSBBitReader) throws(ZoetropeError) -> Bool {
        guard unsafe try need(32, &reader) else { return false }
        var expected: UInt32 = 0
        for _ in 0..<4 { expected = unsafe expected << 8 | reader.read(8) }
        updateChecksum()
        guard expected == checksum.value else {
            throw ZoetropeError.deflate(.checksumMismatch, "Adler-32 checksum does not match the data")
        }
        return true
    }

    /// Makes room for `count` more output bytes, or as many as the limit allows. Throws when not one
    /// more byte fits. `consumed` is how far the reader stands in `input`: with the whole stream
    /// fed and no output limit to pause at (`pauseAt`), the output so far per input byte read
    /// projects the final size, so a one-shot inflate grows its buffer once to about that instead
    /// of doubling (and copying) several times.
    private mutating func reserveOutput(_ count: Int, consumed: Int, pauseAt: Int) throws(ZoetropeError) {
        let ceiling = maxOutputBytes - outputBase
        let capacity = min(output.count, ceiling)
        if capacity - outputCount >= count { return }
        guard capacity < ceiling else {
            throw ZoetropeError.deflate(.limitExceeded, "output exceeds the limit of \(maxOutputBytes) bytes")
        }
        var wanted = max(outputCount + count, output.count + output.count / 2, 65_536)
        if inputComplete && pauseAt == .max && consumed > 0 && consumed < input.count {
            // The rest of the input at the ratio so far, and an eighth more (as Doubles: the sizes
            // are far below 2⁵³).
            let ratio = Double(outputBase + outputCount) / Double(inputBase + consumed)
            let projected = Double(outputCount) + Double(input.count - consumed) * ratio * 1.125
            if projected < Double(ceiling) { wanted = max(wanted, Int(projected)) } else { wanted = ceiling }
        }
        let newSize = min(ceiling, wanted)
        guard newSize > output.count else { return }
        // Copy only the bytes in use into a new buffer whose rest is left unwritten, as in `init`.
        let grown = unsafe output.withUnsafeBufferPointer { unsafe [UInt8](unwrittenCount: newSize, copying: UnsafeBufferPointer(rebasing: $0[..<outputCount])) }
        output = grown
    }

    private mutating func updateChecksum() {
        guard checksummed < outputCount else { return }
        let from = checksummed, to = outputCount
        if format == .zlib {
            unsafe output.withUnsafeBufferPointer { unsafe checksum.update(UnsafeBufferPointer(rebasing: $0[from..<to])) }
        }
        checksummed = to
    }

    // MARK: - Compressed data (the hot loop)

    /// Decodes the current block's symbols (see ``HuffmanBlockDecoder``) into the output buffer.
    private mutating func decodeSymbols(_ reader: inout LSBBitReader, pauseAt: Int) throws(ZoetropeError) -> HuffmanBlockDecoder.Stop {
        if unsafe reader.end == 0 {
            if inputComplete { throw ZoetropeError.deflateTruncated }
            return .needsInput
        }
        // Move the output into a local so the loop works on a plain pointer without exclusivity checks.
        var out = output
        output = []
        defer { output = out }
        let tables = self.tables.entries
        let ceiling = maxOutputBytes - outputBase, complete = inputComplete
        var op = outputCount
        defer { outputCount = op }
        return unsafe try out.withUnsafeMutableBufferPointer { (target) throws(ZoetropeError) in
            unsafe try tables.withUnsafeBufferPointer { (tables) throws(ZoetropeError) in
                // The output buffer is never empty (see `init`).
                guard let base = target.baseAddress else { return .needsSpace }
                var decoder = unsafe HuffmanBlockDecoder(
                    out: base, op: op, capacity: min(target.count, ceiling), bufferEnd: target.count,
                    tables: tables, inputComplete: complete)
                // A local copy of the reader, so that the loop keeps it in registers.
                var local = unsafe reader
                defer { unsafe reader = local; op = unsafe decoder.op }
                return unsafe try decoder.run(&local, pauseAt: pauseAt)
            }
        }
    }
}

extension ZoetropeError {
    /// An inflate error: every part of the decoder words its messages this way. (The offset is
    /// filled in by ``Inflater/inflate(outputLimit:)``, where the reader stopped.)
    static func deflate(_ kind: Kind, _ message: String) -> ZoetropeError {
        ZoetropeError(kind, "deflate: " + message)
    }

    /// The stream ended, with no more input to come, before it was complete.
    static var deflateTruncated: ZoetropeError { deflate(.truncated, "compressed data ends early") }
}

extension LSBBitReader {
    /// Loads bytes until at least `count` (≤ 56) bits are buffered: `true` when they are, `false`
    /// when more input is needed, and with `inputComplete` (no more input will come) a
    /// `.truncated` error instead.
    @inline(__always)
    mutating func load(_ count: Int, inputComplete: Bool) throws(ZoetropeError) -> Bool {
        unsafe refillBytes(upTo: count)
        if unsafe bitCount >= count { return true }
        if inputComplete { throw .deflateTruncated }
        return false
    }
}
