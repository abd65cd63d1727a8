import Testing
@testable import Zoetrope

/// A 40×36 lossy WebP made for these tests with `cwebp -q 60 -strong -sharpness 2 -segments 4`
/// (four segments, normal loop filter with sharpness, 3×3 macroblocks, partial edge macroblocks).
/// Reference hashes are SHA-256 of `dwebp -pam` output (libwebp 1.2.4), default and `-nofancy`.
enum VP8TestStream {
    static let file: [UInt8] = hexBytes([
        "52494646c40300005745425056503820b80300001011009d012a280024003eb54c9d4a272422a1ae3bfb30e416896c00",
        "9d3284730fa27e497b0254bf98ed6891deb83f71d203ca97a0073cc699efa0074a3ff7ca03bc7df97bda8e34767b3066",
        "007145df165cdcd67d11ec07fab3d557f6abd8e3f6b8be812b4a1ba8fbb29f7a5a5e280c8c28e1a06a28afe745ac92fc",
        "2b43657e794e576905188f9cbd7e2d020d3246136000fef7acc7666a578ec03569151e0951e68e4aaeec31b56fb8fdc7",
        "1f0c49032667452c8a812484c734f258e24c825a7fb0c126f89920b043517e4aa6d3100818982f226ec6f39243873e68",
        "9d8590ae3a73baa0db506a67589355e1edac1d82d7df471b1ba27b7ec9bbfd31256a028229ed80d80fdb6aecaeac7f6b",
        "9d02897e7abd69036ebe85817463320c8ac222e833746a6f699c19a12682d5c8d36ed5351a4d15d11a628b80e521f734",
        "3a15df7f8eb917bdc4cde4251ac698b5310302ec6954c0f2c53b7729fabb9e5354e3f643fd9a9c3e675049b87bd17b6e",
        "5f105c5839e08ba8fe05c289eba51c524b9ba7cfbf86f7332a4cda01dc697989f34c9b218892907a7bcd2ab613a47b25",
        "72a792b2a1e8c07d5a3f5ae4d8e582f6f74345a0ec113e3f7ee7422ca0e68539b73d605f6d3ffc2f01f900f4372015ed",
        "d442b32d5815577e300ba2adb57057e3c7c64a5075ab1117152408135994bb6834ea343eb5bcf93bf95c2fa0678abd4f",
        "ae0553114fe929c5164f2e1c63698670eb280ad7ba4235ed2e1992aa696400c6beff0c7512f80f3c90d9d430c13295d8",
        "68e337515b61ab2434ee9fa372d66c413c151e1428b97986ebefb48379211ccc3fe031c034df856f762d0473fd87d5a3",
        "d55e338296990a35b8ef7fb214fa9f57f89e332fdcdf0561757fe6422789f34ea581f760c681e78aa8affc2e592bf1d7",
        "974b385ef35eee0ad63480db068ed5c467a70794ba227b4f66b322bcffbef1796e211d8b7e85d57daaaa33b41e43fc27",
        "6fc0cee3df933afdf8d709b20fbddaba388974facda66174e51fac111cff4035938fb5b4521b623603b5115e80c6231e",
        "e377669925315c5569d60d0e64cd2b95ff16ccac3ffe4a4973cc7ff4940bf923d4faea2787c472535eca8e9289f51e88",
        "420c69118ce61977395371f369fe251676c700eff369763f5bbd724471f8dfbde12f5a74c58c43ab3fd80d6c7a8c20fc",
        "ca34bbb6b8d628fc47cdf369e4a2598f3aa0b882b28d9d47006a1f216f4a8314fea9ebd8b4ac3a528f8742b4a579998b",
        "49e4383937b65cccf093b0a5c16f0d356cc64ed7d58950802d6be224fb8e421178023356e3910f65d7d02493b3669312",
        "2aa9f6c7583b06e740000000",
    ])
    /// The `VP8 ` chunk payload: after RIFF/WEBP (12 bytes) and the chunk header (8 bytes).
    static let payload = 20..<file.count
    static let fancySHA256 = "908ea6bf3eac2188cd348daececc6926a608925935adbe1edadb3153c39f3e41"
    static let pointSampledSHA256 = "ddffdd5550ed392fa2ea9a14c7a2d25b8520e3f39f1924f20e74178f6e2dc5d9"

    static func hexBytes(_ lines: [String]) -> [UInt8] {
        let digits = Array(lines.joined().utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<($0 + 2)], as: UTF8.self), radix: 16)! }
    }

    /// The payload with its frame tag and size fields replaced, for header tests.
    static func withHeader(_ edit: (inout [UInt8]) -> Void) -> [UInt8] {
        var bytes = file
        var header = Array(bytes[20..<30])
        edit(&header)
        bytes.replaceSubrange(20..<30, with: header)
        return bytes
    }
}

@Suite("VP8 decoder")
struct VP8DecoderTests {
    @Test("decodes the test stream exactly as libwebp does, fancy and point-sampled")
    func matchesLibwebp() throws {
        let bytes = VP8TestStream.file
        #expect(try VP8Decoder.readSize(bytes, payload: VP8TestStream.payload) == PixelSize(width: 40, height: 36))
        let fancy = try VP8Decoder.decode(bytes, payload: VP8TestStream.payload, maxPixels: 10_000)
        #expect(fancy.damage == nil)
        #expect(fancy.image.isOpaque)
        #expect(SHA256.hex(fancy.image.pixels) == VP8TestStream.fancySHA256)
        let sampled = try VP8Decoder.decode(bytes, payload: VP8TestStream.payload, upsampling: .pointSampled, maxPixels: 10_000)
        #expect(SHA256.hex(sampled.image.pixels) == VP8TestStream.pointSampledSHA256)
    }

