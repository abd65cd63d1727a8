import Testing
import Zoetrope

/// PNG and APNG decompression bombs are refused before memory is spent (measured in a child
/// process, see ``MemoryProbe``).
@Suite("Limits: PNG and APNG bombs")
struct PNGLimitTests {
    static let refusalBudget = 8 << 20

    @Test("an IHDR declaring 100000×100000 is refused at open")
    func hugeImage() throws {
        let bytes = HostileFiles.png(width: 100_000, height: 100_000, idat: HostileFiles.zlibZeros(matches: 10))
        for mode in ["image", "inspect"] {
            let result = try MemoryProbe.decode(bytes, mode: mode)
            #expect(result.outcome == "error" && result.kind == "limitExceeded", "\(mode): \(result)")
            #expect(result.grewLessThan(Self.refusalBudget), "\(mode): \(result)")
        }
    }

    @Test("IDAT data inflating to 100 MB for a 100×100 image stops at the image's bytes")
    func inflateBomb() throws {
        // 650 KB of deflate data that inflates to about 100 MB of zeros.
        let bytes = HostileFiles.png(width: 100, height: 100, idat: HostileFiles.zlibZeros(matches: 400_000))
        let result = try MemoryProbe.decode(bytes, timeout: .seconds(30))
        // The image's 100 rows of zeros decode; the stream behind them is never inflated.
        #expect(result.outcome == "decoded" && result.frames == 1, "\(result)")
        #expect(result.grewLessThan(Self.refusalBudget * 2), "\(result)")
    }

    @Test("a chunk declaring 2 GB of data in a tiny file is an error, not an allocation")
    func hugeChunkLength() throws {
        var bytes = HostileFiles.png(width: 1, height: 1, idat: Self.onePixel)
        // Overwrite the IDAT length (after the 8-byte signature and the 25-byte IHDR chunk).
        bytes.replaceSubrange(33..<37, with: HostileFiles.bigEndian32(0x7FFF_FFF0))
        let result = try MemoryProbe.decode(bytes)
        // The truncation is reported: an error, or a frame kept with a `truncated` warning.
        #expect((result.outcome == "error" && result.kind == "truncated")
                || (result.outcome == "decoded" && result.warningKinds.contains("truncated")), "\(result)")
        #expect(result.grewLessThan(Self.refusalBudget), "\(result)")
    }

    @Test("an acTL declaring 2³¹−1 frames allocates nothing for them")
    func declaredFrameCount() throws {
        let frame = HostileFiles.fcTL(sequence: 0, width: 1, height: 1)
        let bytes = HostileFiles.png(width: 1, height: 1,
                                     before: [HostileFiles.acTL(frames: 0x7FFF_FFFF), frame],
                                     idat: Self.onePixel)
        let result = try MemoryProbe.decode(bytes)
        // One real frame: an error, or the still image with the structure damage reported.
        #expect(result.outcome == "error"
                || (result.outcome == "decoded" && result.frames == 1 && result.warningKinds.contains("malformed")), "\(result)")
        #expect(result.grewLessThan(Self.refusalBudget), "\(result)")
    }

    /// The zlib data of one transparent 1×1 RGBA pixel row (filter byte and four zeros).
    static let onePixel = HostileFiles.zlibStored([0, 0, 0, 0, 0])

    @Test("more APNG frames than maxFrameCount are refused")
    func frameCount() throws {
        let count = MemoryProbe.limits.maxFrameCount * 3
        let chunks = [HostileFiles.acTL(frames: UInt32(count)), HostileFiles.fcTL(sequence: 0, width: 1, height: 1)]
        var tail: [UInt8] = []
        // Frame 0 is the IDAT image; frames 1... are fcTL + fdAT pairs after it.
        var sequence = 1
        for _ in 1..<count {
            tail += HostileFiles.fcTL(sequence: sequence, width: 1, height: 1)
            tail += HostileFiles.chunk("fdAT", HostileFiles.bigEndian32(sequence + 1) + Self.onePixel)
            sequence += 2
        }
        var bytes = HostileFiles.png(width: 1, height: 1, before: chunks, idat: Self.onePixel)
        bytes.insert(contentsOf: tail, at: bytes.count - 12) // before IEND
        let result = try MemoryProbe.decode(bytes)
        #expect(result.refusedByLimit, "\(result)")
        #expect((result.frames ?? 0) <= MemoryProbe.limits.maxFrameCount)
        #expect(result.grewLessThan(Self.refusalBudget), "\(result)")
    }
}
