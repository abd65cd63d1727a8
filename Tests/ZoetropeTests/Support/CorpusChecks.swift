import Foundation
import Testing
import Zoetrope

/// The manifest's `expect` values, enforced as the corpus README defines them, for every format.
/// Every check counts what it compared in a ``CorpusTally``.
enum CorpusChecks {
    static let expectations: Set<String> = ["decode", "decode_lenient", "error", "error_or_partial", "error_or_static", "any"]

    /// Runs the check the entry's `expect` names; an unknown `expect` value is a failure.
    static func conformance(_ entry: Corpus.Entry, tally: inout CorpusTally) throws {
        switch entry.expect {
        case "decode": try checkDecode(entry, tally: &tally)
        case "decode_lenient": try checkLenient(entry, tally: &tally)
        case "error": try checkError(entry, tally: &tally)
        case "error_or_partial": try checkPartial(entry, tally: &tally)
        case "error_or_static": try checkStatic(entry, tally: &tally)
        case "any": try checkAny(entry, tally: &tally)
        default: Issue.record("\(entry.path): unknown expect value '\(entry.expect)'")
        }
    }

    /// `decode`: the facts, exactly `frame_count` frames, every frame's hash (and, with `tolerance`,
    /// the reference PNG frames within it); `frame(at:)` agrees with `forEachFrame`; no damage.
    static func checkDecode(_ entry: Corpus.Entry, options: DecodingOptions = .default,
                            reference: [String]? = nil, tally: inout CorpusTally) throws {
        let path = entry.path
        let image = try AnimatedImage(bytes: try Corpus.bytes(entry), options: options)
        let structuralWarnings = image.warnings
        try checkFacts(entry, image)
        let hashes = try #require(reference ?? entry.frames_sha256, "\(path): manifest has no reference hashes")
        try #require(hashes.count == entry.frame_count, "\(path): \(hashes.count) reference hashes for \(entry.frame_count ?? -1) frames")
        let sequential = try DecodedFrames(image)
        try #require(sequential.frameError == nil, "\(path): \(sequential.frameError.map { "\($0)" } ?? "")")
        #expect(sequential.hashes.count == entry.frame_count, "\(path): decoded \(sequential.hashes.count) frames")
        tally.compare(path, sequential.hashes, hashes, upTo: nil)
        for index in 0..<min(image.frameCount, sequential.fingerprints.count) {
            #expect(fingerprint(try image.frame(at: index)) == sequential.fingerprints[index],
                    "\(path): frame(at: \(index)) differs from frame \(index) read in order")
        }
        if let tolerance = entry.tolerance {
            try checkReferenceFrames(entry, image, maxDifference: tolerance.max_channel_diff, tally: &tally)
        }
        // Structural warnings are allowed (a second file glued to the end), but valid files must
        // decode without damage to any frame's data.
        #expect(image.warnings == structuralWarnings, "\(path): damage while decoding \(image.warnings)")
    }

    /// Canvas, frame table length, stored loop count and stored delays, as the manifest lists them.
    static func checkFacts(_ entry: Corpus.Entry, _ image: AnimatedImage) throws {
        let path = entry.path
        #expect(image.format.rawValue == entry.format, "\(path): format \(image.format)")
        #expect(image.canvasSize == PixelSize(width: entry.width ?? -1, height: entry.height ?? -1), "\(path): canvas")
        #expect(image.frameCount == entry.frame_count, "\(path): frame count \(image.frameCount)")
        #expect(image.storedLoopCount == entry.loop_count, "\(path): loop count \(String(describing: image.storedLoopCount))")
        guard let durations = entry.durations_ms else { return }
        let stored = image.frames.map { exactMilliseconds($0.storedDuration ?? .zero) }
        // Inexact APNG delays are listed to 3 decimals.
        let agree = stored.count == durations.count && zip(stored, durations).allSatisfy { abs($0 - $1) <= 0.0005 + 1e-9 }
        #expect(agree, "\(path): stored delays \(stored) differ from \(durations)")
    }

    /// `decode_lenient`: decodes without error to `frame_count` frames; the frames before the first
    /// flagged one must match the reference.
    static func checkLenient(_ entry: Corpus.Entry, tally: inout CorpusTally) throws {
        let image = try AnimatedImage(bytes: try Corpus.bytes(entry))
        try checkFacts(entry, image)
        let decoded = try DecodedFrames(image)
        try #require(decoded.frameError == nil, "\(entry.path): \(decoded.frameError.map { "\($0)" } ?? "")")
        #expect(decoded.hashes.count == entry.frame_count, "\(entry.path): decoded \(decoded.hashes.count) frames")
        if let reference = entry.frames_sha256 {
            tally.compare(entry.path, decoded.hashes, reference, upTo: entry.firstImplementationDefinedFrame)
        }
    }

    /// `error`: refused when opened, or a frame fails, or the damage is reported in `warnings`.
    static func checkError(_ entry: Corpus.Entry, tally: inout CorpusTally) throws {
        let bytes = try Corpus.bytes(entry)
        guard let image = try? AnimatedImage(bytes: bytes) else { return tally.refused(entry.path) }
        let decoded = try DecodedFrames(image)
        let rejected = decoded.frameError != nil || !image.warnings.isEmpty
        #expect(rejected, "\(entry.path): decoded \(decoded.hashes.count) frames without an error or a warning")
        if rejected { tally.refused(entry.path) }
    }

    /// `error_or_partial`: an error, or the frames decoded so far, each equal to the reference's
    /// partial result where the manifest has one (never more frames than the file holds).
    static func checkPartial(_ entry: Corpus.Entry, tally: inout CorpusTally) throws {
        let bytes = try Corpus.bytes(entry)
        guard let image = try? AnimatedImage(bytes: bytes) else { return tally.refused(entry.path) }
        let decoded = try DecodedFrames(image)
        if decoded.frameError != nil || decoded.hashes.isEmpty { return tally.refused(entry.path) }
        // Without reference hashes the manifest's parse of the damaged file is incomplete (its
        // frame_count may count only what it could read), so only a crash or hang fails.
        if let reference = entry.frames_sha256 {
            #expect(decoded.hashes.count <= reference.count, "\(entry.path): more frames than the reference decoded")
            tally.compare(entry.path, Array(decoded.hashes.prefix(reference.count)), Array(reference.prefix(decoded.hashes.count)),
                          upTo: entry.firstImplementationDefinedFrame)
        }
    }

    /// `error_or_static`: an error, or exactly one frame, the static default image.
    static func checkStatic(_ entry: Corpus.Entry, tally: inout CorpusTally) throws {
        let bytes = try Corpus.bytes(entry)
        guard let image = try? AnimatedImage(bytes: bytes) else { return tally.refused(entry.path) }
        let decoded = try DecodedFrames(image)
        if decoded.frameError != nil { return tally.refused(entry.path) }
        try #require(decoded.hashes.count == 1, "\(entry.path): \(decoded.hashes.count) frames instead of the still image")
        if let fallback = entry.static_fallback_sha256 {
            tally.compare(entry.path, decoded.hashes, [fallback], upTo: nil)
        }
        // The structure error is reported, unless the file is no APNG at all (acTL after IDAT).
        #expect(!image.warnings.isEmpty || image.format == .png, "\(entry.path): no warning")
    }

    /// `any`: anything but a crash or a hang; but frames that decode and have a reference hash, before
    /// any flagged frame, must match it.
    static func checkAny(_ entry: Corpus.Entry, tally: inout CorpusTally) throws {
        let bytes = try Corpus.bytes(entry)
        guard let image = try? AnimatedImage(bytes: bytes) else { return tally.refused(entry.path) }
        let decoded = try DecodedFrames(image)
        guard let reference = entry.frames_sha256, decoded.frameError == nil, image.warnings.isEmpty else {
            return tally.refused(entry.path)
        }
        tally.compare(entry.path, decoded.hashes, reference, upTo: entry.firstImplementationDefinedFrame)
    }

    /// Each frame of an entry with `tolerance` against `ref-frames/<path>/NNNN.png`.
    static func checkReferenceFrames(_ entry: Corpus.Entry, _ image: AnimatedImage, maxDifference: Int,
                                     tally: inout CorpusTally) throws {
        let folder = try #require(entry.reference_frames, "\(entry.path): tolerance without reference_frames")
        let root = try #require(Corpus.root)
        for index in 0..<image.frameCount {
            let path = "\(root)/\(folder)/\(String(format: "%04d", index)).png"
            let reference = try AnimatedImage(contentsOfFile: path).frame(at: 0)
            let difference = maxChannelDifference(try image.frame(at: index), reference)
            #expect(difference <= maxDifference, "\(entry.path) frame \(index): differs by \(difference)")
            tally.referenceFrames += 1
        }
    }

    /// The largest difference of any channel, after zeroing colour under zero alpha in both.
    static func maxChannelDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return 256 }
        var largest = 0
        for pixel in stride(from: 0, to: a.pixels.count, by: 4) {
            let aClear = a.pixels[pixel + 3] == 0, bClear = b.pixels[pixel + 3] == 0
            for channel in 0..<4 {
                let x = aClear && channel < 3 ? 0 : Int(a.pixels[pixel + channel])
                let y = bClear && channel < 3 ? 0 : Int(b.pixels[pixel + channel])
                largest = max(largest, abs(x - y))
            }
        }
        return largest
    }

    /// Reading frames backwards and shuffled gives what reading them in order gives.
    static func checkRandomAccess(_ entry: Corpus.Entry) throws {
        let bytes = try Corpus.bytes(entry)
        let expected = try DecodedFrames(try AnimatedImage(bytes: bytes)).fingerprints
        let image = try AnimatedImage(bytes: bytes)
        try #require(expected.count == image.frameCount)
        var generator = SplitMix64(seed: 0x5EED)
        let order = Array((0..<image.frameCount).reversed()) + (0..<image.frameCount).shuffled(using: &generator)
        for index in order {
            #expect(fingerprint(try image.frame(at: index)) == expected[index],
                    "\(entry.path): frame \(index) by random access differs from sequential decoding")
        }
    }

    /// Animated entries small enough to replay in any order many times over.
    static func animated(_ entries: [Corpus.Entry]) -> [Corpus.Entry] {
        entries.filter { entry in
            guard entry.expect == "decode", let count = entry.frame_count, count > 1,
                  let width = entry.width, let height = entry.height else { return false }
            return count <= 400 && width * height * count <= 40_000_000
        }
    }

    /// A duration in milliseconds, fractions kept.
    static func exactMilliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }
}

/// Every frame read in order with `forEachFrame`, as canonical hashes and fingerprints, and the
/// error that stopped it (only the first frame's data can).
struct DecodedFrames {
    var hashes: [String] = []
    var fingerprints: [UInt64] = []
    var frameError: (any Error)?

    init(_ image: AnimatedImage) throws {
        do {
            try image.forEachFrame { _, frame in
                hashes.append(Corpus.canonicalHash(frame))
                fingerprints.append(fingerprint(frame))
            }
        } catch {
            frameError = error
        }
    }
}
