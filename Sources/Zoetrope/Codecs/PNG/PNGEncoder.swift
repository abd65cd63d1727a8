/// Writes RGBA images as PNG files (colour type 6, 8 bits per sample).
public enum PNGEncoder {
    /// Encodes `image` as a PNG file.
    public static func encode(_ image: RGBAImage) -> [UInt8] {
        var out = ByteWriter()
        out.append(contentsOf: ImageFormat.pngSignature)
        var header = ByteWriter()
        header.appendBigEndian(UInt32(image.width))
        header.appendBigEndian(UInt32(image.height))
        header.append(contentsOf: [8, 6, 0, 0, 0]) // depth 8, RGBA, deflate, adaptive filters, no interlace
        appendChunk("IHDR", header.bytes, to: &out)
        var filtered = [UInt8]()
        filtered.reserveCapacity((image.bytesPerRow + 1) * image.height)
        for y in 0..<image.height {
            filtered.append(0) // filter type None
            filtered.append(contentsOf: image.pixels[y * image.bytesPerRow..<(y + 1) * image.bytesPerRow])
        }
        appendChunk("IDAT", ZlibStoredWriter.wrap(filtered), to: &out)
        appendChunk("IEND", [], to: &out)
        return out.bytes
    }

    static func appendChunk(_ type: String, _ data: [UInt8], to out: inout ByteWriter) {
        out.appendBigEndian(UInt32(data.count))
        var crc = CRC32()
        let typeBytes = Array(type.utf8)
        crc.update(typeBytes)
        crc.update(data)
        out.append(contentsOf: typeBytes)
        out.append(contentsOf: data)
        out.appendBigEndian(crc.value)
    }
}
