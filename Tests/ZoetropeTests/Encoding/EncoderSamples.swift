@testable import Zoetrope

/// Small animations and stills that reach every choice the encoders make, built pixel by pixel
/// (no decoder involved): what ``EncoderOutputReferenceTests`` hands to each encoder.
enum EncoderSamples {
    struct Sample: Sendable {
        var name: String
        var frames: [RGBAImage]
        /// One per frame, or one for all; whole centiseconds, so every format stores them exactly.
        var durations: [Duration]
        var playCount: PlayCount
        /// Whether GIF stores it exactly (at most 256 colours a frame, alpha 0 or 255).
        var fitsGIF = true
        /// Whether the encoders' levels are tried on it too.
        var exercisesOptions = false
        /// Whether WebP replaces a rectangle with transparent or partly transparent pixels (no
        /// blending) to reach some frame.
        var uncoversPixels = false

        var size: PixelSize { frames[0].size }

        /// The durations a decoder reads back, in milliseconds.
        func milliseconds(for format: String) -> [Int] {
            frames.indices.map { index in
                let duration = durations.count == 1 ? durations[0] : durations[index]
                return Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
            }
        }

        /// The loop count `format` stores for ``playCount`` (`nil`: none), as Pillow reports it.
        func storedLoop(for format: String) -> Int? {
            switch (format, playCount) {
            case (_, .infinite): return 0
            case ("gif", .finite(1)): return nil
            case ("gif", .finite(let plays)): return plays - 1
            case (_, .finite(let plays)): return plays
            }
        }
    }

    static let all: [Sample] = [uncovered, spriteOverPattern, spriteOverTransparency, restoresPrevious, softAlpha,
                                repeatedFrames, oddOffsets, transparentStill, truecolorStill]

    /// The example: an 8×8 canvas and two opaque 4×4 frames, so most of the canvas stays
    /// transparent while every frame written is opaque.
    static let uncovered: Sample = {
        var first = RGBAImage(width: 8, height: 8)
        fill(&first, PixelRect(x: 0, y: 0, width: 4, height: 4), (220, 30, 30, 255))
        var second = first
        fill(&second, PixelRect(x: 4, y: 4, width: 4, height: 4), (30, 30, 220, 255))
        return Sample(name: "uncovered", frames: [first, second], durations: [.milliseconds(100), .milliseconds(200)],
                      playCount: .infinite)
    }()

    /// A sprite crossing an opaque pattern: changed rectangles, unchanged pixels left to blend.
    static let spriteOverPattern: Sample = {
        let background = pattern(width: 40, height: 30)
        let frames = (0..<5).map { step in
            var frame = background
            sprite(&frame, at: (3 + 7 * step, 9 + step), color: (250, 200, 0, 255))
            return frame
        }
        return Sample(name: "sprite-pattern", frames: frames, durations: [.milliseconds(50)], playCount: .finite(3),
                      exercisesOptions: true)
    }()

    /// A sprite moving over a transparent canvas: its old place must be cleared (disposal to
    /// background), and the frames do not cover the canvas.
    static let spriteOverTransparency: Sample = {
        let frames = (0..<4).map { step in
            var frame = RGBAImage(width: 24, height: 20)
            sprite(&frame, at: (1 + 5 * step, 2 + 3 * step), color: (0, 160, 90, 255))
            return frame
        }
        return Sample(name: "sprite-transparent", frames: frames, durations: [.milliseconds(70)], playCount: .finite(1),
                      exercisesOptions: true)
    }()

    /// A pattern that a sprite visits at two places and leaves: restoring the canvas under the
    /// previous frame (APNG PREVIOUS) is the cheapest way back.
    static let restoresPrevious: Sample = {
        let background = pattern(width: 32, height: 24)
        var atLeft = background, atRight = background
        sprite(&atLeft, at: (2, 3), color: (255, 0, 255, 255))
        sprite(&atRight, at: (20, 12), color: (0, 255, 255, 255))
        var both = atLeft
        sprite(&both, at: (20, 12), color: (0, 255, 255, 255))
        return Sample(name: "restore-previous", frames: [background, atLeft, atRight, background, both, atLeft],
                      durations: [.milliseconds(40), .milliseconds(60), .milliseconds(80), .milliseconds(40),
                                  .milliseconds(30), .milliseconds(20)],
                      playCount: .finite(2))
    }()

