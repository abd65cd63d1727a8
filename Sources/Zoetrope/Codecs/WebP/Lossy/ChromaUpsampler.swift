/// Brings 4:2:0 chroma to full resolution while converting ``VP8Planes`` to RGBA, in either of
/// libwebp's two ways (`src/dsp/upsampling.c`, `src/dec/io_dec.c`).
///
/// *Fancy* (libwebp's default) interpolates each output pixel from the four nearest chroma
/// samples with weights 9:3:3:1, working on pairs of output rows that share two chroma rows;
/// the first row, and the last one when the height is even, use a single chroma row on both
/// sides. *Point-sampled* (`dwebp -nofancy`) gives each 2×2 block its one chroma sample.
enum ChromaUpsampler {
    /// Converts the top `rows` rows of the `width`-wide picture in `planes` into `output`
    /// (RGBA, `width * 4` bytes per row, at least `rows` rows).
    static func convert(_ planes: VP8Planes, width: Int, rows: Int, upsampling: VP8ChromaUpsampling,
                        into output: inout [UInt8]) {
        guard rows > 0, width > 0 else { return }
        // Hot path: every output pixel goes through here, so the planes are read through pointers.
        planes.luma.withUnsafeBufferPointer { lumaBuffer in
            planes.u.withUnsafeBufferPointer { uBuffer in
                planes.v.withUnsafeBufferPointer { vBuffer in
                    output.withUnsafeMutableBufferPointer { outputBuffer in
                        let source = PlanePointers(luma: lumaBuffer.baseAddress!, u: uBuffer.baseAddress!,
                                                   v: vBuffer.baseAddress!, lumaStride: planes.lumaStride,
                                                   chromaStride: planes.chromaStride)
                        let destination = outputBuffer.baseAddress!
                        switch upsampling {
                        case .fancy: convertFancy(source, width: width, rows: rows, into: destination)
                        case .pointSampled: convertPointSampled(source, width: width, rows: rows, into: destination)
                        }
                    }
                }
            }
        }
    }

    /// Where the three planes start and how far apart their rows are.
    private struct PlanePointers {
        let luma, u, v: UnsafePointer<UInt8>
        let lumaStride, chromaStride: Int
        func lumaRow(_ y: Int) -> UnsafePointer<UInt8> { luma + y * lumaStride }
        func uRow(_ y: Int) -> UnsafePointer<UInt8> { u + y * chromaStride }
        func vRow(_ y: Int) -> UnsafePointer<UInt8> { v + y * chromaStride }
    }

    private static func convertPointSampled(_ source: PlanePointers, width: Int, rows: Int,
                                            into output: UnsafeMutablePointer<UInt8>) {
        for y in 0..<rows {
            let luma = source.lumaRow(y), u = source.uRow(y >> 1), v = source.vRow(y >> 1)
            let line = output + y * width * 4
            for x in 0..<width {
                YUVToRGBA.store(y: luma[x], u: Int(u[x >> 1]), v: Int(v[x >> 1]), to: line + x * 4)
            }
        }
    }

    /// Output rows are produced as libwebp does: row 0 alone, then pairs (2k−1, 2k) between
    /// chroma rows k−1 and k, then the last row alone when the height is even.
    private static func convertFancy(_ source: PlanePointers, width: Int, rows: Int,
                                     into output: UnsafeMutablePointer<UInt8>) {
        let rowBytes = width * 4
        upsampleRowPair(topLuma: source.lumaRow(0), bottomLuma: nil,
                        aboveU: source.uRow(0), aboveV: source.vRow(0), belowU: source.uRow(0), belowV: source.vRow(0),
                        topOutput: output, bottomOutput: nil, width: width)
        var y = 1
        while y + 1 < rows {
            let chromaRow = (y + 1) >> 1
            upsampleRowPair(topLuma: source.lumaRow(y), bottomLuma: source.lumaRow(y + 1),
                            aboveU: source.uRow(chromaRow - 1), aboveV: source.vRow(chromaRow - 1),
                            belowU: source.uRow(chromaRow), belowV: source.vRow(chromaRow),
                            topOutput: output + y * rowBytes, bottomOutput: output + (y + 1) * rowBytes, width: width)
            y += 2
        }
        if rows & 1 == 0 {
            let last = rows - 1, chromaRow = last >> 1
            upsampleRowPair(topLuma: source.lumaRow(last), bottomLuma: nil,
                            aboveU: source.uRow(chromaRow), aboveV: source.vRow(chromaRow),
                            belowU: source.uRow(chromaRow), belowV: source.vRow(chromaRow),
                            topOutput: output + last * rowBytes, bottomOutput: nil, width: width)
        }
    }

