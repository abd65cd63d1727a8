import Foundation
import Testing
import Zoetrope

// Hostile images the command tests build in code.

/// Small files that declare a 10000×10000 canvas (100 megapixels, within the default limit, 400 MB
/// as RGBA).
struct HugeCanvas: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]

    var testDescription: String { name }

    /// A 34-byte lossless WebP of `side`×`side`: a VP8L image whose five prefix codes each have one
    /// symbol, so that every pixel takes no bits.
    static func losslessWebP(side: Int = 10_000) -> HugeCanvas {
        let payload = vp8l(width: side, height: side, green: 200, red: 40, blue: 80, alpha: 255)
        var chunk = Array("VP8L".utf8) + littleEndian32(payload.count) + payload
        if payload.count % 2 == 1 { chunk.append(0) }
        return HugeCanvas(name: "huge.webp", bytes: Array("RIFF".utf8) + littleEndian32(4 + chunk.count) + Array("WEBP".utf8) + chunk)
    }

    /// A one-frame APNG of 1-bit grey `side`×`side` whose zlib stream holds rows of zeros (12.5 MB
    /// in a few kilobytes for the default 10000×10000; level 1, quick in a debug build).
    static func apng(side: Int = 10_000) -> HugeCanvas {
        let rows = [UInt8](repeating: 0, count: (1 + (side + 7) / 8) * side)
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", bigEndian32(side) + bigEndian32(side) + [1, 0, 0, 0, 0])
        bytes += chunk("acTL", bigEndian32(1) + bigEndian32(0))
        bytes += chunk("fcTL", bigEndian32(0) + bigEndian32(side) + bigEndian32(side) + bigEndian32(0) + bigEndian32(0)
                       + [0, 1, 0, 10, 0, 0])
        bytes += chunk("IDAT", Zlib.compress(rows, level: 1))
        bytes += chunk("IEND", [])
        return HugeCanvas(name: "huge.png", bytes: bytes)
    }

    /// A VP8L stream of one colour: its five prefix codes each have one symbol, so that every
    /// pixel takes no bits.
    static func vp8l(width: Int, height: Int, green: UInt32, red: UInt32, blue: UInt32, alpha: UInt32) -> [UInt8] {
        var bits = LSBBits()
        bits.write(0x2F, 8)
        bits.write(UInt32(width - 1), 14)
        bits.write(UInt32(height - 1), 14)
        bits.write(1, 1)               // alpha hint
        bits.write(0, 3)               // version
        bits.write(0, 3)               // no transform, no colour cache, no meta prefix codes
        for symbol in [green, red, blue, alpha, 0] {   // the fifth code is the distance code's
            bits.write(1, 1)           // simple code
            bits.write(0, 1)           // one symbol
            bits.write(1, 1)           // of 8 bits
            bits.write(symbol, 8)
        }
        return bits.bytes
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in typed {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return bigEndian32(data.count) + typed + bigEndian32(Int(crc ^ 0xFFFF_FFFF))
    }

    private static func bigEndian32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func littleEndian32(_ value: Int) -> [UInt8] { bigEndian32(value).reversed() }
}

/// A 4000×4000 animated WebP of 300 frames of 2×2, each shown 100 ms and disposed to background
/// (about 14 KB): every frame costs 4 pixels, so nothing should cost a canvas per frame.
enum TinyFrames {
    static let side = 4000

    static let webP: [UInt8] = {
        var body = riffChunk("VP8X", [0x12, 0, 0, 0] + littleEndian24(side - 1) + littleEndian24(side - 1))
        body += riffChunk("ANIM", [0, 0, 0, 0, 0, 0])
        for index in 0..<300 {
            let x = (index * 26) % (side - 2) & ~1, y = (index * 13) % (side - 2) & ~1
            var header = littleEndian24(x / 2) + littleEndian24(y / 2) + littleEndian24(1) + littleEndian24(1)
            header += littleEndian24(100) + [0x01]   // 100 ms, blend, dispose to background
            let color = [UInt32(index * 91 & 0xFF), UInt32(index * 37 & 0xFF), UInt32(index * 53 & 0xFF), 255]
            body += riffChunk("ANMF", header + riffChunk("VP8L", HugeCanvas.vp8l(width: 2, height: 2, green: color[0], red: color[1],
                                                                                   blue: color[2], alpha: color[3])))
        }
        return Array("RIFF".utf8) + littleEndian32(4 + body.count) + Array("WEBP".utf8) + body
    }()

    private static func riffChunk(_ fourCC: String, _ payload: [UInt8]) -> [UInt8] {
        Array(fourCC.utf8) + littleEndian32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    private static func littleEndian24(_ value: Int) -> [UInt8] { Array(littleEndian32(value).prefix(3)) }

    private static func littleEndian32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
}

/// Bits written least significant first (VP8L's order).
struct LSBBits {
    private(set) var bytes: [UInt8] = []
    private var used = 0

    mutating func write(_ value: UInt32, _ count: Int) {
        for bit in 0..<count {
            if used % 8 == 0 { bytes.append(0) }
            if value >> UInt32(bit) & 1 == 1 { bytes[bytes.count - 1] |= 1 << UInt8(used % 8) }
            used += 1
        }
    }
}
