import Foundation
import Testing
@testable import Zoetrope

/// Zoetrope's GIF, PNG/APNG and WebP output read by decoders that share no code with it
/// (``ReferenceDecoders``), every frame compared with the frames given to the encoder: frames that
/// do not cover the canvas, transparency (binary and partial), blending, every disposal, stills
/// and animations, one duration for all frames, and each encoder's main options. The encoders
/// are reached through the registry, as `zoetrope convert` reaches them. Zoetrope's own decoder
/// is not a witness here.
@Suite("Encoder output read by independent decoders", ReferenceDecoders.requirement)
struct EncoderOutputReferenceTests {
    /// One input and how it is encoded.
    struct Job {
        var name: String
        var sample: EncoderSamples.Sample
        var format: String
        var settings: [String: String] = [:]
        /// Whether the output must decode to the input (else to Zoetrope's own decode of it: a
        /// quantised GIF).
        var isExact = true

        var fileName: String {
            let options = settings.keys.sorted().map { "\($0)\(settings[$0]!)" }.joined(separator: "-")
            return "\(sample.name)\(options.isEmpty ? "" : "-" + options).\(format)"
        }
    }

    /// Every file the suite writes: each sample in each format it fits, and the options.
    static let jobs: [Job] = {
        var jobs: [Job] = []
        for sample in EncoderSamples.all {
            if sample.fitsGIF { jobs.append(Job(name: sample.name, sample: sample, format: "gif")) }
            jobs.append(Job(name: sample.name, sample: sample, format: sample.frames.count == 1 ? "png" : "apng"))
            jobs.append(Job(name: sample.name, sample: sample, format: "webp"))
        }
        for sample in EncoderSamples.all where sample.exercisesOptions {
            for level in ["0", "9"] {
                jobs.append(Job(name: sample.name, sample: sample, format: "apng", settings: ["level": level]))
                jobs.append(Job(name: sample.name, sample: sample, format: "webp", settings: ["level": level]))
            }
        }
        let truecolor = EncoderSamples.truecolorPan
        for settings in [["colors": "16", "dither": "ordered"], ["dither": "diffusion", "palette": "frame"],
                         ["palette": "global", "lossy": "60"]] {
            jobs.append(Job(name: truecolor.name, sample: truecolor, format: "gif", settings: settings, isExact: false))
        }
        return jobs
    }()