    /// Partial alpha that changes over partial alpha: blending cannot reproduce it, so frames
    /// replace their rectangle.
    static let softAlpha: Sample = {
        let frames = (0..<4).map { step in
            var frame = RGBAImage(width: 20, height: 16)
            for y in 0..<16 { for x in 0..<20 { frame[x, y] = (UInt8(x * 12), UInt8(y * 15), 128, UInt8(min(255, (x + y) * 8 + step * 40))) } }
            for y in 4..<9 { for x in 3 + 3 * step ..< 9 + 3 * step { frame[x, y] = (255, 255, 255, UInt8(60 + 30 * step)) } }
            return frame
        }
        return Sample(name: "soft-alpha", frames: frames, durations: [.milliseconds(90)], playCount: .infinite,
                      fitsGIF: false, exercisesOptions: true, uncoversPixels: true)
    }()

    /// The same frame three times, then a change: frames that change nothing.
    static let repeatedFrames: Sample = {
        let still = pattern(width: 12, height: 10)
        var changed = still
        changed[11, 9] = (1, 2, 3, 255)
        return Sample(name: "repeated", frames: [still, still, still, changed], durations: [.milliseconds(100)],
                      playCount: .infinite)
    }()

    /// Changes at odd coordinates (WebP stores frame offsets halved), on a transparent canvas
    /// partly covered.
    static let oddOffsets: Sample = {
        var first = RGBAImage(width: 15, height: 11)
        fill(&first, PixelRect(x: 1, y: 1, width: 9, height: 7), (10, 120, 240, 255))
        var second = first
        second[7, 5] = (200, 10, 10, 255)
        var third = second
        fill(&third, PixelRect(x: 3, y: 3, width: 3, height: 3), (0, 0, 0, 0))
        return Sample(name: "odd-offsets", frames: [first, second, third], durations: [.milliseconds(30)], playCount: .finite(5),
                      uncoversPixels: true)
    }()

    /// One frame with transparent pixels.
    static let transparentStill: Sample = {
        var image = pattern(width: 13, height: 9)
        fill(&image, PixelRect(x: 5, y: 0, width: 3, height: 9), (0, 0, 0, 0))
        return Sample(name: "transparent-still", frames: [image], durations: [.milliseconds(100)], playCount: .finite(1))
    }()

    /// One opaque frame of hundreds of colours (beyond a GIF palette).
    static let truecolorStill: Sample = {
        var image = RGBAImage(width: 33, height: 17)
        for y in 0..<17 { for x in 0..<33 { image[x, y] = (UInt8(x * 7), UInt8(y * 15), UInt8((x * y) % 256), 255) } }
        return Sample(name: "truecolor-still", frames: [image], durations: [.milliseconds(100)], playCount: .finite(1),
                      fitsGIF: false)
    }()

    /// A photographic-like pan (thousands of colours): GIF quantises it, as its options say.
    static let truecolorPan: Sample = {
        let frames = (0..<3).map { step in
            var frame = RGBAImage(width: 36, height: 24)
            for y in 0..<24 {
                for x in 0..<36 {
                    let u = x + 2 * step
                    frame[x, y] = (UInt8((u * 7 + y * 3) % 256), UInt8((y * 11 + u) % 256), UInt8((u * y) % 256), 255)
                }
            }
            return frame
        }
        return Sample(name: "truecolor-pan", frames: frames, durations: [.milliseconds(40)], playCount: .infinite,
                      fitsGIF: false)
    }()

    /// A 4×4-cell pattern of few colours.
    static func pattern(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height { for x in 0..<width { image[x, y] = (UInt8(x / 4 * 20), UInt8(y / 4 * 30), UInt8((x / 4 + y / 4) % 2 * 200), 255) } }
        return image
    }

    /// A 6×6 sprite with a hole pattern (some of its pixels leave what is below).
    static func sprite(_ image: inout RGBAImage, at origin: (x: Int, y: Int), color: (UInt8, UInt8, UInt8, UInt8)) {
        for y in origin.y ..< min(image.height, origin.y + 6) {
            for x in origin.x ..< min(image.width, origin.x + 6) where (x + y) % 4 != 0 { image[x, y] = color }
        }
    }

    static func fill(_ image: inout RGBAImage, _ rect: PixelRect, _ color: (UInt8, UInt8, UInt8, UInt8)) {
        for y in rect.y ..< rect.maxY { for x in rect.x ..< rect.maxX { image[x, y] = color } }
    }

    /// The first pixel where `decoded` and `expected` differ, described; `nil` when none does. A
    /// pixel with alpha 0 in both matches whatever its colour.
    static func firstDifference(_ decoded: RGBAImage, _ expected: RGBAImage) -> String? {
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let got = decoded[x, y], want = expected[x, y]
                if got.a == 0 && want.a == 0 { continue }
                if got != want { return "pixel (\(x), \(y)) is \(got), not \(want)" }
            }
        }
        return nil
    }
}
