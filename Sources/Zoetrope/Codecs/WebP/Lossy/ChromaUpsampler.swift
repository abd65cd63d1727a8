/// Brings 4:2:0 chroma to full resolution while converting ``VP8Planes`` to RGBA, in either of
/// libwebp's two ways (`src/dsp/upsampling.c`, `src/dec/io_dec.c`).
///
/// *Fancy* (libwebp's default) interpolates each output pixel from the four nearest chroma
/// samples with weights 9:3:3:1, working on pairs of output rows that share two chroma rows;
/// the first row, and the last one when the height is even, use a single chroma row on both
/// sides. *Point-sampled* (`dwebp -nofancy`) gives each 2×2 block its one chroma sample.
///
/// Chroma is first brought to full resolution for a row (or row pair), then the row is converted
/// by ``YUVToRGBA/convertRow(luma:u:v:into:count:)`` (debug builds do both in one pass). Rows are converted as soon as the row cache
/// holds everything they need, while the data is still in the processor's cache.
struct ChromaUpsampler {
    let width: Int
    let upsampling: VP8ChromaUpsampling
    /// The frame's `ALPH` plane (one byte per pixel, `width` per row), written into the pixels'
    /// alpha; empty for an opaque frame, whose alpha is 255.
    let alpha: [UInt8]
    /// Whether pixels whose alpha is 0 may be left transparent black rather than converted: the
    /// frame is blended over the canvas, where they change nothing.
    let skipsClear: Bool
    /// The next output row to produce.
    private(set) var nextRow = 0
    /// Full-resolution U and V for two rows: top U, top V, bottom U, bottom V; then a row of 255
    /// (an opaque frame's alpha, for the debug twin).
    private var chromaRows: [UInt8]

    /// A converter for rows `width` pixels wide; `alpha`, when not empty, holds every row's alpha.
    init(width: Int, upsampling: VP8ChromaUpsampling, alpha: [UInt8] = [], skipsClear: Bool = false) {
        self.width = width
        self.upsampling = upsampling
        self.alpha = alpha
        self.skipsClear = skipsClear && !alpha.isEmpty
        chromaRows = [UInt8](repeating: 0, count: 4 * width) + [UInt8](repeating: 255, count: width)
    }

    /// Converts every output row that can be finished now into `output` (RGBA, `width * 4` bytes
    /// per row), given that image luma rows below `finalRows` (an even number) and chroma rows below
    /// `finalRows / 2` are final and still in the cache. With `isComplete` the picture ends at
    /// `finalRows` (any number) and every remaining row is converted. Every byte of the rows
    /// produced is written.
    mutating func emit(from planes: VP8Planes, finalRows: Int, isComplete: Bool, into output: UnsafeMutablePointer<UInt8>) {
        guard width > 0, nextRow < finalRows else { return }
        var next = nextRow
        let (width, upsampling, skipsClear) = (width, upsampling, skipsClear)
        // Hot path: every output pixel goes through here, so the planes are read through pointers.
        unsafe planes.luma.withUnsafeBufferPointer { lumaBuffer in
            unsafe planes.u.withUnsafeBufferPointer { uBuffer in
                unsafe planes.v.withUnsafeBufferPointer { vBuffer in
                    unsafe alpha.withUnsafeBufferPointer { alphaBuffer in
                        unsafe chromaRows.withUnsafeMutableBufferPointer { chromaBuffer in
                            let source = unsafe PlanePointers(luma: lumaBuffer.baseAddress!, u: uBuffer.baseAddress!,
                                                              v: vBuffer.baseAddress!, planes: planes)
                            let scratch = chromaBuffer.baseAddress!
                            let rowConverter = unsafe RowConverter(
                                source: source, width: width, output: output, topU: scratch, topV: scratch + width,
                                bottomU: scratch + 2 * width, bottomV: scratch + 3 * width,
                                alpha: alphaBuffer.isEmpty ? nil : alphaBuffer.baseAddress, skipsClear: skipsClear, opaque: scratch + 4 * width)
                            switch upsampling {
                            case .fancy:
                                next = unsafe rowConverter.convertFancy(from: next, finalRows: finalRows, isComplete: isComplete)
                            case .pointSampled:
                                unsafe rowConverter.convertPointSampled(next..<finalRows)
                                next = finalRows
                            }
                        }
                    }
                }
            }
        }
        nextRow = next
    }

    /// Where the cached planes start and which image rows they begin with.
    @unsafe struct PlanePointers {
        let luma, u, v: UnsafePointer<UInt8>
        let lumaStride, chromaStride: Int
        let firstLumaRow, firstChromaRow: Int

