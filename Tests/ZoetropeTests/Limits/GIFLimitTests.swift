import Testing
import Zoetrope

/// GIF decompression bombs are refused before memory is spent: each file is decoded in a child
/// process under ``MemoryProbe/limits`` and the peak memory the decode added is measured.
@Suite("Limits: GIF bombs")
struct GIFLimitTests {
    /// Refusing from the headers needs next to nothing; 8 MB leaves room for the runtime's own noise.
    static let refusalBudget = 8 << 20

    @Test("a 13-byte-header GIF declaring a 65535×65535 canvas is refused at open")
    func hugeCanvas() throws {
        let bytes = HostileFiles.gif(width: 65_535, height: 65_535,
                                     frames: [HostileFiles.gifFrame(width: 1, height: 1, lzw: HostileFiles.lzwZeros(pixels: 1))])
        for mode in ["image", "inspect"] {
            let result = try MemoryProbe.decode(bytes, mode: mode)
            #expect(result.outcome == "error" && result.kind == "limitExceeded", "\(mode): \(result)")
            #expect(result.grewLessThan(Self.refusalBudget), "\(mode): \(result)")
        }
    }

    @Test("a frame declaring 65535×65535 inside a 16×16 canvas is refused, not allocated")
    func hugeFrameInSmallCanvas() throws {
        let bytes = HostileFiles.gif(width: 16, height: 16,
                                     frames: [HostileFiles.gifFrame(width: 65_535, height: 65_535, lzw: HostileFiles.lzwZeros(pixels: 4))])
        let result = try MemoryProbe.decode(bytes)
        #expect(result.refusedByLimit, "\(result)")
        #expect(result.grewLessThan(Self.refusalBudget), "\(result)")
    }

    @Test("more frames than maxFrameCount are refused (the frames before the limit may stay)")
    func frameCount() throws {
        let frame = HostileFiles.gifFrame(width: 1, height: 1, lzw: HostileFiles.lzwZeros(pixels: 1))
        let count = MemoryProbe.limits.maxFrameCount * 20
        let bytes = HostileFiles.gif(width: 1, height: 1, frames: Array(repeating: frame, count: count))
        let result = try MemoryProbe.decode(bytes)
        #expect(result.refusedByLimit, "\(result)")
        #expect((result.frames ?? 0) <= MemoryProbe.limits.maxFrameCount)
        #expect(result.grewLessThan(Self.refusalBudget), "\(result)")
    }

    @Test("20 canvas-sized frames stream through holding about two canvases, not their total")
    func framesStreamPast() throws {
        // 20 full frames of a 2000×2000 canvas (16 MB each): 320 MB of decoded pixels in all, from a
        // few bytes of data each. They all decode; reading them in order holds the canvas and a frame.
        let frame = HostileFiles.gifFrame(width: 2_000, height: 2_000, lzw: HostileFiles.lzwZeros(pixels: 1))
        let bytes = HostileFiles.gif(width: 2_000, height: 2_000, frames: Array(repeating: frame, count: 20))
        let result = try MemoryProbe.decode(bytes)
        #expect(result.outcome == "decoded" && result.frames == 20, "\(result)")
        #expect(result.grewLessThan(3 * 16_000_000), "\(result)")
    }

    @Test("an LZW stream that expands without end stops at the frame's pixels")
    func endlessLZW() throws {
        // 1.5 MB of 12-bit codes that would expand to about 4 billion pixels, in a 10×10 frame.
        let bytes = HostileFiles.gif(width: 10, height: 10,
                                     frames: [HostileFiles.gifFrame(width: 10, height: 10, lzw: HostileFiles.lzwEndless(codes: 1_000_000))])
        let result = try MemoryProbe.decode(bytes, timeout: .seconds(30))
        // The frame's 100 pixels decode and the rest of the LZW data is ignored (the GIF rule).
        #expect(result.outcome == "decoded" && result.frames == 1 && result.warningKinds.isEmpty, "\(result)")
        #expect(result.grewLessThan(Self.refusalBudget), "\(result)")
    }

    @Test("the hostile-file builder makes GIFs the decoder accepts when they are harmless")
    func builderSanity() throws {
        let bytes = HostileFiles.gif(width: 3, height: 2,
                                     frames: [HostileFiles.gifFrame(width: 3, height: 2, lzw: HostileFiles.lzwZeros(pixels: 6))])
        let image = try AnimatedImage(bytes: bytes)
        #expect(image.frameCount == 1)
        let frame = try image.frame(at: 0)
        #expect(frame[2, 1] == (0, 0, 0, 255)) // index 0 of the global table is black
    }
}
