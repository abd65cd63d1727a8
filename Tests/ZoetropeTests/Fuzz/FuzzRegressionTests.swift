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
}
