/// Decodes one WebP frame's own pixels: a lossless `VP8L` image, or a lossy `VP8 ` image with its
/// `ALPH` plane applied.
enum WebPFrameDecoder {
    static func decode(_ record: WebPFrameRecord, bytes: [UInt8], maxPixels: Int,
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
        image.withUnsafeMutablePixels { pixels in
            plane.withUnsafeBufferPointer { plane in
                let count = min(plane.count, pixels.count / 4)
                guard count > 0, let alpha = plane.baseAddress, let rgba = pixels.baseAddress else { return }
                // Byte 3 of each pixel; `count` keeps both reads and writes in bounds.
                var target = rgba + 3
                for index in 0 ..< count {
                    if target.pointee != 0 { target.pointee = alpha[index] }
                    target += 4
                }
            }
        }
    }
}
