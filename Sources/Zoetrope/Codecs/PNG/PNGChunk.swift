/// One chunk of a PNG file, located without copying its data.
struct PNGChunk: Sendable {
    /// The four type letters as a big-endian number (`IHDR` = 0x49484452).
    var type: UInt32
    /// Offset of the chunk's length field in the file.
    var offset: Int
    /// Where the chunk's data lies in the file (shorter than declared when the file is truncated).
    var data: Range<Int>
    /// Whether the stored CRC matches the type and data (false for a truncated chunk).
    var isCRCValid: Bool
    /// Whether the file ends inside this chunk.
    var isTruncated: Bool

    /// Critical chunks (upper-case first letter) must be understood; ancillary ones may be skipped.
    var isCritical: Bool { type & 0x2000_0000 == 0 }

    /// The type as text, for messages.
    var name: String { Self.name(type) }

    /// The four type bytes as text; a byte that is not a printable ASCII character (damaged files
    /// have any) is written as `\xNN`, so messages stay one clean line.
    static func name(_ type: UInt32) -> String {
        var text = ""
        for shift: UInt32 in [24, 16, 8, 0] {
            let byte = UInt8(truncatingIfNeeded: type >> shift)
            if (0x21...0x7E).contains(byte) && byte != UInt8(ascii: "\\") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return text
    }

    static func code(_ name: StaticString) -> UInt32 {
        name.withUTF8Buffer { unsafe $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }

    static let ihdr = code("IHDR"), plte = code("PLTE"), idat = code("IDAT"), iend = code("IEND")
    static let trns = code("tRNS"), actl = code("acTL"), fctl = code("fcTL"), fdat = code("fdAT")

    /// Walks the chunks after the signature up to `IEND` or the first structural problem, which is
    /// returned (a truncated last chunk is included, marked as such).
    static func walk(_ bytes: ByteView) -> (chunks: [PNGChunk], problem: ZoetropeError?) {
        var chunks: [PNGChunk] = []
        var offset = 8
        while true {
            guard offset + 8 <= bytes.count else {
                let problem = ZoetropeError(.truncated, format: .png, offset: offset,
                                            offset == bytes.count ? "file ends without an IEND chunk" : "file ends inside a chunk header")
                return (chunks, problem)
            }
            let length = Int(PNGBytes.bigEndian32(bytes, offset))
            let type = PNGBytes.bigEndian32(bytes, offset + 4)
            guard length <= Int(Int32.max) else {
                return (chunks, ZoetropeError(.malformed, format: .png, offset: offset,
                                              "chunk length \(length) exceeds 2^31-1"))
            }
            let start = offset + 8
            let end = start + length
            if end + 4 > bytes.count {
                let chunk = PNGChunk(type: type, offset: offset, data: start..<min(end, bytes.count),
                                     isCRCValid: false, isTruncated: true)
                chunks.append(chunk)
                let remaining = max(0, bytes.count - start)
                let what = length > remaining
                    ? "the \(chunk.name) chunk's length \(length) runs past the end of the file (\(remaining) bytes follow its header)"
                    : "file ends inside the \(chunk.name) chunk"
                return (chunks, ZoetropeError(.truncated, format: .png, offset: offset, what))
            }
            var crc = CRC32()
            unsafe crc.update(bytes[offset + 4..<end].buffer)
            let stored = PNGBytes.bigEndian32(bytes, end)
            chunks.append(PNGChunk(type: type, offset: offset, data: start..<end, isCRCValid: crc.value == stored,
                                   isTruncated: false))
            if type == iend { return (chunks, nil) }
            offset = end + 4
        }
    }
}

extension PNGChunk {
    /// `input` with the CRC of every complete chunk rewritten to match, so that mutated chunks are
    /// not simply refused as corrupt (for fuzzing; CRC checking itself has unit tests).
    @Sendable static func repairingCRCs(_ input: [UInt8]) -> [UInt8] {
        var bytes = input
        var position = 8
        while position + 12 <= bytes.count {
            let length = Int(PNGBytes.bigEndian32(bytes, position))
            let end = position + 8 + length
            guard end + 4 <= bytes.count else { break }
            let crc = CRC32.checksum(bytes[position + 4..<end])
            for (index, shift) in [24, 16, 8, 0].enumerated() {
                bytes[end + index] = UInt8(truncatingIfNeeded: crc >> UInt32(shift))
            }
            position = end + 4
        }
        return bytes
    }
}
