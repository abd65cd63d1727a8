import Foundation
import Testing
import Zoetrope

/// The service as a client sees it: the built `zoetrope-server` on a loopback port, real and
/// hostile uploads, a bounded burst, and its memory against its configured budget.
@Suite("zoetrope-server over loopback", .serialized)
final class ServerTests {
    /// 2 transcodes at once, 2 more waiting, 4 MiB bodies, 256 MiB in all.
    static let memoryBudget = 256 << 20
    let server: ServerProcess
    let client: LoopbackClient

    init() throws {
        // A time limit of 100 s rather than the default 20: CI tests a debug build, whose transcodes
        // of the burst's 800×600 uploads take several times as long as a release build's (the
        // client still waits at most 120 s for each answer).
        server = try ServerProcess(["--concurrency", "2", "--queue", "2", "--max-body", "4MiB",
                                    "--memory-budget", "256MiB", "--limits", "frames=500,duration=120s",
                                    "--time-limit", "100"])
        client = LoopbackClient(port: server.port)
    }

    deinit { server.stop() }

    @Test("health answers, and so do metrics")
    func health() throws {
        let health = try client.get("/health")
        #expect(health.status == 200 && health.text == #"{"status":"ok"}"#)
        _ = try client.post("/v1/inspect", Uploads.gif())
        let metrics = try client.get("/metrics")
        #expect(metrics.status == 200 && metrics.text.contains("hb_requests"))
    }

    @Test("inspect answers the verdict of every format from its headers")
    func inspect() throws {
        for (bytes, format, frames) in [(try Uploads.gif(), "gif", 10), (try Uploads.apng(), "apng", 8), (try Uploads.webp(), "webp", 6)] {
            let response = try client.post("/v1/inspect", bytes)
            #expect(response.status == 200 && response.headers["content-type"] == "application/json")
            #expect(response.text.contains(#""accepted":true,"format":"\#(format)""#), "\(response.text)")
            #expect(response.text.contains(#""frameCount":\#(frames),"animated":true"#))
        }
    }

    @Test("thumbnails of GIF, APNG and WebP uploads decode back: box, frame rate and duration")
    func thumbnails() throws {
        let cases: [(bytes: [UInt8], size: PixelSize, frames: Int, durationMs: Int)] = [
            (try Uploads.gif(), PixelSize(width: 160, height: 120), 10, 400),      // 40 ms frames kept
            (try Uploads.apng(), PixelSize(width: 160, height: 160), 4, 160),      // 20 ms frames: every other
            (try Uploads.webp(), PixelSize(width: 120, height: 160), 6, 600),
        ]
        for upload in cases {
            let response = try client.post("/v1/thumbnail?format=webp&width=160&height=160", upload.bytes)
            #expect(response.status == 200 && response.headers["content-type"] == "image/webp")
            let thumbnail = try AnimatedImage(bytes: response.body)
            #expect(thumbnail.format == .webp && thumbnail.canvasSize == upload.size)
            #expect(thumbnail.frameCount == upload.frames)
            #expect(thumbnail.totalDuration == .milliseconds(upload.durationMs))
            try ReferenceTools.checkWebP(response.body, width: upload.size.width, height: upload.size.height,
                                         frames: upload.frames)
        }
    }

    @Test("posters and transcodes in every output format decode back")
    func postersAndTranscodes() throws {
        let gif = try Uploads.gif()
        let source = try AnimatedImage(bytes: gif)
        for frame in ["first", "middle", "representative"] {
            let response = try client.post("/v1/poster?format=png&frame=\(frame)", gif)
            #expect(response.status == 200 && response.headers["content-type"] == "image/png")
            let poster = try AnimatedImage(bytes: response.body)
            #expect(poster.format == .png && poster.frameCount == 1 && poster.canvasSize == source.canvasSize)
        }
        let first = try AnimatedImage(bytes: try client.post("/v1/poster?frame=first", gif).body)
        #expect(try first.frame(at: 0) == source.frame(at: 0))
        for format in ["gif", "png", "webp"] {
            let response = try client.post("/v1/transcode?format=\(format)&width=120", gif)
            #expect(response.status == 200)
            let output = try AnimatedImage(bytes: response.body)
            #expect(output.frameCount == 10 && output.canvasSize == PixelSize(width: 120, height: 90))
            #expect(output.totalDuration == source.totalDuration)
        }
        let exact = try AnimatedImage(bytes: try client.post("/v1/transcode?format=webp", gif).body)
        #expect(try exact.frame(at: 7) == source.frame(at: 7))
    }

    @Test("hostile uploads are refused with a JSON error: bombs in under 50 ms, truncated, unsupported, oversized")
    func hostile() throws {
        let bomb = try client.post("/v1/thumbnail", Uploads.canvasBomb())
        #expect(bomb.status == 422 && bomb.text.contains(#""kind":"policyViolation""#) && bomb.text.contains(#""limit":"side""#))
        #expect(bomb.elapsed < .milliseconds(50), "the canvas bomb took \(bomb.elapsed)")
        let frames = try client.post("/v1/transcode", Uploads.frameBomb(count: 20_000))
        #expect(frames.status == 422 && frames.text.contains(#""limit":"frames""#))
        #expect(frames.elapsed < .milliseconds(50), "the frame bomb took \(frames.elapsed)")
        let gif = try Uploads.gif()
        let truncated = try client.post("/v1/thumbnail", Array(gif.prefix(gif.count / 2)))
        #expect(truncated.status == 422 && truncated.text.contains(#""limit":"damage""#))
        let text = try client.post("/v1/poster", Array("not an image at all".utf8))
        #expect(text.status == 415 && text.text.contains(#""kind":"unrecognizedFormat""#))
        let oversized = try client.post("/v1/transcode", [UInt8](repeating: 0x47, count: 5 << 20))
        #expect(oversized.status == 413 && oversized.text.contains(#""kind":"bodyTooLarge""#))
        let query = try client.post("/v1/thumbnail?format=bmp", gif)
        #expect(query.status == 400 && query.headers["content-type"] == "application/json")
        for response in [bomb, frames, truncated, text, oversized] {
            #expect(response.headers["content-type"] == "application/json")
        }
    }

    @Test("a burst beyond the queue gets 200s and 503s with Retry-After, nothing else; memory stays in budget")
    func burst() throws {
        // Large enough that each transcode takes far longer than twelve requests take to arrive
        // (seconds against milliseconds), so four are taken and eight refused; small enough that
        // a debug build's four transcodes stay within seconds of CI time.
        let heavy = try Uploads.gif(width: 800, height: 600, count: 8)
        let client = self.client
        // Twelve clients at once, each on a thread of its own (blocking sockets with deadlines).
        let statuses = try Concurrently.run(12) { index -> (Int, String?) in
            let path = index % 2 == 0 ? "/v1/transcode?format=webp" : "/v1/thumbnail?width=160&height=160"
            let response = try client.post(path, heavy)
            if response.status == 200 { _ = try AnimatedImage(bytes: response.body) }
            return (response.status, response.headers["retry-after"])
        }
        #expect(statuses.count == 12)
        #expect(statuses.allSatisfy { $0.0 == 200 || ($0.0 == 503 && $0.1 == "1") }, "\(statuses)")
        #expect(statuses.contains { $0.0 == 200 })
        #expect(statuses.contains { $0.0 == 503 })
        let memory = try server.memory()
        #expect(memory.peak <= Self.memoryBudget, "peak RSS \(memory.peak >> 20) MiB over the 256 MiB budget")
        // Still serving after the burst.
        #expect(try client.get("/health").status == 200)
    }
}
