#if canImport(CWebP)
import CWebP

/// The `webp` target's second check: Zoetrope's frames against libwebp's, where the harness was
/// built with libwebp (`scripts/fuzz` links Debian's libwebp and libwebpdemux when their headers
/// are installed; the harness is not the product). libwebp's `WebPAnimDecoder` composites
/// animations and decodes stills alike, non-premultiplied RGBA with its default ("fancy")
/// upsampling, which is what Zoetrope reproduces bit for bit. What must hold:
/// - when both decode every frame cleanly: the same canvas, frame count, loop count, frame end
///   times, and every frame's pixels (colour under alpha 0 ignored);
/// - when libwebp decodes every frame, Zoetrope does not refuse the file, except for its own
///   limits (the harness's are small), features it reports as unsupported, and files with an
///   `ANMF` chunk whose first chunk is not an image (libwebp's demuxer keeps no frame for it and
///   reads on from that chunk; the corpus — `bad/synthetic/s_webp_anmf_no_bitstream.webp` —
///   expects an error).
enum LibWebPComparison {
    static let isAvailable = true

    static func compare(_ bytes: [UInt8], options: DecodingOptions) {
        // Canvases over the harness's pixel limit are left out: libwebp would allocate them whole.
        guard let canvas = canvasPixels(bytes), canvas <= options.limits.maxPixels,
              let reference = decodeWithLibWebP(bytes) else { return }
        let image: AnimatedImage
        do {
            image = try AnimatedImage(bytes: bytes, options: options)
        } catch {
            fuzzCheck(error.kind == .limitExceeded || error.kind == .unsupportedFeature
                          || hasFrameWithoutImage(bytes),
                      "libwebp decodes \(reference.frames.count) frames of a file Zoetrope refuses: \(error)")
            return
        }
        var frames: [RGBAImage] = []
        guard (try? image.forEachFrame({ _, frame in frames.append(frame) })) != nil, image.warnings.isEmpty else { return }
        fuzzCheck(image.canvasSize == PixelSize(width: reference.width, height: reference.height),
                  "canvas \(image.canvasSize), libwebp \(reference.width)×\(reference.height)")
        fuzzCheck(frames.count == reference.frames.count, "\(frames.count) frames, libwebp \(reference.frames.count)")
        if reference.frames.count > 1 {
            fuzzCheck(image.storedLoopCount == reference.loopCount, "loop count \(String(describing: image.storedLoopCount)), libwebp \(reference.loopCount)")
            var end = 0
            for (index, frame) in image.frames.enumerated() {
                end += Int((frame.storedDuration ?? .zero).components.seconds * 1000
                           + (frame.storedDuration ?? .zero).components.attoseconds / 1_000_000_000_000_000)
                fuzzCheck(end == reference.endTimes[index], "frame \(index) ends at \(end) ms, libwebp \(reference.endTimes[index])")
            }
        }
        for (index, (frame, pixels)) in zip(frames, reference.frames).enumerated() {
            fuzzCheck(canonical(frame.pixels) == canonical(pixels), "frame \(index) differs from libwebp's")
        }
    }

    /// The canvas's pixel count as libwebp's demuxer reads it, or `nil` when it does not parse.
    private static func canvasPixels(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let demuxer = WebPDemux(&data) else { return nil }
            defer { WebPDemuxDelete(demuxer) }
            return Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH)) * Int(WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT))
        }
    }

    /// Whether a top-level `ANMF` chunk's first chunk (after its 16 bytes of frame fields) is
    /// neither `ALPH`, `VP8 ` nor `VP8L`, walking the RIFF chunks by their sizes as Zoetrope does.
    private static func hasFrameWithoutImage(_ bytes: [UInt8]) -> Bool {
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = (0..<4).reduce(0) { $0 | Int(bytes[offset + 4 + $1]) << (8 * $1) }
            if bytes[offset ..< offset + 4].elementsEqual("ANMF".utf8), offset + 32 <= bytes.count {
                let inner = bytes[offset + 24 ..< offset + 28]
                if !["ALPH", "VP8 ", "VP8L"].contains(where: { inner.elementsEqual($0.utf8) }) { return true }
            }
            offset += 8 + size + (size & 1)
        }
        return false
    }

    /// libwebp's frames, or `nil` when it does not decode every one.
    private static func decodeWithLibWebP(_ bytes: [UInt8]) -> (width: Int, height: Int, loopCount: Int,
                                                                    frames: [[UInt8]], endTimes: [Int])? {
        bytes.withUnsafeBufferPointer { buffer -> (Int, Int, Int, [[UInt8]], [Int])? in
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { return nil }
            options.color_mode = MODE_RGBA
            options.use_threads = 0
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            guard let decoder = WebPAnimDecoderNew(&data, &options) else { return nil }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { return nil }
            let (width, height) = (Int(info.canvas_width), Int(info.canvas_height))
            var frames: [[UInt8]] = [], endTimes: [Int] = []
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var pixels: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else { return nil }
                frames.append(Array(UnsafeBufferPointer(start: pixels, count: width * height * 4)))
                endTimes.append(Int(timestamp))
            }
            return frames.isEmpty ? nil : (width, height, Int(info.loop_count), frames, endTimes)
        }
    }

    /// RGBA with the colour of clear pixels zeroed (their colour is not part of the image).
    private static func canonical(_ pixels: [UInt8]) -> [UInt8] {
        var result = pixels
        for index in stride(from: 0, to: result.count, by: 4) where result[index + 3] == 0 {
            result[index] = 0
            result[index + 1] = 0
            result[index + 2] = 0
        }
        return result
    }
}
#else
/// Built without libwebp (its headers were not installed): the `webp` target checks Zoetrope
/// against itself only; `scripts/fuzz` says so when it builds.
enum LibWebPComparison {
    static let isAvailable = false

    static func compare(_ bytes: [UInt8], options: DecodingOptions) {}
}
#endif
