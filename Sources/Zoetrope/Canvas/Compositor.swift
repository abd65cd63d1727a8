/// Draws frames onto a canvas the way browsers do: clip to the canvas, blend, then dispose.
///
/// The canvas starts fully transparent. Each frame is `draw` (which first saves what `previous`
/// disposal will need), then — after the caller has taken the canvas — `dispose`.
struct Compositor: Sendable {
    private let width: Int
    private let height: Int
    /// The canvas's pixels; empty while the canvas is blank (see `isBlank`).
    private var pixels: [UInt8] = []
    /// Whether the canvas is all transparent. A blank canvas owns no pixel buffer until something
    /// is drawn on it, so a frame that covers it can become the canvas without a copy or a
    /// zero-filled allocation (a still image's only frame, an animation's first).
    private(set) var isBlank = true
    private var saved: [UInt8] = []
    private var savedRect = PixelRect(x: 0, y: 0, width: 0, height: 0)

    init(size: PixelSize) {
        width = size.width
        height = size.height
    }

    /// The current canvas.
    var canvas: RGBAImage {
        isBlank ? RGBAImage(width: width, height: height) : RGBAImage(width: width, height: height, pixels: pixels)
    }

    var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Clears the whole canvas to transparent.
    mutating func reset() {
        pixels = []
        isBlank = true
    }

