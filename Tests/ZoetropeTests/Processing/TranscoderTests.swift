import Testing
@testable import Zoetrope

@Suite("Transcoder: thumbnails, posters, transcoding")
struct TranscoderTests {
    /// A `width`×`height` animation of `count` frames of a moving photograph-like image, `step`
    /// milliseconds each.
    static func animation(width: Int = 120, height: Int = 80, count: Int = 12, step: Int = 20) throws -> AnimatedImage {
        let frames = (0..<count).map { SyntheticPhotograph.image(width: width, height: height, originX: $0 * 3, seed: 5) }
        let bytes = try APNGEncoder.encode(frames: frames, durations: Array(repeating: .milliseconds(step), count: count),
                                           playCount: .finite(3), level: 1)
        return try AnimatedImage(bytes: bytes)
    }

    @Test("a thumbnail fits the box, caps the frame rate by time and keeps the total duration",
          arguments: [ImageFormat.webp, .gif, .png])
    func thumbnail(format: ImageFormat) throws {
        let image = try Self.animation()
        let bytes = try Transcoder.transcode(image, options: .thumbnail(fitting: PixelSize(width: 60, height: 60), format: format))
        let thumbnail = try AnimatedImage(bytes: bytes)
        #expect(thumbnail.format == (format == .png ? .apng : format))
        #expect(thumbnail.canvasSize == PixelSize(width: 60, height: 40))
        // 12 frames of 20 ms at 25 fps at most: 6 frames of 40 ms.
        #expect(thumbnail.frameCount == 6)
        #expect(thumbnail.totalDuration == .milliseconds(240))
        #expect(thumbnail.playCount == .finite(3))
        // Frame k is source frame 2k, resized.
        let expected = try image.frame(at: 4).resized(to: PixelSize(width: 60, height: 40))
        let got = try thumbnail.frame(at: 2)
        if format == .gif {
            #expect(meanDifference(got, expected) < 4)
        } else {
            #expect(got == expected)
        }
    }

    @Test("a source already inside the box keeps its size (never enlarged)")
    func neverEnlarges() throws {
        let image = try Self.animation(width: 30, height: 20, count: 2, step: 100)
        let bytes = try Transcoder.transcode(image, options: TranscodeOptions(format: .webp, fit: PixelSize(width: 300, height: 300)))
        let output = try AnimatedImage(bytes: bytes)
        #expect(output.canvasSize == PixelSize(width: 30, height: 20) && output.frameCount == 2)
        #expect(try output.frame(at: 1) == image.frame(at: 1))
    }

    @Test("posters: first, middle by time, and the representative frame passes over fades and flashes")
    func posters() throws {
        // A black fade-in frame, five similar reddish frames, a white flash; the flash is long.
        let colours: [(UInt8, UInt8, UInt8)] = [(0, 0, 0), (200, 40, 40), (210, 50, 40), (205, 45, 45),
                                                (200, 50, 50), (215, 40, 45), (255, 255, 255)]
        let frames = colours.map { c in
            RGBAImage(width: 8, height: 8, pixels: Array((0..<64).flatMap { _ in [c.0, c.1, c.2, 255] }))
        }
        let durations: [Duration] = [100, 100, 100, 100, 100, 100, 400].map { .milliseconds($0) }
        let image = try AnimatedImage(bytes: APNGEncoder.encode(frames: frames, durations: durations, playCount: .infinite))
        let budget = ProcessingBudget(timeLimit: nil)
        #expect(try PosterFrame.first.index(in: image, budget: budget) == 0)
        // 1000 ms in all: at 500 ms frame 5 (500–600 ms) is on screen.
        #expect(try PosterFrame.middle.index(in: image, budget: budget) == 5)
        let representative = try PosterFrame.representative.index(in: image, budget: budget)
        #expect((1...5).contains(representative))
        let png = try Transcoder.poster(of: image, frame: .representative, options: TranscodeOptions(format: .png))
        let poster = try AnimatedImage(bytes: png)
        #expect(poster.format == .png && poster.frameCount == 1)
        #expect(try poster.frame(at: 0) == frames[representative])
    }

    private func meanDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        Double(zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.pixels.count)
    }
}
