import Testing
@testable import Zoetrope

@Suite("APNG encoding and decoding")
struct APNGTests {
    /// An animation: a background, then frames that move a small square, change colours, go
    /// transparent, or repeat the previous frame.
    static func animation(width: Int, height: Int, frames count: Int, rng: inout SplitMix64) -> [RGBAImage] {
        var frames: [RGBAImage] = []
        var canvas = PNGRoundTripTests.randomImage(width: width, height: height, kind: 3, rng: &rng)
        frames.append(canvas)
        for index in 1..<count {
            switch index % 4 {
            case 0:
                break // identical frame
            case 1:
                let x = Int.random(in: 0..<width, using: &rng), y = Int.random(in: 0..<height, using: &rng)
                for dy in 0..<min(4, height - y) {
                    for dx in 0..<min(5, width - x) { canvas[x + dx, y + dy] = (200, UInt8(index), 30, 255) }
                }
            case 2:
                // Clear a band to transparent: only SOURCE or BACKGROUND disposal can do that.
                let y = Int.random(in: 0..<height, using: &rng)
                for x in 0..<width { canvas[x, y] = (0, 0, 0, 0) }
            default:
                // Translucent pixels over opaque ones.
                let x = Int.random(in: 0..<width, using: &rng)
                for y in 0..<height { canvas[x, y] = (10, 20, UInt8(index & 255), 128) }
            }
            frames.append(canvas)
        }
        return frames
    }

    @Test("animations survive encode and decode exactly, with durations and loop count")
    func roundTrip() throws {
        var rng = SplitMix64(seed: 5)
        for trial in 0..<12 {
            let width = Int.random(in: 1...40, using: &rng), height = Int.random(in: 1...30, using: &rng)
            let frames = Self.animation(width: width, height: height, frames: Int.random(in: 1...9, using: &rng), rng: &rng)
            let durations = frames.indices.map { Duration.milliseconds(20 + 10 * $0) }
            let bytes = try APNGEncoder.encode(frames: frames, durations: durations, playCount: trial % 3 == 0 ? .infinite : .finite(trial % 3),
                                               level: [0, 1, 6, 9][trial % 4])
            let image = try AnimatedImage(bytes: bytes)
            #expect(image.format == .apng)
            #expect(image.frameCount == frames.count)
            #expect(image.storedLoopCount == trial % 3)
            #expect(image.playCount == (trial % 3 == 0 ? .infinite : .finite(trial % 3)))
            #expect(image.warnings.isEmpty)
            for index in frames.indices {
                #expect(image.frames[index].storedDuration == durations[index])
                #expect(try image.frame(at: index) == frames[index], "trial \(trial) frame \(index)")
            }
            // Random access in reverse order goes through the replay plan.
            for index in frames.indices.reversed() {
                #expect(try image.frame(at: index) == frames[index], "trial \(trial) frame \(index), reverse")
            }
        }
    }

    @Test("later frames store only the changed rectangle, blending OVER when that is exact")
    func changedRectangles() throws {
        var base = RGBAImage(width: 64, height: 48)
        for y in 0..<48 { for x in 0..<64 { base[x, y] = (UInt8(x * 3), UInt8(y * 5), 90, 255) } }
        var moved = base
        for y in 10..<14 { for x in 20..<25 { moved[x, y] = (255, 0, 0, 255) } }
        moved[22, 12] = base[22, 12] // an unchanged pixel inside the rectangle
        let bytes = try APNGEncoder.encode(frames: [base, moved, moved], durations: [.seconds(1), .seconds(1), .seconds(1)],
                                           playCount: .infinite)
        let image = try AnimatedImage(bytes: bytes)
        #expect(image.frames[0].rect == PixelRect(x: 0, y: 0, width: 64, height: 48))
        #expect(image.frames[1].rect == PixelRect(x: 20, y: 10, width: 5, height: 4))
        #expect(image.frames[1].blend == .over)
        #expect(image.frames[2].rect.area == 1) // nothing changed
        #expect(try image.frame(at: 2) == moved)
    }

    @Test("disposal to background is chosen when the next frame clears what this one drew")
    func backgroundDisposal() throws {
        let empty = RGBAImage(width: 30, height: 30)
        var dot = empty
        for y in 5..<9 { for x in 5..<9 { dot[x, y] = (0, 0, 255, 255) } }
        var other = empty
        for y in 20..<22 { for x in 20..<22 { other[x, y] = (0, 255, 0, 255) } }
        let bytes = try APNGEncoder.encode(frames: [dot, other], durations: [.milliseconds(50), .milliseconds(50)],
                                           playCount: .finite(1))
        let image = try AnimatedImage(bytes: bytes)
        #expect(image.frames[0].disposal == .background)
        #expect(image.frames[1].rect == PixelRect(x: 20, y: 20, width: 2, height: 2))
        #expect(try image.frame(at: 1) == other)
    }

