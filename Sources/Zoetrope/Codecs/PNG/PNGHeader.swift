/// The image header (`IHDR`) of a PNG file: size, sample format and interlacing.
struct PNGHeader: Sendable, Hashable {
    /// PNG colour types and their channel counts.
    enum ColorType: UInt8, Sendable, CaseIterable {
        case grey = 0
        case rgb = 2
        case palette = 3
        case greyAlpha = 4
        case rgba = 6

        var channels: Int {
            switch self {
            case .grey, .palette: return 1
            case .greyAlpha: return 2
            case .rgb: return 3
            case .rgba: return 4
            }
        }

        /// The bit depths the specification allows for this colour type.
        var allowedBitDepths: [Int] {
            switch self {
            case .grey: return [1, 2, 4, 8, 16]
            case .palette: return [1, 2, 4, 8]
            case .rgb, .greyAlpha, .rgba: return [8, 16]
            }
        }

        var hasAlphaChannel: Bool { self == .greyAlpha || self == .rgba }
    }

    var width: Int
    var height: Int
    var bitDepth: Int
    var colorType: ColorType
    var isInterlaced: Bool

    /// Bits per pixel: channels × bit depth.
    var bitsPerPixel: Int { colorType.channels * bitDepth }

    /// The byte distance filters look back: bytes per complete pixel, at least 1.
    var filterStride: Int { max(1, bitsPerPixel / 8) }

    /// Bytes in one packed row of `width` pixels (without the filter-type byte).
    func rowBytes(width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }

    init(width: Int, height: Int, bitDepth: Int, colorType: ColorType, isInterlaced: Bool) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.isInterlaced = isInterlaced
    }

    /// Parses and validates the 13 bytes of an `IHDR` chunk (the size against limits is the frame
    /// table's check).
    init(chunk data: ArraySlice<UInt8>, offset: Int) throws(ZoetropeError) {
        guard data.count == 13 else {
            throw ZoetropeError(.malformed, format: .png, offset: offset, "IHDR has \(data.count) bytes instead of 13")
        }
        let bytes = Array(data)
        let width = Int(PNGBytes.bigEndian32(bytes, 0))
        let height = Int(PNGBytes.bigEndian32(bytes, 4))
        guard width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw ZoetropeError(.malformed, format: .png, offset: offset, "image size \(width)×\(height) exceeds 2^31-1")
        }
        guard let colorType = ColorType(rawValue: bytes[9]) else {
            throw ZoetropeError(.malformed, format: .png, offset: offset, "invalid colour type \(bytes[9])")
        }
        let bitDepth = Int(bytes[8])
        guard colorType.allowedBitDepths.contains(bitDepth) else {
            throw ZoetropeError(.malformed, format: .png, offset: offset,
                                "bit depth \(bitDepth) is not allowed for colour type \(colorType.rawValue)")
        }
        guard bytes[10] == 0 else {
            throw ZoetropeError(.malformed, format: .png, offset: offset, "unknown compression method \(bytes[10])")
        }
        guard bytes[11] == 0 else {
            throw ZoetropeError(.malformed, format: .png, offset: offset, "unknown filter method \(bytes[11])")
        }
        guard bytes[12] <= 1 else {
            throw ZoetropeError(.malformed, format: .png, offset: offset, "unknown interlace method \(bytes[12])")
        }
        self.init(width: width, height: height, bitDepth: bitDepth, colorType: colorType, isInterlaced: bytes[12] == 1)
    }

    /// The 13 bytes of the `IHDR` chunk.
    var chunkData: [UInt8] {
        var writer = ByteWriter()
        writer.appendBigEndian(UInt32(width))
        writer.appendBigEndian(UInt32(height))
        writer.append(contentsOf: [UInt8(bitDepth), colorType.rawValue, 0, 0, isInterlaced ? 1 : 0])
        return writer.bytes
    }

    /// The passes of a `width`×`height` image: one full pass, or the seven Adam7 passes (empty
    /// passes included, with zero size).
    func passes(width: Int, height: Int) -> [PNGPass] {
        guard isInterlaced else { return [PNGPass(x0: 0, y0: 0, dx: 1, dy: 1, width: width, height: height)] }
        return PNGPass.adam7.map { pass in
            var pass = pass
            pass.width = width > pass.x0 ? (width - pass.x0 + pass.dx - 1) / pass.dx : 0
            pass.height = height > pass.y0 ? (height - pass.y0 + pass.dy - 1) / pass.dy : 0
            return pass
        }
    }

    /// Bytes of filtered image data (filter-type bytes included) for a `width`×`height` image.
    func filteredSize(width: Int, height: Int) -> Int {
        passes(width: width, height: height).reduce(0) { total, pass in
            pass.width == 0 || pass.height == 0 ? total : total + (rowBytes(width: pass.width) + 1) * pass.height
        }
    }
}

/// One pass over the image: every `dx`-th pixel of every `dy`-th row from (`x0`, `y0`).
struct PNGPass: Sendable, Hashable {
    var x0: Int
    var y0: Int
    var dx: Int
    var dy: Int
    var width = 0
    var height = 0

    /// The seven passes of Adam7 interlacing (sizes filled in per image).
    static let adam7: [PNGPass] = [
        PNGPass(x0: 0, y0: 0, dx: 8, dy: 8), PNGPass(x0: 4, y0: 0, dx: 8, dy: 8),
        PNGPass(x0: 0, y0: 4, dx: 4, dy: 8), PNGPass(x0: 2, y0: 0, dx: 4, dy: 4),
        PNGPass(x0: 0, y0: 2, dx: 2, dy: 4), PNGPass(x0: 1, y0: 0, dx: 2, dy: 2),
        PNGPass(x0: 0, y0: 1, dx: 1, dy: 2),
    ]
}

/// Reading big-endian fields.
enum PNGBytes {
    static func bigEndian32<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ index: Int) -> UInt32
    where Bytes.Index == Int {
        UInt32(bytes[index]) << 24 | UInt32(bytes[index + 1]) << 16 | UInt32(bytes[index + 2]) << 8 | UInt32(bytes[index + 3])
    }

    static func bigEndian16<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ index: Int) -> UInt16
    where Bytes.Index == Int {
        UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
    }
}
