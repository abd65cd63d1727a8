import Testing
@testable import Zoetrope

@Suite("Animated WebP encoding")
struct WebPAnimationEncoderTests {
    @Test("animations decode back to the same composited frames, durations and loop count")
    func animationRoundTrip() throws {
        var rng = SplitMix64(seed: 7)
        for trial in 0..<12 {
            let width = Int.random(in: 1...40, using: &rng), height = Int.random(in: 1...30, using: &rng)
            let frames = APNGTests.animation(width: width, height: height, frames: Int.random(in: 2...9, using: &rng), rng: &rng)
            let durations = frames.indices.map { Duration.milliseconds(20 + 10 * $0) }
            let playCount: PlayCount = trial % 3 == 0 ? .infinite : .finite(trial % 3)
            let bytes = try WebPEncoder.encode(frames: frames, durations: durations, playCount: playCount, level: trial % 10)
            let image = try AnimatedImage(bytes: bytes)
            #expect(image.format == .webp)
            #expect(image.frameCount == frames.count)
            #expect(image.playCount == playCount)
            for index in frames.indices {
                #expect(image.duration(at: index) == durations[index])
                #expect(try image.frame(at: index) == frames[index], "trial \(trial) frame \(index)")
            }
        }
    }

    @Test("a moving opaque sprite over a busy background is stored as small blended rectangles at even offsets")
    func movingSprite() throws {
        // Noise between the sprite's old and new places: blending leaves it out, replacing must code it.
        var rng = SplitMix64(seed: 11)
        var background = RGBAImage(width: 64, height: 48)
        for y in 0..<48 {
            for x in 0..<64 {
                let value = rng.next()
                background[x, y] = (UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8), 90, 255)
            }
        }
        let frames = (0..<4).map { step in
            var frame = background
            for y in 9..<13 { for x in 3 + 10 * step ..< 7 + 10 * step { frame[x, y] = (255, 0, 0, 255) } }
            return frame
        }
        let bytes = try WebPEncoder.encode(frames: frames, durations: Array(repeating: .milliseconds(80), count: 4),
                                           playCount: .infinite)
        let image = try AnimatedImage(bytes: bytes)
        for index in 1..<4 {
            let rect = image.frames[index].rect
            #expect(rect.x % 2 == 0 && rect.y % 2 == 0)
            #expect(rect.area <= 18 * 6, "frame \(index): \(rect)")
            #expect(image.frames[index].blend == .over)
        }
        for index in frames.indices { #expect(try image.frame(at: index) == frames[index]) }
    }

