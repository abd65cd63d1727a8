import Testing
@testable import Zoetrope

@Suite("VP8 YUV to RGBA")
struct VP8ColorConversionTests {
    private func rgb(_ y: Int, _ u: Int, _ v: Int) -> [UInt8] {
        [YUVToRGBA.red(y: y, v: v), YUVToRGBA.green(y: y, u: u, v: v), YUVToRGBA.blue(y: y, u: u)]
    }

    /// Opaque RGBA pixels of luma 128 and V 128 with the given U values.
    private func pixels(u values: [Int]) -> [UInt8] {
        var result: [UInt8] = []
        for u in values { result += rgb(128, u, 128) + [255] }
        return result
    }

    /// A one-macroblock row cache of luma 128 and V 128 (U is set by each test).
    private func greyPlanes() -> VP8Planes {
        var planes = VP8Planes(macroblockColumns: 1)
        planes.luma = [UInt8](repeating: 128, count: planes.luma.count)
        planes.v = [UInt8](repeating: 128, count: planes.v.count)
        return planes
    }

    /// The picture's first `rows` rows converted in one go.
    private func convert(_ planes: VP8Planes, width: Int, rows: Int, _ upsampling: VP8ChromaUpsampling) -> [UInt8] {
        var upsampler = ChromaUpsampler(width: width, upsampling: upsampling)
        var output = [UInt8](repeating: 0, count: width * rows * 4)
        output.withUnsafeMutableBufferPointer { upsampler.emit(from: planes, finalRows: rows, isComplete: true, into: $0.baseAddress!) }
        return output
    }

    @Test("whole rows (sixteen pixels at a time in optimised builds, then one by one) equal the per-pixel conversion")
    func rows() {
        var generator = SplitMix64(seed: 36)
        for count in [1, 15, 16, 17, 31, 32, 33, 70] {
            let samples = (0 ..< 3 * count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let luma = Array(samples[..<count]), u = Array(samples[count ..< 2 * count]), v = Array(samples[(2 * count)...])
            var output = [UInt8](repeating: 0, count: 4 * count)
            luma.withUnsafeBufferPointer { luma in
                u.withUnsafeBufferPointer { u in
                    v.withUnsafeBufferPointer { v in
                        output.withUnsafeMutableBufferPointer {
                            YUVToRGBA.convertRow(luma: luma.baseAddress!, u: u.baseAddress!, v: v.baseAddress!,
                                                 into: $0.baseAddress!, count: count)
                        }
                    }
                }
            }
            let expected: [UInt8] = (0 ..< count).flatMap { (x: Int) -> [UInt8] in rgb(Int(luma[x]), Int(u[x]), Int(v[x])) + [255] }
            #expect(output == expected, "\(count) pixels")
        }
    }

    @Test("black and white at the ends of the luma range and beyond (worked by hand)")
    func rounding() {
        // y 16: (16·19077) >> 8 = 1192; R = 1192 + (128·26149 >> 8 = 13074) − 14234 = 32 → 32 >> 6 = 0.
        #expect(rgb(16, 128, 128) == [0, 0, 0])
        // y 0 goes negative and clamps to 0.
        #expect(rgb(0, 128, 128) == [0, 0, 0])
        // y 235: 17512 + 13074 − 14234 = 16352 → 255 (16352 >> 6 = 255); G = 16351 → 255.
        #expect(rgb(235, 128, 128) == [255, 255, 255])
        // y 255 overflows the 14-bit range and clamps to 255.
        #expect(rgb(255, 128, 128) == [255, 255, 255])
        // Mid grey: 9538 + 13074 − 14234 = 8378 → 130.
        #expect(rgb(128, 128, 128) == [130, 130, 130])
        // Saturated chroma: G = 19002 − 6393 − 13267 + 8708 = 8050 → 125; R and B clamp.
        #expect(rgb(255, 255, 255) == [255, 125, 255])
        #expect(rgb(0, 0, 0) == [0, 136, 0]) // G = 8708 >> 6 = 136
    }

    @Test("fancy upsampling interpolates 1:3 between chroma samples and keeps the ends")
    func fancyRow() {
        // One chroma row [0, 200] under a 4×1 picture of luma 128: columns get U = 0, 50, 150, 200
        // ((4·0 + 4·200 + 8) >> 3 = 101, then (101 + 0) >> 1 and (101 + 200) >> 1).
        var planes = greyPlanes()
        planes.u[planes.chromaIndex(row: 0)] = 0
        planes.u[planes.chromaIndex(row: 0) + 1] = 200
        #expect(convert(planes, width: 4, rows: 1, .fancy) == pixels(u: [0, 50, 150, 200]))
        #expect(convert(planes, width: 4, rows: 1, .pointSampled) == pixels(u: [0, 0, 200, 200]))
    }

    @Test("fancy upsampling weighs the nearer chroma row 3:1 and mirrors the first and last rows")
    func fancyColumn() {
        var planes = greyPlanes()
        planes.u[planes.chromaIndex(row: 0)] = 0
        planes.u[planes.chromaIndex(row: 1)] = 200
        // Rows: 0 (alone) → 0; 1 → (3·0 + 200 + 2) >> 2 = 50; 2 → 150; 3 (last, even height) → 200.
        #expect(convert(planes, width: 1, rows: 4, .fancy) == pixels(u: [0, 50, 150, 200]))
        // Converted in two steps (rows 0–1 final first), as the decoder does row by row.
        var upsampler = ChromaUpsampler(width: 1, upsampling: .fancy)
        var output = [UInt8](repeating: 0, count: 4 * 4)
        output.withUnsafeMutableBufferPointer { buffer in
            upsampler.emit(from: planes, finalRows: 2, isComplete: false, into: buffer.baseAddress!)
            #expect(upsampler.nextRow == 1) // row 1 waits for chroma row 1 to be final
            upsampler.emit(from: planes, finalRows: 4, isComplete: true, into: buffer.baseAddress!)
        }
        #expect(output == pixels(u: [0, 50, 150, 200]))
    }
}
