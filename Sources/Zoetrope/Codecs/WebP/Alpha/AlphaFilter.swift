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
        plane.withUnsafeMutableBufferPointer { plane in
            for x in 1 ..< width { plane[x] = plane[x] &+ plane[x - 1] }
            for y in 1 ..< height { unfilterRow(plane, start: y * width, width: width) }
        }
    }

    /// Unfilters the row at `start`, whose row above is already unfiltered.
    private func unfilterRow(_ plane: UnsafeMutableBufferPointer<UInt8>, start: Int, width: Int) {
        let above = start - width
        plane[start] = plane[start] &+ plane[above]
        switch self {
        case .none:
            return
        case .horizontal:
            for index in start + 1 ..< start + width { plane[index] = plane[index] &+ plane[index - 1] }
        case .vertical:
            for index in start + 1 ..< start + width { plane[index] = plane[index] &+ plane[index - width] }
        case .gradient:
            for index in start + 1 ..< start + width {
                let estimate = Int(plane[index - 1]) + Int(plane[index - width]) - Int(plane[index - width - 1])
                plane[index] = plane[index] &+ UInt8(min(max(estimate, 0), 255))
            }
        }
    }
}
