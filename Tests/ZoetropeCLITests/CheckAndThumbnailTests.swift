import Foundation
import Testing
import Zoetrope

/// `zoetrope info --check` and `zoetrope thumbnail` as a separate process.
@Suite("zoetrope info --check and thumbnail")
struct CheckAndThumbnailTests {
    /// 10 frames of 40×30, 20 ms each.
    static func animation() throws -> [UInt8] {
        let frames = (0..<10).map { index in
            RGBAImage(width: 40, height: 30, pixels: Array((0..<1200).flatMap { [UInt8(index * 20), UInt8($0 % 40 * 6), 90, 255] }))
        }
        return try APNGEncoder.encode(frames: frames, durations: Array(repeating: .milliseconds(20), count: 10),
                                      playCount: .infinite, level: 1)
    }

    @Test("--check prints the verdict, and exits 1 when a file is refused")
    func check() throws {
        let folder = try TemporaryFolder()
        try folder.write(try Self.animation(), to: "a.png")
        let accepted = try CommandRunner.run(["info", "--check", "frames=10", "a.png"], in: folder.url)
        #expect(accepted.status == 0)
        #expect(String(decoding: accepted.standardOutput, as: UTF8.self).hasPrefix("a.png: accepted: APNG 40×30, 10 frames, 200 ms"))
        let refused = try CommandRunner.run(["info", "--check", "unlimited,frames=9,duration=100ms", "--json", "a.png"], in: folder.url)
        #expect(refused.status == 1)
        let json = String(decoding: refused.standardOutput, as: UTF8.self)
        #expect(json.hasPrefix(#"{"schemaVersion":1,"file":"a.png","accepted":false,"format":"apng""#))
        #expect(json.contains(#""violations":[{"limit":"frames","allowed":9,"found":10,"#))
        #expect(json.contains(#"{"limit":"duration","allowed":100,"found":200,"#))
        let unreadable = try CommandRunner.run(["info", "--check", "frames=lots", "a.png"], in: folder.url)
        #expect(unreadable.status == 64 && unreadable.standardError.contains("cannot read the limit 'frames=lots'"))
    }

    @Test("thumbnail fits the box, caps the frame rate and keeps the duration; --poster writes one frame")
    func thumbnail() throws {
        let folder = try TemporaryFolder()
        try folder.write(try Self.animation(), to: "a.png")
        let result = try CommandRunner.run(["thumbnail", "a.png", "small.webp", "--size", "20x20"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let small = try AnimatedImage(bytes: folder.read("small.webp"))
        #expect(small.canvasSize == PixelSize(width: 20, height: 15))
        #expect(small.frameCount == 5 && small.totalDuration == .milliseconds(200))
        let poster = try CommandRunner.run(["thumbnail", "a.png", "poster.gif", "--size", "40x40", "--poster", "middle"],
                                           in: folder.url)
        #expect(poster.status == 0)
        let still = try AnimatedImage(bytes: folder.read("poster.gif"))
        #expect(still.frameCount == 1 && still.canvasSize == PixelSize(width: 40, height: 30))
        #expect(try still.frame(at: 0) == AnimatedImage(bytes: Self.animation()).frame(at: 5))
    }
}
