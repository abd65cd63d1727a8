/// libwebp's blend of one non-premultiplied pixel over another, reproduced exactly.
enum LibWebPBlend {
    /// Blends `count` pixels of `src` (from byte `s`) over `dst` (from byte `d`): alpha 255 copies,
    /// alpha 0 keeps the canvas, anything between uses ``blend(_:_:into:_:)``.
    ///
    /// Most pixels of a typical frame are opaque or transparent, in long runs: a run of opaque
    /// pixels is copied in one go, a transparent run skipped, and only the pixels between blended.
    @inline(__always)
    static func blendRow(_ src: UnsafeBufferPointer<UInt8>, _ s: Int,
                         into dst: UnsafeMutableBufferPointer<UInt8>, _ d: Int, count: Int) {
        guard count > 0, let sourceBase = src.baseAddress, let targetBase = dst.baseAddress else { return }
        precondition(s >= 0 && d >= 0 && s + count * 4 <= src.count && d + count * 4 <= dst.count)
        let source = unsafe UnsafeRawPointer(sourceBase + s), target = unsafe UnsafeMutableRawPointer(targetBase + d)
        var pixel = 0
        // (Not in debug builds, where SIMD code runs lane by lane through generic calls; the
        // alpha byte is the high byte of a 32-bit lane only on little-endian machines.)
        #if !DEBUG && _endian(little)
        pixel = unsafe blendGroups(source, into: target, count: count, src: src, s, dst: dst, d)
        #endif
        while pixel < count {
            switch unsafe source.load(fromByteOffset: pixel * 4 + 3, as: UInt8.self) {
            case 255:
                let end = unsafe runEnd(source, from: pixel, count: count, alpha: 255)
                unsafe (target + pixel * 4).copyMemory(from: source + pixel * 4, byteCount: (end - pixel) * 4)
                pixel = end
            case 0:
                pixel = unsafe runEnd(source, from: pixel, count: count, alpha: 0)
            default:
                unsafe blend(src, s + pixel * 4, into: dst, d + pixel * 4)
                pixel += 1
            }
        }
    }

