/// One of the four reversible transforms a VP8L image may apply before entropy coding
/// (RFC 9649 §4). Each is stored with the image width it applies to.
enum VP8LTransform: Sendable {
    /// Spatial prediction: per tile of 2^`bits` pixels a predictor mode (in the green byte of
    /// `modes`, `tilesPerRow` per row).
    case predictor(VP8LTileData)
    /// Cross-colour: per tile, multipliers green→red (blue byte), green→blue (green byte) and
    /// red→blue (red byte).
    case crossColor(VP8LTileData)
    /// Green was subtracted from red and blue.
    case subtractGreen(width: Int)
    /// Pixels are palette indices, 2^`bits` of them packed into one coded pixel.
    case colorIndexing(VP8LPalette)

    /// The type codes of the format, in the order of the 2-bit field.
    enum Kind: Int { case predictor = 0, crossColor = 1, subtractGreen = 2, colorIndexing = 3 }

    /// Undoes the transform on the first `rows` rows of `pixels`.
    func invert(_ pixels: UnsafeMutableBufferPointer<UInt32>, rows: Int) {
        switch self {
        case .predictor(let data): unsafe VP8LPredictorTransform.invert(pixels, rows: rows, data: data)
        case .crossColor(let data): unsafe VP8LCrossColorTransform.invert(pixels, rows: rows, data: data)
        case .subtractGreen(let width): unsafe VP8LSubtractGreenTransform.invert(pixels, count: rows * width)
        case .colorIndexing(let palette): unsafe palette.invert(pixels, rows: rows)
        }
    }
}

/// A transform's per-tile sub-image.
struct VP8LTileData: Sendable {
    /// Width of the image the transform applies to.
    var width: Int
    /// log2 of the tile side (2...9).
    var bits: Int
    /// Tiles per row: ⌈width / 2^bits⌉.
    var tilesPerRow: Int
    /// One ARGB word per tile, row-major.
    var tiles: [UInt32]
}

/// ⌈size / 2^bits⌉: the size of a sub-sampled image.
@inline(__always)
func vp8lSubsampledSize(_ size: Int, bits: Int) -> Int {
    (size + (1 << bits) - 1) >> bits
}

/// Per-channel (byte-wise, modulo 256) addition of two ARGB words.
@inline(__always)
func vp8lAddPixels(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let alphaGreen = (a & 0xff00_ff00) &+ (b & 0xff00_ff00)
    let redBlue = (a & 0x00ff_00ff) &+ (b & 0x00ff_00ff)
    return (alphaGreen & 0xff00_ff00) | (redBlue & 0x00ff_00ff)
}
