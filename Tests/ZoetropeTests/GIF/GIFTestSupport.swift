import Testing
import Zoetrope

/// Builders for hand-made GIFs, made with ``GIFEncoder``'s indexed API.
enum GIFFixtures {
    typealias Color = GIFEncoder.Color

    /// `count` distinct, easily told apart colours.
    static func palette(_ count: Int) -> [Color] {
        (0..<count).map { Color(red: UInt8(truncatingIfNeeded: $0 &* 37 &+ 11), green: UInt8(truncatingIfNeeded: $0 &* 91 &+ 3),
                                blue: UInt8(truncatingIfNeeded: $0)) }
    }

    /// Random indices below `limit`.
    static func randomIndices(_ count: Int, below limit: Int, seed: UInt64) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8(Int.random(in: 0..<limit, using: &generator)) }
    }

    /// An animation of `count` full-canvas frames of random indices below `colors` over
    /// ``palette(_:)``, cycling through `distinct` different frames (frame `n` is
    /// ``noiseIndices(frame:width:height:colors:)`` of `n % distinct`). It goes through the indexed
    /// encoder, so making a long file costs LZW alone: no quantisation, quick in a debug build.
    static func noise(frames count: Int, width: Int, height: Int, colors: Int, distinct: Int = 40) throws -> [UInt8] {
        let rect = PixelRect(x: 0, y: 0, width: width, height: height)
        let cycle = (0..<min(distinct, count)).map { noiseIndices(frame: $0, width: width, height: height, colors: colors) }
        let frames = (0..<count).map { GIFEncoder.IndexedFrame(rect: rect, indices: cycle[$0 % cycle.count], delayCentiseconds: 2) }
        return try GIFEncoder.encode(GIFEncoder.IndexedImage(canvasSize: PixelSize(width: width, height: height),
                                                             globalColorTable: palette(colors), loopCount: 0, frames: frames))
    }

    /// The indices of ``noise(frames:width:height:colors:distinct:)``'s frame `frame`.
    static func noiseIndices(frame: Int, width: Int, height: Int, colors: Int) -> [UInt8] {
        randomIndices(width * height, below: colors, seed: UInt64(frame) &+ 1)
    }

    /// What `indices` over ``palette(_:)`` of `colors` look like: opaque RGBA.
    static func rgba(_ indices: [UInt8], width: Int, height: Int, colors: Int) -> RGBAImage {
        let colours = palette(colors)
        return RGBAImage(width: width, height: height, pixels: indices.flatMap { index -> [UInt8] in
            let colour = colours[Int(index)]
            return [colour.red, colour.green, colour.blue, 255]
        })
    }

    /// A frame covering `rect`, every pixel `index`.
    static func solid(_ rect: PixelRect, index: UInt8, disposal: Int = 0, transparentIndex: UInt8? = nil,
                      delay: Int? = 5) -> GIFEncoder.IndexedFrame {
        GIFEncoder.IndexedFrame(rect: rect, indices: [UInt8](repeating: index, count: rect.width * rect.height),
                                disposal: disposal, transparentIndex: transparentIndex, delayCentiseconds: delay)
    }

    /// A one-frame file showing `indices` in a `width`×`height` image over `palette`.
    static func still(width: Int, height: Int, indices: [UInt8], palette: [Color], interlaced: Bool = false,
                      lzw: GIFEncoder.LZWOptions = .standard) throws -> [UInt8] {
        let frame = GIFEncoder.IndexedFrame(rect: PixelRect(x: 0, y: 0, width: width, height: height), indices: indices,
                                            isInterlaced: interlaced, lzw: lzw)
        return try GIFEncoder.encode(GIFEncoder.IndexedImage(canvasSize: PixelSize(width: width, height: height),
                                                             globalColorTable: palette, frames: [frame]))
    }

    /// The LZW data of the first image in `file` (a file ``still(width:height:indices:palette:interlaced:lzw:)``
    /// made), without its sub-block framing.
    static func imageData(of file: [UInt8]) -> [UInt8] {
        var position = 13 + (file[10] & 0x80 != 0 ? 3 * (2 << Int(file[10] & 0x07)) : 0)
        while file[position] == 0x21 { // skip extensions
            position += 2
            while file[position] != 0 { position += Int(file[position]) + 1 }
            position += 1
        }
        position += 11 // descriptor and code size (these stills have no local table)
        var data: [UInt8] = []
        while file[position] != 0 {
            let length = Int(file[position])
            data += file[position + 1...position + length]
            position += length + 1
        }
        return data
    }

    /// The RGBA pixels `indices` should decode to over `palette` (opaque).
    static func expectedPixels(_ indices: [UInt8], palette: [Color]) -> [UInt8] {
        indices.flatMap { index -> [UInt8] in
            let color = palette[Int(index)]
            return [color.red, color.green, color.blue, 255]
        }
    }

    /// `image` with the RGB of fully transparent pixels set to 0, as the corpus compares frames.
    static func canonical(_ image: RGBAImage) -> RGBAImage {
        var copy = image
        for index in stride(from: 0, to: copy.pixels.count, by: 4) where copy.pixels[index + 3] == 0 {
            copy[byte: index] = 0; copy[byte: index + 1] = 0; copy[byte: index + 2] = 0
        }
        return copy
    }

    /// Every frame through `forEachFrame`, copied.
    static func sequentialFrames(_ image: AnimatedImage) throws -> [RGBAImage] {
        var frames: [RGBAImage] = []
        try image.forEachFrame { _, frame in frames.append(frame) }
        return frames
    }
}

