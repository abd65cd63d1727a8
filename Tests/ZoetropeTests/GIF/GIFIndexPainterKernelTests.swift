import Testing
@testable import Zoetrope

/// ``GIFIndexPainter`` draws byte indices with one of two kernels: the vector one in optimised
/// builds, the plain one in debug builds. The public decode runs one or the other depending on the
/// build; this compares them directly, in either build.
@Suite("GIF index painter kernels")
struct GIFIndexPainterKernelTests {
    @Test("the plain kernel draws what the vector kernel draws: every mode, interlaced or not, runs, partial frames",
          arguments: [false, true])
    func kernelsAgree(interlaced: Bool) {
        var random = SplitMix64(seed: interlaced ? 7 : 8)
        // Colours with transparent ones (0) among them, so that both modes differ.
        let colors: [UInt32] = (0..<256).map { index in index % 5 == 0 ? 0 : UInt32.random(in: 1...UInt32.max, using: &random) }
        let canvasWidth = 41, canvasHeight = 29
        for (width, height) in [(1, 1), (7, 3), (17, 13), (33, 29)] {
            // Runs of one index (which the vector kernel stores whole) between random indices.
            var indices: [UInt8] = []
            while indices.count < width * height {
                let index = UInt8.random(in: 0...255, using: &random)
                indices += [UInt8](repeating: index, count: Bool.random(using: &random) ? 1 : Int.random(in: 2...20, using: &random))
            }
            indices = Array(indices.prefix(width * height))
            let under = (0..<canvasWidth * canvasHeight * 4).map { _ in UInt8.random(in: 0...255, using: &random) }
            // Rows back to back (a frame as wide as the canvas, drawn as one span) or apart.
            for (written, rowStride) in [(width * height, canvasWidth), (width * height / 2 + 1, canvasWidth), (width * height, width),
                                         (width * height / 2 + 1, width)] {
                let painter = GIFIndexPainter(frameWidth: width, frameHeight: height, isInterlaced: interlaced, pixelsWritten: written)
                for mode in [GIFIndexPainter.Mode.replace, .skipTransparent] {
                    let drawn = [GIFIndexPainter.Kernel.vector, .plain].map { kernel in
                        var canvas = under
                        indices.withUnsafeBufferPointer { indices in
                            colors.withUnsafeBufferPointer { colors in
                                canvas.withUnsafeMutableBytes { pixels in
                                    painter.paint(indices, colors: colors, into: pixels, origin: (canvasHeight - height) * canvasWidth + 1,
                                                  rowStride: rowStride, mode: mode, kernel: kernel)
                                }
                            }
                        }
                        return canvas
                    }
                    #expect(drawn[0] == drawn[1], "\(width)×\(height), \(written) written, row stride \(rowStride), \(mode)")
                    #expect(drawn[0] != under || written == 0)
                }
            }
        }
    }
}
