import Foundation
import Testing
import Zoetrope
@testable import zoetrope

@Suite("zoetrope info and frames")
struct InfoReportTests {
    /// A 4×2 GIF: a full red frame (delay 0, disposal 2), then a 2×1 green frame at (1, 1) with a
    /// transparent index (delay 50 ms); stored loop count 2.
    static func twoFrameGIF() throws -> [UInt8] {
        let palette = [GIFEncoder.Color(red: 255, green: 0, blue: 0), GIFEncoder.Color(red: 0, green: 255, blue: 0)]
        return try GIFEncoder.encode(GIFEncoder.IndexedImage(
            canvasSize: PixelSize(width: 4, height: 2), globalColorTable: palette, loopCount: 2,
            frames: [
                .init(rect: PixelRect(x: 0, y: 0, width: 4, height: 2), indices: [UInt8](repeating: 0, count: 8),
                      disposal: 2, delayCentiseconds: 0),
                .init(rect: PixelRect(x: 1, y: 1, width: 2, height: 1), indices: [1, 0], transparentIndex: 0,
                      delayCentiseconds: 5),
            ]))
    }

    @Test("the JSON report follows the documented schema")
    func jsonSchema() throws {
        let image = try AnimatedImage(bytes: try Self.twoFrameGIF())
        let json = try InfoReport(name: "two.gif", image: image, decodeFrames: true).json.rendered(pretty: false)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "gif")
        #expect(object["width"] as? Int == 4 && object["height"] as? Int == 2)
        #expect(object["frameCount"] as? Int == 2)
        #expect(object["loopCount"] as? Int == 2)
        #expect(object["plays"] as? Int == 3)
        #expect(object["totalDurationMs"] as? Int == 150)
        let frames = try #require(object["frames"] as? [[String: Any]])
        #expect(frames.count == 2)
        #expect(frames[0]["disposal"] as? String == "background")
        #expect(frames[0]["delayMs"] as? Int == 0 && frames[0]["effectiveDelayMs"] as? Int == 100)
        #expect(frames[1]["x"] as? Int == 1 && frames[1]["y"] as? Int == 1)
        #expect(frames[1]["width"] as? Int == 2 && frames[1]["height"] as? Int == 1)
        #expect(frames[1]["hasTransparency"] as? Bool == true)
        #expect(frames[1]["delayMs"] as? Int == 50 && frames[1]["effectiveDelayMs"] as? Int == 50)
        #expect((object["warnings"] as? [Any])?.isEmpty == true)
    }

    @Test("absent loop counts and delays are null in JSON, and plays is null for forever")
    func nulls() throws {
        let bytes = try GIFEncoder.encode(GIFEncoder.IndexedImage(
            canvasSize: PixelSize(width: 1, height: 1), globalColorTable: [GIFEncoder.Color(red: 1, green: 2, blue: 3)],
            frames: [.init(rect: PixelRect(x: 0, y: 0, width: 1, height: 1), indices: [0])]))
        let once = try InfoReport(name: "a", image: AnimatedImage(bytes: bytes), decodeFrames: false).json.rendered(pretty: true)
        #expect(once.contains("\"loopCount\": null"))
        #expect(once.contains("\"plays\": 1"))
        #expect(once.contains("\"delayMs\": null"))
        let forever = try InfoReport(name: "s", image: AnimatedImage(bytes: SampleAnimation.gif()), decodeFrames: false)
        #expect(forever.json.rendered(pretty: true).contains("\"plays\": null"))
    }

    @Test("a truncated file is reported with its frames and a warning")
    func damage() throws {
        let bytes = try Self.twoFrameGIF()
        let cut = Array(bytes.prefix(bytes.count - 6))
        let report = try InfoReport(name: "cut.gif", image: AnimatedImage(bytes: cut), decodeFrames: true)
        // The second frame's data is cut off; the first frame stays whole.
        #expect(report.image.frameCount >= 1)
        #expect(try report.image.frame(at: 0).pixels.prefix(4) == [255, 0, 0, 255])
        #expect(report.warnings.contains { $0.kind == .truncated && $0.offset != nil })
        #expect(report.text.contains("warning:"))
    }

    @Test("frames writes the composited canvases as raw RGBA files")
    func framesRaw() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-frames-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathExtension("gif").path
        try FileBytes.write(try Self.twoFrameGIF(), to: input)
        defer { try? FileManager.default.removeItem(atPath: input) }
        let command = try FramesCommand.parse([input, "-o", folder.path, "--format", "rgba"])
        try command.run()
        let red: [UInt8] = [255, 0, 0, 255], green: [UInt8] = [0, 255, 0, 255]
        let first = try FileBytes.read(folder.appendingPathComponent("frame-0000.rgba").path)
        #expect(first == Array([[UInt8]](repeating: red, count: 8).joined()))
        // Frame 0 was disposed to transparent; frame 1 draws green at (1, 1) and leaves (2, 1) alone.
        let second = try FileBytes.read(folder.appendingPathComponent("frame-0001.rgba").path)
        let clear: [UInt8] = [0, 0, 0, 0]
        #expect(second == Array([clear, clear, clear, clear, clear, green, clear, clear].joined()))
    }
}