    @Test("a sprite moving over a still background costs only its own rectangle (dispose PREVIOUS)")
    func previousDisposal() throws {
        var background = RGBAImage(width: 40, height: 20)
        for y in 0..<20 { for x in 0..<40 { background[x, y] = (UInt8(x * 6), UInt8(y * 12), 77, 255) } }
        // The background alone, then a sprite at a new place in each frame.
        let frames = (0..<4).map { step in
            var frame = background
            if step > 0 {
                for y in 8..<12 { for x in 3 + 10 * step..<7 + 10 * step { frame[x, y] = (255, 255, 0, 255) } }
            }
            return frame
        }
        let bytes = try APNGEncoder.encode(frames: frames, durations: Array(repeating: .milliseconds(80), count: 4),
                                           playCount: .infinite)
        let image = try AnimatedImage(bytes: bytes)
        for index in 1..<4 {
            #expect(image.frames[index].rect == PixelRect(x: 3 + 10 * index, y: 8, width: 4, height: 4))
            #expect(try image.frame(at: index) == frames[index])
        }
        #expect(image.frames[1].disposal == .previous)
        #expect(image.frames[2].disposal == .previous)
    }

    @Test("true-colour frames keep RGB: blending OVER marks unchanged pixels with a colour key")
    func colourKeyForBlending() throws {
        var base = RGBAImage(width: 40, height: 30)
        for y in 0..<30 { for x in 0..<40 { base[x, y] = (UInt8(x * 6), UInt8(y * 8), UInt8((x * y) & 255), 255) } }
        var next = base
        for y in 5..<20 { for x in 5..<30 where (x + y) % 3 != 0 { next[x, y] = (UInt8(x * 6), 200, 10, 255) } }
        let bytes = try APNGEncoder.encode(frames: [base, next], durations: [.seconds(1), .seconds(1)], playCount: .infinite)
        #expect(bytes[25] == 2) // RGB, not RGBA
        let image = try AnimatedImage(bytes: bytes)
        #expect(image.frames[1].blend == .over)
        #expect(try image.frame(at: 1) == next)
    }

    @Test("an opaque 256-colour animation stays a palette image, replacing rectangles instead of blending")
    func fullPaletteWithoutBlending() throws {
        var base = RGBAImage(width: 16, height: 16)
        for y in 0..<16 { for x in 0..<16 { base[x, y] = (UInt8(y * 16 + x), UInt8(x * 3), 40, 255) } }
        var next = base
        next[3, 3] = base[4, 4]
        next[5, 3] = base[6, 4]
        let bytes = try APNGEncoder.encode(frames: [base, next], durations: [.seconds(1), .seconds(1)], playCount: .infinite)
        #expect(bytes[25] == 3)
        let image = try AnimatedImage(bytes: bytes)
        #expect(image.frames[1].blend == .source)
        #expect(try image.frame(at: 1) == next)
    }

    @Test("when a transparent palette colour exists, blended frames use it for unchanged pixels")
    func existingTransparentEntry() throws {
        var base = RGBAImage(width: 24, height: 24)
        for y in 0..<24 { for x in 0..<24 { base[x, y] = x < 4 ? (9, 9, 9, 0) : (UInt8(x * 10), 50, 60, 255) } }
        var next = base
        for y in 8..<16 { for x in 8..<16 where x != y { next[x, y] = (250, 1, 2, 255) } }
        for level in [1, 9] {
            let bytes = try APNGEncoder.encode(frames: [base, next, base], durations: Array(repeating: .seconds(1), count: 3),
                                               playCount: .infinite, level: level)
            let image = try AnimatedImage(bytes: bytes)
            #expect(bytes[25] == 3)
            for index in 0..<3 { #expect(try image.frame(at: index) == [base, next, base][index], "level \(level) frame \(index)") }
        }
    }

    @Test("invalid arguments are refused")
    func invalidArguments() {
        let frame = RGBAImage(width: 2, height: 2)
        #expect(throws: ZoetropeError.self) { try APNGEncoder.encode(frames: [], durations: [], playCount: .infinite) }
        #expect(throws: ZoetropeError.self) {
            try APNGEncoder.encode(frames: [frame, RGBAImage(width: 3, height: 2)], durations: [.zero, .zero], playCount: .infinite)
        }
        #expect(throws: ZoetropeError.self) { try APNGEncoder.encode(frames: [frame], durations: [], playCount: .infinite) }
        #expect(throws: ZoetropeError.self) { try APNGEncoder.encode(frames: [frame], durations: [.zero], playCount: .finite(0)) }
    }

