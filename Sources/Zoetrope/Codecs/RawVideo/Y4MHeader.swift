/// The stream header of a YUV4MPEG2 stream (`ffmpeg -f yuv4mpegpipe`, `.y4m`): one text line
/// `YUV4MPEG2 W640 H480 F25:1 Ip A1:1 C420jpeg XCOLORRANGE=LIMITED`, then frames, each a line
/// `FRAME` (with optional parameters) and its planes (Y, then Cb and Cr, then alpha for
/// `444alpha`), 8 bits a sample.
///
/// What it reads: the size, the rate, the chroma subsampling (4:2:0 with any siting, 4:2:2,
/// 4:4:4, 4:4:4 with alpha, monochrome; no `C` means 4:2:0) and ffmpeg's `XCOLORRANGE` (`FULL`
/// or `LIMITED`; limited when absent). Deeper samples (`C420p10`, …) are refused. The stream
/// says nothing of its matrix: the reader chooses one (``YUVMatrix``).
package struct Y4MHeader: Sendable {
    /// How the colour planes are subsampled.
    package enum Chroma: Sendable, Hashable {
        case yuv420, yuv422, yuv444, yuv444Alpha, mono
    }

    package var width: Int
    package var height: Int
    /// Frames a second, as numerator and denominator (`nil`: the stream does not say, or says 0).
    package var rate: (numerator: Int, denominator: Int)?
    package var chroma: Chroma
    package var isFullRange: Bool
    /// The length of the header line, its newline included.
    package var length: Int

    /// The longest header line read (ffmpeg's are under 100 bytes).
    package static let maximumLength = 4096
    /// The largest width or height accepted.
    package static let maximumSide = 1 << 16

    /// Parses the header at the start of `bytes` (at least its whole first line).
    /// - Throws: ``ZoetropeError`` (`malformed`, `truncated`, `unsupportedFeature`) saying what is wrong.
    package init(_ bytes: some Collection<UInt8>) throws(ZoetropeError) {
        let line = Array(bytes.prefix(Self.maximumLength))
        guard let end = line.firstIndex(of: 0x0A) else {
            throw ZoetropeError(line.count < Self.maximumLength ? .truncated : .malformed, offset: 0,
                                "the YUV4MPEG2 header line does not end within \(line.count) bytes")
        }
        let fields = line[..<end].split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
        guard fields.first == "YUV4MPEG2" else {
            throw ZoetropeError(.malformed, offset: 0, "not a YUV4MPEG2 stream (it does not start with \"YUV4MPEG2 \")")
        }
        (width, height, rate, chroma, isFullRange) = (0, 0, nil, .yuv420, false)
        length = end + 1
        for field in fields.dropFirst() { try read(field) }
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw ZoetropeError(.malformed, offset: 0, "the YUV4MPEG2 size \(width)x\(height) is missing or not 1 to \(Self.maximumSide)")
        }
    }

    private mutating func read(_ field: String) throws(ZoetropeError) {
        let value = String(field.dropFirst())
        switch field.first {
        case "W": width = Int(value) ?? 0
        case "H": height = Int(value) ?? 0
        case "F":
            let parts = value.split(separator: ":")
            if parts.count == 2, let numerator = Int(parts[0]), let denominator = Int(parts[1]),
               numerator > 0, denominator > 0, numerator <= Int(Int32.max), denominator <= Int(Int32.max) {
                rate = (numerator, denominator)
            }
        case "C": chroma = try Self.chroma(value)
        case "X" where value.hasPrefix("COLORRANGE="): isFullRange = value == "COLORRANGE=FULL"
        default: break // interlacing, aspect ratio, comments: nothing a frame's pixels depend on
        }
    }

    private static func chroma(_ value: String) throws(ZoetropeError) -> Chroma {
        switch value {
        case "420", "420jpeg", "420paldv", "420mpeg2": return .yuv420
        case "422": return .yuv422
        case "444": return .yuv444
        case "444alpha": return .yuv444Alpha
        case "mono": return .mono
        default:
            throw ZoetropeError(.unsupportedFeature, offset: 0, "YUV4MPEG2 colour space C\(value) is not supported "
                                + "(8-bit 420, 422, 444, 444alpha and mono are; ask ffmpeg for -pix_fmt yuv420p or yuv444p)")
        }
    }

    /// The size of the chroma planes.
    package var chromaSize: PixelSize {
        switch chroma {
        case .yuv420: return PixelSize(width: (width + 1) / 2, height: (height + 1) / 2)
        case .yuv422: return PixelSize(width: (width + 1) / 2, height: height)
        case .yuv444, .yuv444Alpha: return PixelSize(width: width, height: height)
        case .mono: return PixelSize(width: 0, height: 0)
        }
    }

    /// The bytes of one frame's planes (after its `FRAME` line).
    package var frameBytes: Int {
        let chromaPlane = chromaSize.width * chromaSize.height
        return width * height * (chroma == .yuv444Alpha ? 2 : 1) + 2 * chromaPlane
    }

    /// The length of the `FRAME` line at the start of `bytes`, its newline included.
    /// - Throws: ``ZoetropeError`` when `bytes` does not start with a frame header.
    package static func frameHeaderLength(_ bytes: some Collection<UInt8>) throws(ZoetropeError) -> Int {
        let line = bytes.prefix(maximumLength)
        guard line.starts(with: Array("FRAME".utf8)), let end = line.firstIndex(of: 0x0A) else {
            throw ZoetropeError(.malformed, "a YUV4MPEG2 frame does not start with a FRAME line")
        }
        return line.distance(from: line.startIndex, to: end) + 1
    }
}
