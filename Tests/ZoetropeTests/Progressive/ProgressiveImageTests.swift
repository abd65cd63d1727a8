import Testing
@testable import Zoetrope

/// Feeding an image its bytes a few at a time: frames appear only once their data is complete,
/// and equal the whole file's frames.
@Suite("Progressive images")
struct ProgressiveImageTests {
    /// Canvas-sized frames with a few colours and changes, so that frames differ and compress.
    static func frames(count: Int, width: Int = 12, height: Int = 9) -> [RGBAImage] {
        (0..<count).map { number in
            var image = RGBAImage(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width {
                    let lit = (x + 2 * y + number) % 5 == 0
                    image[x, y] = lit ? (255, UInt8(40 * (number % 6)), 0, 255) : (0, 90, 200, number % 3 == 0 ? 255 : 0)
                }
            }
            return image
        }
    }

    static let gif = { try! GIFEncoder.encode(frames: frames(count: 7), durations: [.milliseconds(60)], playCount: .infinite) }()
    static let apng = {
        try! APNGEncoder.encode(frames: frames(count: 7), durations: Array(repeating: .milliseconds(60), count: 7),
                                playCount: .finite(2))
    }()

    static func wholeFrames(_ bytes: [UInt8]) throws -> [RGBAImage] {
        var frames: [RGBAImage] = []
        try AnimatedImage(bytes: bytes).forEachFrame { _, frame in frames.append(frame) }
        return frames
    }

    /// Feeds `bytes` in the chunk sizes `sizes` gives, checking after every chunk that each
    /// available frame equals the whole file's; returns the frame counts seen after each chunk.
    static func feed(_ bytes: [UInt8], sizes: () -> Int) throws -> [Int] {
        let expected = try wholeFrames(bytes)
        let image = ProgressiveImage(options: .default, parseStep: 1)
        var offset = 0
        var counts: [Int] = []
        while offset < bytes.count {
            let end = min(bytes.count, offset + max(1, sizes()))
            image.append(Array(bytes[offset..<end]))
            offset = end
            #expect(!image.isComplete)
            counts.append(image.frameCount)
            for index in 0..<image.frameCount {
                #expect(try image.frame(at: index) == expected[index], "frame \(index) after \(offset) bytes")
            }
        }
        image.finish()
        #expect(image.isComplete && image.frameCount == expected.count)
        for index in expected.indices { #expect(try image.frame(at: index) == expected[index]) }
        return counts
    }

    @Test("GIF and APNG fed byte by byte: frames appear in order, each complete, all at the end",
          arguments: ["gif", "apng"])
    func byteByByte(format: String) throws {
        let bytes = format == "gif" ? Self.gif : Self.apng
        let counts = try Self.feed(bytes) { 1 }
        #expect(counts == counts.sorted(), "the frame count never goes back")
        #expect(counts.last == 7, "the file's end marker completes the last frame")
        #expect(counts.dropLast().last! < 7, "the last frame is not complete before the file's end has arrived")
        #expect(counts.contains(3), "frames became available while bytes were still arriving")
    }

    @Test("random chunk sizes give the same frames", arguments: 0..<6)
    func randomChunks(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 41)
        for bytes in [Self.gif, Self.apng] {
            _ = try Self.feed(bytes) { Int.random(in: 1...300, using: &random) }
        }
    }

    @Test("no frame is reported before the bytes of its data are present")
    func nothingEarly() throws {
        // The frame count for every prefix must not exceed what a decoder given exactly that
        // prefix plus the end-of-file marker would call complete: cutting the file one byte into
        // frame k's data and closing it gives at most k complete frames.
        let bytes = Self.gif
        let image = ProgressiveImage(options: .default, parseStep: 1)
        var previous = 0
        for (offset, byte) in bytes.enumerated() {
            image.append([byte])
            let count = image.frameCount
            if count > previous {
                // Frame `count - 1` just completed: with the last byte removed it must not be.
                let shorter = try AnimatedImage(bytes: Array(bytes[..<offset]))
                let complete = shorter.warnings.contains { $0.kind == .truncated } ? shorter.frameCount - 1 : shorter.frameCount
                #expect(complete < count, "frame \(count - 1) reported at byte \(offset)")
                previous = count
            }
        }
    }

    @Test("a truncated file ends as it does when opened whole: the frames before the cut, with a warning")
    func truncatedFile() throws {
        let cut = Array(Self.gif.prefix(Self.gif.count * 2 / 3))
        let whole = try AnimatedImage(bytes: cut)
        let image = ProgressiveImage(options: .default, parseStep: 7)
        image.append(cut)
        image.finish()
        let complete = try image.completedWithinDeadline()
        #expect(image.frameCount == whole.frameCount)
        #expect(complete.warnings.map(\.message) == whole.warnings.map(\.message))
        for index in 0..<whole.frameCount { #expect(try image.frame(at: index) == whole.frame(at: index)) }
    }

    @Test("bytes that are no image fail when finished, and frames not yet arrived are refused")
    func failures() throws {
        let image = ProgressiveImage()
        image.append(Array("GIF89a".utf8))
        #expect(image.frameCount == 0)
        #expect(throws: ZoetropeError.self) { try image.frame(at: 0) }
        image.finish()
        #expect(image.isComplete)
        #expect(throws: ZoetropeError.self) { try image.completedWithinDeadline() }
    }

    @Test("the partly arrived frame shows the rows decoded so far over the frames before it")
    func partialFrame() throws {
        let frames = Self.frames(count: 3, width: 64, height: 64)
        let bytes = try GIFEncoder.encode(frames: frames, durations: [.milliseconds(50)], playCount: .infinite)
        let image = ProgressiveImage(options: .default, parseStep: 1)
        image.append(Array(bytes.prefix(bytes.count - 40)))
        let partial = try #require(try image.partialFrame())
        #expect(partial.index == 2 && image.frameCount == 2)
        // The top row of frame 2 has arrived: it matches the whole file's frame 2 there.
        let whole = try AnimatedImage(bytes: bytes).frame(at: 2)
        #expect(Array(partial.image.pixels.prefix(64 * 4)) == Array(whole.pixels.prefix(64 * 4)))
        #expect(partial.image != whole)
    }

    @Test("opening a long file lazily parses only a prefix before the first frame is available")
    func lazyFrameTable() throws {
        let bytes = try GIFFixtures.noise(frames: 2_000, width: 32, height: 32, colors: 4)
        #expect(bytes.count > 8 * ProgressiveImage.firstParseLength)
        let image = try ProgressiveImage(imageBytes: ImageBytes(bytes), options: .default, scanningRest: false)
        #expect(image.parsedLength == ProgressiveImage.firstParseLength, "only the first prefix was read")
        #expect(image.frameCount >= 1 && image.frameCount < 2_000 && !image.isComplete)
        #expect(try image.frame(at: 0) == GIFFixtures.rgba(GIFFixtures.noiseIndices(frame: 0, width: 32, height: 32, colors: 4),
                                                          width: 32, height: 32, colors: 4))
        image.scanRest()
        let complete = try image.completedWithinDeadline()
        #expect(complete.frameCount == 2_000 && image.frameCount == 2_000 && image.isComplete)
        #expect(image.parsedLength == bytes.count)
        // The public initialiser scans the rest by itself, in the background.
        #expect(try ProgressiveImage(bytes: bytes).completedWithinDeadline().frameCount == 2_000)
    }
}
