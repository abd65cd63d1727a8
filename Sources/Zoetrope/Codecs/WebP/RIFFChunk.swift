/// One chunk of a RIFF file, located without copying: a four-character code, a little-endian
/// payload size, the payload, and a pad byte when the size is odd.
struct RIFFChunk: Sendable {
    /// The four characters as a little-endian number, as they appear in the file.
    let fourCC: UInt32
    /// Offset of the chunk header.
    let offset: Int
    /// The payload size the header declares.
    let declaredSize: Int
    /// The payload present in the data (shorter than declared when the data ends inside it).
    let payload: Range<Int>

    /// Whether the data ends before the declared payload does.
    var isTruncated: Bool { payload.count < declaredSize }

    /// Where the next chunk starts (after the pad byte of an odd-sized payload).
    var end: Int { offset + 8 + declaredSize + (declaredSize & 1) }

    /// The four characters, for messages (bytes outside printable ASCII shown as `?`).
    var name: String { Self.name(fourCC) }

    static func name(_ code: UInt32) -> String {
        String((0..<4).map { index -> Character in
            let byte = UInt8(truncatingIfNeeded: code >> (8 * index))
            return (0x20...0x7E).contains(byte) ? Character(Unicode.Scalar(byte)) : "?"
        })
    }

    /// The code of four ASCII characters.
    static func code(_ text: StaticString) -> UInt32 {
        text.withUTF8Buffer { unsafe $0.reversed().reduce(0) { $0 << 8 | UInt32($1) } }
    }

    static let vp8 = code("VP8 "), vp8l = code("VP8L"), vp8x = code("VP8X"), alph = code("ALPH")
    static let anim = code("ANIM"), anmf = code("ANMF"), iccp = code("ICCP"), exif = code("EXIF")
    static let xmp = code("XMP ")

    /// Reads the chunk whose header starts at `offset`, which must lie before `end` (the end of
    /// the RIFF data present). Returns `nil` when fewer than 8 bytes remain.
    static func read(_ bytes: ByteView, at offset: Int, end: Int) -> RIFFChunk? {
        guard offset <= end - 8 else { return nil }
        let fourCC = WebPBytes.littleEndian32(bytes, offset)
        let size = Int(WebPBytes.littleEndian32(bytes, offset + 4))
        let start = offset + 8
        return RIFFChunk(fourCC: fourCC, offset: offset, declaredSize: size,
                         payload: start..<min(end, start + size))
    }
}

/// Little-endian fields of WebP headers.
enum WebPBytes {
    static func littleEndian32<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ offset: Int) -> UInt32
    where Bytes.Index == Int {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }

    static func littleEndian24<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ offset: Int) -> Int
    where Bytes.Index == Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
    }

    static func littleEndian16<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ offset: Int) -> Int
    where Bytes.Index == Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }
}
