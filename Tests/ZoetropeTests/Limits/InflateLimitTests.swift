import Testing
import Zoetrope

/// zlib streams that expand without end are stopped at the output limit, before the memory is
/// spent (measured in a child process, see ``MemoryProbe``).
@Suite("Limits: inflate bombs")
struct InflateLimitTests {
    @Test("a 650 KB stream of 100 MB of zeros stops at a 1 MB output limit")
    func zerosBomb() throws {
        let stream = HostileFiles.zlibZeros(matches: 400_000)
        let limit = 1 << 20
        let result = try MemoryProbe.decode(stream, mode: "inflate", outputLimit: limit)
        #expect(result.outcome == "error" && result.kind == "limitExceeded", "\(result)")
        // The output may reach the limit; the budget allows that plus the inflater's own buffers.
        #expect(result.grewLessThan(4 * limit + (4 << 20)), "\(result)")
    }

    @Test("the same stream inflates completely when the limit allows it, so the bomb is real")
    func zerosBombIsValid() throws {
        let stream = HostileFiles.zlibZeros(matches: 4_000)
        let output = try Zlib.decompress(stream, maxOutputBytes: 1 << 20)
        #expect(output.count == 1 + 258 * 4_000)
        #expect(output.allSatisfy { $0 == 0 })
        #expect(throws: ZoetropeError.self) { try Zlib.decompress(stream, maxOutputBytes: 1 + 258 * 4_000 - 1) }
    }

    @Test("the probe sees memory that a decode really holds, so its small figures mean something")
    func probeMeasuresGrowth() throws {
        // 10 MB of zeros inflated within a 64 MB limit: the output array alone is 10 MB.
        let stream = HostileFiles.zlibZeros(matches: 40_000)
        let result = try MemoryProbe.decode(stream, mode: "inflate", outputLimit: 64 << 20)
        #expect(result.outcome == "decoded", "\(result)")
        #expect((result.measuredGrowthBytes ?? 0) > 10_000_000, "\(result)")
        #expect(result.peakWasReset)
    }
}
