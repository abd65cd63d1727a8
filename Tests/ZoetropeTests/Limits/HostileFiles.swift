@testable import Zoetrope

/// Hostile files built in code: small inputs that declare, or expand to, far more than they are.
enum HostileFiles {
    // MARK: GIF

    /// A GIF with a `width`×`height` logical screen, a 2-colour global table and the given frames.
    static func gif(width: Int, height: Int, frames: [[UInt8]]) -> [UInt8] {
        var bytes = Array("GIF89a".utf8)
        bytes += littleEndian16(width) + littleEndian16(height)
        bytes += [0x80, 0, 0]            // global table of 2 colours
        bytes += [0, 0, 0, 255, 255, 255]
        for frame in frames { bytes += frame }
        bytes.append(0x3B)
        return bytes
    }

    /// An image descriptor at (0, 0) of `width`×`height`, minimum code size 2, with `lzw` as its
    /// sub-blocked image data.
    static func gifFrame(width: Int, height: Int, lzw: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [0x2C, 0, 0, 0, 0] + littleEndian16(width) + littleEndian16(height) + [0, 2]
        bytes += subBlocks(lzw)
        return bytes
    }

    /// LZW data (code size 3) for `pixels` pixels of index 0: clear code, then 0s, end code, with a
    /// clear every few codes so the code width never grows.
    static func lzwZeros(pixels: Int) -> [UInt8] {
        var writer = BitWriter()
        for index in 0..<pixels {
            if index % 2 == 0 { writer.write(4, bits: 3) } // clear before the code width grows to 4
            writer.write(0, bits: 3)
        }
        writer.write(5, bits: 3)
        return writer.finished()
    }

    /// LZW data that never ends: `codes` codes that each repeat the longest string in the table so
    /// far (the classic KwKwK pattern), so output grows quadratically with the input, and no end code.
    static func lzwEndless(codes: Int) -> [UInt8] {
        var writer = BitWriter()
        writer.write(4, bits: 3)          // clear: codes 0–3 are pixels, 4 clear, 5 end
        writer.write(0, bits: 3)
        var next = 6, width = 3
        for _ in 0..<codes {
            if next == 4096 {             // table full: keep emitting the last code (deferred clear)
                writer.write(4095, bits: 12)
                continue
            }
            writer.write(UInt32(next), bits: width) // KwKwK: the code about to be defined
            next += 1
            if next == 1 << width && width < 12 { width += 1 }
        }
        return writer.finished()
    }

    static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        var start = 0
        while start < data.count {
            let end = min(start + 255, data.count)
            bytes.append(UInt8(end - start))
            bytes += data[start..<end]
            start = end
        }
        bytes.append(0)
        return bytes
    }

    // MARK: PNG

    /// A PNG: signature, IHDR (8-bit RGBA unless told), extra chunks, IDAT with `zlib`, IEND.
    static func png(width: Int, height: Int, colorType: UInt8 = 6, before: [[UInt8]] = [], idat: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", bigEndian32(width) + bigEndian32(height) + [8, colorType, 0, 0, 0])
        for extra in before { bytes += extra }
        bytes += chunk("IDAT", idat)
        bytes += chunk("IEND", [])
        return bytes
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian32(data.count) + typeBytes + data + bigEndian32(Int(crc32(typeBytes + data)))
    }

    /// `acTL`: the declared frame count and play count.
    static func acTL(frames: UInt32, plays: UInt32 = 0) -> [UInt8] {
        chunk("acTL", bigEndian32(Int(frames)) + bigEndian32(Int(plays)))
    }

    /// `fcTL` for a full-image frame of `width`×`height`.
    static func fcTL(sequence: Int, width: Int, height: Int) -> [UInt8] {
        chunk("fcTL", bigEndian32(sequence) + bigEndian32(width) + bigEndian32(height)
              + bigEndian32(0) + bigEndian32(0) + [0, 1, 0, 100, 0, 0])
    }

    // MARK: zlib

    /// A valid zlib stream of `1 + 258 × matches` zero bytes: one fixed-Huffman block of a literal 0
    /// and `matches` copies of (length 258, distance 1), 13 bits each, so it expands about 1 270-fold.
    static func zlibZeros(matches: Int) -> [UInt8] {
        var writer = BitWriter()
        writer.write(1, bits: 1)                    // BFINAL
        writer.write(1, bits: 2)                    // BTYPE 01: fixed Huffman
        writer.huffman(0b0011_0000, length: 8) // literal 0
        for _ in 0..<matches {
            writer.huffman(0b1100_0101, length: 8) // symbol 285: length 258
            writer.huffman(0, length: 5)           // distance code 0: distance 1
        }
        writer.huffman(0, length: 7)           // end of block (256)
        let total = 1 + 258 * matches
        let adler = UInt32(total % 65521) << 16 | 1 // the Adler-32 of `total` zero bytes
        return [0x78, 0x01] + writer.finished() + bigEndian32(Int(adler))
    }

    /// A zlib stream holding `data` in one stored block (at most 65 535 bytes).
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        let length = data.count
        var bytes: [UInt8] = [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8)]
        bytes += [UInt8(~length & 0xFF), UInt8(~length >> 8 & 0xFF)]
        var a = 1, b = 0
        for byte in data {
            a = (a + Int(byte)) % 65521
            b = (b + a) % 65521
        }
        return bytes + data + bigEndian32(b << 16 | a)
    }

    // MARK: helpers

    static func littleEndian16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }

    static func bigEndian32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}

/// Deflate Huffman codes and flushing on top of the product's deflate bit writer (which packs bits
/// least significant first, as GIF LZW does too).
extension BitWriter {
    /// Appends a deflate Huffman code, whose bits go most significant first.
    mutating func huffman(_ code: UInt32, length: Int) {
        var reversed: UInt32 = 0
        for bit in 0..<length where code >> UInt32(bit) & 1 == 1 { reversed |= 1 << UInt32(length - 1 - bit) }
        write(reversed, bits: length)
    }

    /// The bytes written, with a partial last byte padded with zeros.
    func finished() -> [UInt8] {
        var copy = self
        copy.alignToByte()
        return copy.bytes
    }
}
