import Testing
@testable import Zoetrope

@Suite("Inflate")
struct InflateTests {
    static let samples: [(name: String, data: [UInt8])] = [
        ("text", TestData.textLike(70_000, seed: 1)),
        ("runs", TestData.runs(70_000, seed: 2)),
        ("mixed", TestData.mixed(60_000, seed: 3)),
        ("tiny", Array("a".utf8)),
        ("empty", []),
    ]

    @Test("inflates zlib's streams at every level and strategy",
          PythonZlib.requirement)
    func zlibVectors() throws {
        for sample in Self.samples {
            let vectors = try #require(PythonZlib.compressAll(sample.data))
            #expect(vectors.count == 50)
            for vector in vectors {
                let result = try Zlib.decompress(vector.stream, maxOutputBytes: sample.data.count)
                #expect(result == sample.data, "\(sample.name) level \(vector.level) \(vector.strategy)")
            }
        }
    }

    @Test("inflates raw deflate streams fed in small random pieces",
          PythonZlib.requirement)
    func streamingRawPieces() throws {
        // Long enough that the inflater drops old output and keeps only its 32 KiB window.
        let data = TestData.mixed(400_000, seed: 7)
        let vectors = try #require(PythonZlib.compressAll(data, raw: true))
        var rng = SplitMix64(seed: 99)
        for vector in vectors where vector.level == 1 || vector.level == 6 {
            var inflater = Inflater(format: .raw, maxOutputBytes: data.count)
            var output: [UInt8] = []
            var offset = 0
            while offset < vector.stream.count {
                let end = min(vector.stream.count, offset + Int.random(in: 1...5000, using: &rng))
                inflater.feed(vector.stream[offset..<end])
                offset = end
                if try inflater.inflate() == .finished { break }
                output += inflater.takeOutput()
            }
            inflater.finishInput()
            #expect(try inflater.inflate() == .finished)
            output += inflater.takeOutput()
            #expect(output == data, "level \(vector.level) \(vector.strategy)")
            #expect(inflater.outputBufferSize < data.count, "taken output is released, the buffer stays bounded")
        }
    }

    @Test("a stream fed one byte at a time decodes like one fed at once")
    func byteAtATime() throws {
        let data = TestData.textLike(40_000, seed: 5)
        let stream = Zlib.compress(data, level: 6)
        var inflater = Inflater(format: .zlib, maxOutputBytes: data.count)
        var output: [UInt8] = []
        for byte in stream {
            inflater.feed(CollectionOfOne(byte))
            _ = try inflater.inflate()
            inflater.withOutput { output.append(contentsOf: $0) }
        }
        #expect(inflater.isFinished)
        #expect(output == data)
    }

    @Test("an output limit pauses decoding near it, and the pieces add up to the data",
          arguments: [1, 100, 4_096, 70_000])
    func outputLimitPauses(limit: Int) throws {
        // Stored blocks (random data) and Huffman blocks (text, runs) both pause.
        // A pause every byte or so is slow in debug builds: small limits get less data.
        let data = TestData.mixed(min(1_000_000, 20_000 + limit * 100), seed: 11)
        for stream in [Zlib.compress(data, level: 6), Zlib.compress(data, level: 0)] {
            var inflater = Inflater(format: .zlib, maxOutputBytes: data.count)
            inflater.feed(stream)
            inflater.finishInput()
            var output: [UInt8] = []
            var pauses = 0
            var largestBuffer = 0
            while true {
                let status = try inflater.inflate(outputLimit: limit)
                let waiting = inflater.availableOutput
                largestBuffer = max(largestBuffer, inflater.outputBufferSize)
                output += inflater.takeOutput()
                if status == .finished { break }
                #expect(status == .outputPending)
                // Soft limit: reached, and overshot by at most one match or one refill's literals.
                #expect(waiting >= limit && waiting <= limit + 258, "limit \(limit): \(waiting) bytes waiting")
                pauses += 1
            }
            #expect(output == data)
            #expect(pauses >= data.count / (limit + 258))
            // The buffer holds the 32 KiB window, what waits and the room for the next match, and is
            // compacted once 128 KiB pile up: far less than the data.
            #expect(largestBuffer <= 2 * (4 * 32_768 + limit + 258), "largest buffer \(largestBuffer)")
        }
    }

