/// Brings 4:2:0 chroma to full resolution while converting ``VP8Planes`` to RGBA, in either of
/// libwebp's two ways (`src/dsp/upsampling.c`, `src/dec/io_dec.c`).
///
/// *Fancy* (libwebp's default) interpolates each output pixel from the four nearest chroma
/// samples with weights 9:3:3:1, working on pairs of output rows that share two chroma rows;
/// the first row, and the last one when the height is even, use a single chroma row on both
/// sides. *Point-sampled* (`dwebp -nofancy`) gives each 2×2 block its one chroma sample.
///
/// Chroma is first brought to full resolution for a row (or row pair), then the row is converted
/// by ``YUVToRGBA/convertRow(luma:u:v:into:count:)``.
enum ChromaUpsampler {
    /// Converts the top `rows` rows of the `width`-wide picture in `planes` into `output`
    /// (RGBA, `width * 4` bytes per row, at least `rows` rows), writing every byte of those rows.
    static func convert(_ planes: VP8Planes, width: Int, rows: Int, upsampling: VP8ChromaUpsampling,
                        into output: UnsafeMutableBufferPointer<UInt8>) {
        guard rows > 0, width > 0, let destination = output.baseAddress else { return }
        // Full-resolution U and V for two rows: top U, top V, bottom U, bottom V.
        var chromaRows = [UInt8](repeating: 0, count: 4 * width)
        // Hot path: every output pixel goes through here, so the planes are read through pointers.
        planes.luma.withUnsafeBufferPointer { lumaBuffer in
            planes.u.withUnsafeBufferPointer { uBuffer in
                planes.v.withUnsafeBufferPointer { vBuffer in
                    chromaRows.withUnsafeMutableBufferPointer { chromaBuffer in
                        let source = PlanePointers(luma: lumaBuffer.baseAddress!, u: uBuffer.baseAddress!,
                                                   v: vBuffer.baseAddress!, lumaStride: planes.lumaStride,
                                                   chromaStride: planes.chromaStride)
                        let scratch = chromaBuffer.baseAddress!
                        let rowConverter = RowConverter(source: source, width: width, output: destination,
                                                        topU: scratch, topV: scratch + width,
                                                        bottomU: scratch + 2 * width, bottomV: scratch + 3 * width)
                        switch upsampling {
                        case .fancy: rowConverter.convertFancy(rows: rows)
                        case .pointSampled: rowConverter.convertPointSampled(rows: rows)
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

    /// The pointers one conversion works with: source planes, output, and the scratch rows of
    /// full-resolution chroma.
    private struct RowConverter {
        let source: PlanePointers
        let width: Int
        let output: UnsafeMutablePointer<UInt8>
        let topU, topV, bottomU, bottomV: UnsafeMutablePointer<UInt8>

        private func emit(_ y: Int, u: UnsafePointer<UInt8>, v: UnsafePointer<UInt8>) {
            YUVToRGBA.convertRow(luma: source.lumaRow(y), u: u, v: v, into: output + y * width * 4, count: width)
        }

        func convertPointSampled(rows: Int) {
            for y in 0..<rows {
                if y & 1 == 0 {
                    let u = source.uRow(y >> 1), v = source.vRow(y >> 1)
                    for x in 0..<width {
                        topU[x] = u[x >> 1]
                        topV[x] = v[x >> 1]
                    }
                }
                emit(y, u: topU, v: topV)
            }
        }

        /// Row 0 alone, then pairs (2k−1, 2k) between chroma rows k−1 and k, then the last row
        /// alone when the height is even, as libwebp's row-pair upsampler goes.
        func convertFancy(rows: Int) {
            upsample(above: 0, below: 0, top: topU, bottom: bottomU, plane: source.uRow)
            upsample(above: 0, below: 0, top: topV, bottom: bottomV, plane: source.vRow)
            emit(0, u: topU, v: topV)
            var y = 1
            while y + 1 < rows {
                let below = (y + 1) >> 1
                upsample(above: below - 1, below: below, top: topU, bottom: bottomU, plane: source.uRow)
                upsample(above: below - 1, below: below, top: topV, bottom: bottomV, plane: source.vRow)
                emit(y, u: topU, v: topV)
                emit(y + 1, u: bottomU, v: bottomV)
                y += 2
            }
            if rows & 1 == 0 {
                let last = rows - 1
                upsample(above: last >> 1, below: last >> 1, top: topU, bottom: bottomU, plane: source.uRow)
                upsample(above: last >> 1, below: last >> 1, top: topV, bottom: bottomV, plane: source.vRow)
                emit(last, u: topU, v: topV)
            }
        }

        private func upsample(above: Int, below: Int, top: UnsafeMutablePointer<UInt8>,
                              bottom: UnsafeMutablePointer<UInt8>, plane: (Int) -> UnsafePointer<UInt8>) {
            ChromaUpsampler.upsampleRowPair(above: plane(above), below: plane(below), top: top, bottom: bottom, width: width)
        }
    }

    /// One chroma plane for a pair of output rows between two chroma rows: the top row weighs
    /// the upper chroma row 3:1, the bottom row the lower one, and horizontally the nearer
    /// sample 3:1, all rounded as libwebp rounds them (the mean of two diagonal averages).
    /// `bottom` is always written (a scratch row when only the top row is wanted).
    ///
    /// Hot loop: each output pair reads its four chroma neighbours afresh and computes in 16 bits
    /// (sums stay below 2¹¹), so that the compiler can vectorise it.
    private static func upsampleRowPair(above: UnsafePointer<UInt8>, below: UnsafePointer<UInt8>,
                                        top: UnsafeMutablePointer<UInt8>, bottom: UnsafeMutablePointer<UInt8>,
                                        width: Int) {
        @inline(__always) func edge(_ near: UInt8, _ far: UInt8) -> UInt8 {
            UInt8(truncatingIfNeeded: (3 &* UInt16(near) &+ UInt16(far) &+ 2) &>> 2)
        }
        top[0] = edge(above[0], below[0])
        bottom[0] = edge(below[0], above[0])
        let lastPair = (width - 1) >> 1
        if lastPair >= 1 {
            for x in 1...lastPair {
                let aboveLeft = UInt16(above[x &- 1]), aboveHere = UInt16(above[x])
                let belowLeft = UInt16(below[x &- 1]), belowHere = UInt16(below[x])
                let sum = aboveLeft &+ aboveHere &+ belowLeft &+ belowHere &+ 8
                let antiDiagonal = (sum &+ 2 &* (aboveHere &+ belowLeft)) &>> 3
                let diagonal = (sum &+ 2 &* (aboveLeft &+ belowHere)) &>> 3
                top[2 &* x &- 1] = UInt8(truncatingIfNeeded: (antiDiagonal &+ aboveLeft) &>> 1)
                top[2 &* x] = UInt8(truncatingIfNeeded: (diagonal &+ aboveHere) &>> 1)
                bottom[2 &* x &- 1] = UInt8(truncatingIfNeeded: (diagonal &+ belowLeft) &>> 1)
                bottom[2 &* x] = UInt8(truncatingIfNeeded: (antiDiagonal &+ belowHere) &>> 1)
            }
        }
        if width & 1 == 0 {
            top[width - 1] = edge(above[lastPair], below[lastPair])
            bottom[width - 1] = edge(below[lastPair], above[lastPair])
        }
    }
}
