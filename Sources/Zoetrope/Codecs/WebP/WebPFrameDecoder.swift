/// Decodes one WebP frame's own pixels: a lossless `VP8L` image, or a lossy `VP8 ` image with its
/// `ALPH` plane written into the pixels as they are converted.
enum WebPFrameDecoder {
    /// Decodes the frame of `record`. `blendedOver`: the frame is drawn by blending over the canvas
    /// (not a key frame, no rectangle left unblended), where a pixel whose alpha is 0 changes
    /// nothing; a lossy frame then leaves such pixels transparent black instead of converting them.
    static func decode(_ record: WebPFrameRecord, bytes: ByteView, maxPixels: Int,
                       upsampling: VP8ChromaUpsampling, blendedOver: Bool = false) throws(ZoetropeError) -> DecodedFrame {
        switch record.compression {
        case .vp8l:
            let decoded = try VP8LDecoder.decode(bytes, payload: record.image, maxPixels: maxPixels)
            return DecodedFrame(image: decoded.image, damage: decoded.damage)
        default:
            var alpha: [UInt8] = [], alphaDamage: ZoetropeError?
            if let payload = record.alpha {
                // The size is checked against the limits before the plane is allocated.
                let size = try VP8Decoder.checkedTag(bytes, payload: record.image, maxPixels: maxPixels)
                do throws(ZoetropeError) {
                    let plane = try WebPAlphaDecoder.decode(bytes, payload: payload, width: size.width, height: size.height)
                    guard plane.count == size.width * size.height else {
                        throw ZoetropeError(.malformed, format: .webp, offset: payload.lowerBound, "ALPH plane is not the frame's size")
                    }
                    alpha = plane
                } catch {
                    // The colour is kept, opaque; the alpha damage is reported. (Had the plane no
                    // memory, the four times larger RGBA image, reserved next, throws.)
                    alphaDamage = error
                }
            }
            let decoded = try VP8Decoder.decode(bytes, payload: record.image, upsampling: upsampling, alpha: alpha,
                                                skipsClear: blendedOver, maxPixels: maxPixels)
            return DecodedFrame(image: decoded.image, damage: decoded.damage ?? alphaDamage)
        }
    }
}
