import Foundation
import Testing
import Zoetrope
import ZoetropeFoundation
import ZoetropeTestSupport

/// Loading conveniences at the edge: `Data`, file URLs, and http URLs that stream into a
/// progressive image.
@Suite("Loading images from Data and URLs")
struct ProgressiveLoadingTests {
    @Test("AnimatedImage(data:) and a file URL give the same frames as the bytes")
    func dataAndFile() throws {
        let bytes = ProgressiveImageTests.gif
        let expected = try ProgressiveImageTests.wholeFrames(bytes)
        let fromData = try AnimatedImage(data: Data(bytes))
        #expect(fromData.frameCount == expected.count)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-load-\(UUID().uuidString).gif")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let image = ProgressiveImage.load(from: url)
        let complete = try image.completedWithinDeadline()
        #expect(complete.frameCount == expected.count)
        for index in expected.indices { #expect(try image.frame(at: index) == expected[index]) }
    }

    @Test("an http download shows its first frames before the rest of the body has been sent")
    func httpStreams() throws {
        let frames = ProgressiveImageTests.frames(count: 6, width: 40, height: 30)
        let bytes = try GIFEncoder.encode(frames: frames, durations: [.milliseconds(50)], playCount: .infinite)
        let expected = try ProgressiveImageTests.wholeFrames(bytes)
        let server = try LoopbackHTTPServer(body: bytes, firstPart: bytes.count * 2 / 3)
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/anim.gif"))
        let image = ProgressiveImage.load(from: url)
        let deadline = ContinuousClock.now + .seconds(15)
        while image.frameCount == 0 && ContinuousClock.now < deadline { usleep(5_000) }
        #expect(image.frameCount >= 1 && !image.isComplete, "frames before the body ended")
        #expect(try image.frame(at: 0) == expected[0])
        server.sendRest()
        let complete = try image.completedWithinDeadline()
        #expect(complete.frameCount == 6)
        for index in expected.indices { #expect(try image.frame(at: index) == expected[index]) }
    }

    @Test("an http error status and a missing file are reported as such, not as undecodable bytes")
    func failures() throws {
        let page = Array("<html>not found</html>".utf8)
        let server = try LoopbackHTTPServer(body: page, firstPart: page.count, status: "404 Not Found")
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/missing.gif"))
        let image = ProgressiveImage.load(from: url)
        #expect {
            try image.completedWithinDeadline()
        } throws: { error in
            (error as? ZoetropeError)?.kind == .io && "\(error)".contains("HTTP 404")
        }
        let missing = ProgressiveImage.load(from: URL(fileURLWithPath: "/nonexistent/zoetrope-\(UUID().uuidString).gif"))
        #expect {
            try missing.completedWithinDeadline()
        } throws: { error in
            (error as? ZoetropeError)?.kind == .io
        }
    }
}
