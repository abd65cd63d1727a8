/// The picture a lossy frame encodes: Y at full resolution, U and V at half resolution each way
/// (rounded up), as ``RGBAToYUV`` makes them.
struct VP8SourcePlanes: Sendable {
    let width: Int
    let height: Int
    var luma: [UInt8]
    var u: [UInt8]
    var v: [UInt8]

    var chromaWidth: Int { (width + 1) >> 1 }
    var chromaHeight: Int { (height + 1) >> 1 }

    init(width: Int, height: Int, luma: [UInt8], u: [UInt8], v: [UInt8]) {
        precondition(luma.count == width * height && u.count == ((width + 1) >> 1) * ((height + 1) >> 1) && v.count == u.count,
                     "plane sizes do not match the picture")
        self.width = width
        self.height = height
        self.luma = luma
        self.u = u
        self.v = v
    }

    /// Copies macroblock (`x`, `y`) into a macroblock buffer (luma in columns 0–15, U 16–23,
    /// V 24–31, stride 32), repeating the last column and row where the picture ends inside it.
    func importMacroblock(x: Int, y: Int, into block: UnsafeMutablePointer<UInt8>) {
        let w = min(width - x * 16, 16), h = min(height - y * 16, 16)
        unsafe luma.withUnsafeBufferPointer { plane in
            unsafe Self.importBlock(plane.baseAddress! + y * 16 * width + x * 16, stride: width, width: w, height: h, size: 16, into: block)
        }
        let chromaOrigin = y * 8 * chromaWidth + x * 8
        unsafe u.withUnsafeBufferPointer { plane in
            unsafe Self.importBlock(plane.baseAddress! + chromaOrigin, stride: chromaWidth, width: (w + 1) >> 1, height: (h + 1) >> 1,
                             size: 8, into: block + 16)
        }
        unsafe v.withUnsafeBufferPointer { plane in
            unsafe Self.importBlock(plane.baseAddress! + chromaOrigin, stride: chromaWidth, width: (w + 1) >> 1, height: (h + 1) >> 1,
                             size: 8, into: block + 24)
        }
    }

    private static func importBlock(_ source: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, size: Int,
                                    into block: UnsafeMutablePointer<UInt8>) {
        let blockStride = VP8EncoderWorkspace.stride
        if width == size && height == size { // inside the picture: whole rows in one move each
            for row in 0..<size {
                let from = unsafe UnsafeRawPointer(source + row &* stride), to = unsafe UnsafeMutableRawPointer(block + row &* blockStride)
                if size == 16 {
                    unsafe to.storeBytes(of: from.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
                } else {
                    unsafe to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
                }
            }
            return
        }
        for row in 0..<height {
            let line = unsafe block + row * blockStride
            unsafe line.update(from: source + row * stride, count: width)
            if width < size { unsafe (line + width).update(repeating: line[width - 1], count: size - width) }
        }
        for row in height..<size {
            unsafe (block + row * blockStride).update(from: block + (row - 1) * blockStride, count: size)
        }
    }

    /// The samples around macroblock (`x`, `y`) in the source itself, for the analysis pass
    /// (which predicts from the input as if reconstruction were perfect), written around the
    /// luma block at `luma` and the U and V blocks at `chroma` and `chroma + 16`.
    func loadSourceEdges(x: Int, y: Int, luma lumaBlock: UnsafeMutablePointer<UInt8>, chroma: UnsafeMutablePointer<UInt8>) {
        let w = min(width - x * 16, 16), h = min(height - y * 16, 16)
        unsafe luma.withUnsafeBufferPointer { plane in
            unsafe Self.loadEdges(plane.baseAddress!, stride: width, originX: x * 16, originY: y * 16, width: w, height: h, size: 16,
                           into: lumaBlock)
        }
        unsafe u.withUnsafeBufferPointer { plane in
            unsafe Self.loadEdges(plane.baseAddress!, stride: chromaWidth, originX: x * 8, originY: y * 8, width: (w + 1) >> 1,
                           height: (h + 1) >> 1, size: 8, into: chroma)
        }
        unsafe v.withUnsafeBufferPointer { plane in
            unsafe Self.loadEdges(plane.baseAddress!, stride: chromaWidth, originX: x * 8, originY: y * 8, width: (w + 1) >> 1,
                           height: (h + 1) >> 1, size: 8, into: chroma + 16)
        }
    }

    private static func loadEdges(_ plane: UnsafePointer<UInt8>, stride: Int, originX: Int, originY: Int, width: Int, height: Int,
                                  size: Int, into block: UnsafeMutablePointer<UInt8>) {
        let blockStride = VP8EncoderWorkspace.stride
        let origin = unsafe plane + originY * stride + originX
        if originX == 0 {
            for row in 0..<size { unsafe block[row * blockStride - 1] = 129 }
            unsafe block[-blockStride - 1] = originY > 0 ? 129 : 127
        } else {
            unsafe block[-blockStride - 1] = originY == 0 ? 127 : origin[-stride - 1]
            for row in 0..<size { unsafe block[row * blockStride - 1] = origin[min(row, height - 1) * stride - 1] }
        }
        for column in 0..<size {
            unsafe block[column - blockStride] = originY == 0 ? 127 : origin[min(column, width - 1) - stride]
        }
    }
}
