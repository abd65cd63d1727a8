import Testing
@testable import Zoetrope

@Suite("GIF differenced frames: the trial compression is the stream written")
struct GIFTrialStreamTests {
    /// A 24×16 frame over a displayed canvas it half changes, pinned pixels in the unchanged half.
    private func cut() -> (GIFFrameDifference.Cut, PixelRect) {
        let colors = (0..<6).map { RGBColor(red: UInt8($0 * 40), green: UInt8(255 - $0 * 40), blue: 90) }
        let table = GIFFramePalette(ColorPalette(colors), isExact: true, isGlobal: false)
        var displayed = RGBAImage(width: 24, height: 16)
        var indices = [UInt8](repeating: 0, count: 24 * 16)
        for y in 0..<16 {
            for x in 0..<24 {
                let shown = colors[(x / 3 + y) % 6]
                displayed[x, y] = (shown.red, shown.green, shown.blue, 255)
                // Left half pinned (index 6, the transparent one), right half a new pattern.
                indices[y * 24 + x] = x < 12 ? 6 : UInt8((x * y) % 6)
            }
        }
        let rect = PixelRect(x: 0, y: 0, width: 24, height: 16)
        return (GIFFrameDifference.cut(indices, in: rect, table: table, transparent: 6, pinned: true, displayed: displayed), rect)
    }

    @Test("the chosen encoding's stream is the one the writer would compress, and the frame's bytes do not change")
    func keptStream() throws {
        let (cut, rect) = cut()
        #expect(cut.clear != nil && cut.solid != nil)
        let chosen = cut.smaller()
        let lzw = try #require(chosen.lzw)
        #expect(lzw.bytes == LZWEncoder.compress(chosen.indices, minimumCodeSize: 3, clearCodes: .whenTableFull))
        let frame = GIFEncoder.IndexedFrame(rect: rect, indices: chosen.indices,
                                            localColorTable: (0..<7).map { GIFEncoder.Color(red: UInt8($0), green: 0, blue: 0) },
                                            transparentIndex: chosen.usesTransparency ? 6 : nil)
        let written = try GIFWriter.frameBytes(frame, index: 1, globalTableCount: nil)
        #expect(try GIFWriter.frameBytes(frame, index: 1, globalTableCount: nil, lzw: lzw) == written)
        // A stream of another code size (a table of another size) is not used: the writer compresses.
        let wrong = LZWStream(minimumCodeSize: 4, bytes: [1, 2, 3])
        #expect(try GIFWriter.frameBytes(frame, index: 1, globalTableCount: nil, lzw: wrong) == written)
        var interlaced = frame
        interlaced.isInterlaced = true
        #expect(try GIFWriter.frameBytes(interlaced, index: 1, globalTableCount: nil, lzw: lzw)
            == GIFWriter.frameBytes(interlaced, index: 1, globalTableCount: nil))
    }
}
