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
}