    @Test("a frame whose unchanged pixels are scattered replaces its rectangle rather than blending, exactly")
    func scatteredUnchangedPixelsReplace() throws {
        let width = 64, height = 48
        func gray(_ x: Int) -> (UInt8, UInt8, UInt8, UInt8) { (UInt8(x * 4), UInt8(x * 4), UInt8(x * 4), 255) }
        var rng = SplitMix64(seed: 5)
        var noise = RGBAImage(width: width, height: height), gradient = noise
        for y in 0..<height {
            for x in 0..<width {
                gradient[x, y] = gray(x)
                noise[x, y] = gray(Int(rng.next() % 64))
            }
        }
        // Blending would be exact (every changed pixel is opaque) but riddle the gradient with holes.
        #expect(WebPFramePlanner.piece(base: noise, target: gradient).blends)
        let frames = [noise, gradient]
        let bytes = try WebPEncoder.encode(frames: frames, durations: [.milliseconds(50), .milliseconds(50)], playCount: .infinite)
        let image = try AnimatedImage(bytes: bytes)
        #expect(image.frames[1].blend == .source)
        for index in frames.indices { #expect(try image.frame(at: index) == frames[index]) }
    }

    @Test("clearing what the previous frame drew is done by disposing it to the background")
    func disposal() throws {
        var dot = RGBAImage(width: 40, height: 40)
        for y in 10..<20 { for x in 10..<20 { dot[x, y] = (0, 200, 0, 255) } }
        var other = RGBAImage(width: 40, height: 40)
        other[30, 30] = (1, 2, 3, 255)
        let bytes = try WebPEncoder.encode(frames: [dot, other], durations: [.milliseconds(50), .milliseconds(50)],
                                           playCount: .finite(1))
        let image = try AnimatedImage(bytes: bytes)
        #expect(image.frames[0].disposal == .background)
        #expect(image.frames[1].rect.area <= 4)
        #expect(try image.frame(at: 0) == dot)
        #expect(try image.frame(at: 1) == other)
    }

    @Test("one frame is written as a still image")
    func singleFrame() throws {
        let frame = WebPEncoderTests.image(.gradient, width: 9, height: 5, seed: 1)
        let bytes = try WebPEncoder.encode(frames: [frame], durations: [.milliseconds(100)], playCount: .infinite)
        #expect(bytes[12..<16].elementsEqual("VP8L".utf8))
        #expect(try WebPEncoderTests.decodeStill(bytes) == frame)
    }

    @Test("the streaming encoder writes the same file as the array encoder")
    func streaming() throws {
        var rng = SplitMix64(seed: 3)
        let frames = APNGTests.animation(width: 20, height: 12, frames: 5, rng: &rng)
        let durations = Array(repeating: Duration.milliseconds(40), count: 5)
        var streamed: [UInt8] = []
        try WebPEncoder.encode(FrameArray(frames: frames), durations: durations, playCount: .infinite) { streamed += $0 }
        #expect(streamed == (try WebPEncoder.encode(frames: frames, durations: durations, playCount: .infinite)))
    }
}

/// With an output that can be rewritten, the WebP animation writer holds no compressed frame: each
/// is written as it is encoded, and the header (RIFF size, `VP8X` alpha flag) is rewritten last.
@Suite("Animated WebP written as it is encoded")
struct WebPStreamingWriterTests {
    /// Frames that record, as each is read, how many bytes the output had received.
    final class WatchedFrames: FrameSource {
        let frames: [RGBAImage]
        var file: [UInt8] = []
        var bytesWhenRead: [Int] = []
        init(_ frames: [RGBAImage]) { self.frames = frames }
        var canvasSize: PixelSize { frames[0].size }
        var frameCount: Int { frames.count }
        func forEachFrame(_ body: (Int, RGBAImage) throws -> Void) throws {
            for (index, frame) in frames.enumerated() {
                bytesWhenRead.append(file.count)
                try body(index, frame)
            }
        }
    }

    static func frames(alphaLast: Bool) -> [RGBAImage] {
        (0..<6).map { step in
            var frame = RGBAImage(width: 48, height: 32)
            for y in 0..<32 { for x in 0..<48 { frame[x, y] = (UInt8(truncatingIfNeeded: x * 5 + step * 9), UInt8(y * 7), UInt8(step * 40), 255) } }
            if alphaLast && step == 5 { frame[47, 31] = (0, 0, 0, 0) }
            return frame
        }
    }

    @Test("frames reach a rewritable output as they are encoded; the file is the one written at the end",
          arguments: [(false, WebPEncoder.Options.lossless()), (true, .lossless()), (true, .lossy(quality: 60))])
    func streamed(alphaLast: Bool, options: WebPEncoder.Options) throws {
        let frames = Self.frames(alphaLast: alphaLast)
        let durations = [Duration.milliseconds(40)]
        let held = try encodeCollecting(.webp) { output in
            try WebPEncoder.encode(FrameArray(frames: frames), durations: durations, playCount: .infinite, options: options, to: output)
        }
        let source = WatchedFrames(frames)
        try WebPEncoder.encode(source, durations: durations, playCount: .infinite, options: options, workers: 1,
                               to: { source.file.append(contentsOf: $0) },
                               rewriting: { offset, bytes in source.file.replaceSubrange(offset..<offset + bytes.count, with: bytes) })
        #expect(source.file == held)
        // By the time the last frame is read, every frame before the last two has been written.
        #expect(source.bytesWhenRead.last! > 44 + 4 * 24, "\(source.bytesWhenRead)")
        let image = try AnimatedImage(bytes: source.file)
        #expect(image.frameCount == frames.count)
        for index in frames.indices where options.compression == .lossless { #expect(try image.frame(at: index) == frames[index]) }
    }
}
