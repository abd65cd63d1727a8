import Testing
import Zoetrope

/// Inputs the fuzz targets found, written out in code (docs/testing.md, "Fuzzing": every fuzz finding
/// becomes a regression test).
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    /// Found by the `gif` target's random-access check (24 Nov 2026): a 1×1 GIF whose first frame's
    /// LZW data is unusable and whose second frame covers the canvas. Sequential reading stops at
    /// frame 0; random access to frame 1 replays from frame 1 itself (a clean start) and never
    /// decodes frame 0, so it shows the frame. The fuzz check now asks exactly this.
    static let brokenFirstFrame: [UInt8] = [
        0x47, 0x49, 0x46, 0x38, 0x37, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0xFF, 0x00, 0x00, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x21, 0xF9, 0x04, 0x08, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00,
        0x01, 0x00, 0x01, 0x00, 0x00, 0x08, 0x04, 0x80, 0x01, 0x04, 0x04, 0x00, 0x21, 0xF9, 0x04, 0x08,
        0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x81, 0xFF, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08, 0x04, 0x00, 0x01, 0x04, 0x04,
        0x00, 0x3B,
    ]

    @Test("a first frame with no usable data: reading in order and frame(at: 0) fail; a later clean frame still shows")
    func brokenFirstFrame() throws {
        let image = try AnimatedImage(bytes: Self.brokenFirstFrame)
        #expect(image.frameCount == 2)
        #expect(throws: ZoetropeError.self) { try image.forEachFrame { _, _ in } }
        #expect(throws: ZoetropeError.self) { try image.frame(at: 0) }
        let fresh = try AnimatedImage(bytes: Self.brokenFirstFrame)
        let second = try fresh.frame(at: 1)
        // Frame 1: index 0 (the first LZW code after the clear code) of its local table, FF 00 00.
        #expect(second[0, 0] == (255, 0, 0, 255))
    }

    /// Found by the `webp` target's libwebp comparison (27 Nov 2026): a 64×48 lossy VP8 still
    /// (465 bytes, trailing bytes after its RIFF size included) whose tokens dequantise to
    /// coefficients far outside what any encoder writes. libwebp on x86 runs its full inverse DCT
    /// in 16-bit lanes (SSE2), where such sums wrap; Zoetrope used 32-bit arithmetic throughout and
    /// differed from row 26 down. Now each block takes the arithmetic libwebp uses for it.
    static let wrappingCoefficients: [UInt8] = VP8TestStream.hexBytes([
        "52494646de0000005745425056503820d2000000d008009d012a400030003eb14c9a4ba724a2a1baac00e0160968032c",
        "07f00fc80d21afc72fc00b5ffcd01f5252525252525252525252525252525252525252525252000e5252525252525252",
        "52525252525252525252ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        "ffffffffffffffffffffffffffffffffffffffffffffffff2effffffffffffffffffffffffffffffffffff5252525252",
        "52525252525252525252525243686172616374655252525252525252a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8",
        "a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a85effffffffffffff",
        "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        "ffffffffffa8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a85252525252525252525252525252525252525252525252",
        "807f18fc348a3181171c3b7c5ff18bd86298fd27f01e67e0932f7000e0160968032c07f00fc80d21afc72fc00b5ffcf0",
        "1f807f18fc338a47bf28bc0407ee19ac0000fea91d37957e7fc48a0ed7bf2e499f",
    ])
    /// SHA-256 of `dwebp -pam` pixels (libwebp 1.2.4 on x86-64) for ``wrappingCoefficients``.
    static let wrappingCoefficientsSHA256 = "b469d2eefe35f357dc5e6977e6f252cb60ff1e5f69b39bda50099c1196deaf55"

    /// Found by the `webp` target's libwebp comparison (27 Nov 2026, 7,680 executions into a
    /// campaign): a 64×48 lossy still (one 210-byte `VP8 ` chunk of a mutated stream) whose token
    /// partition, full of `ff` bytes, drives the boolean decoder's value far past its interval: an
    /// encoder never writes that, but the bits still decode. libwebp compares the window
    /// `value >> bits` with the split in 32 bits; Zoetrope compared all 64, so once the window
    /// passed 2³² the two read different bits (from the first block's fifteenth token on) and
    /// 9,052 of the 12,288 RGBA bytes differed. The reader now truncates the window as libwebp does.
    static let windowPast32Bits: [UInt8] = VP8TestStream.hexBytes([
        "52494646de0000005745425056503820d2000000d008009d012a400030003eb14c9a4ba724a2a1baac00e00900000057",
        "454250565038204c0000007003009d012a1f0007003e6d1c995252525252525252ffffffffffffffffffffffffffffff",
        "fffffffffffffffffff7ffffffffffffff2e49a42123219800800d89ffffffffffffff0e50298f2000feec66fffb32f1",
        "f6ff837030e5ffedd9fd563f5d9ffeab1f2e2e2effffffffffffffffffffffffffdcfc20ffffffffffff525252525252",
        "52525252525252525252525252525252807f18fc358a3181171c00003b7c5ff18bd86298fd27",
    ])
    /// SHA-256 of `dwebp -pam` pixels (libwebp 1.2.4 on x86-64) for ``windowPast32Bits``.
    static let windowPast32BitsSHA256 = "0cb39e953d4f1a66297d34ecdee1e7698cd67e00156495a7503c494102790979"

    /// The lossy stills above, each with the SHA-256 of `dwebp -pam` pixels (libwebp 1.2.4 on x86-64).
    enum LossyStill: String, CaseIterable, Sendable {
        case wrappingCoefficients, windowPast32Bits

        var bytes: [UInt8] {
            switch self {
            case .wrappingCoefficients: FuzzRegressionTests.wrappingCoefficients
            case .windowPast32Bits: FuzzRegressionTests.windowPast32Bits
            }
        }

        var sha256: String {
            switch self {
            case .wrappingCoefficients: FuzzRegressionTests.wrappingCoefficientsSHA256
            case .windowPast32Bits: FuzzRegressionTests.windowPast32BitsSHA256
            }
        }
    }

    @Test("fuzzed lossy stills decode as dwebp on x86 does (checked-in hashes)", arguments: LossyStill.allCases)
    func lossyStill(_ still: LossyStill) throws {
        let image = try AnimatedImage(bytes: still.bytes)
        #expect(image.canvasSize == PixelSize(width: 64, height: 48))
        #expect(SHA256.hex(try image.frame(at: 0).pixels) == still.sha256)
    }

    @Test("fuzzed lossy stills decode as the installed dwebp does", LibWebPTools.requirement,
          arguments: LossyStill.allCases)
    func lossyStillAgainstDwebp(_ still: LossyStill) throws {
        let reference = try #require(try LibWebPTools.decode(still.bytes), "dwebp refused the file")
        let frame = try AnimatedImage(bytes: still.bytes).frame(at: 0)
        #expect(reference.width == 64 && reference.height == 48)
        #expect(frame.pixels.count == reference.pixels.count)
        let differing = zip(frame.pixels, reference.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) of \(reference.pixels.count) RGBA bytes differ from dwebp's")
    }

    /// Found by the `webp` target's comparison with libwebp (27 Nov 2026, 37 executions into a
    /// campaign): an `ANMF` whose first chunk is an unknown `XXXX` rather than `ALPH`, `VP8 ` or
    /// `VP8L`, then a valid frame. libwebp's demuxer keeps no frame for that `ANMF` and decodes the
    /// other; the corpus (`bad/synthetic/s_webp_anmf_no_bitstream.webp`, the same structure) expects
    /// an error, which Zoetrope gives. The finding was the check's: it now allows a refusal where an
    /// `ANMF` chunk's first chunk is not an image (Fuzz/LibWebPComparison.swift).
    @Test("an ANMF without an image chunk is refused with the offset of the chunk found instead")
    func animationFrameWithoutImage() throws {
        let red = VP8LTestStream.literals(width: 2, height: 2, [UInt32](repeating: 0xFFFF_0000, count: 4))
        let bytes = WebPTestFile.animation(width: 2, height: 2, loopCount: 0, frames: [
            .init(duration: 70, payload: Array(repeating: 0x5A, count: 283), fourCC: "XXXX"),
            .init(duration: 40, payload: red),
        ])
        do {
            _ = try AnimatedImage(bytes: bytes)
            Issue.record("an ANMF without an image chunk must be refused")
        } catch {
            #expect(error.kind == .malformed && error.format == .webp)
            // RIFF header 12, VP8X 18, ANIM 14, the ANMF's header 8 and its frame fields 16.
            #expect(error.offset == 68)
        }
    }
}