    /// ``blendRow(_:_:into:_:count:)`` four pixels at a time while they fit, for frames whose
    /// opaque and transparent pixels alternate in short runs (`gif2webp` marks the pixels a frame
    /// leaves unchanged transparent): four pixels that are each opaque or transparent are one
    /// select, four opaque ones start a run copy, four transparent ones a skipped run; a group
    /// with a partial alpha goes pixel by pixel. Returns the first pixel not done.
    @inline(__always)
    private static func blendGroups(_ source: UnsafeRawPointer, into target: UnsafeMutableRawPointer, count: Int,
                                    src: UnsafeBufferPointer<UInt8>, _ s: Int,
                                    dst: UnsafeMutableBufferPointer<UInt8>, _ d: Int) -> Int {
        typealias Pixels = SIMD4<UInt32>
        var pixel = 0
        while pixel &+ 4 <= count {
            let colors = unsafe source.loadUnaligned(fromByteOffset: pixel &* 4, as: Pixels.self)
            let alpha = colors &>> 24
            let halves = unsafe unsafeBitCast(alpha, to: (UInt64, UInt64).self)
            if halves.0 & halves.1 == 0x0000_00ff_0000_00ff { // all four opaque
                let end = unsafe runEnd(source, from: pixel, count: count, alpha: 255)
                unsafe (target + pixel &* 4).copyMemory(from: source + pixel &* 4, byteCount: (end &- pixel) &* 4)
                pixel = end
            } else if halves.0 | halves.1 == 0 { // all four transparent
                pixel = unsafe runEnd(source, from: pixel, count: count, alpha: 0)
            } else {
                // (alpha + 1) & 0xfe is 0 exactly for alpha 0 and 255.
                let partial = unsafe unsafeBitCast((alpha &+ 1) & 0xfe, to: (UInt64, UInt64).self)
                if partial.0 | partial.1 == 0 {
                    let canvas = unsafe target.loadUnaligned(fromByteOffset: pixel &* 4, as: Pixels.self)
                    unsafe target.storeBytes(of: canvas.replacing(with: colors, where: alpha .== 255), toByteOffset: pixel &* 4,
                                      as: Pixels.self)
                } else {
                    for index in pixel ..< pixel &+ 4 {
                        let value = unsafe source.load(fromByteOffset: index &* 4 &+ 3, as: UInt8.self)
                        if value == 255 {
                            unsafe target.storeBytes(of: source.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self),
                                              toByteOffset: index &* 4, as: UInt32.self)
                        } else if value != 0 {
                            unsafe blend(src, s &+ index &* 4, into: dst, d &+ index &* 4)
                        }
                    }
                }
                pixel &+= 4
            }
        }
        return pixel
    }

    /// The end of the run of pixels from `start` (below `count`) whose alpha is `alpha` (0 or
    /// 255), testing four pixels per step (two 8-byte loads) while they are in the row. The
    /// callers keep `count` pixels readable, so the wrapping arithmetic cannot wrap.
    @_transparent // (inlined unoptimised too: a call per run costs debug builds a stack clearing)
    private static func runEnd(_ pixels: UnsafeRawPointer, from start: Int, count: Int, alpha: UInt8) -> Int {
        #if DEBUG
        // Unoptimised, every raw load and byte-order conversion below is a generic call: test the
        // alpha bytes through typed pointers instead (whose subscripts are inlined), four or two
        // pixels a step as 64-bit words where the pixels are 8-byte aligned, else one byte at a time.
        let bytes = unsafe pixels.assumingMemoryBound(to: UInt8.self)
        var next = start
        #if _endian(little)
        if Int(bitPattern: pixels) & 3 == 0 {
            if (Int(bitPattern: pixels) &+ next &* 4) & 7 != 0 { // one pixel to the word boundary
                guard next < count, unsafe bytes[next &* 4 &+ 3] == alpha else { return next }
                next &+= 1
            }
            let words = unsafe UnsafeRawPointer(bytes + next &* 4).assumingMemoryBound(to: UInt64.self)
            let mask: UInt64 = 0xff00_0000_ff00_0000, pair: UInt64 = alpha == 0 ? 0 : mask
            var word = 0
            while next &+ 4 <= count, unsafe (words[word] & mask ^ pair) | (words[word &+ 1] & mask ^ pair) == 0 {
                word &+= 2 // four pixels a pass: half the loop's stores and reloads per pixel
                next &+= 4
            }
            while next &+ 2 <= count, unsafe words[word] & mask == pair {
                word &+= 1
                next &+= 2
            }
        }
        #endif
        while next < count, unsafe bytes[next &* 4 &+ 3] == alpha { next &+= 1 }
        return next
        #else
        let alphaMask: UInt64 = 0xff00_0000_ff00_0000
        let pair = alpha == 0 ? 0 : alphaMask
        var end = start
        while end &+ 4 <= count {
            let first = unsafe UInt64(littleEndian: pixels.loadUnaligned(fromByteOffset: end &* 4, as: UInt64.self))
            let second = unsafe UInt64(littleEndian: pixels.loadUnaligned(fromByteOffset: end &* 4 &+ 8, as: UInt64.self))
            guard first & alphaMask == pair, second & alphaMask == pair else { break }
            end &+= 4
        }
        while end < count, unsafe pixels.load(fromByteOffset: end &* 4 &+ 3, as: UInt8.self) == alpha { end &+= 1 }
        return end
        #endif
    }

    /// The integer arithmetic of libwebp's `BlendPixelNonPremult`: the canvas alpha is scaled by
    /// `(256 − srcAlpha) >> 8` (an approximation of `/ 255`), and each channel is divided by the
    /// result alpha through a 24-bit reciprocal. It can differ by one from exact rounding, so it is
    /// used only where libwebp's output is the reference.
    @inline(__always)
    static func blend(_ src: UnsafeBufferPointer<UInt8>, _ s: Int, into dst: UnsafeMutableBufferPointer<UInt8>, _ d: Int) {
        let srcAlpha = unsafe UInt32(src[s + 3])
        let dstAlpha = unsafe UInt32(dst[d + 3])
        let dstFactor = (dstAlpha * (256 - srcAlpha)) >> 8
        let blendAlpha = srcAlpha + dstFactor // at most 255: srcAlpha + (255 - srcAlpha)·255/256
        let scale = (UInt32(1) << 24) / blendAlpha
        for channel in 0..<3 {
            let unscaled = unsafe UInt32(src[s + channel]) * srcAlpha + UInt32(dst[d + channel]) * dstFactor
            unsafe dst[d + channel] = UInt8(truncatingIfNeeded: (unscaled &* scale) >> 24)
        }
        unsafe dst[d + 3] = UInt8(truncatingIfNeeded: blendAlpha)
    }
}
