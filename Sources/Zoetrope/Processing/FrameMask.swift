/// A shape that keeps the middle of every frame and makes its corners transparent, with an
/// anti-aliased edge: avatars and stickers.
///
/// The shapes are CSS's `border-radius`: ``circle`` is the ellipse inscribed in the frame (a
/// circle when the frame is square: crop to a square first for a round avatar of a wide
/// animation), ``rounded(radius:)`` a rectangle whose corners are quarter circles of that radius
/// (at most half the shorter side). A pixel's alpha is multiplied by the part of it inside the
/// shape, from its centre's signed distance to the edge (a pixel whose centre lies on the edge
/// keeps half its alpha); a pixel left fully transparent becomes `(0, 0, 0, 0)`, which encoders
/// store most cheaply. Pixels inside the shape are unchanged.
public enum FrameMask: Sendable, Hashable {
    /// The ellipse inscribed in the frame.
    case circle
    /// A rectangle with corners rounded to `radius` pixels (clamped to half the shorter side;
    /// 0 changes nothing).
    case rounded(radius: Int)

    /// `frame` with its alpha multiplied by the shape's coverage.
    package func apply(to frame: RGBAImage) -> RGBAImage {
        let (width, height) = (frame.width, frame.height)
        guard width > 0, height > 0 else { return frame }
        var pixels = frame.pixels // copied on the first write, as the frame is shared
        for y in 0..<height {
            let span = edgeSpan(row: y, width: width, height: height)
            // Pixels outside [span.inner) are the ones the shape may cut.
            for x in 0..<width where x < span.lowerBound || x >= span.upperBound {
                let alpha = coverage(x: x, y: y, width: width, height: height)
                guard alpha < 1 else { continue }
                let offset = (y * width + x) * 4
                let scaled = UInt8((Double(pixels[offset + 3]) * alpha).rounded())
                if scaled == 0 {
                    pixels[offset] = 0; pixels[offset + 1] = 0; pixels[offset + 2] = 0
                }
                pixels[offset + 3] = scaled
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The pixels of row `y` that lie wholly inside the shape with a pixel to spare (the rest are
    /// measured one by one).
    private func edgeSpan(row y: Int, width: Int, height: Int) -> Range<Int> {
        switch self {
        case .rounded(let radius):
            let r = min(max(radius, 0), min(width, height) / 2)
            // Rows clear of the corners keep every pixel.
            return y >= r && y < height - r ? 0..<width : min(r, width)..<max(width - r, min(r, width))
        case .circle:
            let (a, b) = (Double(width) / 2, Double(height) / 2)
            // The half-width of the ellipse at the row's edge farther from the centre.
            let dy = max(abs(Double(y) - b), abs(Double(y + 1) - b))
            let t = 1 - (dy / b) * (dy / b)
            guard t > 0 else { return 0..<0 }
            let half = a * t.squareRoot() - 1.5
            guard half > 0 else { return 0..<0 }
            let start = max(0, Int((a - half).rounded(.up)))
            let end = min(width, Int((a + half).rounded(.down)))
            return start < end ? start..<end : 0..<0
        }
    }

    /// The part of pixel (x, y) inside the shape, 0 to 1.
    private func coverage(x: Int, y: Int, width: Int, height: Int) -> Double {
        let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
        let distance: Double
        switch self {
        case .rounded(let radius):
            let r = Double(min(max(radius, 0), min(width, height) / 2))
            guard r > 0 else { return 1 }
            // The nearest corner circle's centre, when the pixel is in a corner square.
            let cx = px < r ? r : (px > Double(width) - r ? Double(width) - r : px)
            let cy = py < r ? r : (py > Double(height) - r ? Double(height) - r : py)
            guard cx != px, cy != py else { return 1 }
            let (dx, dy) = (px - cx, py - cy)
            distance = (dx * dx + dy * dy).squareRoot() - r
        case .circle:
            let (a, b) = (Double(width) / 2, Double(height) / 2)
            let (dx, dy) = (px - a, py - b)
            if a == b {
                distance = (dx * dx + dy * dy).squareRoot() - a
            } else {
                // The implicit function over its gradient's length: the distance to first order.
                let f = (dx * dx) / (a * a) + (dy * dy) / (b * b) - 1
                let gx = 2 * dx / (a * a), gy = 2 * dy / (b * b)
                let gradient = (gx * gx + gy * gy).squareRoot()
                guard gradient > 0 else { return 1 }
                distance = f / gradient
            }
        }
        return min(1, max(0, 0.5 - distance))
    }
}
