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
                // Whole RGBA words (R in the low byte), `count` keeping every access in bounds: the
                // alpha byte is replaced where it is not 0, without a branch.
                let words = UnsafeMutableRawPointer(rgba)
                for index in 0 ..< count {
                    let pixel = unsafe UInt32(littleEndian: words.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
                    let keep: UInt32 = pixel >> 24 == 0 ? 0 : 0xff00_0000
                    let updated = unsafe (pixel & 0x00ff_ffff) | (UInt32(alpha[index]) << 24 & keep)
                    unsafe words.storeBytes(of: updated.littleEndian, toByteOffset: index * 4, as: UInt32.self)
                }
            }
        }
    }
}