    /// The files, written once for every test of the suite.
    static let files: Result<[(job: Job, url: URL, bytes: [UInt8])], any Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-reference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try jobs.map { job in
            let encoder = try #require(ImageEncoder.named(job.format))
            var bytes: [UInt8] = []
            try encoder.encode(FrameArray(frames: job.sample.frames), durations: job.sample.durations,
                               playCount: job.sample.playCount, settings: EncoderSettings(job.settings)) { bytes += $0 }
            let url = folder.appendingPathComponent(job.fileName)
            try Data(bytes).write(to: url)
            return (job, url, bytes)
        }
    }

    /// The frames `job`'s output must decode to.
    static func expected(_ job: Job, bytes: [UInt8]) throws -> [RGBAImage] {
        guard !job.isExact else { return job.sample.frames }
        let image = try AnimatedImage(bytes: bytes)
        return try (0..<image.frameCount).map { try image.frame(at: $0) }
    }

    @Test("Pillow reads every frame, duration and play count (WebP through libwebp's WebPAnimDecoder)")
    func pillow() throws {
        let files = try Self.files.get()
        let decoded = try ReferenceDecoders.pillowImages(files.map(\.url))
        for (job, url, bytes) in files {
            let image = try #require(decoded[url], "\(job.fileName)")
            try Self.compare(image.frames, try Self.expected(job, bytes: bytes), "Pillow", job)
            let sample = job.sample
            if sample.frames.count > 1 { // (Pillow reports no duration for a still PNG or WebP)
                #expect(image.milliseconds == sample.milliseconds(for: job.format), "Pillow durations: \(job.fileName)")
                #expect(image.loop == sample.storedLoop(for: job.format), "Pillow loop count: \(job.fileName)")
            }
        }
    }

    /// ffmpeg 5.1's APNG decoder places a frame of a 1-, 2- or 4-bit image that does not start at
    /// the origin wrongly (Pillow and Zoetrope read those files alike), so it reads only the
    /// 8- and 16-bit ones.
    @Test("ffmpeg's GIF and APNG decoders read every frame (APNG: 8 and 16 bits a sample)")
    func ffmpeg() throws {
        for (job, url, bytes) in try Self.files.get() where job.format == "gif" || (job.format == "apng" && bytes[24] >= 8) {
            let frames = try ReferenceDecoders.ffmpegFrames(url, size: job.sample.size, format: job.format == "apng" ? "apng" : nil)
            try Self.compare(frames, try Self.expected(job, bytes: bytes), "ffmpeg", job)
        }
    }

    /// ImageMagick 6 blends every WebP frame over the canvas, ignoring `ANMF`'s no-blend flag, so it
    /// reads only the WebP samples whose frames never have to replace pixels with (partly)
    /// transparent ones.
    @Test("ImageMagick reads every frame of GIF output, and of WebP output whose frames all blend")
    func imageMagick() throws {
        for (job, url, bytes) in try Self.files.get()
        where job.format == "gif" || (job.format == "webp" && !job.sample.uncoversPixels) {
            let frames = try ReferenceDecoders.magickFrames(url, size: job.sample.size)
            try Self.compare(frames, try Self.expected(job, bytes: bytes), "ImageMagick", job)
        }
    }

    @Test("WebP headers say what the frames hold: alpha when any pixel shown or coded is not opaque, animation for several frames, no metadata")
    func webpHeaders() throws {
        for (job, _, bytes) in try Self.files.get() where job.format == "webp" {
            let chunks = RIFFChunks.of(bytes)
            let showsAlpha = job.sample.frames.contains { !$0.isOpaque }
            guard let features = chunks.first(where: { $0.fourCC == "VP8X" })?.payload.first else {
                // A still: a lone VP8L chunk, whose header's alpha bit is the image's.
                #expect(job.sample.frames.count == 1 && chunks.map(\.fourCC) == ["VP8L"], "\(job.fileName)")
                #expect(chunks.first.map(RIFFChunks.vp8lHasAlpha) == showsAlpha, "\(job.fileName)")
                continue
            }
            let framesHaveAlpha = chunks.filter { $0.fourCC == "ANMF" }.contains { frame in
                RIFFChunks.of(Array(frame.payload.dropFirst(16)), bare: true).first.map(RIFFChunks.vp8lHasAlpha) ?? false
            }
            #expect((features & 0x10 != 0) == (showsAlpha || framesHaveAlpha), "alpha flag: \(job.fileName)")
            #expect((features & 0x02 != 0) == (job.sample.frames.count > 1), "animation flag: \(job.fileName)")
            #expect(features & 0x2C == 0, "ICC, EXIF or XMP flag: \(job.fileName)")
            if showsAlpha { #expect(features & 0x10 != 0, "\(job.fileName) shows transparency without the alpha flag") }
        }
    }

    @Test("dwebp decodes WebP stills")
    func dwebp() throws {
        for (job, url, _) in try Self.files.get() where job.format == "webp" && job.sample.frames.count == 1 {
            try Self.compare([try ReferenceDecoders.dwebpImage(url)], job.sample.frames, "dwebp", job)
        }
    }

    /// Frame by frame, pixel by pixel; a fully transparent pixel's colour is invisible, so only its
    /// alpha counts (decoders differ in what they leave there).
    static func compare(_ decoded: [RGBAImage], _ expected: [RGBAImage], _ decoder: String, _ job: Job,
                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(decoded.count == expected.count, "\(decoder): \(job.fileName): \(decoded.count) frames, not \(expected.count)",
                sourceLocation: sourceLocation)
        for (index, (frame, wanted)) in zip(decoded, expected).enumerated() {
            guard frame.size == wanted.size else {
                Issue.record("\(decoder): \(job.fileName) frame \(index) is \(frame.size), not \(wanted.size)", sourceLocation: sourceLocation)
                continue
            }
            let difference = EncoderSamples.firstDifference(frame, wanted)
            #expect(difference == nil, "\(decoder): \(job.fileName) frame \(index): \(difference ?? "")", sourceLocation: sourceLocation)
        }
    }
}

/// The chunks of a RIFF WebP file (or, `bare`, of a run of chunks such as an `ANMF` payload's).
enum RIFFChunks {
    struct Chunk {
        var fourCC: String
        var payload: [UInt8]
    }

    static func of(_ bytes: [UInt8], bare: Bool = false) -> [Chunk] {
        var chunks: [Chunk] = []
        var offset = bare ? 0 : 12
        while offset + 8 <= bytes.count {
            let size = bytes[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            let end = Swift.min(bytes.count, offset + 8 + size)
            chunks.append(Chunk(fourCC: String(decoding: bytes[offset..<offset + 4], as: UTF8.self),
                                payload: Array(bytes[offset + 8..<end])))
            offset = end + (size & 1)
        }
        return chunks
    }

    /// The `alpha_is_used` bit of a `VP8L` chunk's header (RFC 9649 §3.2).
    static func vp8lHasAlpha(_ chunk: Chunk) -> Bool {
        chunk.fourCC == "VP8L" && chunk.payload.count >= 5 && chunk.payload[4] & 0x10 != 0
    }
}
