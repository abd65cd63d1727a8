import Testing
@testable import Zoetrope

@Suite("Deflate level 9: optimal parsing")
struct OptimalParserTests {
    /// Every match the tree finder reports for `data`, position by position, with the longest.
    private static func matches(in data: [UInt8]) -> [(position: Int, found: [TreeMatchFinder.Candidate], longest: Int)] {
        var head = [Int32](repeating: -1, count: 1 << TreeMatchFinder.hashBits)
        var smaller = [Int32](repeating: -1, count: Deflater.windowSize)
        var larger = [Int32](repeating: -1, count: Deflater.windowSize)
        var result: [(Int, [TreeMatchFinder.Candidate], Int)] = []
        data.withUnsafeBufferPointer { bytes in
            head.withUnsafeMutableBufferPointer { head in
                smaller.withUnsafeMutableBufferPointer { smaller in
                    larger.withUnsafeMutableBufferPointer { larger in
                        let finder = TreeMatchFinder(data: bytes.baseAddress!, count: bytes.count, head: head,
                                                     smaller: smaller, larger: larger)
                        for position in 0..<bytes.count {
                            var found: [TreeMatchFinder.Candidate] = []
                            let longest = finder.insert(position, matches: &found)
                            result.append((position, found, longest))
                        }
                    }
                }
            }
        }
        return result
    }

    @Test("the tree finder reports real matches, longer each time, and the longest one on short inputs")
    func treeMatches() {
        for seed: UInt64 in 1...6 {
            // Few symbols, so that many positions match at many lengths; short enough that the
            // search depth never cuts a walk.
            let data = TestData.random(90, seed: seed).map { $0 % 3 }
            for (position, found, longest) in Self.matches(in: data) {
                var previous = 0
                for candidate in found {
                    let length = Int(candidate.length), distance = Int(candidate.distance)
                    #expect(length > previous && distance >= 1 && distance <= position)
                    #expect(Array(data[position - distance..<position - distance + length]) == Array(data[position..<position + length]))
                    previous = length
                }
                let limit = min(258, data.count - position)
                let bruteForce = (0..<position).map { start in
                    var length = 0
                    while length < limit && data[start + length] == data[position + length] { length += 1 }
                    return length
                }.max() ?? 0
                #expect(longest == (bruteForce >= 3 ? bruteForce : 0), "seed \(seed) position \(position)")
            }
        }
    }

    @Test("level 9 is smaller than lazy matching at level 8 and than zlib's level 9", PythonZlib.requirement)
    func smallerThanLazy() throws {
        for data in [TestData.textLike(150_000, seed: 2), TestData.mixed(150_000, seed: 3)] {
            let optimal = Zlib.compress(data, level: 9)
            #expect(try Zlib.decompress(optimal, maxOutputBytes: data.count) == data)
            #expect(optimal.count < Zlib.compress(data, level: 8).count)
            let zlib = try #require(PythonZlib.compress(data, level: 9, strategy: "Z_DEFAULT_STRATEGY"))
            #expect(optimal.count < zlib.count, "ours \(optimal.count), zlib \(zlib.count)")
        }
    }

    @Test("long runs and block boundaries: level 9 round-trips data with matches across 64 KiB blocks")
    func blockBoundaries() throws {
        var data = TestData.runs(70_000, seed: 5) + [UInt8](repeating: 7, count: 70_000) + TestData.textLike(70_000, seed: 5)
        data += data[60_000..<140_000]
        for count in [0, 1, 2, 3, 4, 65_535, 65_536, 65_537, data.count] {
            let slice = Array(data.prefix(count))
            #expect(try Zlib.decompress(Zlib.compress(slice, level: 9), maxOutputBytes: count) == slice, "\(count) bytes")
        }
    }
}
