import Testing
import Zoetrope

/// The manifest's expectations, checked the same way for every format (see the corpus README).
enum CorpusChecks {
    /// Runs the check the entry's `expect` names.
    static func conformance(_ entry: Corpus.Entry, format: ImageFormat, options: DecodingOptions = .default) throws {
        switch entry.expect {
        case "decode": try checkDecode(entry, format: format, options: options)
        case "decode_lenient": try checkLenient(entry)
        case "error": try checkError(entry)
        case "error_or_partial": try checkPartial(entry)
        default: decodeEverything(entry) // "any": anything but a crash or a hang
        }
    }

    /// Size, frame count, loop count, stored delays, and every frame's hash; `forEachFrame` agrees
    /// with `frame(at:)`; a valid file decodes without damage.
    static func checkDecode(_ entry: Corpus.Entry, format: ImageFormat, options: DecodingOptions = .default,
                            reference: [String]? = nil) throws {
        let path = entry.path
        let image = try AnimatedImage(bytes: try Corpus.bytes(entry), options: options)
        let structuralWarnings = image.warnings
        #expect(image.format == format, "\(path)")
        #expect(image.canvasSize == PixelSize(width: entry.width ?? -1, height: entry.height ?? -1), "\(path): canvas")
        #expect(image.frameCount == entry.frame_count, "\(path): frame count")
        #expect(image.storedLoopCount == entry.loop_count, "\(path): loop count")
        if let durations = entry.durations_ms {
            #expect(image.frames.map { milliseconds($0.storedDelay ?? .zero) } == durations, "\(path): stored delays")
        }
        let hashes = try #require(reference ?? entry.frames_sha256, "\(path): manifest has no reference hashes")
        try #require(hashes.count == image.frameCount, "\(path): reference hash count")

        var fingerprints: [UInt64] = []
        for index in 0..<image.frameCount {
            let frame = try image.frame(at: index)
            #expect(Corpus.canonicalHash(frame) == hashes[index], "\(path): frame \(index) differs from the reference")
            fingerprints.append(fingerprint(frame))
        }
        var visited = 0
        try image.forEachFrame { index, frame in
            #expect(fingerprint(frame) == fingerprints[index], "\(path): forEachFrame frame \(index) differs from frame(at:)")
            visited += 1
        }
        #expect(visited == image.frameCount, "\(path): forEachFrame visited \(visited) frames")
        // Structural warnings are allowed (a second file glued to the end), but valid files must
        // decode without damage to any frame's data.
        #expect(image.warnings == structuralWarnings, "\(path): damage while decoding \(image.warnings)")
    }

    static func checkLenient(_ entry: Corpus.Entry) throws {
        let image = try AnimatedImage(bytes: try Corpus.bytes(entry))
        #expect(image.frameCount == entry.frame_count, "\(entry.path): frame count")
        var visited = 0
        try image.forEachFrame { _, _ in visited += 1 }
        #expect(visited == entry.frame_count, "\(entry.path): decoded frames")
    }

    /// Refused at open, or a frame fails, or the damage is reported.
    static func checkError(_ entry: Corpus.Entry) throws {
        let bytes = try Corpus.bytes(entry)
        guard let image = try? AnimatedImage(bytes: bytes) else { return }
        var failed = false
        do { try image.forEachFrame { _, _ in } } catch { failed = true }
        #expect(failed || !image.warnings.isEmpty, "\(entry.path): must be rejected or reported as damaged")
    }

    /// An error, or the frames decoded so far equal the reference's partial result.
    static func checkPartial(_ entry: Corpus.Entry) throws {
        let bytes = try Corpus.bytes(entry)
        guard let image = try? AnimatedImage(bytes: bytes) else { return }
        let reference = entry.frames_sha256 ?? []
        for index in 0..<image.frameCount {
            guard let frame = try? image.frame(at: index) else { break }
            if index < reference.count {
                #expect(Corpus.canonicalHash(frame) == reference[index], "\(entry.path): partial frame \(index) differs from the reference")
            }
        }
    }

    static func decodeEverything(_ entry: Corpus.Entry) {
        guard let bytes = try? Corpus.bytes(entry), let image = try? AnimatedImage(bytes: bytes) else { return }
        for index in 0..<image.frameCount { _ = try? image.frame(at: index) }
        try? image.forEachFrame { _, _ in }
    }

    /// Reading frames backwards and shuffled gives what reading them in order gives.
    static func checkRandomAccess(_ entry: Corpus.Entry) throws {
        let bytes = try Corpus.bytes(entry)
        var expected: [UInt64] = []
        try AnimatedImage(bytes: bytes).forEachFrame { _, frame in expected.append(fingerprint(frame)) }
        let image = try AnimatedImage(bytes: bytes)
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
}
