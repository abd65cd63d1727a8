import Foundation
import Testing
@testable import Zoetrope

/// ``AnimationEdit``: timelines worked by hand, pixels against ImageMagick's `-crop`, `-rotate`,
/// `-flip`/`-flop` of the same frames, and edited animations written as GIF, APNG and WebP and
/// read back by Pillow (libwebp's animation decoder for WebP).
@Suite("Animation edits")
struct AnimationEditTests {
    static func ms(_ values: [Int]) -> [Duration] { values.map { .milliseconds($0) } }

    static func edit(_ change: (inout AnimationEdit) -> Void) -> AnimationEdit {
        var edit = AnimationEdit()
        change(&edit)
        return edit
    }

    @Test("trim keeps the frames showing in the span, shortened to it; reverse, speed and the minimum")
    func timelines() {
        let five = Self.ms([100, 100, 100, 100, 100])
        let trimmed = EditedTimeline(Self.edit { $0.trim = Duration.milliseconds(150)..<Duration.milliseconds(420) }, durations: five)
        #expect(trimmed.timeline.indices == [1, 2, 3, 4])
        #expect(trimmed.timeline.durations == Self.ms([50, 100, 100, 20]))
        let reversed = EditedTimeline(Self.edit { $0.isReversed = true; $0.trim = Duration.zero..<Duration.milliseconds(250) }, durations: five)
        #expect(reversed.timeline.indices == [2, 1, 0])
        #expect(reversed.timeline.durations == Self.ms([50, 100, 100]))
        let faster = EditedTimeline(Self.edit { $0.speed = 4 }, durations: Self.ms([100, 60, 200]))
        #expect(faster.timeline.durations == Self.ms([25, 20, 50]))
        #expect(faster.raisedDurations == 1)
        let slower = EditedTimeline(Self.edit { $0.speed = 0.5 }, durations: Self.ms([30, 70]))
        #expect(slower.timeline.durations == Self.ms([60, 140]))
        #expect(slower.raisedDurations == 0)
        // Ten 20 ms frames at 2× speed under a 25 fps cap: 20 ms each, grouped by two (40 ms).
        let capped = EditedTimeline(Self.edit { $0.speed = 2; $0.maxFrameRate = 25 }, durations: Self.ms(Array(repeating: 40, count: 10)))
        #expect(capped.timeline.indices == [0, 2, 4, 6, 8])
        #expect(capped.timeline.durations == Self.ms([40, 40, 40, 40, 40]))
        #expect(EditedTimeline(Self.edit { $0.trim = Duration.seconds(2)..<Duration.seconds(3) }, durations: five).timeline.count == 0)
    }

    @Test("a play count, a crop outside the canvas, a bad speed and an empty trim")
    func imageRules() throws {
        let frames = (0..<3).map { _ in RGBAImage(width: 8, height: 6) }
        let source = try FrameSequence(frames: frames, duration: .milliseconds(100), playCount: .infinite)
        let once = try source.edited(Self.edit { $0.plays = .finite(1); $0.crop = PixelRect(x: 2, y: 1, width: 6, height: 5) })
        #expect(once.playCount == .finite(1))
        #expect(once.canvasSize == PixelSize(width: 6, height: 5))
        #expect(try source.edited(Self.edit { $0.rotation = .clockwise90 }).canvasSize == PixelSize(width: 6, height: 8))
        for bad in [Self.edit { $0.crop = PixelRect(x: 3, y: 0, width: 6, height: 6) }, Self.edit { $0.speed = 0 },
                    Self.edit { $0.maxFrameRate = 0 }, Self.edit { $0.trim = Duration.seconds(1)..<Duration.seconds(2) }] {
            #expect(throws: ZoetropeError.self) { try source.edited(bad) }
        }
    }

