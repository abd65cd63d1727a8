import Foundation
import Testing
import Zoetrope

/// `convert x.gif y.gif --optimize`: the same frames, exactly, never in more bytes than the input.
@Suite("zoetrope convert --optimize")
struct ConvertOptimizeTests {
    /// 10 frames of a square moving over a transparent 48×32 canvas, each stored whole and disposed
    /// to background (as simple encoders write them).
    static func wastefulGIF() throws -> [UInt8] {
        let colors = [GIFEncoder.Color(red: 0, green: 0, blue: 0), GIFEncoder.Color(red: 250, green: 120, blue: 10)]
        let frames = (0..<10).map { index in
            var indices = [UInt8](repeating: 0, count: 48 * 32)
            for y in 10..<18 { for x in 3 * index..<3 * index + 8 { indices[y * 48 + x] = 1 } }
            return GIFEncoder.IndexedFrame(rect: PixelRect(x: 0, y: 0, width: 48, height: 32), indices: indices, disposal: 2,
                                           transparentIndex: 0, delayCentiseconds: 3)
        }
        return try GIFEncoder.encode(GIFEncoder.IndexedImage(canvasSize: PixelSize(width: 48, height: 32), globalColorTable: colors,
                                                             loopCount: 0, frames: frames))
    }

    private static func frames(_ bytes: [UInt8]) throws -> [RGBAImage] {
        let image = try AnimatedImage(bytes: bytes)
        return try (0..<image.frameCount).map { try image.frame(at: $0) }
    }

    @Test("a wasteful GIF shrinks and shows the same frames with the same durations")
    func shrinks() throws {
        let folder = try TemporaryFolder()
        let input = try Self.wastefulGIF()
        try folder.write(input, to: "in.gif")
        let result = try CommandRunner.run(["convert", "in.gif", "out.gif", "--optimize", "--quiet"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let output = try folder.read("out.gif")
        #expect(output.count < input.count * 3 / 4, "\(output.count) of \(input.count)")
        #expect(try Self.frames(output) == Self.frames(input))
        let raw = DecodingOptions(timing: .raw)
        #expect(try AnimatedImage(bytes: output, options: raw).frames.map(\.duration)
                == AnimatedImage(bytes: input, options: raw).frames.map(\.duration))
    }

    @Test("when nothing smaller is found the input's bytes are written; other formats refuse the flag")
    func keepsInput() throws {
        let folder = try TemporaryFolder()
        // The optimised file is as small as the encoder makes it: optimising it again finds nothing smaller.
        try folder.write(try Self.wastefulGIF(), to: "in.gif")
        #expect(try CommandRunner.run(["convert", "in.gif", "once.gif", "--optimize", "--quiet"], in: folder.url).status == 0)
        let again = try CommandRunner.run(["convert", "once.gif", "twice.gif", "--optimize"], in: folder.url)
        #expect(again.status == 0 && again.standardError.contains("input's bytes"), "\(again.standardError)")
        #expect(try folder.read("twice.gif") == folder.read("once.gif"))
        let webp = try CommandRunner.run(["convert", "in.gif", "out.webp", "--optimize"], in: folder.url)
        #expect(webp.status == 1 && webp.standardError.contains("--optimize applies to GIF output only"), "\(webp.standardError)")
    }
}
