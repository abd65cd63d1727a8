import Testing
@testable import Zoetrope

/// Canvases that do not pack (photographic true colour) parked as their clean start and the part
/// drawn on since.
@Suite("Photographic canvases parked as a patch")
struct PhotographicCanvasTests {
    static let size = PixelSize(width: 40, height: 30)

    /// A 40×30 APNG: a first frame of noise (more than 256 colours, no runs: it does not pack),
    /// then `count - 1` frames of a 6×4 box moving over it (changed rectangles: no clean start
    /// after frame 0).
    static func noisyAnimation(count: Int = 12) throws -> (bytes: [UInt8], frames: [RGBAImage]) {
        var random = SplitMix64(seed: 31)
        var canvas = RGBAImage(width: size.width, height: size.height)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let bits = random.next()
                canvas[x, y] = (UInt8(truncatingIfNeeded: bits), UInt8(truncatingIfNeeded: bits >> 8),
                                UInt8(truncatingIfNeeded: bits >> 16), 255)
            }
        }
        var frames = [canvas]
        for index in 1..<count {
            for y in 3..<7 { for x in 0..<6 { canvas[2 + index * 2 + x, 2 + y] = (UInt8(index * 20), 40, 200, 255) } }
            frames.append(canvas)
        }
        let bytes = try APNGEncoder.encode(frames: frames, durations: Array(repeating: .milliseconds(50), count: count),
                                           playCount: .infinite)
        return (bytes, frames)
    }

    @Test("a parked canvas that does not pack keeps only the part changed, and resumes exactly")
    func parkedInOrder() throws {
        let (bytes, frames) = try Self.noisyAnimation()
        let image = try AnimatedImage(bytes: bytes)
        #expect(image.frames[5].rect.area < Self.size.area) // a changed rectangle: no clean start
        #expect(PackedCanvas(pixels: frames[5].pixels) == nil)
        image.stopKeepingRandomAccess() // as a cache keeping every frame tells it
        let canvasBytes = Self.size.area * 4
        for index in 0..<frames.count {
            #expect(try image.frame(at: index) == frames[index])
            image.parkCanvas()
            #expect(!image.holdsCanvas)
            // The box's trail since frame 0 (a few 6×4 rectangles), not the 40×30 canvas; nothing
            // after frame 0, which rebuilds the canvas alone.
            #expect(image.retainedBytes < canvasBytes / 4)
            #expect((image.retainedBytes > 0) == (index > 0 && index + 1 < frames.count))
        }
    }

    @Test("a patch serves random access too: frames after it, and a walk started elsewhere")
    func parkedThenSkipped() throws {
        let (bytes, frames) = try Self.noisyAnimation()
        let image = try AnimatedImage(bytes: bytes)
        _ = try image.frame(at: 4)
        image.parkCanvas()
        #expect(try image.frame(at: 9) == frames[9]) // from the patch before frame 5, then 5…9
        image.parkCanvas()
        #expect(try image.frame(at: 2) == frames[2]) // before the patch: from frame 0
        #expect(try image.frame(at: 11) == frames[11])
        image.releaseRetainedMemory()
        #expect(image.retainedBytes == 0)
        #expect(try image.frame(at: 7) == frames[7])
    }

    @Test("the compositor follows what changed since it was marked")
    func changedRectangle() throws {
        var compositor = Compositor(size: PixelSize(width: 8, height: 8))
        func info(_ rect: PixelRect, _ disposal: FrameDisposal) -> FrameInfo {
            FrameInfo(rect: rect, disposal: disposal, storedDisposal: 0, blend: .source, hasTransparency: true,
                      storedDuration: nil, duration: .milliseconds(50), offset: 0)
        }
        let full = info(PixelRect(x: 0, y: 0, width: 8, height: 8), .none)
        try compositor.draw(RGBAImage(width: 8, height: 8, pixels: [UInt8](repeating: 9, count: 256)), info: full)
        compositor.markUnchanged()
        #expect(compositor.changed.isEmpty)
        let small = info(PixelRect(x: 2, y: 3, width: 2, height: 1), .background)
        try compositor.draw(RGBAImage(width: 2, height: 1, pixels: [UInt8](repeating: 7, count: 8)), info: small)
        try compositor.dispose(small)
        #expect(compositor.changed == PixelRect(x: 2, y: 3, width: 2, height: 1))
        let saved = compositor.pixels(in: compositor.changed)
        #expect(saved == [UInt8](repeating: 0, count: 8)) // cleared by the disposal
        compositor.reset()
        #expect(compositor.changed == compositor.bounds)
        try compositor.paste(saved, in: PixelRect(x: 2, y: 3, width: 2, height: 1))
        #expect(compositor.pixels(in: PixelRect(x: 2, y: 3, width: 2, height: 1)) == saved)
    }
}
