import Zoetrope

/// Animations generated in code, in every format the service reads, and hostile files.
enum Uploads {
    /// `count` frames of `width`×`height`: a gradient with a moving square, under 256 colours (so
    /// the GIF is exact), with some transparency at the corners.
    static func frames(width: Int, height: Int, count: Int) -> [RGBAImage] {
        (0..<count).map { index in
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let square = (x: index * width / max(1, count), y: height / 4, side: max(1, min(width, height) / 3))
            for y in 0..<height {
                for x in 0..<width {
                    let p = (y * width + x) * 4
                    let inSquare = (square.x..<square.x + square.side).contains(x) && (square.y..<square.y + square.side).contains(y)
                    let corner = (x < width / 10 || x >= width - width / 10) && (y < height / 10)
                    pixels[p] = inSquare ? 250 : UInt8(x * 7 / max(1, width) * 32)
                    pixels[p + 1] = inSquare ? 40 : UInt8(y * 7 / max(1, height) * 32)
                    pixels[p + 2] = inSquare ? 40 : 120
                    pixels[p + 3] = corner ? 0 : 255
                }
            }
            return RGBAImage(width: width, height: height, pixels: pixels)
        }
    }

    static func gif(width: Int = 240, height: Int = 180, count: Int = 10, milliseconds: Int = 40) throws -> [UInt8] {
        try GIFEncoder.encode(frames: frames(width: width, height: height, count: count),
                              durations: [.milliseconds(milliseconds)], playCount: .infinite)
    }

    static func apng(width: Int = 200, height: Int = 200, count: Int = 8, milliseconds: Int = 20) throws -> [UInt8] {
        try APNGEncoder.encode(frames: frames(width: width, height: height, count: count),
                               durations: Array(repeating: .milliseconds(milliseconds), count: count),
                               playCount: .finite(2), level: 1)
    }

    static func webp(width: Int = 180, height: Int = 240, count: Int = 6, milliseconds: Int = 100) throws -> [UInt8] {
        try WebPEncoder.encode(frames: frames(width: width, height: height, count: count),
                               durations: Array(repeating: .milliseconds(milliseconds), count: count),
                               playCount: .infinite, level: 1)
    }

    // MARK: Hostile

    /// A GIF that declares a 65535×65535 canvas and frame in 40 bytes.
    static func canvasBomb() -> [UInt8] {
        gifHeader(width: 65_535, height: 65_535) + tinyFrame(width: 65_535, height: 65_535) + [0x3B]
    }

    /// A 1×1 GIF with `count` frames.
    static func frameBomb(count: Int) -> [UInt8] {
        var bytes = gifHeader(width: 1, height: 1)
        let frame = tinyFrame(width: 1, height: 1)
        for _ in 0..<count { bytes += frame }
        return bytes + [0x3B]
    }

    private static func gifHeader(width: Int, height: Int) -> [UInt8] {
        Array("GIF89a".utf8) + le16(width) + le16(height) + [0x80, 0, 0, 0, 0, 0, 255, 255, 255]
    }

    /// An image descriptor with LZW data for one pixel of index 0 (clear, 0, end).
    private static func tinyFrame(width: Int, height: Int) -> [UInt8] {
        [0x2C, 0, 0, 0, 0] + le16(width) + le16(height) + [0, 2, 2, 0x44, 0x01, 0]
    }

    private static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
}