    /// Defects of the 10-byte frame header and the error kind each must give.
    enum HeaderDefect: String, CaseIterable, Sendable {
        case interFrame, version4, invisible, startCode, zeroWidth

        func apply(_ h: inout [UInt8]) {
            switch self {
            case .interFrame: h[0] |= 1
            case .version4: h[0] = h[0] & ~0x0e | 4 << 1
            case .invisible: h[0] &= ~0x10
            case .startCode: h[4] = 0x02
            case .zeroWidth: h[6] = 0; h[7] = 0
            }
        }

        var kind: ZoetropeError.Kind {
            switch self {
            case .interFrame, .version4, .invisible: .unsupportedFeature
            case .startCode, .zeroWidth: .malformed
            }
        }
    }

    @Test("header problems are typed errors", arguments: HeaderDefect.allCases)
    func headerErrors(defect: HeaderDefect) {
        let bytes = VP8TestStream.withHeader(defect.apply)
        #expect(throws: ZoetropeError.self, "\(defect)") { try VP8Decoder.readSize(bytes, payload: VP8TestStream.payload) }
        do {
            _ = try VP8Decoder.decode(bytes, payload: VP8TestStream.payload, maxPixels: 10_000)
            Issue.record("\(defect): decoded")
        } catch {
            #expect(error.kind == defect.kind, "\(defect)")
            #expect(error.format == .webp && error.offset != nil, "\(defect)")
        }
    }

    @Test("a payload shorter than the 10-byte header is truncated")
    func shortPayload() {
        #expect(throws: ZoetropeError(.truncated, format: .webp, offset: 29, "VP8 frame header is cut short")) {
            try VP8Decoder.readSize(VP8TestStream.file, payload: 20..<29)
        }
    }

    @Test("hostile sizes are refused before anything is allocated")
    func hostileSize() throws {
        // 16383 × 16383 would need about 1 GiB of RGBA.
        let bytes = VP8TestStream.withHeader { h in h[6] = 0xff; h[7] = 0x3f; h[8] = 0xff; h[9] = 0x3f }
        #expect(try VP8Decoder.readSize(bytes, payload: VP8TestStream.payload) == PixelSize(width: 16383, height: 16383))
        do {
            _ = try VP8Decoder.decode(bytes, payload: VP8TestStream.payload, maxPixels: 4_000_000)
            Issue.record("decoded a frame over the limit")
        } catch {
            #expect(error.kind == .limitExceeded)
        }
    }

    @Test("a first partition longer than the chunk is reported with the chunk end")
    func hostileFirstPartition() {
        let bytes = VP8TestStream.withHeader { h in h[0] |= 0xe0; h[1] = 0xff; h[2] = 0xff }
        do {
            _ = try VP8Decoder.decode(bytes, payload: VP8TestStream.payload, maxPixels: 10_000)
            Issue.record("decoded")
        } catch {
            #expect(error.kind == .truncated)
            #expect(error.offset == VP8TestStream.file.count)
        }
    }

    @Test("a truncated token partition keeps the macroblock rows before it and reports where data ended")
    func truncationKeepsEarlierRows() throws {
        let bytes = VP8TestStream.file
        let full = try VP8Decoder.decode(bytes, payload: VP8TestStream.payload, maxPixels: 10_000).image
        // Cut two thirds into the data: the first partition is whole, the tokens are not.
        let cut = VP8TestStream.payload.lowerBound + VP8TestStream.payload.count * 2 / 3
        let frame = try VP8Decoder.decode(bytes, payload: VP8TestStream.payload.lowerBound..<cut, maxPixels: 10_000)
        let damage = try #require(frame.damage)
        #expect(damage.kind == .truncated)
        #expect(damage.offset == cut)
        let keptRows = (0..<36).filter { frame.image[0, $0].a == 255 }
        try #require(!keptRows.isEmpty && keptRows.count % 16 == 0, "whole macroblock rows are kept, got \(keptRows.count)")
        #expect(keptRows == Array(0..<keptRows.count))
        // Rows away from the cut (loop filter and upsampling reach a few rows) equal the full decode.
        for y in 0..<(keptRows.count - 8) {
            for x in 0..<40 { #expect(frame.image[x, y] == full[x, y]) }
        }
        for y in keptRows.count..<36 {
            #expect((0..<40).allSatisfy { frame.image[$0, y] == (0, 0, 0, 0) })
        }
    }

    @Test("when not even the first row decodes, decode throws")
    func nothingDecodable() {
        // Only the first partition and two token bytes.
        let firstPartitionEnd = 30 + (Int(VP8TestStream.file[20]) >> 5 | Int(VP8TestStream.file[21]) << 3 | Int(VP8TestStream.file[22]) << 11)
        #expect(throws: ZoetropeError.self) {
            try VP8Decoder.decode(VP8TestStream.file, payload: 20..<(firstPartitionEnd + 2), maxPixels: 10_000)
        }
    }

    @Test("random corruption never traps")
    func corruptionNeverTraps() {
        var generator = SplitMix64(seed: 42)
        for _ in 0..<300 {
            var bytes = VP8TestStream.file
            for _ in 0..<(1 + Int(generator.next() % 8)) {
                let index = 20 + Int(generator.next() % UInt64(bytes.count - 20))
                bytes[index] = UInt8(truncatingIfNeeded: generator.next())
            }
            let end = bytes.count - Int(generator.next() % 64)
            _ = try? VP8Decoder.decode(bytes, payload: 20..<end, maxPixels: 1 << 20)
        }
    }
}
