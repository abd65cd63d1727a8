/// RGBA → Y′CbCr 4:2:0 for the lossy encoder, with libwebp's arithmetic (so that a picture
/// encodes as `cwebp` would): BT.601 limited range in 16-bit fixed point; each chroma sample from
/// the 2×2 block it covers, averaged in a gamma-0.8 linearised space (which keeps thin bright or
/// dark lines from losing their colour); where a block is partly transparent, its pixels are
/// weighted by their alpha, so that invisible colours do not bleed into visible ones.
enum RGBAToYUV {
    /// 12-bit "linear" value of each 8-bit sample: round((v / 255)^0.8 · 4095).
    static let gammaToLinear: [UInt16] = (0..<256).map { UInt16(power(Double($0) / 255, 0.8) * 4095 + 0.5) }
    /// 33 points of the inverse curve, for interpolation: round(255 · (v · 128 / 4095)^1.25).
    static let linearToGamma: [Int] = (0...32).map { Int(255 * power(Double($0) * 128 / 4095, 1 / 0.8) + 0.5) }
    /// (1 << 19) / a for a sum of four alphas.
    static let inverseAlpha: [UInt32] = (0...(4 * 255)).map { $0 == 0 ? 0 : (1 << 19) / UInt32($0) }

    /// Y of one pixel.
    @inline(__always)
    static func luma(_ r: Int, _ g: Int, _ b: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: (16839 * r + 33059 * g + 6420 * b + (1 << 15) + (16 << 16)) >> 16)
    }

    /// U and V from R, G and B that are 4× the samples (sums of four, or the gamma average × 4).
    @inline(__always)
    static func chroma(_ r: Int, _ g: Int, _ b: Int) -> (UInt8, UInt8) {
        @inline(__always) func clip(_ value: Int) -> UInt8 {
            let v = (value + (1 << 17) + (128 << 18)) >> 18
            return UInt8(truncatingIfNeeded: v < 0 ? 0 : v > 255 ? 255 : v)
        }
        return (clip(-9719 * r - 19081 * g + 28800 * b), clip(28800 * r - 24116 * g - 4684 * b))
    }

    /// A linear sum (of up to four 12-bit values, times `1 << shift`) back to 4× the gamma value.
    @inline(__always)
    static func gammaSum(_ linear: Int, shift: Int) -> Int {
        unsafe linearToGamma.withUnsafeBufferPointer { unsafe gammaSum(linear, shift: shift, $0) }
    }

    @inline(__always)
    private static func gammaSum(_ linear: Int, shift: Int, _ linearToGamma: UnsafeBufferPointer<Int>) -> Int {
        let v = linear << shift
        let position = v >> 9, fraction = v & 511
        let interpolated = unsafe linearToGamma[position + 1] * fraction + linearToGamma[position] * (512 - fraction)
        return (interpolated + 64) >> 7
    }

    /// 4× the gamma value of a sum of four 12-bit linear values (`gammaSum(sum, shift: 0)` for
    /// every sum): one load per channel of an opaque 2×2 block.
    static let linearSumToGamma: [UInt16] = (0...(4 * 4095)).map { UInt16(gammaSum($0, shift: 0)) }

    /// Converts `image` (whose opacity is `isOpaque`) to planes; fully transparent areas are then
    /// flattened (their content is invisible) so that they cost few bits.
    static func convert(_ image: RGBAImage, isOpaque: Bool) -> VP8SourcePlanes {
        let width = image.width, height = image.height
        let chromaWidth = (width + 1) >> 1, chromaHeight = (height + 1) >> 1
        var luma = [UInt8](repeating: 0, count: width * height)
        var u = [UInt8](repeating: 0, count: chromaWidth * chromaHeight), v = u
        unsafe gammaToLinear.withUnsafeBufferPointer { toLinear in
            unsafe linearToGamma.withUnsafeBufferPointer { toGamma in
                unsafe linearSumToGamma.withUnsafeBufferPointer { sumToGamma in
                    unsafe image.pixels.withUnsafeBufferPointer { pixels in
                        unsafe luma.withUnsafeMutableBufferPointer { unsafe convertLuma(pixels.baseAddress!, count: width * height, into: $0.baseAddress!) }
                        let tables = unsafe Tables(gammaToLinear: toLinear, linearToGamma: toGamma, sumToGamma: sumToGamma)
                        unsafe u.withUnsafeMutableBufferPointer { u in
                            unsafe v.withUnsafeMutableBufferPointer { v in
                                unsafe convertChroma(pixels, width: width, height: height, isOpaque: isOpaque,
                                              u: u.baseAddress!, v: v.baseAddress!, tables: tables)
                            }
                        }
                    }
                }
            }
        }
        var planes = VP8SourcePlanes(width: width, height: height, luma: luma, u: u, v: v)
        if !isOpaque { TransparentAreaCleanup.apply(to: &planes, alpha: image) }
        return planes
    }

    /// Converts `image` to planes.
    static func convert(_ image: RGBAImage) -> VP8SourcePlanes { convert(image, isOpaque: image.isOpaque) }

    /// Y of `count` pixels, eight at a time in 32-bit lanes (the same arithmetic as ``luma(_:_:_:)``).
    private static func convertLuma(_ pixels: UnsafePointer<UInt8>, count: Int, into luma: UnsafeMutablePointer<UInt8>) {
        typealias Lanes = SIMD8<UInt32>
        let raw = unsafe UnsafeRawPointer(pixels)
        var i = 0
        while i &+ 8 <= count {
            let p = unsafe raw.loadUnaligned(fromByteOffset: i &* 4, as: Lanes.self)
            let r = p & 0xff, g = (p &>> 8) & 0xff, b = (p &>> 16) & 0xff
            let y = (r &* 16839 &+ g &* 33059 &+ b &* 6420 &+ ((1 << 15) + (16 << 16))) &>> 16
            unsafe UnsafeMutableRawPointer(luma + i).storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: y), as: SIMD8<UInt8>.self)
            i &+= 8
        }
        while i < count {
            unsafe luma[i] = Self.luma(Int(pixels[4 &* i]), Int(pixels[4 &* i &+ 1]), Int(pixels[4 &* i &+ 2]))
            i &+= 1
        }
    }

    /// U and V of every 2×2 block; alpha weighs the rows of blocks that are not all opaque
    /// (never looked for when the whole image is). Opaque rows take the table of sums for the
    /// blocks inside the picture.
    private static func convertChroma(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, isOpaque: Bool,
                                      u: UnsafeMutablePointer<UInt8>, v: UnsafeMutablePointer<UInt8>, tables: Tables) {
        let chromaWidth = (width + 1) >> 1, chromaHeight = (height + 1) >> 1
        for row in 0..<chromaHeight {
            let top = 2 * row, bottom = min(2 * row + 1, height - 1)
            var rowsAreOpaque = true
            for r in top...bottom where rowsAreOpaque && !isOpaque {
                for x in 0..<width where unsafe pixels[(r * width + x) * 4 + 3] != 255 {
                    rowsAreOpaque = false
                    break
                }
            }
            var column = 0
            if rowsAreOpaque {
                let topRow = unsafe pixels.baseAddress! + top * width * 4, bottomRow = unsafe pixels.baseAddress! + bottom * width * 4
                while column < width >> 1 {
                    let (cu, cv) = unsafe opaqueChroma(topRow + column &* 8, bottomRow + column &* 8, tables: tables)
                    unsafe u[row &* chromaWidth &+ column] = cu
                    unsafe v[row &* chromaWidth &+ column] = cv
                    column &+= 1
                }
            }
            while column < chromaWidth {
                let (cu, cv) = unsafe chromaOfBlock(pixels, width: width, top: top, bottom: bottom, column: column,
                                             weighsAlpha: !rowsAreOpaque, tables: tables)
                unsafe u[row * chromaWidth + column] = cu
                unsafe v[row * chromaWidth + column] = cv
                column += 1
            }
        }
    }

    /// U and V of an opaque 2×2 block whose top pixels start at `top` and bottom ones at `bottom`.
    @inline(__always)
    private static func opaqueChroma(_ top: UnsafePointer<UInt8>, _ bottom: UnsafePointer<UInt8>, tables: Tables) -> (UInt8, UInt8) {
        let toLinear = unsafe tables.gammaToLinear, sumToGamma = unsafe tables.sumToGamma
        @inline(__always) func channel(_ c: Int) -> Int {
            let sum = unsafe Int(toLinear[Int(top[c])]) &+ Int(toLinear[Int(top[4 &+ c])])
                &+ Int(toLinear[Int(bottom[c])]) &+ Int(toLinear[Int(bottom[4 &+ c])])
            return unsafe Int(sumToGamma[sum])
        }
        return chroma(channel(0), channel(1), channel(2))
    }

    /// U and V of the 2×2 block at chroma (`column`, row of `top`…`bottom`). A block cut by the
    /// picture's edge counts its pixels twice, so that there are always four.
    @inline(__always)
    private static func chromaOfBlock(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, top: Int, bottom: Int, column: Int,
                                      weighsAlpha: Bool, tables: Tables) -> (UInt8, UInt8) {
        let gammaToLinear = unsafe tables.gammaToLinear
        let left = 2 * column, right = min(2 * column + 1, width - 1)
        let p0 = (top * width + left) * 4, p1 = (top * width + right) * 4
        let p2 = (bottom * width + left) * 4, p3 = (bottom * width + right) * 4
        let a0 = unsafe Int(pixels[p0 + 3]), a1 = unsafe Int(pixels[p1 + 3]), a2 = unsafe Int(pixels[p2 + 3]), a3 = unsafe Int(pixels[p3 + 3])
        let alphaSum = a0 + a1 + a2 + a3
        let weighted = weighsAlpha && alphaSum != 4 * 255 && alphaSum != 0
        @inline(__always) func channel(_ c: Int) -> Int {
            let l0 = unsafe Int(gammaToLinear[Int(pixels[p0 + c])]), l1 = unsafe Int(gammaToLinear[Int(pixels[p1 + c])])
            let l2 = unsafe Int(gammaToLinear[Int(pixels[p2 + c])]), l3 = unsafe Int(gammaToLinear[Int(pixels[p3 + c])])
            guard weighted else { return unsafe gammaSum(l0 + l1 + l2 + l3, shift: 0, tables.linearToGamma) }
            let sum = UInt32(a0 * l0 + a1 * l1 + a2 * l2 + a3 * l3)
            return unsafe gammaSum(Int((sum &* inverseAlpha[alphaSum]) >> 17), shift: 0, tables.linearToGamma)
        }
        return chroma(channel(0), channel(1), channel(2))
    }

    /// The gamma tables' storage during one conversion (a global table costs a
    /// lazy-initialisation check at each use).
    @unsafe private struct Tables {
        let gammaToLinear: UnsafeBufferPointer<UInt16>
        let linearToGamma: UnsafeBufferPointer<Int>
        let sumToGamma: UnsafeBufferPointer<UInt16>
    }
}
