import Testing
@testable import Zoetrope

@Suite("Upload verdicts")
struct UploadVerdictTests {
    /// A 3-frame 40×30 GIF, 100 ms a frame.
    static func smallGIF() throws -> [UInt8] {
        let frames = (0..<3).map { index in
            RGBAImage(width: 40, height: 30, pixels: [UInt8](repeating: UInt8(index * 80), count: 40 * 30 * 4))
        }
        return try GIFEncoder.encode(frames: frames, durations: [.milliseconds(100)], playCount: .infinite)
    }

    @Test("an ordinary animation is accepted, described from its headers")
    func acceptsOrdinary() throws {
        let bytes = try Self.smallGIF()
        let verdict = try UploadPolicy.default.check(bytes)
        #expect(verdict.isAccepted)
        #expect(verdict.format == .gif && verdict.canvasSize == PixelSize(width: 40, height: 30))
        #expect(verdict.frameCount == 3 && verdict.isAnimated)
        #expect(verdict.totalDuration == .milliseconds(300))
        #expect(verdict.totalPixels == 3 * 40 * 30)
        #expect(verdict.fileBytes == bytes.count)
        #expect(verdict.json() == """
            {"schemaVersion":1,"accepted":true,"format":"gif","bytes":\(bytes.count),"width":40,"height":30,\
            "frameCount":3,"animated":true,"totalDurationMs":300,"totalPixels":3600,"damage":[],"violations":[]}
            """)
    }

    @Test("a canvas bomb is refused with its declared size, quickly")
    func canvasBomb() throws {
        let bomb = HostileFiles.gif(width: 65_535, height: 65_535,
                                    frames: [HostileFiles.gifFrame(width: 65_535, height: 65_535, lzw: HostileFiles.lzwZeros(pixels: 4))])
        let start = ContinuousClock.now
        let verdict = try UploadPolicy.default.check(bomb)
        #expect(ContinuousClock.now - start < .milliseconds(50))
        #expect(verdict.canvasSize == PixelSize(width: 65_535, height: 65_535))
        #expect(verdict.violations.map(\.limit) == [.side, .canvas, .pixels])
        #expect(verdict.violations[0].message == "a canvas of 65535×65535; the limit is 8192")
    }

    @Test("a frame bomb is refused one frame past the limit, without walking the rest")
    func frameBomb() throws {
        let frame = HostileFiles.gifFrame(width: 1, height: 1, lzw: HostileFiles.lzwZeros(pixels: 1))
        let bomb = HostileFiles.gif(width: 1, height: 1, frames: Array(repeating: frame, count: 20_000))
        let policy = try UploadPolicy(parsing: "frames=500")
        let verdict = try policy.check(bomb)
        #expect(verdict.frameCount == 501)
        #expect(verdict.damage.isEmpty)
        #expect(verdict.violations.map(\.limit) == [.frames])
        #expect(verdict.violations[0].message == "more than 501 frames; the limit is 500")
        #expect(try UploadPolicy.unlimited.check(bomb).frameCount == 20_000)
    }

    @Test("a truncated file is damage: refused unless the policy allows damage")
    func truncated() throws {
        let bytes = try Self.smallGIF()
        let cut = Array(bytes.prefix(bytes.count * 2 / 3))
        let verdict = try UploadPolicy.default.check(cut)
        #expect(!verdict.damage.isEmpty && verdict.damage.allSatisfy { $0.kind == .truncated })
        #expect(verdict.violations.map(\.limit) == [.damage])
        #expect(try UploadPolicy(parsing: "damage=allow").check(cut).isAccepted)
    }

    @Test("durations, sizes and every broken limit are listed in order")
    func everyLimit() throws {
        let bytes = try Self.smallGIF()
        let policy = try UploadPolicy(parsing: "bytes=10,side=39,canvas=1199,frames=2,pixels=3599,duration=299ms")
        let verdict = try policy.check(bytes)
        #expect(verdict.violations.map(\.limit) == [.bytes, .side, .canvas, .frames, .pixels, .duration])
        #expect(verdict.violations.map(\.found) == [bytes.count, 40, 1200, 3, 3600, 300])
        #expect(verdict.json().contains(#"{"limit":"duration","allowed":299,"found":300,"message":"300 ms of animation; the limit is 299"}"#))
    }

    @Test("bytes that are no image are refused with a typed error")
    func notAnImage() {
        #expect(throws: ZoetropeError.self) { _ = try UploadPolicy.default.check(Array("hello".utf8)) }
        let error = ZoetropeError(.unrecognizedFormat, offset: 0, "not an image")
        #expect(error.json() == #"{"error":{"kind":"unrecognizedFormat","offset":0,"message":"not an image"}}"#)
    }
}
