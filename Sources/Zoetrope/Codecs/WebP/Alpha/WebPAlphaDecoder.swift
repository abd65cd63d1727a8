/// Decodes the ALPH chunk that carries the alpha plane of a lossy (VP8) WebP image.
///
/// The first byte holds, from the low bits up: the compression method (0 raw, 1 a headerless
/// VP8L stream whose green channel is the alpha), the filter (0–3), the pre-processing hint
/// (0–1, informative: libwebp only dithers when asked to, and Zoetrope does not) and two reserved
/// bits that must be 0.
enum WebPAlphaDecoder {
    /// Decodes an ALPH chunk payload for a `width × height` frame: one alpha byte per pixel,
    /// row-major.
    static func decode(_ bytes: ByteView, payload: Range<Int>, width: Int, height: Int) throws(ZoetropeError) -> [UInt8] {
        let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, !overflow else {
            throw ZoetropeError(.malformed, format: .webp, offset: payload.lowerBound, "ALPH frame size \(width)×\(height) is invalid")
        }
        guard payload.lowerBound >= 0, payload.upperBound <= bytes.count, payload.count > 1 else {
            throw ZoetropeError(.truncated, format: .webp, offset: payload.lowerBound, "ALPH chunk has no alpha data")
        }
        let header = bytes[payload.lowerBound]
        let method = header & 3
        let filter = AlphaFilter(rawValue: Int((header >> 2) & 3)) ?? .none
        guard method <= 1, (header >> 4) & 3 <= 1, header >> 6 == 0 else {
            throw ZoetropeError(.malformed, format: .webp, offset: payload.lowerBound,
                                "ALPH header byte 0x\(String(header, radix: 16)) is invalid")
        }
        let data = payload.lowerBound + 1 ..< payload.upperBound
        var plane: [UInt8]
        if method == 0 {
            try MemoryHeadroom.reserve(pixelCount, for: "a \(width)×\(height) alpha plane", format: .webp,
                                       offset: payload.lowerBound)
            guard data.count >= pixelCount else {
                throw ZoetropeError(.truncated, format: .webp, offset: payload.upperBound,
                                    "ALPH raw data has \(data.count) bytes for \(pixelCount) pixels")
            }
            plane = unsafe Array(bytes[data.lowerBound ..< data.lowerBound + pixelCount].buffer)
        } else {
            let decoded = try VP8LDecoder.decodeAlphaStream(bytes, payload: data, width: width, height: height)
            if let damage = decoded.damage { throw damage }
            plane = decoded.plane
        }
        filter.unfilter(&plane, width: width, height: height)
        return plane
    }
}
