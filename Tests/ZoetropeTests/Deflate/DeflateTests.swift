import Testing
@testable import Zoetrope

@Suite("Deflate")
struct DeflateTests {
    @Test("every level round-trips through our inflater", arguments: 0...9)
    func roundTrip(level: Int) throws {
        for sample in InflateTests.samples {
            let stream = Zlib.compress(sample.data, level: level)
            #expect(try Zlib.decompress(stream, maxOutputBytes: sample.data.count) == sample.data,
                    "\(sample.name) level \(level)")
        }
    }

    @Test("zlib inflates our output at every level",
          PythonZlib.requirement)
    func zlibAcceptsOurStreams() throws {
        for sample in InflateTests.samples {
            for level in 0...9 {
                let stream = Zlib.compress(sample.data, level: level)
                #expect(PythonZlib.decompress(stream) == sample.data, "\(sample.name) level \(level)")
            }
        }
        var deflater = Deflater(level: 6)
        let data = TestData.mixed(50_000, seed: 4)
        #expect(PythonZlib.decompress(deflater.rawStream(data), raw: true) == data)
    }

    @Test("higher levels compress better; level 0 stores; random data barely grows")
    func levelsMatter() throws {
        let text = TestData.textLike(100_000, seed: 9)
        let stored = Zlib.compress(text, level: 0).count
        let fast = Zlib.compress(text, level: 1).count
        let best = Zlib.compress(text, level: 9).count
        #expect(stored > text.count)
        #expect(fast < text.count / 2)
        #expect(best < fast)
        let noise = TestData.random(100_000, seed: 9)
        #expect(Zlib.compress(noise, level: 6).count < noise.count + noise.count / 100 + 64)
    }

    @Test("compressed size is close to zlib's at the same level",
          PythonZlib.requirement)
    func sizeComparedWithZlib() throws {
        let data = TestData.mixed(200_000, seed: 21)
        for level in [1, 6, 9] {
            let ours = Zlib.compress(data, level: level).count
            let theirs = try #require(PythonZlib.compress(data, level: level, strategy: "Z_DEFAULT_STRATEGY")).count
            #expect(Double(ours) < Double(theirs) * 1.10, "level \(level): ours \(ours), zlib \(theirs)")
        }
    }

    @Test("code lengths never exceed the limit, even for skewed frequencies")
    func lengthLimit() {
        // Fibonacci frequencies give the deepest possible unlimited tree.
        var frequencies = [Int](repeating: 0, count: 30)
        var a = 1, b = 1
        for index in 0..<30 { frequencies[index] = a; (a, b) = (b, a + b) }
        let lengths = HuffmanCodeBuilder.lengths(for: frequencies, maxBits: 15)
        #expect(lengths.max() == 15)
        // Kraft sum of a complete code is exactly 1.
        let kraft = lengths.reduce(0.0) { $0 + ($1 == 0 ? 0 : 1.0 / Double(1 << Int($1))) }
        #expect(kraft == 1.0)
    }
}
