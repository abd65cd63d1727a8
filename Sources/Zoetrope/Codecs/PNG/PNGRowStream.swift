/// Turns a PNG image's inflated data, arriving in pieces of any size, into pixels: collects each
/// filtered row (per Adam7 pass when interlaced), unfilters it against the row above and converts
/// it into the image.
///
/// Only two rows are held, so decoding never keeps the whole filtered image in memory.
struct PNGRowStream {
    private let converter: PNGPixelConverter
    private let imageWidth: Int
    /// The passes that have pixels, in order.
    private let passes: [PNGPass]
    private var passIndex = 0
    private var passRow = 0
    /// Filtered bytes of one row of the current pass, not counting its filter-type byte.
    private var rowBytes = 0
    /// The row being collected: filter type, then the row's bytes (sized for the widest pass).
    private var current: [UInt8]
    /// The previous unfiltered row of this pass, in the same layout as `current`.
    private var previous: [UInt8]
    private var hasPrevious = false
    private var filled = 0

    /// Rows decoded so far, over all passes.
    private(set) var rowsDecoded = 0
    /// Whether every row of the image has been decoded.
    private(set) var isComplete = false
    /// A row with an unknown filter type stops the stream; this says which.
    private(set) var error: ZoetropeError?

    init(converter: PNGPixelConverter, width: Int, height: Int) {
        self.converter = converter
        self.imageWidth = width
        let header = converter.header
        passes = header.passes(width: width, height: height).filter { $0.width > 0 && $0.height > 0 }
        let widest = passes.map { header.rowBytes(width: $0.width) }.max() ?? 0
        current = [UInt8](repeating: 0, count: 1 + widest)
        previous = current
        startPass()
    }

    /// Whether more data is useful.
    var wantsData: Bool { !isComplete && error == nil }

    private mutating func startPass() {
        passRow = 0
        hasPrevious = false
        if passIndex < passes.count {
            rowBytes = converter.header.rowBytes(width: passes[passIndex].width)
        } else {
            isComplete = true
        }
    }

    /// Consumes inflated bytes, writing every row they complete into `pixels` (the frame's RGBA8
    /// buffer, `imageWidth` pixels wide). Bytes past the last row are ignored.
    mutating func consume(_ data: UnsafeBufferPointer<UInt8>, into pixels: UnsafeMutablePointer<UInt8>) {
        guard let source = data.baseAddress else { return }
        var offset = 0
        while offset < data.count && wantsData {
            let count = min(1 + rowBytes - filled, data.count - offset)
            let start = filled
            unsafe current.withUnsafeMutableBufferPointer { row in
                // `start + count` ≤ 1 + rowBytes ≤ row.count, and `offset + count` ≤ data.count.
                guard let base = row.baseAddress else { return }
                unsafe (base + start).update(from: source + offset, count: count)
            }
            filled += count
            offset += count
            if filled == 1 + rowBytes { unsafe finishRow(into: pixels) }
        }
    }

    private mutating func finishRow(into pixels: UnsafeMutablePointer<UInt8>) {
        let pass = passes[passIndex]
        let header = converter.header
        let stride = header.filterStride
        let count = rowBytes
        let usePrevious = hasPrevious
        let type = current[0]
        let known = unsafe current.withUnsafeMutableBufferPointer { row in
            unsafe previous.withUnsafeBufferPointer { above in
                // The row buffers hold the filter byte and `count` bytes; a missing one is no row.
                guard let rowBase = row.baseAddress else { return false }
                let data = unsafe rowBase + 1
                let previousRow = unsafe usePrevious ? above.baseAddress.map { unsafe $0 + 1 } : nil
                guard unsafe PNGFilter.unfilter(type: type, row: data, previous: previousRow,
                                         count: count, stride: stride) else { return false }
                let y = pass.y0 + passRow * pass.dy
                unsafe converter.convert(row: UnsafePointer(data), count: pass.width,
                                  into: pixels + (y * imageWidth + pass.x0) * 4, step: pass.dx * 4)
                return true
            }
        }
        guard known else {
            error = ZoetropeError(.malformed, format: .png, "unknown row filter type \(type)")
            return
        }
        swap(&current, &previous)
        hasPrevious = true
        filled = 0
        rowsDecoded += 1
        passRow += 1
        if passRow == pass.height {
            passIndex += 1
            startPass()
        }
    }
}
