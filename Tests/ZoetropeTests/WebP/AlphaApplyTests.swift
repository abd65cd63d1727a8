import Testing
@testable import Zoetrope

/// The per-pixel alpha work of lossy animations — an `ALPH` plane written into the pixels as they
/// are converted (clear ones left out where the frame is blended), and libwebp's blend of a frame
/// row over the canvas — against plain per-pixel loops written here. The test suite runs
/// unoptimised, so these cover the debug builds' forms, at every parity of start and length.
@Suite("Alpha application and blending rows")
struct AlphaApplyTests {
    /// A pattern of alphas with runs of 0 and 255 of many lengths and a few partial values.
    private static func alphas(_ count: Int, seed: Int) -> [UInt8] {
        (0..<count).map { index in
            switch (index / (1 + (index + seed) % 5) + seed) % 7 {
            case 0, 1, 2: 255
            case 3, 4: 0
            default: UInt8(truncatingIfNeeded: 17 &* index &+ seed) | 1
            }
        }
    }

    /// Rows `0..<rows` of random planes `width` wide converted in one go, with `alpha` (empty: opaque).
    private static func convert(_ planes: VP8Planes, width: Int, rows: Int, alpha: [UInt8], skipsClear: Bool) -> [UInt8] {
        var upsampler = ChromaUpsampler(width: width, upsampling: .fancy, alpha: alpha, skipsClear: skipsClear)
        var output = [UInt8](repeating: 7, count: width * rows * 4)
        output.withUnsafeMutableBufferPointer { upsampler.emit(from: planes, finalRows: rows, isComplete: true, into: $0.baseAddress!) }
        return output
    }

    @Test("an ALPH plane is written into the converted pixels; a frame blended over the canvas leaves clear pixels transparent black",
          arguments: [1, 2, 7, 24, 70])
    func alphaPlane(width: Int) {
        var g = SplitMix64(seed: UInt64(width))
        var planes = VP8Planes(macroblockColumns: (width + 15) / 16)
        planes.luma = planes.luma.map { _ in UInt8.random(in: 0...255, using: &g) }
        planes.u = planes.u.map { _ in UInt8.random(in: 0...255, using: &g) }
        planes.v = planes.v.map { _ in UInt8.random(in: 0...255, using: &g) }
        let rows = 15, count = width * rows
        var plane = Self.alphas(count, seed: width)
        if width == 70 { // a stretch of 40 clear pixels in every row: skipped in every build
            for row in 0..<rows { plane.replaceSubrange(row * width + 16 ..< row * width + 56, with: repeatElement(0, count: 40)) }
        }
        let opaque = Self.convert(planes, width: width, rows: rows, alpha: [], skipsClear: false)
        let withAlpha = Self.convert(planes, width: width, rows: rows, alpha: plane, skipsClear: false)
        let skipping = Self.convert(planes, width: width, rows: rows, alpha: plane, skipsClear: true)
        for index in 0..<count {
            let colour = Array(opaque[index * 4 ..< index * 4 + 3])
            #expect(opaque[index * 4 + 3] == 255)
            #expect(Array(withAlpha[index * 4 ..< index * 4 + 4]) == colour + [plane[index]], "pixel \(index)")
            let skipped = Array(skipping[index * 4 ..< index * 4 + 4])
            if plane[index] != 0 {
                #expect(skipped == colour + [plane[index]], "pixel \(index)")
            } else if width == 70, (24..<54).contains(index % width) {
                #expect(skipped == [0, 0, 0, 0], "pixel \(index)")
            } else {
                #expect(skipped == [0, 0, 0, 0] || skipped == colour + [0], "pixel \(index)")
            }
        }
    }

    @Test("runs of an alpha row pair: every pixel that is not clear is in one, and long clear stretches are not")
    func visibleRuns() {
        let width = 100
        var top = [UInt8](repeating: 0, count: width), bottom = top
        top[3] = 1; bottom[30] = 9; top[44] = 2; top[99] = 5 // words 0, 3, 5 and 12
        for gapWords in 1...3 {
            var found: [Range<Int>] = []
            top.withUnsafeBufferPointer { t in
                bottom.withUnsafeBufferPointer { b in
                    var runs = VisibleRuns(top: t.baseAddress!, bottom: b.baseAddress!, width: width, gapWords: gapWords)
                    while let run = runs.next() { found.append(run) }
                }
            }
            switch gapWords {
            case 1: #expect(found == [0..<8, 24..<32, 40..<48, 96..<100])
            case 2: #expect(found == [0..<8, 24..<48, 96..<100])
            default: #expect(found == [0..<48, 96..<100])
            }
        }
    }

    @Test("a blended row copies opaque pixels, skips transparent ones and blends the rest, from any start",
          arguments: [0, 1, 2, 3])
    func blendRow(start: Int) {
        Self.checkBlendRow(alpha: Self.alphas(start + 61, seed: start), start: start)
    }

    /// Runs of 1 to 13 opaque or transparent pixels, with a partial alpha now and then: debug
    /// builds test runs four and two pixels at a time.
    @Test("a blended row with long opaque and transparent runs, from any start", arguments: [0, 1, 2, 3])
    func blendRowRuns(start: Int) {
        var alpha = [UInt8](repeating: 9, count: start)
        var run = 0
        while alpha.count < start + 150 {
            let value: UInt8 = run % 5 == 4 ? 130 : (run % 2 == 0 ? 255 : 0)
            alpha += [UInt8](repeating: value, count: value == 130 ? 1 : 1 + (run * 7 + start) % 13)
            run += 1
        }
        Self.checkBlendRow(alpha: alpha, start: start)
    }

    /// Blends a row of `alpha.count − start` pixels from `start` and compares with pixel-by-pixel rules.
    private static func checkBlendRow(alpha: [UInt8], start: Int) {
        let count = alpha.count - start
        let source: [UInt8] = alpha.enumerated().flatMap { index, value in
            [UInt8(truncatingIfNeeded: index * 5), UInt8(truncatingIfNeeded: 200 - index), 77, value]
        }
        let canvas: [UInt8] = (0..<(start + count)).flatMap { index in
            [40, UInt8(truncatingIfNeeded: index * 7), 250, UInt8(truncatingIfNeeded: 128 + index)]
        }
        var expected = canvas
        for pixel in start ..< start + count {
            let offset = pixel * 4
            switch alpha[pixel] {
            case 255: expected.replaceSubrange(offset ..< offset + 4, with: source[offset ..< offset + 4])
            case 0: break
            default:
                source.withUnsafeBufferPointer { src in
                    expected.withUnsafeMutableBufferPointer { LibWebPBlend.blend(src, offset, into: $0, offset) }
                }
            }
        }
        var blended = canvas
        source.withUnsafeBufferPointer { src in
            blended.withUnsafeMutableBufferPointer { LibWebPBlend.blendRow(src, start * 4, into: $0, start * 4, count: count) }
        }
        #expect(blended == expected)
    }
}
