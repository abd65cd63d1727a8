/// The rectangle and pixels of a lossy animation frame, as libwebp's animation encoder makes them
/// for lossy frames: pixels that differ from what the canvas shows by less than the quality allows
/// count as unchanged (so noise does not make every frame full-size), and each 8×8 block of such
/// pixels inside the rectangle becomes transparent, to be blended over the canvas.
struct WebPLossyPieces {
    /// The largest per-channel difference still counted as unchanged: 31 at quality 0 down to 1
    /// at quality 100.
    let tolerance: Int

    init(quality: Double) {
        let root = (quality / 100).squareRoot()
        tolerance = Int(31 * (1 - root) + root + 0.5)
    }

    /// Whether `a` (what the canvas shows) and `b` are the same to the eye at this quality: equal
    /// alpha and colours within the tolerance (scaled by opacity).
    @inline(__always)
    func similar(_ a: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), _ b: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool {
        let limit = tolerance * 255, alpha = Int(b.a)
        return a.a == b.a && abs(Int(a.r) - Int(b.r)) * alpha <= limit && abs(Int(a.g) - Int(b.g)) * alpha <= limit
            && abs(Int(a.b) - Int(b.b)) * alpha <= limit
    }

    /// The piece that turns `base` into (nearly) `target`.
    func piece(base: RGBAImage, target: RGBAImage) -> WebPFramePlanner.Piece {
        guard let rect = changedRect(base: base, target: target) else {
            let corner = PixelRect(x: 0, y: 0, width: 1, height: 1)
            return WebPFramePlanner.Piece(rect: corner, image: target.cropped(to: corner))
        }
        var image = target.cropped(to: rect)
        var canBlend = true
        for y in 0..<rect.height where canBlend {
            for x in 0..<rect.width where target[rect.x + x, rect.y + y].a != 255
                && !similar(base[rect.x + x, rect.y + y], target[rect.x + x, rect.y + y]) {
                canBlend = false
                break
            }
        }
        guard canBlend else { return WebPFramePlanner.Piece(rect: rect, image: image) }
        flattenSimilarBlocks(&image, rect: rect, base: base, target: target)
        return WebPFramePlanner.Piece(rect: rect, image: image, blends: true)
    }

    /// The bounding box of the pixels that are not similar, grown to even offsets; nil if none.
    private func changedRect(base: RGBAImage, target: RGBAImage) -> PixelRect? {
        var minX = target.width, minY = target.height, maxX = -1, maxY = -1
        for y in 0..<target.height {
            for x in 0..<target.width where !similar(base[x, y], target[x, y]) {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        let x = minX & ~1, y = minY & ~1
        return PixelRect(x: x, y: y, width: maxX + 1 - x, height: maxY + 1 - y)
    }

    /// Makes each 8×8 block (on the canvas grid, inside the piece) whose pixels are all opaque and
    /// similar to the canvas transparent, with their mean colour (which compresses best).
    private func flattenSimilarBlocks(_ image: inout RGBAImage, rect: PixelRect, base: RGBAImage, target: RGBAImage) {
        let firstX = (rect.x + 8) & ~7, firstY = (rect.y + 8) & ~7
        for blockY in stride(from: firstY, to: (rect.maxY & ~7), by: 8) {
            for blockX in stride(from: firstX, to: (rect.maxX & ~7), by: 8) {
                var sum = (0, 0, 0), similarCount = 0
                for y in blockY..<(blockY + 8) {
                    for x in blockX..<(blockX + 8) {
                        let pixel = target[x, y]
                        guard pixel.a == 255, similar(base[x, y], pixel) else { continue }
                        similarCount += 1
                        sum = (sum.0 + Int(pixel.r), sum.1 + Int(pixel.g), sum.2 + Int(pixel.b))
                    }
                }
                guard similarCount == 64 else { continue }
                let mean = (UInt8(sum.0 / 64), UInt8(sum.1 / 64), UInt8(sum.2 / 64), UInt8(0))
                for y in blockY..<(blockY + 8) { for x in blockX..<(blockX + 8) { image[x - rect.x, y - rect.y] = mean } }
            }
        }
    }
}
