/// Assembles WebP files (RIFF form `WEBP`): a still as a lone `VP8L` chunk, an animation as
/// `VP8X`, `ANIM` and one `ANMF` per frame.
enum WebPFileWriter {
    /// One chunk: the four-character code, the little-endian size, the payload and a pad byte
    /// when the size is odd.
    static func chunk(_ fourCC: UInt32, _ payload: [UInt8]) -> [UInt8] {
        var out = ByteWriter()
        out.appendLittleEndian(fourCC)
        out.appendLittleEndian(UInt32(payload.count))
        out.append(contentsOf: payload)
        if payload.count & 1 == 1 { out.append(0) }
        return out.bytes
    }

    /// The 12-byte RIFF header for `bodySize` bytes of chunks.
    static func riffHeader(bodySize: Int) -> [UInt8] {
        var out = ByteWriter()
        out.appendLittleEndian(RIFFChunk.code("RIFF"))
        out.appendLittleEndian(UInt32(4 + bodySize))
        out.appendLittleEndian(RIFFChunk.code("WEBP"))
        return out.bytes
    }

    /// `VP8X` (animation flag; alpha flag when `hasAlpha`: some frame's data has alpha or some
    /// canvas shown is not opaque; no ICC, EXIF or XMP; canvas size) and `ANIM` (transparent
    /// background, loop count).
    static func animationHeader(width: Int, height: Int, hasAlpha: Bool, loopCount: Int) -> [UInt8] {
        var features = ByteWriter()
        features.append(0x02 | (hasAlpha ? 0x10 : 0))
        features.append(contentsOf: [0, 0, 0])
        appendLittleEndian24(width - 1, to: &features)
        appendLittleEndian24(height - 1, to: &features)
        var animation = ByteWriter()
        animation.appendLittleEndian(UInt32(0)) // background: transparent black (players ignore it)
        animation.appendLittleEndian(UInt16(loopCount))
        return chunk(RIFFChunk.vp8x, features.bytes) + chunk(RIFFChunk.anim, animation.bytes)
    }

    /// One `ANMF` chunk at (`rect.x`, `rect.y`) (both even) holding the image `chunks` (`VP8L`, or
    /// `ALPH` and `VP8 `).
    static func frame(rect: PixelRect, milliseconds: Int, blends: Bool, disposesToBackground: Bool,
                      chunks: [UInt8]) -> [UInt8] {
        precondition(rect.x & 1 == 0 && rect.y & 1 == 0, "ANMF offsets are stored halved")
        var header = ByteWriter()
        appendLittleEndian24(rect.x / 2, to: &header)
        appendLittleEndian24(rect.y / 2, to: &header)
        appendLittleEndian24(rect.width - 1, to: &header)
        appendLittleEndian24(rect.height - 1, to: &header)
        appendLittleEndian24(milliseconds, to: &header)
        header.append((blends ? 0 : 0x02) | (disposesToBackground ? 0x01 : 0))
        return chunk(RIFFChunk.anmf, header.bytes + chunks)
    }

    private static func appendLittleEndian24(_ value: Int, to out: inout ByteWriter) {
        out.append(UInt8(truncatingIfNeeded: value))
        out.append(UInt8(truncatingIfNeeded: value >> 8))
        out.append(UInt8(truncatingIfNeeded: value >> 16))
    }
}