/// Packs LZW codes least-significant bit first, for streams no encoder would write.
struct CodeWriter {
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt32 = 0
    private var count: UInt32 = 0

    mutating func write(_ code: Int, width: Int) {
        buffer |= UInt32(code) << count
        count += UInt32(width)
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    func finished() -> [UInt8] { count > 0 ? bytes + [UInt8(truncatingIfNeeded: buffer)] : bytes }
}

/// Writes GIF bytes by hand: headers, raw extensions and raw image data.
struct GIFByteBuilder {
    private(set) var bytes: [UInt8]

    init(width: Int, height: Int, palette: [GIFEncoder.Color]?, version: String = "GIF89a") {
        bytes = Array(version.utf8) + Self.le(width) + Self.le(height)
        if let palette {
            let field = max(0, (palette.count - 1).bitWidthNeeded - 1)
            bytes += [0x80 | UInt8(field), 0, 0]
            for index in 0..<(2 << field) {
                let color = index < palette.count ? palette[index] : GIFEncoder.Color(red: 0, green: 0, blue: 0)
                bytes += [color.red, color.green, color.blue]
            }
        } else {
            bytes += [0, 0, 0]
        }
    }

    mutating func graphicControl(disposal: Int = 0, delay: Int = 0, transparentIndex: UInt8? = nil) {
        bytes += [0x21, 0xF9, 4, UInt8(disposal << 2) | (transparentIndex == nil ? 0 : 1)] + Self.le(delay) + [transparentIndex ?? 0, 0]
    }

    mutating func loop(_ count: Int, identifier: String = "NETSCAPE2.0") {
        bytes += [0x21, 0xFF, 11] + Array(identifier.utf8) + [3, 1] + Self.le(count) + [0]
    }

    mutating func extensionBlock(label: UInt8, subBlocks: [[UInt8]]) {
        bytes += [0x21, label]
        for block in subBlocks { bytes += [UInt8(block.count)] + block }
        bytes.append(0)
    }

    /// An image descriptor followed by `data` (raw LZW bytes) in sub-blocks of `subBlockSize`.
    mutating func image(_ rect: PixelRect, minimumCodeSize: Int, data: [UInt8], subBlockSize: Int = 255,
                        interlaced: Bool = false) {
        bytes += [0x2C] + Self.le(rect.x) + Self.le(rect.y) + Self.le(rect.width) + Self.le(rect.height) + [interlaced ? 0x40 : 0]
        bytes.append(UInt8(minimumCodeSize))
        var start = 0
        while start < data.count {
            let end = min(start + subBlockSize, data.count)
            bytes += [UInt8(end - start)] + data[start..<end]
            start = end
        }
        bytes.append(0)
    }

    mutating func trailer() { bytes.append(0x3B) }

    private static func le(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
}

extension Int {
    fileprivate var bitWidthNeeded: Int { Int.bitWidth - leadingZeroBitCount }
}
