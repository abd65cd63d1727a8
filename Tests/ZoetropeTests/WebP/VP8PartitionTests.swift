import Testing
@testable import Zoetrope

/// Token partitions as libwebp reads them: any may be empty, the last one too; only a partition a
/// macroblock row needs must hold data.
@Suite("VP8 token partitions")
struct VP8PartitionTests {
    /// Every pixel of a frame of skipped DC_PRED macroblocks: Y = U = V = 128 (no neighbours to
    /// average), which libwebp's fixed-point conversion makes (130, 130, 130):
    /// R = (128·19077 >> 8) + (128·26149 >> 8) − 14234 = 9538 + 13074 − 14234 = 8378, >> 6 = 130;
    /// G = 9538 − 3209 − 6660 + 8708 = 8377 → 130; B = 9538 + 16525 − 17685 = 8378 → 130.
    static let gray: [UInt8] = [130, 130, 130, 255]

    /// One macroblock row (48×16) in eight partitions: row 0 reads partition 0, and partitions 1 to
    /// 7 are empty. The chunk's size is made odd, so a RIFF pad byte follows it: libwebp accepts an
    /// empty last partition only when bytes follow it in the file.
    static func eightPartitions() -> [UInt8] {
        var partitions: [[UInt8]] = [[0, 0]] + Array(repeating: [], count: 7)
        if VP8TestFrameWriter.keyFrame(width: 48, height: 16, tokenPartitions: partitions).count % 2 == 0 { partitions[0].append(0) }
        return VP8TestFrameWriter.webp(VP8TestFrameWriter.keyFrame(width: 48, height: 16, tokenPartitions: partitions))
    }

    @Test("eight partitions, the last one empty, decode (one macroblock row uses partition 0 only)")
    func emptyLastPartition() throws {
        let image = try AnimatedImage(bytes: Self.eightPartitions())
        let frame = try image.frame(at: 0)
        #expect(frame.size == PixelSize(width: 48, height: 16))
        #expect(frame.pixels == Array([[UInt8]](repeating: Self.gray, count: 48 * 16).joined()))
        #expect(image.warnings.isEmpty)
    }

    @Test("libwebp decodes the same file to the same pixels", LibWebPTools.requirement)
    func emptyLastPartitionAsLibwebp() throws {
        let file = Self.eightPartitions()
        let reference = try #require(try LibWebPTools.decode(file), "dwebp refused the file")
        #expect(reference.pixels == (try AnimatedImage(bytes: file).frame(at: 0)).pixels)
    }

    @Test("an empty partition a row needs is damage: the rows before it are kept and the offset says where data ended")
    func emptyPartitionInUse() throws {
        // Two macroblock rows, two partitions: row 1 reads partition 1, which is empty.
        let payload = VP8TestFrameWriter.keyFrame(width: 16, height: 32, tokenPartitions: [[0, 0], []])
        let decoded = try VP8Decoder.decode(payload, payload: 0..<payload.count, maxPixels: 10_000)
        let damage = try #require(decoded.damage)
        #expect(damage.kind == .truncated && damage.offset == payload.count)
        #expect((0..<16).allSatisfy { y in (0..<16).allSatisfy { decoded.image[$0, y] == (130, 130, 130, 255) } })
        #expect((16..<32).allSatisfy { y in (0..<16).allSatisfy { decoded.image[$0, y] == (0, 0, 0, 0) } })
    }
}