    /// Packs a U and a V sample into one word (V in the high half) so both are interpolated by the
    /// same additions; no lane ever exceeds 16 bits, so the halves never mix.
    @inline(__always) private static func pack(_ u: UInt8, _ v: UInt8) -> UInt32 { UInt32(u) | UInt32(v) << 16 }

    @inline(__always)
    private static func store(_ luma: UInt8, _ packed: UInt32, _ destination: UnsafeMutablePointer<UInt8>) {
        YUVToRGBA.store(y: luma, u: Int(packed & 0xff), v: Int(packed >> 16), to: destination)
    }

    /// One pair of output rows between two chroma rows: the top row weighs the upper chroma row
    /// 3:1, the bottom row the lower one. Hot loop kept whole: it walks two rows at once with the
    /// interpolation state carried from one chroma column to the next.
    private static func upsampleRowPair(topLuma: UnsafePointer<UInt8>, bottomLuma: UnsafePointer<UInt8>?,
                                        aboveU: UnsafePointer<UInt8>, aboveV: UnsafePointer<UInt8>,
                                        belowU: UnsafePointer<UInt8>, belowV: UnsafePointer<UInt8>,
                                        topOutput: UnsafeMutablePointer<UInt8>, bottomOutput: UnsafeMutablePointer<UInt8>?,
                                        width: Int) {
        var aboveLeft = pack(aboveU[0], aboveV[0])
        var belowLeft = pack(belowU[0], belowV[0])
        store(topLuma[0], (3 &* aboveLeft &+ belowLeft &+ 0x0002_0002) >> 2, topOutput)
        if let bottomLuma, let bottomOutput {
            store(bottomLuma[0], (3 &* belowLeft &+ aboveLeft &+ 0x0002_0002) >> 2, bottomOutput)
        }
        let lastPair = (width - 1) >> 1
        var x = 1
        while x <= lastPair {
            let above = pack(aboveU[x], aboveV[x]), below = pack(belowU[x], belowV[x])
            // The four weights 9:3:3:1 as the mean of two diagonal averages, as libwebp rounds them.
            let sum = aboveLeft &+ above &+ belowLeft &+ below &+ 0x0008_0008
            let antiDiagonal = (sum &+ 2 &* (above &+ belowLeft)) >> 3
            let diagonal = (sum &+ 2 &* (aboveLeft &+ below)) >> 3
            store(topLuma[2 * x - 1], (antiDiagonal &+ aboveLeft) >> 1, topOutput + (2 * x - 1) * 4)
            store(topLuma[2 * x], (diagonal &+ above) >> 1, topOutput + 2 * x * 4)
            if let bottomLuma, let bottomOutput {
                store(bottomLuma[2 * x - 1], (diagonal &+ belowLeft) >> 1, bottomOutput + (2 * x - 1) * 4)
                store(bottomLuma[2 * x], (antiDiagonal &+ below) >> 1, bottomOutput + 2 * x * 4)
            }
            aboveLeft = above
            belowLeft = below
            x += 1
        }
        if width & 1 == 0 {
            store(topLuma[width - 1], (3 &* aboveLeft &+ belowLeft &+ 0x0002_0002) >> 2, topOutput + (width - 1) * 4)
            if let bottomLuma, let bottomOutput {
                store(bottomLuma[width - 1], (3 &* belowLeft &+ aboveLeft &+ 0x0002_0002) >> 2, bottomOutput + (width - 1) * 4)
            }
        }
    }
}