    /// A frame whose every pixel differs, with transparent and partly transparent ones.
    static func frame(width: Int, height: Int, seed: Int) -> RGBAImage {
        var frame = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                frame[x, y] = (UInt8(truncatingIfNeeded: x * 7 + seed), UInt8(truncatingIfNeeded: y * 11), UInt8(truncatingIfNeeded: x * y + seed * 3),
                               (x + y + seed) % 5 == 0 ? 0 : 255)
            }
        }
        return frame
    }

    /// `frame` with the colour under alpha 0 zeroed (formats and decoders differ there).
    static func clearingTransparent(_ frame: RGBAImage) -> RGBAImage {
        var frame = frame
        for offset in stride(from: 0, to: frame.pixels.count, by: 4) where frame[byte: offset + 3] == 0 {
            for channel in 0..<3 { frame[byte: offset + channel] = 0 }
        }
        return frame
    }

    /// What ImageMagick makes of `frame` under `-crop`, `-rotate`, `-flip`/`-flop`, in that order.
    static func magick(_ frame: RGBAImage, crop: PixelRect?, rotation: Rotation, flip: Flip?) throws -> RGBAImage {
        let magick = try #require(ReferenceDecoders.magick)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-edit-\(UUID().uuidString).rgba")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(frame.pixels).write(to: file)
        var arguments = ["-size", "\(frame.width)x\(frame.height)", "-depth", "8", "rgba:\(file.path)"]
        if let crop { arguments += ["-crop", "\(crop.width)x\(crop.height)+\(crop.x)+\(crop.y)", "+repage"] }
        if rotation != .none { arguments += ["-rotate", "\(rotation.rawValue)"] }
        if let flip { arguments.append(flip == .horizontal ? "-flop" : "-flip") }
        let bytes = try ReferenceDecoders.run(magick, arguments + ["-depth", "8", "rgba:-"])
        let size = FrameGeometry(crop: crop, rotation: rotation, flip: flip).outputSize(for: frame.size)
        return RGBAImage(width: size.width, height: size.height, pixels: bytes)
    }

    @Test("crop, every rotation and flip give ImageMagick's pixels", ReferenceDecoders.requirement)
    func geometryMatchesImageMagick() throws {
        let frame = Self.frame(width: 13, height: 7, seed: 1)
        for crop in [nil, PixelRect(x: 2, y: 1, width: 9, height: 5)] {
            for rotation in Rotation.allCases {
                for flip in [nil] + Flip.allCases {
                    let ours = FrameGeometry(crop: crop, rotation: rotation, flip: flip).apply(to: frame)
                    let theirs = try Self.magick(frame, crop: crop, rotation: rotation, flip: flip)
                    #expect(ours == theirs, "crop \(String(describing: crop)) rotate \(rotation) flip \(String(describing: flip))")
                }
            }
        }
    }

    @Test("edited animations written as GIF, APNG and WebP read back in Pillow as the edit says",
          ReferenceDecoders.requirement)
    func everyFormatKeepsTheAnimation() throws {
        let frames = (0..<4).map { Self.frame(width: 20, height: 12, seed: $0 * 9) }
        let gif = try GIFEncoder.encode(frames: frames, durations: Self.ms([100, 200, 300, 400]), playCount: .infinite)
        let source = try AnimatedImage(bytes: gif)
        let edit = Self.edit {
            $0.crop = PixelRect(x: 3, y: 2, width: 15, height: 9)
            $0.rotation = .clockwise270
            $0.flip = .vertical
            $0.isReversed = true
            $0.speed = 2
            $0.trim = Duration.milliseconds(100)..<Duration.seconds(10)
            $0.plays = .finite(3)
        }
        let edited = try source.edited(edit)
        let expected = try [3, 2, 1].map { try Self.magick(source.frame(at: $0), crop: edit.crop, rotation: edit.rotation, flip: edit.flip) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-edits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String: URL] = [:]
        for format in ["gif", "apng", "webp"] {
            let encoder = try #require(ImageEncoder.named(format))
            var bytes: [UInt8] = []
            try encoder.encode(edited, durations: (0..<edited.frameCount).map(edited.duration(at:)), playCount: edited.playCount,
                               settings: EncoderSettings()) { bytes += $0 }
            files[format] = folder.appendingPathComponent("edited.\(format == "apng" ? "png" : format)")
            try Data(bytes).write(to: files[format]!)
        }
        let decoded = try ReferenceDecoders.pillowImages(Array(files.values))
        for (format, url) in files {
            let image = try #require(decoded[url])
            #expect(image.frames.map(Self.clearingTransparent) == expected.map(Self.clearingTransparent), "\(format) frames")
            #expect(image.milliseconds == [200, 150, 100], "\(format) durations")
            #expect(image.loop == (format == "gif" ? 2 : 3), "\(format) loop")
        }
    }
}
