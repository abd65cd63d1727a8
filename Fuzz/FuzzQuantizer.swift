/// The GIF encoder with more colours than a GIF table holds: the quantiser (palette building in
/// Oklab, k-means), every dithering, palette and lossy option, and the changed-rectangle frames.
/// The output cannot equal the input, so what must hold is checked instead:
/// - it encodes and decodes without warnings, with the frame count, the durations (in hundredths)
///   and the play count;
/// - transparency follows GIF's rule in every composited frame: alpha below 128 is clear, the
///   rest opaque;
/// - frame 0 (one palette, nothing under it) has at most `maximumColors` colours, and without
///   dithering or lossy LZW each input colour maps to one output colour;
/// - an animation whose colours all fit in `maximumColors` comes back exactly, whatever the options.
enum FuzzQuantizer {
    static func roundTrip(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let animation = FuzzRoundTrip.Animation(&input, maxColors: 4096, delayStep: 10)
        let options = GIFEncoder.Options(
            maximumColors: input.int(in: 2...256),
            dither: [.automatic, .none, .errorDiffusion, .ordered][input.int(in: 0...3)],
            palette: [.automatic, .global, .perFrame][input.int(in: 0...2)],
            lossy: input.int(in: 0...3) == 0 ? input.int(in: 1...200) : 0)
        guard let encoded = try? GIFEncoder.encode(frames: animation.frames, durations: animation.durations,
                                                   playCount: animation.playCount, options: options) else {
            return fuzzCheck(false, "GIFEncoder refused a valid animation with options \(options)")
        }
        let image = FuzzRoundTrip.decode(encoded, "GIFEncoder")
        let output = FuzzRoundTrip.frames(of: image)
        fuzzCheck(output.count == animation.frames.count, "\(output.count) frames came back of \(animation.frames.count)")
        FuzzRoundTrip.checkTiming(image, animation, storedDurations: animation.durations)
        let expected = animation.frames.map(FuzzRoundTrip.gifCanonical)
        for (index, (frame, wanted)) in zip(output, expected).enumerated() {
            for pixel in stride(from: 3, to: frame.pixels.count, by: 4) {
                fuzzCheck(frame.pixels[pixel] == wanted.pixels[pixel], "frame \(index): alpha \(frame.pixels[pixel]) "
                          + "where GIF's rule gives \(wanted.pixels[pixel]), options \(options)")
            }
        }
        if opaqueColors(expected).count <= options.maximumColors {
            fuzzCheck(output == expected, "an animation of at most \(options.maximumColors) colours did not come back exactly, "
                      + "options \(options)")
        }
        checkFirstFrame(output[0], input: expected[0], options: options)
    }

    /// Frame 0's colour count, and the mapping's consistency when nothing dithers.
    private static func checkFirstFrame(_ frame: RGBAImage, input: RGBAImage, options: GIFEncoder.Options) {
        let colors = opaqueColors([frame])
        fuzzCheck(colors.count <= options.maximumColors, "frame 0 has \(colors.count) colours, more than \(options.maximumColors)")
        guard options.dither == .none, options.lossy == 0 else { return }
        var mapping: [UInt32: UInt32] = [:]
        for pixel in stride(from: 0, to: frame.pixels.count, by: 4) where input.pixels[pixel + 3] == 255 {
            let from = rgb(input.pixels, pixel), to = rgb(frame.pixels, pixel)
            fuzzCheck(mapping[from, default: to] == to, "without dithering one colour became two in frame 0")
            mapping[from] = to
        }
    }

    /// The distinct colours of the opaque pixels of `frames`.
    static func opaqueColors(_ frames: [RGBAImage]) -> Set<UInt32> {
        var colors = Set<UInt32>()
        for frame in frames {
            for pixel in stride(from: 0, to: frame.pixels.count, by: 4) where frame.pixels[pixel + 3] == 255 {
                colors.insert(rgb(frame.pixels, pixel))
            }
        }
        return colors
    }

    private static func rgb(_ pixels: [UInt8], _ index: Int) -> UInt32 {
        UInt32(pixels[index]) << 16 | UInt32(pixels[index + 1]) << 8 | UInt32(pixels[index + 2])
    }
}
