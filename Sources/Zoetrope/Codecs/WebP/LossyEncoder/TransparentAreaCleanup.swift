/// Makes invisible content cheap to code, as libwebp does unless asked to keep it exact: each
/// fully transparent 8×8 block becomes flat (a run of such blocks takes the first one's
/// colour), and in partly transparent blocks the transparent pixels' luma becomes the mean of
/// the visible ones.
enum TransparentAreaCleanup {
    private static let size = 8

    static func apply(to planes: inout VP8SourcePlanes, alpha image: RGBAImage) {
        let width = planes.width, height = planes.height, chromaWidth = planes.chromaWidth
        let alpha = (0..<(width * height)).map { image.pixels[$0 * 4 + 3] }
        var y = 0
        while y < height {
            let rows = min(size, height - y)
            var x = 0, runValues: (UInt8, UInt8, UInt8)?
            while x < width {
                let columns = min(size, width - x)
                let transparent = smoothen(&planes.luma, alpha: alpha, stride: width, x: x, y: y, width: columns, height: rows)
                if transparent && columns == size && rows == size {
                    let values = runValues ?? (planes.luma[y * width + x], planes.u[(y >> 1) * chromaWidth + (x >> 1)],
                                               planes.v[(y >> 1) * chromaWidth + (x >> 1)])
                    runValues = values
                    fill(&planes.luma, stride: width, x: x, y: y, size: size, with: values.0)
                    fill(&planes.u, stride: chromaWidth, x: x >> 1, y: y >> 1, size: size / 2, with: values.1)
                    fill(&planes.v, stride: chromaWidth, x: x >> 1, y: y >> 1, size: size / 2, with: values.2)
                } else {
                    runValues = nil
                }
                x += size
            }
            y += size
        }
    }

    /// Sets the luma of the transparent pixels of a block to the mean of its visible ones;
    /// returns whether the whole block is transparent.
    private static func smoothen(_ luma: inout [UInt8], alpha: [UInt8], stride: Int, x: Int, y: Int, width: Int, height: Int) -> Bool {
        var sum = 0, count = 0
        for row in y..<(y + height) {
            for column in x..<(x + width) where alpha[row * stride + column] != 0 {
                sum += Int(luma[row * stride + column])
                count += 1
            }
        }
        if count > 0 && count < width * height {
            let mean = UInt8(sum / count)
            for row in y..<(y + height) {
                for column in x..<(x + width) where alpha[row * stride + column] == 0 { luma[row * stride + column] = mean }
            }
        }
        return count == 0
    }

    private static func fill(_ plane: inout [UInt8], stride: Int, x: Int, y: Int, size: Int, with value: UInt8) {
        for row in y..<(y + size) {
            for column in x..<(x + size) { plane[row * stride + column] = value }
        }
    }
}
