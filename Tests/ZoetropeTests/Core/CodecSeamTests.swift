import Testing
@testable import Zoetrope

/// The seam every format goes through: the registry (sniffing, opening, the unknown-data message)
/// and the frame-table builder's shared rules (limits, delays, loops, damage).
@Suite("Codec registry and frame-table builder")
struct CodecSeamTests {
    @Test("sniffing comes from the registry's signatures")
    func sniffing() {
        #expect(ImageFormat.sniff(Array("GIF87a".utf8)) == .gif)
        #expect(ImageFormat.sniff(Array("GIF89a....".utf8)) == .gif)
        #expect(ImageFormat.sniff(Array("GIF88a".utf8)) == nil)
        #expect(ImageFormat.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == .png)
        #expect(ImageFormat.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBP".utf8)) == .webp)
        #expect(ImageFormat.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8)) == nil)
        #expect(ImageFormat.sniff([UInt8]()) == nil)
        #expect(ImageFormat.decodable == [.gif, .png, .apng, .webp])
    }

    @Test("unknown data is refused with a message naming every registered format")
    func unknownData() {
        do {
            _ = try AnimatedImage(bytes: Array("not an image".utf8))
            Issue.record("unknown bytes must be refused")
        } catch {
            #expect(error.kind == .unrecognizedFormat && error.offset == 0)
            #expect(error.message.contains("GIF, PNG or WebP"), "\(error.message)")
        }
    }

    @Test("loop rules: GIF counts repetitions, APNG and WebP count plays")
    func loopRules() {
        #expect(LoopCountRule.repetitions.playCount(stored: nil) == .finite(1))
        #expect(LoopCountRule.repetitions.playCount(stored: 0) == .infinite)
        #expect(LoopCountRule.repetitions.playCount(stored: 2) == .finite(3))
        #expect(LoopCountRule.plays.playCount(stored: nil) == .finite(1))
        #expect(LoopCountRule.plays.playCount(stored: 0) == .infinite)
        #expect(LoopCountRule.plays.playCount(stored: 2) == .finite(2))
    }

    static func frame(_ rect: PixelRect, stored: Duration?) -> FrameInfo {
        FrameInfo(rect: rect, disposal: .none, storedDisposal: 0, blend: .over, hasTransparency: false,
                  storedDuration: stored, duration: .seconds(99), offset: 0)
    }

    @Test("the builder refuses a frame past a limit before it is added, keeps the rest, and says where")
    func limits() throws {
        let options = DecodingOptions(limits: DecodingLimits(maxPixels: 100, maxFrameCount: 2))
        var table = try FrameTableBuilder(format: .gif, width: 10, height: 10, options: options, offset: 0)
        let small = PixelRect(x: 0, y: 0, width: 5, height: 5)
        #expect(try table.admit(small, offset: 10))
        table.append(Self.frame(small, stored: .milliseconds(5)))
        #expect(try table.admit(small, offset: 20))
        table.append(Self.frame(small, stored: .milliseconds(50)))
        // A third frame is past the frame count limit.
        #expect(try !table.admit(small, offset: 30))
        #expect(table.isClosed)
        #expect(try !table.admit(small, offset: 40), "a closed table admits nothing more")
        let finished = try table.finish(storedLoopCount: 1, rule: .repetitions, endOffset: 50)
        #expect(finished.frames.count == 2)
        #expect(finished.warnings.map(\.kind) == [.limitExceeded] && finished.warnings.first?.offset == 30)
        #expect(finished.frames.map(\.duration) == [.milliseconds(100), .milliseconds(50)], "the browser duration rule")
        #expect(finished.playCount == .finite(2))
    }

    @Test("a first frame past a limit, or damage before any frame, refuses the file")
    func nothingToKeep() throws {
        let options = DecodingOptions(limits: DecodingLimits(maxPixels: 100))
        var table = try FrameTableBuilder(format: .webp, width: 10, height: 10, options: options, offset: 0)
        #expect(throws: ZoetropeError.self) { try table.admit(PixelRect(x: 0, y: 0, width: 11, height: 10), offset: 5) }
        let damage = ZoetropeError(.truncated, format: .webp, offset: 7, "cut")
        #expect(throws: ZoetropeError.self) { try table.recordDamage(damage) }
        #expect(throws: ZoetropeError.self) { try FrameTableBuilder(format: .png, width: 11, height: 10, options: options, offset: 0) }
        #expect(throws: ZoetropeError.self) { try table.finish(storedLoopCount: nil, rule: .plays, endOffset: 0) }
    }
}