        init(luma: UnsafePointer<UInt8>, u: UnsafePointer<UInt8>, v: UnsafePointer<UInt8>, planes: VP8Planes) {
            unsafe (self.luma, self.u, self.v) = (luma, u, v)
            unsafe (lumaStride, chromaStride) = (planes.lumaStride, planes.chromaStride)
            unsafe firstLumaRow = -planes.lumaIndex(row: 0) / planes.lumaStride
            unsafe firstChromaRow = -planes.chromaIndex(row: 0) / planes.chromaStride
        }

        func lumaRow(_ y: Int) -> UnsafePointer<UInt8> { unsafe luma + (y - firstLumaRow) * lumaStride }
        func uRow(_ y: Int) -> UnsafePointer<UInt8> { unsafe u + (y - firstChromaRow) * chromaStride }
        func vRow(_ y: Int) -> UnsafePointer<UInt8> { unsafe v + (y - firstChromaRow) * chromaStride }
    }

    /// The pointers one conversion works with: source planes, output, the scratch rows of
    /// full-resolution chroma, and the frame's alpha.
    @unsafe struct RowConverter {
        let source: PlanePointers
        let width: Int
        let output: UnsafeMutablePointer<UInt8>
        let topU, topV, bottomU, bottomV: UnsafeMutablePointer<UInt8>
        /// The frame's alpha plane, or nil when it is opaque.
        let alpha: UnsafePointer<UInt8>?
        /// Whether the pixels whose alpha is 0 are left transparent black (``ChromaUpsampler/skipsClear``).
        let skipsClear: Bool
        /// A row of 255.
        let opaque: UnsafePointer<UInt8>

        func convertPointSampled(_ rows: Range<Int>) {
            for y in rows {
                let u = unsafe source.uRow(y >> 1), v = unsafe source.vRow(y >> 1)
                for x in unsafe 0..<width {
                    unsafe topU[x] = u[x >> 1]
                    unsafe topV[x] = v[x >> 1]
                }
                unsafe YUVToRGBA.convertRow(luma: source.lumaRow(y), u: topU, v: topV, into: output + y * width * 4, count: width)
                unsafe writeAlpha(0..<width, row: y)
            }
        }

        /// Row 0 alone, then pairs (2k−1, 2k) between chroma rows k−1 and k, then the last row
        /// alone when the height is even, as libwebp's row-pair upsampler goes. A pair waits
        /// until its lower chroma row is final. Returns the next row to produce.
        func convertFancy(from start: Int, finalRows: Int, isComplete: Bool) -> Int {
            let height = finalRows
            var y = start
            if y == 0 && (isComplete || finalRows >= 2) {
                unsafe convert(OutputRows(top: 0, bottom: 0, above: 0, below: 0))
                y = 1
            }
            while y > 0 && y + 1 < height && (isComplete || y + 1 <= finalRows - 2) {
                let below = (y + 1) >> 1
                unsafe convert(OutputRows(top: y, bottom: y + 1, above: below - 1, below: below))
                y += 2
            }
            if isComplete && y == height - 1 && y > 0 {
                unsafe convert(OutputRows(top: y, bottom: y, above: y >> 1, below: y >> 1))
                y = height
            }
            return y
        }
    }

    /// One chroma plane for a pair of output rows between two chroma rows: the top row weighs
    /// the upper chroma row 3:1, the bottom row the lower one, and horizontally the nearer
    /// sample 3:1, all rounded as libwebp rounds them (the mean of two diagonal averages).
    /// `bottom` is always written (a scratch row when only the top row is wanted).
    ///
    /// Hot loop: eight output pairs at a time in 16-bit lanes (sums stay below 2¹¹), each pair
    /// of bytes stored as one 16-bit lane; the pairs left over one at a time. Debug builds take
    /// ``upsampleRowPairScalar(above:below:top:bottom:width:)`` (and decode with its fused form).
    static func upsampleRowPair(above: UnsafePointer<UInt8>, below: UnsafePointer<UInt8>,
                                top: UnsafeMutablePointer<UInt8>, bottom: UnsafeMutablePointer<UInt8>,
                                width: Int) {
        #if DEBUG
        unsafe upsampleRowPairScalar(above: above, below: below, top: top, bottom: bottom, width: width)
        #else
        unsafe upsampleRowPair(above: above, below: below, top: top, bottom: bottom, width: width, inLanes: true)
        #endif
    }

