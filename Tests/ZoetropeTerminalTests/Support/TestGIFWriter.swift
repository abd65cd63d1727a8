/// Writes small GIF89a files for tests: a global palette of up to 4 colours, full-canvas frames,
/// a NETSCAPE2.0 loop count, and image data as "uncompressed" LZW (a clear code before every two
/// pixels, so the code size stays at 3 bits and no dictionary entry is ever used).
struct TestGIFWriter {
    var width: Int
    var height: Int
    /// Up to 4 colours, RGB.
    var palette: [(UInt8, UInt8, UInt8)]
    /// The stored loop count (0 = forever); `nil` writes no NETSCAPE2.0 block.
    var loopCount: Int? = 0
    private(set) var frames: [(indices: [UInt8], delayCentiseconds: Int)] = []

    init(width: Int, height: Int, palette: [(UInt8, UInt8, UInt8)]) {
        precondition(palette.count <= 4)
        self.width = width
        self.height = height
        self.palette = palette
    }

    /// Adds a frame of palette indices, row by row.
    mutating func addFrame(_ indices: [UInt8], delayCentiseconds: Int) {
        precondition(indices.count == width * height)
        frames.append((indices, delayCentiseconds))
    }

    /// The file.
    func encode() -> [UInt8] {
        var out = Array("GIF89a".utf8)
        appendLittleEndian(width, to: &out)
        appendLittleEndian(height, to: &out)
        out += [0b1111_0001, 0, 0] // global table of 4 entries, colour resolution 8 bits
        for index in 0..<4 {
            let color = index < palette.count ? palette[index] : (0, 0, 0)
            out += [color.0, color.1, color.2]
        }
        if let loopCount {
            out += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01]
            appendLittleEndian(loopCount, to: &out)
            out.append(0)
        }
        for frame in frames {
            out += [0x21, 0xF9, 0x04, 0b0000_0100] // disposal 1 (none), no transparency
            appendLittleEndian(frame.delayCentiseconds, to: &out)
            out += [0, 0]
            out.append(0x2C)
            appendLittleEndian(0, to: &out)
            appendLittleEndian(0, to: &out)
            appendLittleEndian(width, to: &out)
            appendLittleEndian(height, to: &out)
            out.append(0) // no local table, not interlaced
            out.append(2) // LZW minimum code size
            let data = Self.uncompressedLZW(frame.indices)
            var start = 0
            while start < data.count {
                let end = min(data.count, start + 255)
                out.append(UInt8(end - start))
                out += data[start..<end]
                start = end
            }
            out.append(0)
        }
        out.append(0x3B)
        return out
    }

    /// 3-bit codes, least significant bit first: clear (4), up to two literals, …, end (5).
    private static func uncompressedLZW(_ indices: [UInt8]) -> [UInt8] {
        var codes: [Int] = []
        for (position, index) in indices.enumerated() {
            if position % 2 == 0 { codes.append(4) }
            codes.append(Int(index))
        }
        codes.append(5)
        var bytes: [UInt8] = []
        var buffer = 0, bits = 0
        for code in codes {
            buffer |= code << bits
            bits += 3
            while bits >= 8 {
                bytes.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                bits -= 8
            }
        }
        if bits > 0 { bytes.append(UInt8(buffer & 0xFF)) }
        return bytes
    }

    private func appendLittleEndian(_ value: Int, to out: inout [UInt8]) {
        out.append(UInt8(value & 0xFF))
        out.append(UInt8(value >> 8 & 0xFF))
    }
}
