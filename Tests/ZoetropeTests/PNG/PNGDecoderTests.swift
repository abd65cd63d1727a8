import Testing
@testable import Zoetrope

@Suite("PNG decoder robustness")
struct PNGDecoderTests {
    static func gradient(width: Int, height: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = (UInt8(truncatingIfNeeded: x * 7), UInt8(truncatingIfNeeded: y * 3),
                               UInt8(truncatingIfNeeded: x ^ y), UInt8(truncatingIfNeeded: 100 + x))
            }
        }
        return image
    }

    @Test("a file cut inside IDAT keeps the rows decoded before the cut")
    func truncatedKeepsRows() throws {
        let original = Self.gradient(width: 40, height: 30)
        let bytes = PNGEncoder.encode(original, level: 0) // stored: bytes map to rows directly
        let cut = Array(bytes.prefix(bytes.count / 2))
        let image = try AnimatedImage(bytes: cut)
        let frame = try image.frame(at: 0)
        #expect(!image.warnings.isEmpty)
        #expect(frame.pixels[0..<40 * 4 * 10] == original.pixels[0..<40 * 4 * 10])
        #expect(frame[0, 29].a == 0) // never reached: transparent
    }

    @Test("image data split over many IDAT chunks, some empty, decodes the same")
    func splitImageData() throws {
        let original = Self.gradient(width: 33, height: 21)
        var chunks = APNGTests.chunks(PNGEncoder.encode(original, level: 9, interlaced: true))
        let idat = try #require(chunks.firstIndex { $0.type == "IDAT" })
        let data = chunks[idat].data
        var pieces: [(type: String, data: [UInt8])] = []
        var offset = 0, size = 1
        while offset < data.count {
            pieces.append((type: "IDAT", data: Array(data[offset..<min(data.count, offset + size)])))
            pieces.append((type: "IDAT", data: []))
            offset += size
            size = size % 13 + 1
        }
        chunks.replaceSubrange(idat...idat, with: pieces)
        let image = try AnimatedImage(bytes: APNGTests.file(chunks))
        #expect(try image.frame(at: 0) == original)
        #expect(image.warnings.isEmpty)
    }

    @Test("an image larger than the decoder's input and output slices decodes whole",
          arguments: [false, true])
    func largeImage(interlaced: Bool) throws {
        // 400×300 RGBA: 480 KB of filtered rows, stored (level 0) and compressed (level 6).
        let original = Self.gradient(width: 400, height: 300)
        for level in [0, 6] {
            let image = try AnimatedImage(bytes: PNGEncoder.encode(original, level: level, interlaced: interlaced))
            #expect(try image.frame(at: 0) == original, "level \(level)")
            #expect(image.warnings.isEmpty)
        }
    }

    @Test("damage in a later IDAT chunk is reported at its byte in the file, keeping the rows before it")
    func damageOffsetInLaterChunk() throws {
        let original = Self.gradient(width: 200, height: 100) // 80 100 filtered bytes: two stored blocks
        var chunks = APNGTests.chunks(PNGEncoder.encode(original, level: 0))
        let idat = try #require(chunks.firstIndex { $0.type == "IDAT" })
        var stream = chunks[idat].data
        // The second stored block's header follows the first block: 2-byte zlib header, 1-byte
        // block header, LEN and NLEN, LEN bytes. Block type 3 there is invalid.
        let firstLength = Int(stream[3]) | Int(stream[4]) << 8
        let damaged = 2 + 5 + firstLength
        stream[damaged] = 0b111
        // Three IDAT chunks; the damaged byte lies in the third.
        let cuts = [0, 1_000, damaged - 10, stream.count]
        chunks.replaceSubrange(idat...idat, with: (0..<3).map { (type: "IDAT", data: Array(stream[cuts[$0]..<cuts[$0 + 1]])) })
        let bytes = APNGTests.file(chunks)
        // The third chunk's data starts after the signature, earlier chunks and its own 8-byte head.
        let thirdData = 8 + chunks[..<(idat + 2)].reduce(0) { $0 + 12 + $1.data.count } + 8
        let image = try AnimatedImage(bytes: bytes)
        let frame = try image.frame(at: 0)
        let damage = try #require(image.warnings.first { $0.kind == .malformed })
        let offset = try #require(damage.offset)
        let expected = thirdData + 10
        #expect(offset >= expected && offset <= expected + 8, "damage at \(offset), byte at \(expected)")
        let keptRows = firstLength / (1 + 200 * 4)
        #expect(frame.pixels[0..<keptRows * 800] == original.pixels[0..<keptRows * 800])
        #expect(frame[0, 99].a == 0)
    }

    @Test("every truncation point gives an error or a reported partial image holding only the original's pixels")
    func everyTruncation() throws {
        let original = Self.gradient(width: 9, height: 7) // alpha 100…108: no pixel of it is transparent
        let bytes = PNGEncoder.encode(original, level: 6, interlaced: true)
        let iend = bytes.count - 12
        var refused = 0, partial = 0
        for length in 0..<iend {
            guard let image = try? AnimatedImage(bytes: Array(bytes.prefix(length))),
                  let frame = try? image.frame(at: 0) else {
                refused += 1
                continue
            }
            partial += 1
            #expect(!image.warnings.isEmpty, "cut at \(length): decoded without reporting the truncation")
            for y in 0..<7 {
                for x in 0..<9 {
                    let pixel = frame[x, y]
                    #expect(pixel == original[x, y] || pixel == (0, 0, 0, 0), "cut at \(length): pixel \(x),\(y) is \(pixel)")
                }
            }
        }
        // Cuts inside the signature and headers are refused; cuts inside IDAT keep what came before.
        #expect(refused >= 33 && partial > 0, "\(refused) refused, \(partial) partial")
        // Only IEND missing: every pixel is there.
        #expect(try AnimatedImage(bytes: Array(bytes.prefix(iend))).frame(at: 0) == original)
    }

    @Test("random byte flips are caught by the CRCs: a decode that reports nothing gives the original frames")
    func randomCorruption() throws {
        var rng = SplitMix64(seed: 31)
        let frames = APNGTests.animation(width: 12, height: 9, frames: 4, rng: &rng)
        let clean = try APNGEncoder.encode(frames: frames, durations: Array(repeating: .milliseconds(50), count: 4),
                                           playCount: .infinite)
        var reported = 0, unreported = 0
        for _ in 0..<800 {
            var bytes = clean
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                bytes[Int.random(in: 8..<bytes.count, using: &rng)] ^= UInt8.random(in: 1...255, using: &rng)
            }
            guard let image = try? AnimatedImage(bytes: bytes) else { reported += 1; continue }
            var decoded: [RGBAImage] = []
            let failed = (try? image.forEachFrame { _, frame in decoded.append(frame) }) == nil
            for index in decoded.indices {
                #expect(try image.frame(at: index) == decoded[index], "frame(at: \(index)) differs from frame \(index) in order")
            }
            if failed || !image.warnings.isEmpty {
                reported += 1
            } else {
                #expect(decoded == frames, "a flip went unreported and changed the frames")
                // Only the IEND chunk, after all image data, may be damaged unnoticed.
                let flipped = zip(bytes, clean).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
                #expect(flipped.allSatisfy { $0 >= clean.count - 12 }, "flips at \(flipped) went unreported")
                unreported += 1
            }
        }
        #expect(reported + unreported == 800 && reported > 780, "\(reported) reported")
    }

    @Test("a bad CRC in a critical chunk is an error; in an ancillary chunk the chunk is skipped")
    func crcHandling() throws {
        let original = Self.gradient(width: 8, height: 8)
        var chunks = APNGTests.chunks(PNGEncoder.encode(original))
        chunks.insert((type: "tEXt", data: Array("Comment\0hello".utf8)), at: 1)
        var bytes = APNGTests.file(chunks)
        // Flip a byte of the tEXt data (its CRC no longer matches).
        let text = try #require(bytes.indices.first { bytes[$0...].starts(with: Array("hello".utf8)) })
        bytes[text] ^= 0x20
        let image = try AnimatedImage(bytes: bytes)
        #expect(try image.frame(at: 0) == original)
        #expect(image.warnings.contains { $0.kind == .checksumMismatch })

        var broken = APNGTests.file(chunks)
        let idat = try #require(broken.indices.first { broken[$0...].starts(with: Array("IDAT".utf8)) })
        broken[idat + 6] ^= 1
        #expect(throws: ZoetropeError.self) { try AnimatedImage(bytes: broken) }
    }

    @Test("a header beyond the pixel limit is refused before anything is allocated")
    func pixelLimit() throws {
        var chunks = APNGTests.chunks(PNGEncoder.encode(Self.gradient(width: 4, height: 4)))
        chunks[0].data.replaceSubrange(0..<8, with: [0, 1, 0, 0, 0, 1, 0, 0]) // 65536 × 65536
        do {
            _ = try AnimatedImage(bytes: APNGTests.file(chunks))
            Issue.record("a 4-gigapixel header was accepted")
        } catch {
            #expect(error.kind == .limitExceeded)
        }
        let small = DecodingOptions(limits: DecodingLimits(maxPixels: 15))
        #expect(throws: ZoetropeError.self) {
            try AnimatedImage(bytes: PNGEncoder.encode(Self.gradient(width: 4, height: 4)), options: small)
        }
        #expect(try AnimatedImage(bytes: PNGEncoder.encode(Self.gradient(width: 4, height: 4)),
                                  options: DecodingOptions(limits: DecodingLimits(maxPixels: 16)))
            .frameCount == 1)
    }

    @Test("the frame count limit stops the animation early, keeping earlier frames")
    func animationLimits() throws {
        var rng = SplitMix64(seed: 8)
        let frames = APNGTests.animation(width: 10, height: 10, frames: 6, rng: &rng)
        let bytes = try APNGEncoder.encode(frames: frames, durations: Array(repeating: .seconds(1), count: 6), playCount: .infinite)
        let limited = try AnimatedImage(bytes: bytes, options: DecodingOptions(limits: DecodingLimits(maxFrameCount: 3)))
        #expect(limited.frameCount == 3)
        #expect(limited.warnings.contains { $0.kind == .limitExceeded })
        #expect(try limited.frame(at: 2) == frames[2])
    }

    @Test("image data that inflates far beyond the image is cut off after the image")
    func inflateBoundedByImageSize() throws {
        // A 4×4 RGBA header whose IDAT inflates to 10 MB of zeros.
        let header = PNGHeader(width: 4, height: 4, bitDepth: 8, colorType: .rgba, isInterlaced: false)
        var chunks = APNGTests.chunks(PNGEncoder.encode(header: header, samples: Array(repeating: 9, count: 64)))
        let idat = try #require(chunks.firstIndex { $0.type == "IDAT" })
        chunks[idat].data = Zlib.compress([UInt8](repeating: 0, count: 10_000_000), level: 1)
        let container = try PNGContainer(bytes: APNGTests.file(chunks), options: .default)
        let decoded = try container.decodeFrame(at: 0)
        // Inflating stops just past the 4 × (1 + 16) bytes the image needs; the excess is ignored.
        #expect(decoded.image == RGBAImage(width: 4, height: 4))
        #expect(decoded.damage == nil)
    }

    @Test("paeth, average and up filters on the first row behave as if the row above were zeros")
    func firstRowFilters() {
        for type in UInt8(0)...4 {
            var row: [UInt8] = [10, 20, 30, 40, 50, 60]
            let original = row
            var filtered = [UInt8](repeating: 0, count: 6)
            let zeros = [UInt8](repeating: 0, count: 6)
            row.withUnsafeBufferPointer { source in
                zeros.withUnsafeBufferPointer { above in
                    filtered.withUnsafeMutableBufferPointer { out in
                        PNGFilter.filter(type: type, row: source.baseAddress!, previous: above.baseAddress!, count: 6,
                                         stride: 2, into: out.baseAddress!)
                    }
                }
            }
            row = filtered
            let ok = row.withUnsafeMutableBufferPointer {
                PNGFilter.unfilter(type: type, row: $0.baseAddress!, previous: nil, count: 6, stride: 2)
            }
            #expect(ok)
            #expect(row == original, "filter \(type)")
        }
    }
    @Test("every filter undoes its byte-wise encoding, for every pixel size and Paeth kernel, on random rows",
          arguments: [1, 2, 3, 4, 6, 8])
    func filtersRoundTrip(stride: Int) {
        var rng = SplitMix64(seed: UInt64(stride))
        for pixels in [1, 2, 5, 64] {
            let count = pixels * stride
            let above = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let original = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
            for type in UInt8(0)...4 {
                // The encoder's filter is a plain byte loop: an independent statement of each rule.
                var row = [UInt8](repeating: 0, count: count)
                original.withUnsafeBufferPointer { source in
                    above.withUnsafeBufferPointer { previous in
                        row.withUnsafeMutableBufferPointer { out in
                            PNGFilter.filter(type: type, row: source.baseAddress!, previous: previous.baseAddress!,
                                             count: count, stride: stride, into: out.baseAddress!)
                        }
                    }
                }
                // The kernels differ only for Paeth on 3- and 4-byte pixels; other cases run once.
                let kernels: [PNGFilter.PaethKernel] = type == 4 && (stride == 3 || stride == 4) ? [.vector, .scalar] : [.preferred]
                for kernel in kernels {
                    var unfiltered = row
                    let ok = unfiltered.withUnsafeMutableBufferPointer { target in
                        above.withUnsafeBufferPointer { previous in
                            PNGFilter.unfilter(type: type, row: target.baseAddress!, previous: previous.baseAddress!,
                                               count: count, stride: stride, paeth: kernel)
                        }
                    }
                    #expect(ok)
                    #expect(unfiltered == original, "filter \(type), \(pixels) pixels of \(stride) bytes, \(kernel)")
                }
            }
        }
    }
}

@Suite("APNG truncation")
struct APNGTruncationTests {
    @Test("an animation cut short keeps the frames before the cut")
    func truncatedAnimation() throws {
        var rng = SplitMix64(seed: 12)
        let frames = APNGTests.animation(width: 20, height: 16, frames: 6, rng: &rng)
        let bytes = try APNGEncoder.encode(frames: frames, durations: Array(repeating: .milliseconds(70), count: 6),
                                           playCount: .infinite, level: 0)
        let chunks = APNGTests.chunks(bytes)
        // Cut in the middle of the fourth fcTL.
        var offset = 8, seen = 0
        for chunk in chunks {
            if chunk.type == "fcTL" { seen += 1; if seen == 4 { break } }
            offset += 12 + chunk.data.count
        }
        let image = try AnimatedImage(bytes: Array(bytes.prefix(offset + 20)))
        #expect(image.frameCount == 3)
        #expect(!image.warnings.isEmpty)
        for index in 0..<3 { #expect(try image.frame(at: index) == frames[index]) }
    }
}
