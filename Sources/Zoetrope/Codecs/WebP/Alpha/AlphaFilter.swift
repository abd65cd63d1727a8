/// The spatial filters of an ALPH chunk (WebP container spec, "Alpha"), undone exactly as
/// libwebp's unfilters do it.
enum AlphaFilter: Int, Sendable {
    case none = 0
    case horizontal = 1
    case vertical = 2
    case gradient = 3

    /// Unfilters `plane` (`width × height`, row-major) in place.
    ///
    /// The first row is predicted from the left (its first pixel from 0) for every filter. Below
    /// it, horizontal predicts the first pixel of a row from above and the rest from the left;
    /// vertical predicts from above; gradient predicts the first pixel from above and the rest
    /// with clamp(left + above − above-left).
    func unfilter(_ plane: inout [UInt8], width: Int, height: Int) {
        guard self != .none, width > 0, height > 0 else { return }
        unsafe plane.withUnsafeMutableBufferPointer { plane in
            precondition(width * height <= plane.count)
            guard let base = plane.baseAddress else { return }
            for x in 1 ..< width { unsafe base[x] = base[x] &+ base[x - 1] }
            for y in 1 ..< height { unsafe unfilterRow(base + y * width, above: base + (y - 1) * width, width: width) }
        }
    }

    /// Unfilters the `width` bytes at `row`, whose row `above` is already unfiltered (the caller
    /// keeps both inside the plane).
    private func unfilterRow(_ row: UnsafeMutablePointer<UInt8>, above: UnsafeMutablePointer<UInt8>, width: Int) {
        unsafe row[0] = row[0] &+ above[0]
        // Counted `while` loops and the clamp written out: unoptimised, a range's iterator and
        // `min`/`max` are calls per byte.
        var x = 1
        switch self {
        case .none:
            return
        case .horizontal:
            var left = unsafe row[0]
            while x < width {
                left = unsafe row[x] &+ left
                unsafe row[x] = left
                x &+= 1
            }
        case .vertical:
            while x < width {
                unsafe row[x] = row[x] &+ above[x]
                x &+= 1
            }
        case .gradient:
            var left = unsafe Int(row[0]), aboveLeft = unsafe Int(above[0])
            while x < width {
                let up = unsafe Int(above[x])
                var estimate = left &+ up &- aboveLeft
                if estimate < 0 { estimate = 0 } else if estimate > 255 { estimate = 255 }
                left = unsafe Int(row[x] &+ UInt8(truncatingIfNeeded: estimate))
                unsafe row[x] = UInt8(truncatingIfNeeded: left)
                aboveLeft = up
                x &+= 1
            }
        }
    }
}
