import Foundation
import Testing
@testable import Zoetrope

/// `acTL`'s frame count as streaming writers leave it: ffmpeg writing APNG to a pipe cannot seek
/// back to fill it in and leaves `0xFFFFFFFF`. Such a file plays the frames present (with a
/// warning); every other mismatch still falls back to the still default image (the corpus's
/// `error_or_static` files).
@Suite("APNG frame count left unfilled")
struct APNGFrameCountTests {
    /// `bytes` with the `acTL` frame count replaced by `count` and the chunk's CRC recomputed.
    static func withFrameCount(_ bytes: [UInt8], _ count: UInt32) throws -> [UInt8] {
        var bytes = bytes
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(PNGBytes.bigEndian32(bytes, offset))
            if Array(bytes[offset + 4..<offset + 8]) == Array("acTL".utf8) {
                for shift in 0..<4 { bytes[offset + 8 + shift] = UInt8(truncatingIfNeeded: count >> (24 - 8 * shift)) }
                var crc = CRC32()
                crc.update(bytes[offset + 4..<offset + 8 + length])
                for shift in 0..<4 { bytes[offset + 8 + length + shift] = UInt8(truncatingIfNeeded: crc.value >> (24 - 8 * shift)) }
                return bytes
            }
            offset += 12 + length
        }
        Issue.record("no acTL chunk")
        return bytes
    }

    static func frames() -> [RGBAImage] {
        (0..<5).map { index in
            var frame = RGBAImage(width: 12, height: 9)
            for y in 0..<9 { for x in 0..<12 { frame[x, y] = (UInt8(x * 20), UInt8(y * 25), UInt8(index * 50), 255) } }
            frame[index, index] = (255, 255, 255, 255)
            return frame
        }
    }

    @Test("0xFFFFFFFF plays every frame present, with a warning naming the unfilled count")
    func unfilledCountPlaysFramesPresent() throws {
        let frames = Self.frames()
        let written = try APNGEncoder.encode(frames: frames, durations: Array(repeating: .milliseconds(40), count: 5),
                                             playCount: .infinite)
        let image = try AnimatedImage(bytes: try Self.withFrameCount(written, 0xFFFF_FFFF))
        #expect(image.format == .apng)
        #expect(image.frameCount == 5)
        for index in frames.indices { #expect(try image.frame(at: index) == frames[index], "frame \(index)") }
        #expect(image.warnings.contains { $0.message.contains("unfilled") })
    }

    @Test("any other count that differs from the frames present still gives the still default image")
    func otherMismatchesFallBack() throws {
        let frames = Self.frames()
        let written = try APNGEncoder.encode(frames: frames, durations: Array(repeating: .milliseconds(40), count: 5),
                                             playCount: .infinite)
        for count: UInt32 in [4, 6, 0x7FFF_FFFF, 0x8000_0001, 0xFFFF_FFFE] {
            let image = try AnimatedImage(bytes: try Self.withFrameCount(written, count))
            #expect(image.frameCount == 1, "num_frames \(count)")
        }
    }

    @Test("ffmpeg's APNG written to a pipe decodes to the frames ffmpeg decodes from it",
          ReferenceDecoders.requirement)
    func ffmpegPipeOutput() throws {
        let ffmpeg = try #require(ReferenceDecoders.ffmpeg)
        let bytes = try ReferenceDecoders.run(ffmpeg, ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc=s=48x32:r=10:d=1.2",
                                                       "-plays", "0", "-f", "apng", "-"])
        // The case at hand: ffmpeg left the count unfilled.
        let acTL = try #require((8..<bytes.count - 8).first { Array(bytes[$0..<$0 + 4]) == Array("acTL".utf8) })
        #expect(PNGBytes.bigEndian32(bytes, acTL + 4) == APNGAnimationBuilder.unfilledFrameCount)
        let image = try AnimatedImage(bytes: bytes)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-pipe-\(UUID().uuidString).apng")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(bytes).write(to: file)
        let reference = try ReferenceDecoders.ffmpegFrames(file, size: image.canvasSize, format: "apng")
        #expect(reference.count == 12)
        #expect(image.frameCount == reference.count)
        for index in 0..<min(image.frameCount, reference.count) {
            #expect(try image.frame(at: index) == reference[index], "frame \(index)")
        }
    }
}
