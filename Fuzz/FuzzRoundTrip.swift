/// The encoder targets: an animation described by the fuzz input is encoded, decoded, and must come
/// back exactly (timing and play count included).
enum FuzzRoundTrip {
    /// Up to 8 frames of up to 48×48 pixels, drawn from a palette of up to `maxColors` colours (so
    /// that GIF's 256-colour tables stay exact), with durations in `delays` and a play count.
    struct Animation {
        var frames: [RGBAImage]
        var durations: [Duration]
        var playCount: PlayCount

        init(_ input: inout FuzzBytes, maxColors: Int, delayStep: Int) {
            let width = input.int(in: 1...48), height = input.int(in: 1...48)
            let frameCount = input.int(in: 1...8)
            let colors = (0..<input.int(in: 1...maxColors)).map { _ in
                [input.byte(), input.byte(), input.byte(), input.byte()]
            }
            frames = (0..<frameCount).map { _ in
                RGBAImage(width: width, height: height, pixels: (0..<width * height).flatMap { _ in
                    colors[Int(input.byte()) % colors.count]
                })
            }
            durations = (0..<frameCount).map { _ in .milliseconds(delayStep * input.int(in: 1...2000)) }
            let plays = input.int(in: 0...300)
            playCount = plays == 0 ? .infinite : .finite(plays)
        }
    }

    /// Every frame, in order.
    static func frames(of image: AnimatedImage) -> [RGBAImage] {
        var frames: [RGBAImage] = []
        do { try image.forEachFrame { _, frame in frames.append(frame) } } catch {
            fuzzCheck(false, "our own encoder's output failed to decode: \(error)")
        }
        return frames
    }

    static func decode(_ bytes: [UInt8], _ name: String) -> AnimatedImage {
        do {
            let image = try AnimatedImage(bytes: bytes)
            fuzzCheck(image.warnings.isEmpty, "\(name) output decodes with warnings \(image.warnings)")
            return image
        } catch {
            fuzzCheck(false, "\(name) output does not open: \(error)")
            fatalError("unreachable")
        }
    }

    static func png(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let animation = Animation(&input, maxColors: 1024, delayStep: 1)
        let level = input.int(in: 0...9)
        let image = decode(PNGEncoder.encode(animation.frames[0], level: level), "PNGEncoder")
        fuzzCheck(image.frameCount == 1 && frames(of: image) == [animation.frames[0]],
                  "PNG level \(level) did not decode to the encoded image")
    }

    static func apng(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let animation = Animation(&input, maxColors: 1024, delayStep: 1)
        let level = input.int(in: 0...9)
        guard let encoded = try? APNGEncoder.encode(frames: animation.frames, durations: animation.durations,
                                                    playCount: animation.playCount, level: level) else {
            return fuzzCheck(false, "APNGEncoder refused a valid animation")
        }
        let image = decode(encoded, "APNGEncoder")
        fuzzCheck(frames(of: image) == animation.frames, "APNG frames did not come back")
        checkTiming(image, animation, storedDurations: animation.durations)
    }

    /// WebPEncoder (lossless VP8L, levels 0–9): a still for one frame, else an animation of
    /// changed rectangles; every frame, duration (whole milliseconds) and the play count come back.
    static func webp(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let animation = Animation(&input, maxColors: 1024, delayStep: 1)
        let level = input.int(in: 0...9)
        guard let encoded = try? WebPEncoder.encode(frames: animation.frames, durations: animation.durations,
                                                    playCount: animation.playCount, level: level) else {
            return fuzzCheck(false, "WebPEncoder refused a valid animation")
        }
        let image = decode(encoded, "WebPEncoder")
        fuzzCheck(frames(of: image) == animation.frames, "WebP frames did not come back (level \(level))")
        if animation.frames.count > 1 { checkTiming(image, animation, storedDurations: animation.durations) }
    }

    static func gif(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let animation = Animation(&input, maxColors: 255, delayStep: 10)
        guard let encoded = try? GIFEncoder.encode(frames: animation.frames, durations: animation.durations,
                                                   playCount: animation.playCount) else {
            return fuzzCheck(false, "GIFEncoder refused a valid animation")
        }
        let image = decode(encoded, "GIFEncoder")
        // GIF has no partial alpha: below 128 is transparent (hashed as 0,0,0,0), the rest opaque.
        let expected = animation.frames.map(gifCanonical)
        fuzzCheck(frames(of: image) == expected, "GIF frames did not come back")
        checkTiming(image, animation, storedDurations: animation.durations)
    }

    static func gifCanonical(_ frame: RGBAImage) -> RGBAImage {
        var pixels = frame.pixels
        for pixel in stride(from: 0, to: pixels.count, by: 4) {
            if pixels[pixel + 3] < 128 {
                pixels.replaceSubrange(pixel..<pixel + 4, with: [0, 0, 0, 0])
            } else {
                pixels[pixel + 3] = 255
            }
        }
        return RGBAImage(width: frame.width, height: frame.height, pixels: pixels)
    }

    static func checkTiming(_ image: AnimatedImage, _ animation: Animation, storedDurations: [Duration]) {
        fuzzCheck(image.frames.map(\.storedDuration) == storedDurations, "stored delays did not come back")
        fuzzCheck(image.playCount == animation.playCount, "play count \(animation.playCount) came back as \(image.playCount)")
    }
}
