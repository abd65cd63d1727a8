import Testing
@testable import Zoetrope

@Suite("Lossy and mixed WebP animations")
struct WebPLossyAnimationTests {
    /// A pan over a photograph with a sprite moving on it (opaque), and a sprite over a transparent
    /// canvas with a translucent trail.
    static func animations() -> [(String, [RGBAImage])] {
        let pan = (0..<6).map { step -> RGBAImage in
            var frame = SyntheticPhotograph.image(width: 72, height: 52, originX: 3 * step, originY: step)
            for y in 10..<22 { for x in 5 + 9 * step ..< 17 + 9 * step where x < 72 { frame[x, y] = (20, 200, 60, 255) } }
            return frame
        }
        let sprite = (0..<5).map { step -> RGBAImage in
            var frame = RGBAImage(width: 50, height: 34)
            for y in 4..<30 { for x in 0..<50 where (x + y + step) % 7 == 0 { frame[x, y] = (200, 180, 40, 96) } }
            for y in 8..<20 { for x in 4 + 8 * step ..< 14 + 8 * step { frame[x, y] = (UInt8(x * 5), UInt8(y * 9), 220, 255) } }
            return frame
        }
        return [("pan", pan), ("sprite", sprite)]
    }

    static let options: [(String, WebPEncoder.Options)] = [
        ("lossy", .lossy(quality: 75)), ("mixed", .mixed()), ("lossy low quality, method 0", .lossy(quality: 20, method: 0)),
        ("lossy smallest, key frames", WebPEncoder.Options(compression: .lossy, quality: 60, minimizesSize: true, keyFrameDistance: 2...3)),
        ("mixed smallest", WebPEncoder.Options(compression: .mixed, minimizesSize: true)),
    ]

    /// RGBA with the colour of fully transparent pixels zeroed (what players show is the same).
    static func normalized(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out = Array(bytes)
        for i in stride(from: 0, to: out.count, by: 4) where out[i + 3] == 0 { out[i] = 0; out[i + 1] = 0; out[i + 2] = 0 }
        return out
    }

    @Test("libwebp's animation decoder (through Pillow) composites the same frames as Zoetrope, close to the source",
          PillowWebP.requirement)
    func framesMatchLibwebp() throws {
        for (name, frames) in Self.animations() {
            for (optionName, options) in Self.options {
                let bytes = try WebPEncoder.encode(frames: frames, durations: Array(repeating: .milliseconds(50), count: frames.count),
                                                   playCount: .infinite, options: options)
                let image = try AnimatedImage(bytes: bytes)
                #expect(image.frameCount == frames.count, "\(name), \(optionName)")
                let reference = try #require(try PillowWebP.frames(bytes), "Pillow rejected \(name), \(optionName)")
                let frameBytes = frames[0].width * frames[0].height * 4
                #expect(reference.count == frameBytes * frames.count, "\(name), \(optionName)")
                for index in 0..<min(image.frameCount, reference.count / frameBytes) {
                    let ours = try image.frame(at: index)
                    let theirs = reference[(index * frameBytes)..<((index + 1) * frameBytes)]
                    #expect(Self.normalized(ours.pixels[...]) == Self.normalized(theirs), "\(name), \(optionName), frame \(index)")
                    if name == "pan" && optionName.hasPrefix("lossy") && !optionName.contains("low") {
                        #expect(rgbPSNR(ours, frames[index]) > 27, "\(name), \(optionName), frame \(index): \(rgbPSNR(ours, frames[index])) dB")
                    }
                }
            }
        }
    }

    @Test("mixed output is never larger than both the lossless and the lossy output, frame choices aside")
    func mixedIsSmall() throws {
        for (name, frames) in Self.animations() {
            let durations = Array(repeating: Duration.milliseconds(50), count: frames.count)
            let lossless = try WebPEncoder.encode(frames: frames, durations: durations, playCount: .infinite)
            let lossy = try WebPEncoder.encode(frames: frames, durations: durations, playCount: .infinite, options: .lossy())
            let mixed = try WebPEncoder.encode(frames: frames, durations: durations, playCount: .infinite, options: .mixed())
            #expect(mixed.count <= max(lossless.count, lossy.count), "\(name): mixed \(mixed.count), lossless \(lossless.count), lossy \(lossy.count)")
        }
    }
}