    @Test("delays are stored as fractions that read back exactly where they can")
    func delays() {
        #expect(APNGEncoder.delayFraction(.milliseconds(40)) == (1, 25))
        #expect(APNGEncoder.delayFraction(.nanoseconds(333_333_333)) == (1, 3))
        #expect(APNGEncoder.delayFraction(.nanoseconds(1_000_000_000 / 60)) == (1, 60))
        #expect(APNGEncoder.delayFraction(.seconds(65_535)) == (65_535, 1))
        #expect(APNGEncoder.delayFraction(.seconds(100_000)) == (65_535, 1))
        #expect(APNGEncoder.delayFraction(.seconds(-1)) == (0, 1000))
        // No exact 16-bit fraction: nearest millisecond.
        #expect(APNGEncoder.delayFraction(.nanoseconds(12_345_678)) == (12, 1000))
        #expect(APNGEncoder.delayFraction(.nanoseconds(1_234_567_891)) == (1235, 1000))
    }

    // MARK: - Damaged animations

    /// The chunks of a PNG file as (type, data) pairs.
    static func chunks(_ bytes: [UInt8]) -> [(type: String, data: [UInt8])] {
        var result: [(String, [UInt8])] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(PNGBytes.bigEndian32(bytes, offset))
            result.append((PNGChunk.name(PNGBytes.bigEndian32(bytes, offset + 4)),
                           Array(bytes[offset + 8..<offset + 8 + length])))
            offset += 12 + length
        }
        return result
    }

    /// A file made of `chunks`, with correct CRCs.
    static func file(_ chunks: [(type: String, data: [UInt8])]) -> [UInt8] {
        var out = ByteWriter()
        out.append(contentsOf: PNGCodec.signature)
        for chunk in chunks {
            let type = chunk.type.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            PNGWriter.appendChunk(type, chunk.data, to: &out)
        }
        return out.bytes
    }

    static func twoFrameAnimation() throws -> (bytes: [UInt8], frames: [RGBAImage]) {
        var rng = SplitMix64(seed: 77)
        let frames = animation(width: 16, height: 12, frames: 3, rng: &rng)
        return (try APNGEncoder.encode(frames: frames, durations: [.seconds(1), .seconds(1), .seconds(1)], playCount: .infinite), frames)
    }

    @Test("a sequence number error falls back to the still default image with a warning")
    func sequenceError() throws {
        let (bytes, frames) = try Self.twoFrameAnimation()
        var chunks = Self.chunks(bytes)
        let fdat = try #require(chunks.firstIndex { $0.type == "fdAT" })
        chunks[fdat].data[3] &+= 5
        let image = try AnimatedImage(bytes: Self.file(chunks))
        #expect(image.format == .apng)
        #expect(image.frameCount == 1)
        #expect(try image.frame(at: 0) == frames[0])
        #expect(image.warnings.contains { $0.message.contains("sequence") })
    }

    @Test("a frame count different from acTL's falls back to the still image")
    func frameCountMismatch() throws {
        let (bytes, _) = try Self.twoFrameAnimation()
        var chunks = Self.chunks(bytes)
        let actl = try #require(chunks.firstIndex { $0.type == "acTL" })
        chunks[actl].data[3] = 7
        let image = try AnimatedImage(bytes: Self.file(chunks))
        #expect(image.frameCount == 1)
        #expect(!image.warnings.isEmpty)
    }

    @Test("a file that ends before acTL's frame count keeps its frames and says how many were declared")
    func truncatedBeforeDeclaredCount() throws {
        let (bytes, frames) = try Self.twoFrameAnimation()
        var chunks = Self.chunks(bytes)
        // Drop the last frame (its fcTL and fdAT chunks) and IEND: acTL still declares 3 frames.
        let lastControl = try #require(chunks.lastIndex { $0.type == "fcTL" })
        chunks.removeSubrange(lastControl...)
        let image = try AnimatedImage(bytes: Self.file(chunks))
        #expect(image.frameCount == 2)
        #expect(try image.frame(at: 1) == frames[1])
        #expect(image.warnings.contains { $0.kind == .truncated && $0.message == "acTL declares 3 frames, the file ends after 2" },
                "\(image.warnings)")
    }

    @Test("a default image outside the animation is not a frame")
    func defaultImageNotAFrame() throws {
        let (bytes, frames) = try Self.twoFrameAnimation()
        var chunks = Self.chunks(bytes)
        // Drop the first fcTL (so IDAT precedes the animation), renumber, and say 2 frames.
        let first = try #require(chunks.firstIndex { $0.type == "fcTL" })
        chunks.remove(at: first)
        var sequence: UInt32 = 0
        for index in chunks.indices where chunks[index].type == "fcTL" || chunks[index].type == "fdAT" {
            chunks[index].data.replaceSubrange(0..<4, with: [0, 0, 0, UInt8(sequence)])
            sequence += 1
        }
        let actl = try #require(chunks.firstIndex { $0.type == "acTL" })
        chunks[actl].data[3] = 2
        let image = try AnimatedImage(bytes: Self.file(chunks))
        #expect(image.frameCount == 2)
        #expect(image.warnings.isEmpty)
        // The first frame is now the second frame's rectangle, drawn on a transparent canvas.
        let rect = image.frames[0].rect
        let decoded = try image.frame(at: 0)
        #expect(rect != PixelRect(x: 0, y: 0, width: 16, height: 12))
        #expect(decoded[rect.x, rect.y].a != 0 || frames[1][rect.x, rect.y].a == 0)
    }

    @Test("dispose PREVIOUS on the first frame acts as BACKGROUND")
    func previousOnFirstFrame() throws {
        let (bytes, _) = try Self.twoFrameAnimation()
        var chunks = Self.chunks(bytes)
        let first = try #require(chunks.firstIndex { $0.type == "fcTL" })
        chunks[first].data[24] = 2
        let image = try AnimatedImage(bytes: Self.file(chunks))
        #expect(image.frames[0].disposal == .background)
        #expect(image.frames[0].storedDisposal == 2)
    }

    @Test("dispose PREVIOUS on the first frame clears it to transparent, on the pixels of the next frame")
    func previousOnFirstFramePixels() throws {
        // 4×4 canvas: frame 0 fills it with opaque red (dispose PREVIOUS); frame 1 draws a green
        // 2×2 at (1, 1) (SOURCE). With PREVIOUS read as BACKGROUND, frame 1 is green there and
        // transparent everywhere else; keeping frame 0 would leave red around it.
        func rows(_ width: Int, _ height: Int, _ pixel: [UInt8]) -> [UInt8] {
            (0..<height).flatMap { _ in [0] + (0..<width).flatMap { _ in pixel } }
        }
        func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        func fcTL(_ sequence: Int, _ rect: PixelRect, dispose: UInt8) -> [UInt8] {
            be32(sequence) + be32(rect.width) + be32(rect.height) + be32(rect.x) + be32(rect.y)
                + [0, 1, 0, 10, dispose, 0]
        }
        let bytes = Self.file([
            ("IHDR", be32(4) + be32(4) + [8, 6, 0, 0, 0]),
            ("acTL", be32(2) + be32(0)),
            ("fcTL", fcTL(0, PixelRect(x: 0, y: 0, width: 4, height: 4), dispose: 2)),
            ("IDAT", Zlib.compress(rows(4, 4, [255, 0, 0, 255]))),
            ("fcTL", fcTL(1, PixelRect(x: 1, y: 1, width: 2, height: 2), dispose: 0)),
            ("fdAT", be32(2) + Zlib.compress(rows(2, 2, [0, 255, 0, 255]))),
            ("IEND", []),
        ])
        var expected = RGBAImage(width: 4, height: 4)
        for (x, y) in [(1, 1), (2, 1), (1, 2), (2, 2)] { expected[x, y] = (0, 255, 0, 255) }
        let image = try AnimatedImage(bytes: bytes)
        #expect(image.warnings.isEmpty)
        let red = RGBAImage(width: 4, height: 4, pixels: Array(repeating: [255, 0, 0, 255], count: 16).flatMap { $0 })
        #expect(try image.frame(at: 0) == red)
        var sequential: [RGBAImage] = []
        try image.forEachFrame { _, frame in sequential.append(frame) }
        #expect(sequential.count == 2 && sequential[1] == expected)
        #expect(try AnimatedImage(bytes: bytes).frame(at: 1) == expected, "random access straight to frame 1")
    }
}
