/// Wraps bytes in a zlib stream of stored (uncompressed) deflate blocks. Always valid, never smaller;
/// the fallback for data that does not compress.
enum ZlibStoredWriter {
    static func wrap(_ data: [UInt8]) -> [UInt8] {
        var out = ByteWriter()
        out.append(0x78) // CMF: deflate, 32 KB window
        out.append(0x01) // FLG: fastest, check bits make CMF·FLG a multiple of 31
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let isLast = offset + length == data.count
            out.append(isLast ? 1 : 0) // BFINAL, BTYPE 00 (stored)
            out.appendLittleEndian(UInt16(length))
            out.appendLittleEndian(~UInt16(length))
            out.append(contentsOf: data[offset..<offset + length])
            offset += length
        } while offset < data.count
        var adler = Adler32()
        adler.update(data)
        out.appendBigEndian(adler.value)
        return out.bytes
    }
}