    @Test("one-shot decompression hands back a buffer that fits, even when the size guess was far off")
    func decompressedBufferFits() throws {
        // Stored (random) data inflates to about its own size; the first guess is four times that.
        let data = TestData.random(200_000, seed: 4)
        let output = try Zlib.decompress(Zlib.compress(data, level: 6), maxOutputBytes: 1 << 20)
        #expect(output == data)
        #expect(output.capacity <= output.count + output.count / 4 + 4_096, "capacity \(output.capacity)")
    }

    // MARK: - Malformed streams

    /// A zlib header followed by deflate bits written by `body`, then padding.
    private static func zlibStream(_ body: (inout BitWriter) -> Void) -> [UInt8] {
        var writer = BitWriter()
        writer.write(0x78, bits: 8)
        writer.write(0x9C, bits: 8)
        body(&writer)
        writer.alignToByte()
        // Padding long enough that the inflater's fast loop, which wants 8 bytes of input beyond
        // its 7-byte lookahead, decodes the symbols before it.
        writer.appendAligned([UInt8](repeating: 0, count: 16))
        return writer.bytes
    }

    /// Expects `stream` to fail with `kind`, both with the output buffer `Zlib.decompress` starts
    /// with (small for these short streams: only the careful decoding loop runs) and with a large
    /// one, where the fast loop decodes every symbol that has 8 input bytes after it.
    private static func expectError(_ kind: ZoetropeError.Kind, _ stream: [UInt8], limit: Int = 1 << 20,
                                    sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            _ = try Zlib.decompress(stream, maxOutputBytes: limit)
            Issue.record("expected a \(kind) error", sourceLocation: sourceLocation)
        } catch {
            #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
        }
        var inflater = Inflater(format: .zlib, maxOutputBytes: limit, expectedOutputBytes: 4_096)
        inflater.feed(stream)
        inflater.finishInput()
        do {
            _ = try inflater.inflate()
            Issue.record("expected a \(kind) error with a large output buffer", sourceLocation: sourceLocation)
        } catch {
            #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
        }
    }

    @Test("bad zlib headers are rejected")
    func badHeaders() {
        Self.expectError(.malformed, [0x79, 0x9C, 0x03, 0x00])       // method 9
        Self.expectError(.malformed, [0x78, 0x9D, 0x03, 0x00])       // check bits
        Self.expectError(.malformed, [0x88, 0x98, 0x03, 0x00])       // window 2^16
        Self.expectError(.unsupportedFeature, [0x78, 0xBB, 0, 0, 0, 0, 0x03, 0x00]) // preset dictionary
    }

    @Test("block type 3 and stored length mismatches are rejected")
    func badBlocks() {
        Self.expectError(.malformed, Self.zlibStream { $0.write(0b111, bits: 3) })
        Self.expectError(.malformed, Self.zlibStream {
            $0.write(1, bits: 3)
            $0.alignToByte()
            $0.write(5, bits: 16)
            $0.write(5, bits: 16) // should be ~5
        })
    }

    @Test("a match reaching before the start of the data is rejected")
    func distanceTooFar() {
        // Fixed block: literal 'a', then length 3 (symbol 257, 7-bit code 0000001) at distance 2
        // (distance code 1, 5 bits 00001): only one byte precedes it.
        Self.expectError(.malformed, Self.zlibStream { writer in
            writer.write(0b011, bits: 3) // final, fixed
            writer.write(UInt32(HuffmanTable.reverse(0x30 + 97, bits: 8)), bits: 8)
            writer.write(UInt32(HuffmanTable.reverse(1, bits: 7)), bits: 7)
            writer.write(UInt32(HuffmanTable.reverse(1, bits: 5)), bits: 5)
            writer.write(0, bits: 7) // end of block
        })
    }

    @Test("fixed-code symbols 286/287 and distance codes 30/31 are rejected")
    func invalidFixedSymbols() {
        Self.expectError(.malformed, Self.zlibStream { writer in
            writer.write(0b011, bits: 3)
            writer.write(UInt32(HuffmanTable.reverse(0xC6, bits: 8)), bits: 8) // symbol 286
        })
        Self.expectError(.malformed, Self.zlibStream { writer in
            writer.write(0b011, bits: 3)
            writer.write(UInt32(HuffmanTable.reverse(0x30 + 97, bits: 8)), bits: 8)
            writer.write(UInt32(HuffmanTable.reverse(1, bits: 7)), bits: 7)
            writer.write(UInt32(HuffmanTable.reverse(30, bits: 5)), bits: 5) // distance code 30
        })
    }

    @Test("over-subscribed and incomplete Huffman tables are rejected")
    func badDynamicTables() {
        // Code length code with every one of 19 symbols at length 1: over-subscribed.
        Self.expectError(.malformed, Self.zlibStream { writer in
            writer.write(0b101, bits: 3) // final, dynamic
            writer.write(0, bits: 5); writer.write(0, bits: 5); writer.write(15, bits: 4)
            for _ in 0..<19 { writer.write(1, bits: 3) }
        })
        // Code length code with one symbol of length 2: incomplete.
        Self.expectError(.malformed, Self.zlibStream { writer in
            writer.write(0b101, bits: 3)
            writer.write(0, bits: 5); writer.write(0, bits: 5); writer.write(0, bits: 4)
            writer.write(2, bits: 3); writer.write(0, bits: 3); writer.write(0, bits: 3); writer.write(0, bits: 3)
        })
        // A repeat code (16) with nothing to repeat.
        Self.expectError(.malformed, Self.zlibStream { writer in
            writer.write(0b101, bits: 3)
            writer.write(0, bits: 5); writer.write(0, bits: 5); writer.write(0, bits: 4)
            // Symbols 16, 17, 18, 0 all length 2: complete code; codes 00=0? canonical by symbol: 0,16,17,18.
            for _ in 0..<4 { writer.write(2, bits: 3) }
            writer.write(UInt32(HuffmanTable.reverse(1, bits: 2)), bits: 2) // symbol 16
            writer.write(0, bits: 2)
        })
        // Literal/length lengths without an end-of-block code (all lengths zero via symbol 18).
        Self.expectError(.malformed, Self.zlibStream { writer in
            writer.write(0b101, bits: 3)
            writer.write(0, bits: 5); writer.write(0, bits: 5); writer.write(0, bits: 4)
            for _ in 0..<4 { writer.write(2, bits: 3) }
            // canonical: symbol 0 → 00, 16 → 01, 17 → 10, 18 → 11
            writer.write(UInt32(HuffmanTable.reverse(3, bits: 2)), bits: 2); writer.write(127, bits: 7) // 138 zeros
            writer.write(UInt32(HuffmanTable.reverse(3, bits: 2)), bits: 2); writer.write(127, bits: 7) // 138 zeros
        })
    }

    @Test("a dynamic header's repeat codes read their extra bits: 16, 17 and 18, each with a nonzero extra value")
    func dynamicHeaderRepeats() throws {
        // Literal/length lengths: 97–103 ('a'–'g') and end of block 3 bits, all else 0; no distance
        // code. As code-length symbols: 18 (+86: 97 zeros), 3, 16 (+3: six more 3s), 18 (+127: 138
        // zeros), 17 (+7: 10 zeros), 17 (+1: 4 zeros), 3, and 0 for the distance code.
        // Code-length code: 16, 17, 18 two bits (00, 01, 10); 0, 3 three bits (110, 111).
        let codes: [Int: (code: Int, bits: Int)] = [16: (0, 2), 17: (1, 2), 18: (2, 2), 0: (6, 3), 3: (7, 3)]
        let stream = Self.zlibStream { writer in
            writer.write(0b101, bits: 3) // final, dynamic
            writer.write(0, bits: 5); writer.write(0, bits: 5); writer.write(10, bits: 4) // 257, 1, 14 lengths
            // In the header's order 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3.
            for length in [2, 2, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3] { writer.write(UInt32(length), bits: 3) }
            func symbol(_ symbol: Int, extra: Int = 0, extraBits: Int = 0) {
                let code = codes[symbol]!
                writer.write(UInt32(HuffmanTable.reverse(code.code, bits: code.bits)), bits: code.bits)
                if extraBits > 0 { writer.write(UInt32(extra), bits: extraBits) }
            }
            symbol(18, extra: 86, extraBits: 7); symbol(3); symbol(16, extra: 3, extraBits: 2)
            symbol(18, extra: 127, extraBits: 7); symbol(17, extra: 7, extraBits: 3); symbol(17, extra: 1, extraBits: 3)
            symbol(3); symbol(0)
            // 'a'…'d' are 000, 001, 010, 011; end of block 111.
            for code in [0, 1, 2, 3, 7] { writer.write(UInt32(HuffmanTable.reverse(code, bits: 3)), bits: 3) }
        }
        // The zlib trailer: the padding `zlibStream` adds is where it goes.
        var complete = Array(stream.prefix(stream.count - 16))
        var checksum = Adler32()
        checksum.update(Array("abcd".utf8))
        let adler = checksum.value
        complete += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        #expect(try Zlib.decompress(complete, maxOutputBytes: 100) == Array("abcd".utf8))
    }

    @Test("a repeat with nothing before it and one past the last length are told apart")
    func dynamicHeaderRepeatErrors() {
        // Code-length code: 0, 16, 17, 18 all two bits (00, 01, 10, 11).
        func header(_ body: (inout BitWriter) -> Void) -> [UInt8] {
            Self.zlibStream { writer in
                writer.write(0b101, bits: 3)
                writer.write(0, bits: 5); writer.write(0, bits: 5); writer.write(0, bits: 4)
                for _ in 0..<4 { writer.write(2, bits: 3) }
                body(&writer)
            }
        }
        let noPrevious = header { writer in
            writer.write(UInt32(HuffmanTable.reverse(1, bits: 2)), bits: 2); writer.write(0, bits: 2)
        }
        #expect(Self.message(noPrevious)?.contains("code length repeat with no previous length") == true)
        // 138 + 138 zeros for 258 lengths.
        let pastTheEnd = header { writer in
            for _ in 0..<2 { writer.write(UInt32(HuffmanTable.reverse(3, bits: 2)), bits: 2); writer.write(127, bits: 7) }
        }
        #expect(Self.message(pastTheEnd)?.contains("code length repeat runs past the end") == true)
    }

    private static func message(_ stream: [UInt8]) -> String? {
        do {
            _ = try Zlib.decompress(stream, maxOutputBytes: 1 << 20)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("every truncation of a valid stream is an error, never a crash")
    func truncations() throws {
        let data = TestData.mixed(6_000, seed: 11)
        for level in [0, 1, 6, 9] {
            let stream = Zlib.compress(data, level: level)
            #expect(try Zlib.decompress(stream, maxOutputBytes: data.count) == data)
            // Every cut in the first and last 300 bytes (headers, trailer), every 7th in between.
            for length in 0..<stream.count where length < 300 || length > stream.count - 300 || length % 7 == 0 {
                #expect(throws: ZoetropeError.self) {
                    _ = try Zlib.decompress(Array(stream[0..<length]), maxOutputBytes: data.count)
                }
            }
        }
    }

    @Test("a wrong Adler-32 is a checksum error")
    func badChecksum() {
        var stream = Zlib.compress(Array("hello, hello, hello".utf8))
        stream[stream.count - 1] ^= 1
        Self.expectError(.checksumMismatch, stream)
    }

    @Test("output beyond the limit is refused before it is allocated")
    func outputLimit() throws {
        let data = [UInt8](repeating: 7, count: 1 << 20)
        let stream = Zlib.compress(data, level: 9)
        #expect(stream.count < 5_000)
        Self.expectError(.limitExceeded, stream, limit: 1000)
        Self.expectError(.limitExceeded, stream, limit: data.count - 1)
        #expect(try Zlib.decompress(stream, maxOutputBytes: data.count) == data)
    }

    @Test("random bytes and damaged streams are accepted and rejected exactly as zlib does, with zlib's output",
          PythonZlib.requirement)
    func randomGarbageAgainstZlib() throws {
        var rng = SplitMix64(seed: 1234)
        var zlibStreams: [[UInt8]] = []
        for _ in 0..<1_000 {
            var bytes = TestData.random(Int.random(in: 0...300, using: &rng), seed: rng.next())
            if bytes.count >= 2 { bytes[0] = 0x78; bytes[1] = 0x9C }
            zlibStreams.append(bytes)
        }
        // Raw deflate has no checksum, so damaged streams often decode to something: the output
        // must then be zlib's, byte for byte.
        var deflater = Deflater(level: 6)
        let clean = deflater.rawStream(TestData.textLike(3_000, seed: 8))
        var rawStreams: [[UInt8]] = []
        for _ in 0..<1_500 {
            var bytes = Array(clean.prefix(Int.random(in: clean.count / 2...clean.count, using: &rng)))
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] ^= UInt8.random(in: 1...255, using: &rng)
            }
            rawStreams.append(bytes)
        }
        let zlibResults = try #require(PythonZlib.decompressEach(zlibStreams))
        let rawResults = try #require(PythonZlib.decompressEach(rawStreams, raw: true))
        var accepted = 0
        for (streams, results, format) in [(zlibStreams, zlibResults, Inflater.Format.zlib), (rawStreams, rawResults, .raw)] {
            for (index, stream) in streams.enumerated() {
                let ours = Self.inflateOnce(stream, format: format)
                #expect(ours == results[index], "\(format) stream \(index): ours \(ours?.count ?? -1) bytes, zlib \(results[index]?.count ?? -1)")
                if ours != nil { accepted += 1 }
            }
        }
        // Enough damaged raw streams decode for the comparison to mean something.
        #expect(accepted > 25, "\(accepted) streams accepted")
    }

    /// The whole stream inflated at once, or `nil` when it is rejected.
    static func inflateOnce(_ stream: [UInt8], format: Inflater.Format) -> [UInt8]? {
        var inflater = Inflater(format: format, maxOutputBytes: 1 << 24)
        inflater.feed(stream)
        inflater.finishInput()
        guard (try? inflater.inflate()) == .finished else { return nil }
        return inflater.takeOutput()
    }

    @Test("a one-shot inflate that outgrows its first guess grows once to the projected size and hands back a fitting buffer")
    func oneShotGrowth() throws {
        // Runs compress far beyond the first guess (twice the input).
        let data = TestData.runs(3_000_000, seed: 41)
        let stream = Zlib.compress(data, level: 6)
        let output = try Zlib.decompress(stream, maxOutputBytes: data.count)
        #expect(output == data)
        #expect(output.capacity <= output.count + output.count / 2 + 4_096)
        // The limit still holds exactly.
        #expect(throws: ZoetropeError.self) { try Zlib.decompress(stream, maxOutputBytes: data.count - 1) }
    }

    @Test("the output is the same whatever room the buffer starts with, around the fast loop's bound (258 + 32 bytes before the end)")
    func roomAroundFastBound() throws {
        for (name, data) in Self.samples.prefix(3) {
            let piece = Array(data.prefix(6_000))
            let stream = Zlib.compress(piece, level: 6)
            let bound = 258 + LZ77.copySlack
            for room in [0, 1, bound - 1, bound, bound + 1, piece.count - bound - 1, piece.count - bound,
                         piece.count - bound + 1, piece.count - 1, piece.count] {
                var inflater = Inflater(format: .zlib, maxOutputBytes: piece.count, expectedOutputBytes: room)
                inflater.feed(stream)
                inflater.finishInput()
                #expect(try inflater.inflate() == .finished, "\(name), room \(room)")
                #expect(inflater.takeOutput() == piece, "\(name), room \(room)")
            }
        }
    }

    @Test("a one-shot inflate given an expected size decodes the same whether the hint is exact, short or long")
    func oneShotHint() throws {
        let data = TestData.textLike(50_000, seed: 43)
        let stream = Zlib.compress(data, level: 6)
        for hint in [0, 1, data.count - 1, data.count, data.count + 1, 4 * data.count] {
            let output = try Zlib.decompress(stream, maxOutputBytes: data.count, expectedOutputBytes: hint)
            #expect(output == data, "hint \(hint)")
        }
        #expect(throws: ZoetropeError.self) {
            try Zlib.decompress(stream, maxOutputBytes: data.count - 1, expectedOutputBytes: data.count)
        }
    }
}
