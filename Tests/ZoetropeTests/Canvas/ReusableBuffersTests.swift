import Testing
@testable import Zoetrope

@Suite("Buffers reused between images")
struct ReusableBuffersTests {
    @Test("buffers are taken by size, within the byte limit, and drained")
    func takeGiveDrain() {
        let reusable = ReusableBuffers(byteLimit: 100)
        reusable.give([UInt8](repeating: 1, count: 60))
        reusable.give([UInt8](repeating: 2, count: 50)) // over the limit: freed
        reusable.give([UInt8](repeating: 3, count: 40))
        #expect(reusable.bytes == 100)
        #expect(reusable.take(count: 50) == nil)
        #expect(reusable.take(30...45)?.first == 3)
        #expect(reusable.take(count: 60)?.first == 1)
        #expect(reusable.bytes == 0)
        reusable.give([UInt8](repeating: 4, count: 10))
        reusable.drain()
        #expect(reusable.bytes == 0 && reusable.take(1...100) == nil)
    }

    @Test("a parked canvas unpacks into a buffer of another canvas's pixels, or a new one")
    func unpackIntoBuffer() throws {
        let bytes = PackedCanvasTests.pixels(300) { $0 / 7 }
        let packed = try #require(PackedCanvas(pixels: bytes))
        var reused = [UInt8](repeating: 0xAB, count: bytes.count)
        packed.unpacked(into: &reused)
        #expect(reused == bytes)
        var short = [UInt8](repeating: 0xAB, count: 12)
        packed.unpacked(into: &short)
        #expect(short == bytes)
    }

    @Test("images decoded on the buffers others parked show the same frames")
    func framesOnReusedBuffers() throws {
        let bytes = try RetainedMemoryTests.squaresGIF()
        var expected: [RGBAImage] = []
        try AnimatedImage(bytes: bytes).forEachFrame { _, frame in expected.append(frame) }
        let reusable = ReusableBuffers(byteLimit: 1 << 20)
        let first = try AnimatedImage(bytes: bytes), second = try AnimatedImage(bytes: bytes)
        _ = try first.frame(at: 5)
        first.parkCanvas(into: reusable) // its canvas (frame 5 drawn) and indices
        #expect(reusable.bytes > 0)
        second.prepareToDecode(reusing: reusable)
        #expect(reusable.bytes == 0)
        for index in [0, 1, 2] { #expect(try second.frame(at: index) == expected[index]) }
        second.parkCanvas(into: reusable)
        first.prepareToDecode(reusing: reusable) // resumes from its parked canvas, on the second's buffer
        for index in [6, 7] { #expect(try first.frame(at: index) == expected[index]) }
        #expect(try second.frame(at: 3) == expected[3])
    }
}
