/// The matrix that turns Y′CbCr into R′G′B′: BT.601 (standard-definition video, and what ffmpeg
/// assumes for a YUV4MPEG2 stream, which does not say) or BT.709 (high definition).
package enum YUVMatrix: String, Sendable, CaseIterable {
    case bt601
    case bt709

    /// The luma weights of red and blue.
    var weights: (red: Double, blue: Double) {
        switch self {
        case .bt601: return (0.299, 0.114)
        case .bt709: return (0.2126, 0.0722)
        }
    }
}

/// Turns one 8-bit Y′CbCr frame (a YUV4MPEG2 frame's planes) into RGBA, with the chroma of each
/// 2×1 or 2×2 block shared by its pixels (as ffmpeg's default conversion), in 16.16 fixed point
/// through tables made once per converter.
package struct YUVConverter: Sendable {
    package let header: Y4MHeader
    /// Y′ scaled to R′G′B′ (limited range: (Y′ − 16) · 255/219), 16.16.
    private let luma: [Int32]
    /// Each chroma value's share of red (Cr), green (Cb and Cr) and blue (Cb), 16.16.
    private let redCr: [Int32], greenCb: [Int32], greenCr: [Int32], blueCb: [Int32]

    package init(header: Y4MHeader, matrix: YUVMatrix) {
        self.header = header
        let (kr, kb) = matrix.weights
        let kg = 1 - kr - kb
        let full = header.isFullRange
        let lumaScale = full ? 1 : 255.0 / 219, chromaScale = full ? 1 : 255.0 / 224
        func table(_ transform: (Double) -> Double) -> [Int32] {
            (0..<256).map { Int32((transform(Double($0)) * 65536).rounded()) }
        }
        luma = table { (full ? $0 : $0 - 16) * lumaScale }
        redCr = table { ($0 - 128) * chromaScale * 2 * (1 - kr) }
        blueCb = table { ($0 - 128) * chromaScale * 2 * (1 - kb) }
        greenCb = table { -($0 - 128) * chromaScale * 2 * kb * (1 - kb) / kg }
        greenCr = table { -($0 - 128) * chromaScale * 2 * kr * (1 - kr) / kg }
    }

    /// The RGBA image of the planes in `frame` (``Y4MHeader/frameBytes`` bytes: Y, Cb, Cr,
    /// alpha for `444alpha`).
    package func convert(_ frame: UnsafeRawBufferPointer) -> RGBAImage {
        let (width, height) = (header.width, header.height)
        var image = RGBAImage(width: width, height: height)
        precondition(frame.count >= header.frameBytes, "a YUV4MPEG2 frame shorter than its planes")
        let chroma = header.chromaSize
        let (shiftX, shiftY) = switch header.chroma {
        case .yuv420: (1, 1)
        case .yuv422: (1, 0)
        case .yuv444, .yuv444Alpha, .mono: (0, 0)
        }
        let lumaPlane = width * height, chromaPlane = chroma.width * chroma.height
        unsafe image.withUnsafeMutablePixels { pixels in
            for y in 0..<height {
                let chromaRow = lumaPlane + (y >> shiftY) * chroma.width
                for x in 0..<width {
                    let lumaValue = unsafe luma[Int(frame[y * width + x])]
                    let out = (y * width + x) * 4
                    var alpha: UInt8 = 255
                    if header.chroma == .mono {
                        let grey = Self.clamp(lumaValue)
                        unsafe (pixels[out], pixels[out + 1], pixels[out + 2]) = (grey, grey, grey)
                    } else {
                        let cb = unsafe Int(frame[chromaRow + (x >> shiftX)])
                        let cr = unsafe Int(frame[chromaRow + chromaPlane + (x >> shiftX)])
                        unsafe pixels[out] = Self.clamp(lumaValue + redCr[cr])
                        unsafe pixels[out + 1] = Self.clamp(lumaValue + greenCb[cb] + greenCr[cr])
                        unsafe pixels[out + 2] = Self.clamp(lumaValue + blueCb[cb])
                        if header.chroma == .yuv444Alpha { alpha = unsafe frame[lumaPlane + 2 * chromaPlane + y * width + x] }
                    }
                    unsafe pixels[out + 3] = alpha
                }
            }
        }
        return image
    }

    /// A 16.16 value rounded to 0...255.
    @inline(__always)
    private static func clamp(_ value: Int32) -> UInt8 {
        UInt8(truncatingIfNeeded: min(255, max(0, (value + 32768) >> 16)))
    }
}