    /// Replaces the canvas with `pixels` (a canvas saved earlier, same size).
    mutating func restore(_ pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "checkpoint of another canvas size")
        self.pixels = pixels
        isBlank = false
    }

    /// Gives a blank canvas its zero-filled buffer before it is drawn on or disposed of.
    private mutating func materialize() {
        guard isBlank else { return }
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        isBlank = false
    }

    /// Makes `frame` the canvas when that is exactly what drawing it on a blank canvas gives: it
    /// covers the whole canvas, and either replaces it (`.source`) or, blended over transparency,
    /// leaves every pixel as it is (true unless a fully transparent pixel carries a colour, which
    /// "over" turns into transparent black). The buffer is shared, not copied.
    private mutating func adopt(_ frame: RGBAImage, info: FrameInfo, copies: Bool) -> Bool {
        guard isBlank, info.disposal != .previous, info.rect == bounds,
              frame.width == width, frame.height == height,
              copies || !frame.hasColoredTransparentPixels else { return false }
        pixels = frame.pixels
        isBlank = false
        return true
    }

    /// Draws `frame` (pixels of `info.rect`) onto the canvas, first saving what `info.disposal`
    /// will need to restore. `blending` says how "over" pixels combine (the format's arithmetic).
    mutating func draw(_ frame: RGBAImage, info: FrameInfo, blending: FrameBlending = .exact) {
        var copies = info.blend == .source
        var unblended: PixelRect?
        if case .libwebp(let keyFrame, let rect) = blending {
            if keyFrame { reset() }
            copies = copies || keyFrame
            unblended = rect
        }
        if adopt(frame, info: info, copies: copies) { return }
        let target = prepare(info)
        guard !target.isEmpty, frame.width == info.rect.width, frame.height == info.rect.height else { return }
        let canvasWidth = width
        let rowBytes = target.width * 4
        pixels.withUnsafeMutableBufferPointer { dst in
            frame.pixels.withUnsafeBufferPointer { src in
                for y in target.y..<target.maxY {
                    let d = (y * canvasWidth + target.x) * 4
                    let s = ((y - info.rect.y) * frame.width + (target.x - info.rect.x)) * 4
                    // Both ranges lie inside their images: `target` is clipped to the canvas and to
                    // the frame's rectangle, whose size `frame` has (checked above).
                    if copies {
                        _ = UnsafeMutableBufferPointer(rebasing: dst[d..<d + rowBytes])
                            .update(fromContentsOf: src[s..<s + rowBytes])
                    } else if case .libwebp = blending {
                        Self.blendRowLibWebP(src, s, into: dst, d, row: y, span: target, unblended: unblended)
                    } else if blending == .binaryAlpha {
                        Self.copyOpaquePixels(src, s, into: dst, d, pixels: target.width)
                    } else {
                        Self.blendRowOver(src, s, into: dst, d, pixels: target.width)
                    }
                }
            }
        }
    }

    /// Draws a frame that writes its own pixels into the canvas: `paint` gets the canvas's bytes
    /// (width × height × 4, row by row) and writes only inside `info.rect` clipped to the canvas.
    /// What `info.disposal` will need to restore is saved first; the canvas is never adopted.
    mutating func drawInPlace(info: FrameInfo, _ paint: (UnsafeMutableRawBufferPointer) -> Void) {
        let target = prepare(info)
        guard !target.isEmpty else { return }
        pixels.withUnsafeMutableBytes { paint($0) }
    }

    /// Before drawing `info`'s frame: gives the canvas its buffer when the frame reaches it, and
    /// saves the part that `previous` disposal restores. Returns that part (the frame's rectangle
    /// clipped to the canvas).
    private mutating func prepare(_ info: FrameInfo) -> PixelRect {
        let target = info.rect.intersection(bounds)
        if !target.isEmpty { materialize() }
        if info.disposal == .previous {
            savedRect = target
            if saved.count != target.area * 4 { saved = [UInt8](repeating: 0, count: target.area * 4) }
            copyRows(of: target, toSaved: true)
        }
        return target
    }

    /// Blends one row over the canvas. Most pixels of real animations are fully opaque or fully
    /// transparent (always so for GIF), so those are a 4-byte copy or nothing.
    @inline(__always)
    private static func blendRowOver(_ src: UnsafeBufferPointer<UInt8>, _ start: Int,
                                     into dst: UnsafeMutableBufferPointer<UInt8>, _ destination: Int, pixels: Int) {
        var s = start, d = destination
        let end = start + pixels * 4
        while s < end {
            let alpha = src[s + 3]
            if alpha == 255 {
                UnsafeMutableRawPointer(dst.baseAddress! + d)
                    .copyMemory(from: src.baseAddress! + s, byteCount: 4)
            } else if alpha != 0 {
                blendOver(src, s, into: dst, d)
            }
            s += 4
            d += 4
        }
    }

    /// "Over" for one row of a frame whose alphas are all 0 or 255: the opaque pixels are copied,
    /// four at a time with a select on their alpha bytes, and the canvas stays under the rest.
    @inline(__always)
    private static func copyOpaquePixels(_ src: UnsafeBufferPointer<UInt8>, _ start: Int,
                                         into dst: UnsafeMutableBufferPointer<UInt8>, _ destination: Int, pixels: Int) {
        // The row lies inside both buffers (see `draw`); the loads and stores stay within it.
        precondition(start + pixels * 4 <= src.count && destination + pixels * 4 <= dst.count)
        guard pixels > 0 else { return }
        let from = UnsafeRawPointer(src.baseAddress.unsafelyUnwrapped + start)
        let to = UnsafeMutableRawPointer(dst.baseAddress.unsafelyUnwrapped + destination)
        // Little-endian RGBA: alpha is each 32-bit pixel's high byte.
        let alpha = SIMD4<UInt32>(repeating: 0xFF00_0000)
        var offset = 0
        let vectorEnd = (pixels & ~3) * 4
        while offset < vectorEnd {
            let source = from.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt32>.self)
            if (source & alpha) == alpha {
                to.storeBytes(of: source, toByteOffset: offset, as: SIMD4<UInt32>.self)
            } else {
                let canvas = to.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt32>.self)
                to.storeBytes(of: canvas.replacing(with: source, where: (source & alpha) .!= 0),
                              toByteOffset: offset, as: SIMD4<UInt32>.self)
            }
            offset += 16
        }
        while offset < pixels * 4 {
            let pixel = from.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            if pixel & 0xFF00_0000 != 0 { to.storeBytes(of: pixel, toByteOffset: offset, as: UInt32.self) }
            offset += 4
        }
    }

    /// One row of a libwebp blend: pixels inside `unblended` are copied, the rest blended.
    @inline(__always)
    private static func blendRowLibWebP(_ src: UnsafeBufferPointer<UInt8>, _ s: Int,
                                        into dst: UnsafeMutableBufferPointer<UInt8>, _ d: Int,
                                        row y: Int, span: PixelRect, unblended: PixelRect?) {
        var copyStart = span.maxX, copyEnd = span.maxX
        if let unblended, y >= unblended.y, y < unblended.maxY {
            copyStart = min(max(unblended.x, span.x), span.maxX)
            copyEnd = max(min(unblended.maxX, span.maxX), copyStart)
        }
        // [span.x, copyStart) blended, [copyStart, copyEnd) copied, [copyEnd, span.maxX) blended.
        LibWebPBlend.blendRow(src, s, into: dst, d, count: copyStart - span.x)
        let copied = (copyStart - span.x) * 4, copiedBytes = (copyEnd - copyStart) * 4
        if copiedBytes > 0 {
            precondition(s + copied + copiedBytes <= src.count && d + copied + copiedBytes <= dst.count)
            UnsafeMutableRawPointer(dst.baseAddress! + d + copied)
                .copyMemory(from: src.baseAddress! + s + copied, byteCount: copiedBytes)
        }
        let rest = (copyEnd - span.x) * 4
        LibWebPBlend.blendRow(src, s + rest, into: dst, d + rest, count: span.maxX - copyEnd)
    }

    /// Applies `info.disposal` after the frame has been shown.
    mutating func dispose(_ info: FrameInfo) {
        let target = info.rect.intersection(bounds)
        // A blank canvas has nothing to clear, and is never restored: drawing made it non-blank.
        guard !target.isEmpty, !isBlank else { return }
        let rowBytes = target.width * 4
        switch info.disposal {
        case .none, .unspecified:
            return
        case .background:
            if target == bounds {
                reset()
                return
            }
            let canvasWidth = width
            pixels.withUnsafeMutableBufferPointer { pixels in
                for y in target.y..<target.maxY {
                    let start = (y * canvasWidth + target.x) * 4
                    UnsafeMutableBufferPointer(rebasing: pixels[start..<start + rowBytes]).update(repeating: 0)
                }
            }
        case .previous:
            guard savedRect == target, saved.count == target.area * 4 else { return }
            copyRows(of: target, toSaved: false)
        }
    }

    /// Copies the canvas rows of `rect` (inside the canvas; a blank canvas has been materialised)
    /// into `saved` (its size), or back.
    private mutating func copyRows(of rect: PixelRect, toSaved: Bool) {
        guard !rect.isEmpty else { return }
        let canvasWidth = width, rowBytes = rect.width * 4
        // Both ranges of every row lie inside their buffers: `rect` is inside the canvas and
        // `saved` holds its rows back to back.
        precondition(rect.x >= 0 && rect.y >= 0 && rect.maxX <= width && rect.maxY <= height
                     && saved.count == rect.area * 4 && pixels.count == width * height * 4)
        pixels.withUnsafeMutableBufferPointer { canvas in
            saved.withUnsafeMutableBufferPointer { saved in
                let canvasBase = canvas.baseAddress.unsafelyUnwrapped, savedBase = saved.baseAddress.unsafelyUnwrapped
                for row in 0..<rect.height {
                    let inCanvas = canvasBase + ((rect.y + row) * canvasWidth + rect.x) * 4
                    let inSaved = savedBase + row * rowBytes
                    if toSaved {
                        inSaved.update(from: inCanvas, count: rowBytes)
                    } else {
                        inCanvas.update(from: inSaved, count: rowBytes)
                    }
                }
            }
        }
    }

    /// Non-premultiplied Porter–Duff "over" with exact arithmetic rounded to nearest, for a source
    /// alpha strictly between 0 and 255.
    @inline(__always)
    static func blendOver(_ src: UnsafeBufferPointer<UInt8>, _ s: Int,
                          into dst: UnsafeMutableBufferPointer<UInt8>, _ d: Int) {
        let sa = Int(src[s + 3])
        let da = Int(dst[d + 3])
        // Output alpha scaled by 255: sa*255 + da*(255-sa).
        let outA255 = sa * 255 + da * (255 - sa)
        for c in 0..<3 {
            let numerator = Int(src[s + c]) * sa * 255 + Int(dst[d + c]) * da * (255 - sa)
            dst[d + c] = UInt8((numerator + outA255 / 2) / outA255)
        }
        dst[d + 3] = UInt8((outA255 + 127) / 255)
    }
}
