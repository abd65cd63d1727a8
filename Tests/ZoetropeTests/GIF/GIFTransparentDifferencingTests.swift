import Foundation
import Testing
@testable import Zoetrope

/// Animations with transparent pixels are stored as differences too: each frame covers what it
/// changes on the canvas the frame before leaves, and a frame is disposed to background (and
/// covers those pixels) only when the next frame makes some of its opaque pixels transparent.
/// Read back by ffmpeg and ImageMagick, which share no code with Zoetrope.
@Suite("GIF encoder: differenced frames with transparency, decoded by ffmpeg and ImageMagick", ReferenceDecoders.requirement)
struct GIFTransparentDifferencingTests {
    /// A sprite moving over a transparent canvas, a still logo in a corner, a frame that repeats the
    /// one before, and a last frame that clears the logo.
    static let frames: [RGBAImage] = {
        var frames: [RGBAImage] = []
        for index in 0..<12 {
            var image = RGBAImage(width: 64, height: 48)
            for y in 2..<8 { for x in 2..<12 where index < 11 { image[x, y] = (200, 30, 40, 255) } }
            let left = index == 6 ? 4 * 5 : 4 * index // frame 6 repeats frame 5's sprite
            for y in 20..<32 { for x in left..<left + 10 { image[x, y] = (UInt8(x * 3), 90, UInt8(y * 5), 255) } }
            frames.append(image)
        }
        return frames
    }()

    @Test("frames decode exactly, each frame's rectangle is what it changes, disposal only where the next frame clears")
    func exactAndSmall() throws {
        let bytes = try GIFEncoder.encode(frames: Self.frames, durations: [.milliseconds(40)], playCount: .infinite)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-gif-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("sprite.gif")
        try Data(bytes).write(to: url)
        let size = Self.frames[0].size
        #expect(try ReferenceDecoders.ffmpegFrames(url, size: size).map(Self.clearingTransparent) == Self.frames)
        #expect(try ReferenceDecoders.magickFrames(url, size: size).map(Self.clearingTransparent) == Self.frames)
        let image = try AnimatedImage(bytes: bytes)
        let records = image.frames
        // Frames after the first cover the sprite's old and new places and the logo (which a frame
        // disposed to background clears and the next redraws), never the whole canvas.
        for record in records.dropFirst() { #expect(record.rect.width * record.rect.height < 64 * 48 / 2, "\(record)") }
        // A frame is disposed to background when the next one clears pixels it shows: the sprite
        // moves on after every frame but the 6th (frame 6 repeats it), and frame 11 drops the logo.
        #expect(records.enumerated().filter { $0.element.disposal == .background }.map(\.offset) == [0, 1, 2, 3, 4, 6, 7, 8, 9, 10])
        #expect(bytes.count < 8000, "\(bytes.count) bytes") // 7,424 B on 27 Nov
    }

    /// Transparent pixels as (0, 0, 0, 0), whatever colour a decoder leaves in them.
    private static func clearingTransparent(_ frame: RGBAImage) -> RGBAImage {
        var result = frame
        for y in 0..<frame.height { for x in 0..<frame.width where frame[x, y].a == 0 { result[x, y] = (0, 0, 0, 0) } }
        return result
    }
}