    /// Eight pairs at a time in lanes while they fit when `inLanes` (as optimised builds call it),
    /// then the pairs left one at a time.
    @inline(__always)
    private static func upsampleRowPair(above: UnsafePointer<UInt8>, below: UnsafePointer<UInt8>,
                                        top: UnsafeMutablePointer<UInt8>, bottom: UnsafeMutablePointer<UInt8>,
                                        width: Int, inLanes: Bool) {
        @inline(__always) func edge(_ near: UInt8, _ far: UInt8) -> UInt8 {
            UInt8(truncatingIfNeeded: (3 &* UInt16(near) &+ UInt16(far) &+ 2) &>> 2)
        }
        unsafe top[0] = edge(above[0], below[0])
        unsafe bottom[0] = edge(below[0], above[0])
        let lastPair = (width &- 1) &>> 1
        var x = 1
        // (The 16-bit lanes hold their bytes in little-endian order.)
        #if _endian(little)
        // Eight pairs read chroma x − 1 … x + 7 (x + 7 ≤ lastPair, inside the chroma row) and write
        // bytes 2x − 1 … 2x + 14 (below width).
        while inLanes && x &+ 8 <= lastPair &+ 1 {
            unsafe upsample8(above: above + (x &- 1), below: below + (x &- 1), top: top + (2 &* x &- 1),
                             bottom: bottom + (2 &* x &- 1))
            x &+= 8
        }
        #endif
        while x <= lastPair {
            let aboveLeft = unsafe UInt16(above[x &- 1]), aboveHere = unsafe UInt16(above[x])
            let belowLeft = unsafe UInt16(below[x &- 1]), belowHere = unsafe UInt16(below[x])
            let sum = aboveLeft &+ aboveHere &+ belowLeft &+ belowHere &+ 8
            let antiDiagonal = (sum &+ 2 &* (aboveHere &+ belowLeft)) &>> 3
            let diagonal = (sum &+ 2 &* (aboveLeft &+ belowHere)) &>> 3
            unsafe top[2 &* x &- 1] = UInt8(truncatingIfNeeded: (antiDiagonal &+ aboveLeft) &>> 1)
            unsafe top[2 &* x] = UInt8(truncatingIfNeeded: (diagonal &+ aboveHere) &>> 1)
            unsafe bottom[2 &* x &- 1] = UInt8(truncatingIfNeeded: (diagonal &+ belowLeft) &>> 1)
            unsafe bottom[2 &* x] = UInt8(truncatingIfNeeded: (antiDiagonal &+ belowHere) &>> 1)
            x &+= 1
        }
        if width & 1 == 0 {
            unsafe top[width &- 1] = edge(above[lastPair], below[lastPair])
            unsafe bottom[width &- 1] = edge(below[lastPair], above[lastPair])
        }
    }

    /// Eight pairs of ``upsampleRowPair(above:below:top:bottom:width:)``: chroma from `above` and
    /// `below` (9 samples each, the left neighbour first), 16 bytes to `top` and `bottom`.
    @inline(__always)
    private static func upsample8(above: UnsafePointer<UInt8>, below: UnsafePointer<UInt8>,
                                  top: UnsafeMutablePointer<UInt8>, bottom: UnsafeMutablePointer<UInt8>) {
        typealias Lanes = SIMD8<UInt16>
        @inline(__always) func load(_ pointer: UnsafePointer<UInt8>) -> Lanes {
            unsafe Lanes(zeroExtending: UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<UInt8>.self))
        }
        let aboveLeft = unsafe load(above), aboveHere = unsafe load(above + 1)
        let belowLeft = unsafe load(below), belowHere = unsafe load(below + 1)
        let sum = aboveLeft &+ aboveHere &+ belowLeft &+ belowHere &+ 8
        let antiDiagonal = (sum &+ 2 &* (aboveHere &+ belowLeft)) &>> 3
        let diagonal = (sum &+ 2 &* (aboveLeft &+ belowHere)) &>> 3
        // Each lane's low byte is output 2x − 1, its high byte output 2x (little-endian order).
        let topPairs = (antiDiagonal &+ aboveLeft) &>> 1 | ((diagonal &+ aboveHere) &>> 1) &<< 8
        let bottomPairs = (diagonal &+ belowLeft) &>> 1 | ((antiDiagonal &+ belowHere) &>> 1) &<< 8
        unsafe UnsafeMutableRawPointer(top).storeBytes(of: topPairs, as: Lanes.self)
        unsafe UnsafeMutableRawPointer(bottom).storeBytes(of: bottomPairs, as: Lanes.self)
    }
}
