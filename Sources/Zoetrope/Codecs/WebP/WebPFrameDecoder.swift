/// Decodes one WebP frame's own pixels: a lossless `VP8L` image, or a lossy `VP8 ` image with its
/// `ALPH` plane applied.
enum WebPFrameDecoder {
    static func decode(_ record: WebPFrameRecord, bytes: ByteView, maxPixels: Int,
                       upsampling: VP8ChromaUpsampling) throws(ZoetropeError) -> DecodedFrame {
        switch record.compression {
        case .vp8l:
            let decoded = try VP8LDecoder.decode(bytes, payload: record.image, maxPixels: maxPixels)
            return DecodedFrame(image: decoded.image, damage: decoded.damage)
        default:
            let decoded = try VP8Decoder.decode(bytes, payload: record.image, upsampling: upsampling, maxPixels: maxPixels)
            var image = decoded.image
            var damage = decoded.damage
            if let alpha = record.alpha {
                do {
                    let plane = try WebPAlphaDecoder.decode(bytes, payload: alpha, width: image.width, height: image.height)
                    apply(plane, to: &image)
                } catch {
                    // The colour is kept, opaque; the alpha damage is reported.
                    damage = damage ?? error
                }
            }
            return DecodedFrame(image: image, damage: damage)
        }
    }

    /// Writes `plane` (one byte per pixel) into the alpha channel of `image`, leaving the pixels
    /// the colour data never reached transparent.
    static func apply(_ plane: [UInt8], to image: inout RGBAImage) {
        unsafe image.withUnsafeMutablePixels { pixels in
            unsafe plane.withUnsafeBufferPointer { plane in
                let count = min(plane.count, pixels.count / 4)
                guard count > 0, let alpha = plane.baseAddress, let rgba = pixels.baseAddress else { return }
                #if DEBUG && _endian(little)
                if Int(bitPattern: rgba) & 7 == 0 {
                    unsafe applyTwin(alpha, to: rgba, count: count)
                    return
                }
                #endif
                // The alpha byte of each RGBA pixel is replaced where it is not 0, without a branch,
                // `count` keeping every access in bounds. Plain byte pointers and a counted loop:
                // unoptimised, raw loads and stores, byte-order conversions and a range's iterator
                // are each a call per pixel.
                var index = 0, alphaByte = 3
                while index < count {
                    let keep: UInt8 = unsafe rgba[alphaByte] == 0 ? 0 : 0xff
                    unsafe rgba[alphaByte] = alpha[index] & keep
                    index &+= 1
                    alphaByte &+= 4
                }
            }
        }
    }

    #if DEBUG
    /// The loop of ``apply(_:to:)`` as debug builds run it: two pixels a step as one 64-bit word
    /// (`rgba` 8-byte aligned, little-endian), so that an unoptimised build, where every operation
    /// loads and stores its operands, does half the steps. Two opaque pixels, what a decoded frame
    /// holds outside damage, take their alpha bytes in one store; any other pair goes byte by byte.
    private static func applyTwin(_ alpha: UnsafePointer<UInt8>, to rgba: UnsafeMutablePointer<UInt8>, count: Int) {
        let words = unsafe UnsafeMutableRawPointer(rgba).assumingMemoryBound(to: UInt64.self)
        let alphaBytes: UInt64 = 0xff00_0000_ff00_0000
        var pair = 0, index = 0
        while index &+ 2 <= count {
            let word = unsafe words[pair]
            if word & alphaBytes == alphaBytes {
                let first = unsafe UInt64(alpha[index]) &<< 24, second = unsafe UInt64(alpha[index &+ 1]) &<< 56
                unsafe words[pair] = word & ~alphaBytes | first | second
            } else {
                for pixel in index ... index &+ 1 where unsafe rgba[pixel &* 4 &+ 3] != 0 {
                    unsafe rgba[pixel &* 4 &+ 3] = alpha[pixel]
                }
            }
            pair &+= 1
            index &+= 2
        }
        if index < count, unsafe rgba[index &* 4 &+ 3] != 0 { unsafe rgba[index &* 4 &+ 3] = alpha[index] }
    }
    #endif
}
