import Testing
import Zoetrope

@Suite("GIF hostile input")
struct GIFMutationTests {
    /// A small animation using most of the format: loop and comment extensions, local and global
    /// tables, transparency, disposals, interlacing.
    private func sample() throws -> [UInt8] {
        let palette = GIFFixtures.palette(16)
        var frames: [GIFEncoder.IndexedFrame] = []
        for number in 0..<4 {
            let rect = PixelRect(x: number, y: number * 2, width: 12 - number, height: 9)
            frames.append(GIFEncoder.IndexedFrame(
                rect: rect, indices: GIFFixtures.randomIndices(rect.area, below: number == 2 ? 7 : 16, seed: UInt64(number)),
                localColorTable: number == 2 ? GIFFixtures.palette(7) : nil, disposal: number,
                transparentIndex: number % 2 == 0 ? 3 : nil, delayCentiseconds: number, isInterlaced: number == 1))
        }
        return try GIFEncoder.encode(GIFEncoder.IndexedImage(canvasSize: PixelSize(width: 14, height: 14),
                                                             globalColorTable: palette, loopCount: 2, frames: frames))
    }

    @Test("thousands of corrupted and truncated variants never crash or hang")
    func corruptedVariants() throws {
        let original = try sample()
        var generator = SplitMix64(seed: 0xBAD)
        var opened = 0
        for round in 0..<3000 {
            var bytes = original
            if round % 5 == 0 {
                bytes = Array(bytes[..<Int.random(in: 0..<bytes.count, using: &generator)])
            } else {
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let position = Int.random(in: 6..<bytes.count, using: &generator)
                    bytes[position] = UInt8.random(in: 0...255, using: &generator)
                }
            }
            let limits = DecodingLimits(maxPixels: 1 << 20, maxFrameCount: 100)
            guard let image = try? AnimatedImage(bytes: bytes, options: DecodingOptions(limits: limits)) else { continue }
            opened += 1
            #expect(image.frameCount >= 1)
            for index in (0..<image.frameCount).reversed() { _ = try? image.frame(at: index) }
            try? image.forEachFrame { _, frame in #expect(frame.size == image.canvasSize) }
        }
        #expect(opened > 1000, "most variants still open (damage keeps earlier frames)")
    }
}
