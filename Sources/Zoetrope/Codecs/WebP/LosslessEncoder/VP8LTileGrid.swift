/// The tiles of 2^`bits` × 2^`bits` pixels that the predictor and cross-colour transforms choose
/// their parameters for, and writing such a transform with its tile image.
struct VP8LTileGrid {
    let width: Int
    let height: Int
    let bits: Int
    let tilesPerRow: Int
    let tileRows: Int

    init(width: Int, height: Int, bits: Int) {
        self.width = width
        self.height = height
        self.bits = bits
        tilesPerRow = vp8lSubsampledSize(width, bits: bits)
        tileRows = vp8lSubsampledSize(height, bits: bits)
    }

    var count: Int { tilesPerRow * tileRows }

    /// Calls `body` with each tile's index and its pixels' rectangle, row by row.
    func forEach(_ body: (_ index: Int, _ tile: PixelRect) -> Void) {
        for tileY in 0 ..< tileRows {
            for tileX in 0 ..< tilesPerRow {
                let x = tileX << bits, y = tileY << bits
                body(tileY * tilesPerRow + tileX,
                     PixelRect(x: x, y: y, width: min(1 << bits, width - x), height: min(1 << bits, height - y)))
            }
        }
    }

    /// Writes a transform of `kind` with this grid's size and its tile image `tiles`.
    func writeTransform(_ kind: VP8LTransform.Kind, tiles: [UInt32], settings: VP8LEncoderSettings,
                        to writer: inout BitWriter) {
        writer.write(1, bits: 1)
        writer.write(UInt32(kind.rawValue), bits: 2)
        writer.write(UInt32(bits - 2), bits: 3)
        VP8LEntropyEncoder.write(tiles, width: tilesPerRow, isMainImage: false, settings: settings.subImage, to: &writer)
    }
}
