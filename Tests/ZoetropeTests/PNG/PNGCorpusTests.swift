import Foundation
import Testing
@testable import Zoetrope

/// Conformance against every PNG and APNG entry of the shared corpus manifest.
@Suite("PNG corpus conformance", .enabled(if: Corpus.isConfigured, Corpus.skipMessage))
struct PNGCorpusTests {
    static func entries(_ expectations: Set<String>) throws -> [Corpus.Entry] {
        try Corpus.entries().filter { ($0.format == "png" || $0.format == "apng") && expectations.contains($0.expect) }
    }

    /// All frames of `bytes`, composited, or the first error.
    static func decodeAll(_ bytes: [UInt8]) throws -> (image: AnimatedImage, frames: [RGBAImage]) {
        let image = try AnimatedImage(bytes: bytes)
        var frames: [RGBAImage] = []
        try image.forEachFrame { _, frame in frames.append(frame) }
        return (image, frames)
    }

    @Test("valid files decode to the reference frames, sizes, loop counts and delays")
    func validFiles() throws {
        let entries = try Self.entries(["decode"])
        #expect(entries.count >= 260)
        for entry in entries {
            let decoded: (image: AnimatedImage, frames: [RGBAImage])
            do {
                decoded = try Self.decodeAll(Corpus.bytes(entry))
            } catch {
                Issue.record("\(entry.path): \(error)")
                continue
            }
            let image = decoded.image
            #expect(image.canvasSize.width == entry.width && image.canvasSize.height == entry.height, "\(entry.path)")
            #expect(image.frameCount == entry.frame_count, "\(entry.path)")
            #expect(image.storedLoopCount == entry.loop_count, "\(entry.path)")
            #expect(image.format.rawValue == entry.format, "\(entry.path)")
            if let durations = entry.durations_ms, durations.count == image.frameCount {
                for (index, expected) in durations.enumerated() {
                    let stored = image.frames[index].storedDelay ?? .zero
                    let milliseconds = Double(stored.components.seconds) * 1000
                        + Double(stored.components.attoseconds) / 1e15
                    #expect(abs(milliseconds - expected) < 0.001, "\(entry.path) frame \(index) delay")
                }
            }
            if let tolerance = entry.tolerance, let references = entry.reference_frames {
                for (index, frame) in decoded.frames.enumerated() {
                    let path = "\(references)/\(String(format: "%04d", index)).png"
                    let reference = try AnimatedImage(contentsOfFile: Corpus.root! + "/" + path).frame(at: 0)
                    let difference = Self.maxChannelDifference(frame, reference)
                    #expect(difference <= tolerance.max_channel_diff, "\(entry.path) frame \(index): differs by \(difference)")
                }
            }
            // With a tolerance, the reference hashes are still those of exact arithmetic rounded to
            // nearest (the rule the compositor implements), so they must match too.
            if let hashes = entry.frames_sha256 {
                let ours = decoded.frames.map(Corpus.canonicalHash)
                for index in 0..<min(ours.count, hashes.count) where ours[index] != hashes[index] {
                    Issue.record("\(entry.path): frame \(index) hash differs")
                }
            }
        }
    }

    @Test("re-encoding every valid file (as zoetrope convert does) gives back the same frames")
    func reencodeRoundTrip() throws {
        for entry in try Self.entries(["decode"]) where entry.category != "perf" {
            let (image, frames) = try Self.decodeAll(Corpus.bytes(entry))
            let durations = (0..<image.frameCount).map { image.duration(at: $0) }
            let bytes = frames.count == 1 ? PNGEncoder.encode(frames[0], level: 1)
                : try APNGEncoder.encode(frames: frames, durations: durations, playCount: image.playCount, level: 1)
            let (again, againFrames) = try Self.decodeAll(bytes)
            #expect(againFrames == frames, "\(entry.path)")
            guard frames.count > 1 else { continue } // a single frame is written as a plain PNG
            #expect(again.playCount == image.playCount, "\(entry.path)")
            #expect((0..<again.frameCount).map { again.duration(at: $0) } == durations, "\(entry.path)")
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

    @Test("corrupt files are rejected with an error")
    func errorFiles() throws {
        for entry in try Self.entries(["error"]) {
            do {
                let decoded = try Self.decodeAll(Corpus.bytes(entry))
                Issue.record("\(entry.path): decoded \(decoded.frames.count) frames instead of failing")
            } catch {}
        }
    }

    @Test("broken animations fail or show the still default image")
    func errorOrStaticFiles() throws {
        for entry in try Self.entries(["error_or_static"]) {
            guard let decoded = try? Self.decodeAll(Corpus.bytes(entry)) else { continue }
            #expect(decoded.frames.count == 1, "\(entry.path): \(decoded.frames.count) frames")
            if let expected = entry.static_fallback_sha256, let frame = decoded.frames.first {
                #expect(Corpus.canonicalHash(frame) == expected, "\(entry.path): fallback image differs")
            }
            #expect(!decoded.image.warnings.isEmpty || entry.format == "png", "\(entry.path): no warning")
        }
    }

    @Test("damaged and resource-limit files never crash")
    func lenientFiles() throws {
        for entry in try Self.entries(["any", "error_or_partial"]) {
            guard let decoded = try? Self.decodeAll(Corpus.bytes(entry)) else { continue }
            #expect(!decoded.frames.isEmpty, "\(entry.path)")
            if entry.expect == "error_or_partial", let hashes = entry.frames_sha256, let first = decoded.frames.first,
               decoded.image.warnings.isEmpty {
                #expect(Corpus.canonicalHash(first) == hashes[0], "\(entry.path)")
            }
        }
    }
}
