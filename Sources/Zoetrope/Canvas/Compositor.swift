/// Draws frames onto a canvas the way browsers do: clip to the canvas, blend, then dispose.
///
/// The canvas starts fully transparent. Each frame is `draw` (which first saves what `previous`
/// disposal will need), then — after the caller has taken the canvas — `dispose`.
///
/// Work follows the damaged rectangle, not the canvas: the compositor keeps the bounding box of
/// the pixels that may be non-transparent (``dirty``), so clearing the canvas (a WebP key frame,
/// a replay's clean start, a dispose to background that covers everything drawn) costs that box,
/// and a 2×2 frame on a 4000×4000 canvas costs its 4 pixels and its disposal. Every allocation the
/// size of the canvas — the canvas itself, the area a `previous` disposal saves, and the copy
/// made when the canvas is changed while an image handed out still shares it — is checked
/// against the memory the process can get first (``MemoryHeadroom``): it throws
/// `limitExceeded` instead of trapping.
struct Compositor: Sendable {
    private let width: Int
    private let height: Int
    /// The format whose frames are drawn, for errors.
    private let format: ImageFormat?
    /// The canvas's pixels once something was drawn; empty before. Bytes outside ``dirty`` are 0.
    private var pixels: [UInt8] = []
    /// The part of `pixels` that may hold non-zero bytes (empty: all transparent).
    private(set) var dirty = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// Whether the canvas is clear though `pixels` still holds what ``dirty`` covers: a reset not
    /// carried out yet. The next drawing clears only ``dirty`` — or takes over a frame that covers
    /// the canvas instead of the buffer, clearing nothing.
    private var clearPending = false
    /// Whether an image given out may share `pixels`, so that changing them copies the canvas
    /// first (which is checked).
    private var sharing = Sharing.none

    private enum Sharing {
        /// `pixels` are the compositor's alone.
        case none
        /// Lent to a caller that normally lets go before the next change (``lend(offset:)``): a
        /// reset keeps the buffer to clear it later; a change is checked in case it was kept.
        case lent
        /// Given to a caller that keeps it (``handOut(offset:)``, a checkpoint, an adopted frame): a
        /// reset lets the buffer go instead of copying it; a change is checked.
        case handedOut
    }
    private var saved: [UInt8] = []
    private var savedRect = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// The part of the canvas that may differ from what it was at the last ``markUnchanged()``:
    /// the rectangles drawn on since, or the whole canvas after a reset, a restore or a frame
    /// taken over whole. Outside it the canvas is as it was then.
    private(set) var changed = PixelRect(x: 0, y: 0, width: 0, height: 0)

    init(size: PixelSize, format: ImageFormat? = nil) {
        width = size.width
        height = size.height
        self.format = format
    }

    /// A blank canvas drawn on `buffer` (a canvas-sized buffer another canvas let go, of arbitrary
    /// contents: ``ReusableBuffers``), which the first drawing clears as after a ``reset()``
    /// instead of allocating a new one; a buffer of another size is not used.
    init(size: PixelSize, format: ImageFormat? = nil, recycling buffer: [UInt8]?) {
        self.init(size: size, format: format)
        guard let buffer, buffer.count == size.area * 4, !buffer.isEmpty else { return }
        pixels = buffer
        dirty = bounds
        clearPending = true
    }

    /// Gives up the canvas's buffer (for another canvas of this size to reuse) and is blank
    /// afterwards; empty when it has none.
    mutating func releaseBuffer() -> [UInt8] {
        defer {
            pixels = []
            dirty = PixelRect(x: 0, y: 0, width: 0, height: 0)
            clearPending = false
            sharing = .none
        }
        return pixels
    }

    /// Whether the canvas is all transparent.
    var isBlank: Bool { dirty.isEmpty || clearPending }

    /// The current canvas (a new transparent image when it is blank), for tests: the decoding paths
    /// take it with ``handOut(offset:)``, which checks the memory a later copy needs.
    var canvas: RGBAImage {
        isBlank ? RGBAImage(width: width, height: height) : RGBAImage(width: width, height: height, pixels: pixels)
    }

    var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The canvas for a caller that keeps it (a frame ``AnimatedImage/frame(at:)`` returns, a
    /// checkpoint), sharing its buffer: the next change copies the buffer, so it checks the memory
    /// first, and a reset lets the buffer go. A blank canvas is given its buffer (checked).
    /// - Throws: `limitExceeded` when a blank canvas's buffer cannot be allocated.
    mutating func handOut(offset: Int?) throws(ZoetropeError) -> RGBAImage {
        if isBlank { try materialize(offset: offset) }
        sharing = .handedOut
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// The canvas for a caller that normally lets go of it before the next change
    /// (``AnimatedImage/forEachFrame(_:)``'s body), sharing its buffer: a reset keeps the buffer
    /// and clears only what was drawn, and a change checks the memory a copy would need, in case
    /// the caller kept it.
    /// - Throws: `limitExceeded` when a blank canvas's buffer cannot be allocated.
    mutating func lend(offset: Int?) throws(ZoetropeError) -> RGBAImage {
        if isBlank { try materialize(offset: offset) }
        if sharing == .none { sharing = .lent }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Whether every pixel of `rect` is transparent black (all four bytes 0): the canvas is blank,
    /// or nothing was drawn inside `rect`. Drawing a frame there with binary alpha then gives
    /// the frame's own pixels, its transparent ones (0) included.
    func isClear(in rect: PixelRect) -> Bool {
        isBlank || rect.intersection(dirty).isEmpty
    }

    /// Whether every pixel of `rect` (clipped to the canvas) has alpha 255; `true` when nothing
    /// of it is on the canvas.
    func isOpaque(in rect: PixelRect) -> Bool {
        let target = rect.intersection(bounds)
        guard !target.isEmpty else { return true }
        guard !isBlank else { return false }
        for y in target.y..<(target.y + target.height) {
            var offset = (y * width + target.x) * 4 + 3
            let end = offset + target.width * 4
            while offset < end {
                if pixels[offset] != 255 { return false }
                offset += 4
            }
        }
        return true
    }

    /// Clears the whole canvas to transparent. Nothing is cleared now: a buffer an image handed
    /// out may share is let go, any other is cleared where it was drawn when next drawn on.
    mutating func reset() {
        if !isBlank { changed = bounds }
        if sharing == .handedOut {
            pixels = []
            sharing = .none
            dirty = PixelRect(x: 0, y: 0, width: 0, height: 0)
            clearPending = false
        } else if !dirty.isEmpty {
            clearPending = true
        }
    }

    /// Replaces the canvas with `pixels` (a canvas saved earlier, same size), which stays shared.
    mutating func restore(_ pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "checkpoint of another canvas size")
        self.pixels = pixels
        dirty = bounds
        changed = bounds
        clearPending = false
        sharing = .handedOut
    }

    /// Replaces the canvas with `packed` unpacked (a canvas parked earlier, same size), written
    /// into the canvas's own buffer when it has one it does not share.
    mutating func restore(unpacking packed: PackedCanvas) {
        precondition(packed.pixelCount == width * height, "parked canvas of another size")
        var buffer = sharing == .handedOut ? [] : pixels
        pixels = []
        packed.unpacked(into: &buffer)
        pixels = buffer
        dirty = bounds
        changed = bounds
        clearPending = false
        sharing = .none
    }

    /// Starts following what changes from now on (``changed``).
    mutating func markUnchanged() {
        changed = PixelRect(x: 0, y: 0, width: 0, height: 0)
    }

    /// The canvas's pixels inside `rect` (clipped to the canvas), row after row: what
    /// ``paste(_:in:)`` puts back.
    func pixels(in rect: PixelRect) -> [UInt8] {
        let target = rect.intersection(bounds)
        guard !target.isEmpty else { return [] }
        guard !isBlank else { return [UInt8](repeating: 0, count: target.area * 4) }
        var copy: [UInt8] = []
        copy.reserveCapacity(target.area * 4)
        for y in target.y..<target.maxY {
            let start = (y * width + target.x) * 4
            copy.append(contentsOf: pixels[start..<start + target.width * 4])
        }
        return copy
    }

    /// Writes `rows` (the pixels of `rect`, row after row, as ``pixels(in:)`` gives them) into
    /// the canvas; nothing when their size is not the rectangle's or the rectangle is not inside.
    /// - Throws: `limitExceeded` when a canvas-sized buffer cannot be allocated.
    mutating func paste(_ rows: [UInt8], in rect: PixelRect) throws(ZoetropeError) {
        guard !rect.isEmpty, rect.intersection(bounds) == rect, rows.count == rect.area * 4 else { return }
        if isBlank { try materialize(offset: nil) }
        try unshare(offset: nil)
        let rowBytes = rect.width * 4
        for row in 0..<rect.height {
            let start = ((rect.y + row) * width + rect.x) * 4
            pixels.replaceSubrange(start..<start + rowBytes, with: rows[row * rowBytes..<(row + 1) * rowBytes])
        }
        dirty = Self.union(dirty, rect)
        changed = Self.union(changed, rect)
    }

    /// Gives the canvas a buffer with nothing drawn on it, before it is drawn on: a new zero-filled
    /// one (checked), or the current one cleared where it was drawn.
    private mutating func materialize(offset: Int?) throws(ZoetropeError) {
        if !pixels.isEmpty && !(clearPending && sharing == .handedOut) {
            guard clearPending else { return }
            try unshare(offset: offset)
            clearRows(of: dirty)
            dirty = PixelRect(x: 0, y: 0, width: 0, height: 0)
            clearPending = false
            return
        }
        // A shared buffer waiting to be cleared is let go: a new zero-filled one costs less than a
        // copy that is then cleared.
        pixels = []
        try MemoryHeadroom.reserve(MemoryHeadroom.bytes(pixels: width * height), for: "a \(width)×\(height) canvas",
                                   format: format, offset: offset)
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        dirty = PixelRect(x: 0, y: 0, width: 0, height: 0)
        clearPending = false
        sharing = .none
    }

    /// Before changing `pixels` in place: when an image handed out may share them, the change
    /// copies the canvas, so that copy is checked first.
    private mutating func unshare(offset: Int?) throws(ZoetropeError) {
        guard sharing != .none else { return }
        try MemoryHeadroom.reserve(MemoryHeadroom.bytes(pixels: width * height), for: "a copy of the \(width)×\(height) canvas",
                                   format: format, offset: offset)
        sharing = .none
    }

    /// Makes `frame` the canvas when that is exactly what drawing it on a blank canvas gives: it
    /// covers the whole canvas, and either replaces it (`.source`, a WebP key frame) or, blended
    /// "over" transparency, leaves every pixel as it is (true of exact and binary-alpha "over"
    /// unless a fully transparent pixel carries a colour, which "over" turns into transparent
    /// black; never of libwebp's blend, whose arithmetic over transparency rounds colours down).
    /// The buffer is shared, not copied.
    private mutating func adopt(_ frame: RGBAImage, info: FrameInfo, blending: FrameBlending, copies: Bool) -> Bool {
        let overIsIdentity: Bool
        if case .libwebp = blending { overIsIdentity = false } else { overIsIdentity = true }
        guard isBlank, info.disposal != .previous, info.rect == bounds,
              frame.width == width, frame.height == height,
              copies || (overIsIdentity && !frame.hasColoredTransparentPixels) else { return false }
        pixels = frame.pixels
        dirty = bounds
        changed = bounds
        clearPending = false
        sharing = .handedOut
        return true
    }

    /// Draws `frame` (pixels of `info.rect`) onto the canvas, first saving what `info.disposal`
    /// will need to restore. `blending` says how "over" pixels combine (the format's arithmetic).
    /// - Throws: `limitExceeded` when a canvas-sized buffer cannot be allocated; the canvas is
    ///   then as before.
    mutating func draw(_ frame: RGBAImage, info: FrameInfo, blending: FrameBlending = .exact) throws(ZoetropeError) {
        var copies = info.blend == .source
        var unblended: PixelRect?
        if case .libwebp(let keyFrame, let rect) = blending {
            if keyFrame { reset() }
            copies = copies || keyFrame
            unblended = rect
        }
        if adopt(frame, info: info, blending: blending, copies: copies) { return }
        let target = try prepare(info)
        guard !target.isEmpty, frame.width == info.rect.width, frame.height == info.rect.height else { return }
        let canvasWidth = width
        let rowBytes = target.width * 4
        unsafe pixels.withUnsafeMutableBufferPointer { dst in
            unsafe frame.pixels.withUnsafeBufferPointer { src in
                for y in target.y..<target.maxY {
                    let d = (y * canvasWidth + target.x) * 4
                    let s = ((y - info.rect.y) * frame.width + (target.x - info.rect.x)) * 4
                    // Both ranges lie inside their images: `target` is clipped to the canvas and to
                    // the frame's rectangle, whose size `frame` has (checked above).
                    if copies {
                        _ = unsafe UnsafeMutableBufferPointer(rebasing: dst[d..<d + rowBytes])
                            .update(fromContentsOf: src[s..<s + rowBytes])
                    } else if case .libwebp = blending {
                        unsafe Self.blendRowLibWebP(src, s, into: dst, d, row: y, span: target, unblended: unblended)
                    } else if blending == .binaryAlpha {
                        unsafe Self.copyOpaquePixels(src, s, into: dst, d, pixels: target.width)
                    } else {
                        unsafe Self.blendRowOver(src, s, into: dst, d, pixels: target.width)
                    }
                }
            }
        }
    }

    /// Draws a frame that writes its own pixels into the canvas: `paint` gets the canvas's bytes
    /// (width × height × 4, row by row) and writes only inside `info.rect` clipped to the canvas.
    /// What `info.disposal` will need to restore is saved first; the canvas is never adopted.
    /// `overwrites`: `paint` writes every pixel of `info.rect` (which lies inside the canvas)
    /// whatever the canvas holds there; a clear still pending is then skipped when all that it
    /// would clear lies inside the rectangle (and nothing is saved for `previous` disposal).
    /// - Throws: as ``draw(_:info:blending:)``, before `paint` is called.
    mutating func drawInPlace(info: FrameInfo, overwrites: Bool = false,
                              _ paint: (UnsafeMutableRawBufferPointer) -> Void) throws(ZoetropeError) {
        if overwrites, clearPending, sharing != .handedOut, info.disposal != .previous,
           bounds.contains(info.rect), info.rect.contains(dirty) {
            // Every pixel the clear would zero is written by `paint`: the buffer is kept as it is.
            dirty = PixelRect(x: 0, y: 0, width: 0, height: 0)
            clearPending = false
        }
        let target = try prepare(info)
        guard !target.isEmpty else { return }
        unsafe pixels.withUnsafeMutableBytes { unsafe paint($0) }
    }

    /// Before drawing `info`'s frame: gives the canvas its buffer when the frame reaches it, and
    /// saves the part that `previous` disposal restores. Returns that part (the frame's rectangle
    /// clipped to the canvas), which is then counted as drawn on.
    private mutating func prepare(_ info: FrameInfo) throws(ZoetropeError) -> PixelRect {
        let target = info.rect.intersection(bounds)
        if !target.isEmpty {
            try materialize(offset: info.offset)
            try unshare(offset: info.offset)
        }
        if info.disposal == .previous {
            if saved.count != target.area * 4 {
                saved = []
                try MemoryHeadroom.reserve(MemoryHeadroom.bytes(pixels: target.area),
                                           for: "the \(target.width)×\(target.height) area a frame restores",
                                           format: format, offset: info.offset)
                saved = [UInt8](repeating: 0, count: target.area * 4)
            }
            savedRect = target
            copyRows(of: target, toSaved: true)
        }
        dirty = Self.union(dirty, target)
        changed = Self.union(changed, target)
        return target
    }

    /// The smallest rectangle holding both (either may be empty).
    private static func union(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        let left = min(a.x, b.x), top = min(a.y, b.y)
        return PixelRect(x: left, y: top, width: max(a.maxX, b.maxX) - left, height: max(a.maxY, b.maxY) - top)
    }

    /// Zeroes the rows of `rect` (inside the canvas) in `pixels`.
    private mutating func clearRows(of rect: PixelRect) {
        guard !rect.isEmpty else { return }
        precondition(rect.x >= 0 && rect.y >= 0 && rect.maxX <= width && rect.maxY <= height
                     && pixels.count == width * height * 4)
        let canvasWidth = width, rowBytes = rect.width * 4
        unsafe pixels.withUnsafeMutableBufferPointer { pixels in
            if rect.x == 0 && rect.width == canvasWidth {
                unsafe UnsafeMutableBufferPointer(rebasing: pixels[rect.y * rowBytes..<rect.maxY * rowBytes]).update(repeating: 0)
                return
            }
            for y in rect.y..<rect.maxY {
                let start = (y * canvasWidth + rect.x) * 4
                unsafe UnsafeMutableBufferPointer(rebasing: pixels[start..<start + rowBytes]).update(repeating: 0)
            }
        }
    }

    /// Blends one row over the canvas. Most pixels of real animations are fully opaque or fully
    /// transparent (always so for GIF), so those are a 4-byte copy or nothing.
    @inline(__always)
    private static func blendRowOver(_ src: UnsafeBufferPointer<UInt8>, _ start: Int,
                                     into dst: UnsafeMutableBufferPointer<UInt8>, _ destination: Int, pixels: Int) {
        guard let from = src.baseAddress, let to = dst.baseAddress else { return }
        var s = start, d = destination
        let end = start + pixels * 4
        while s < end {
            let alpha = unsafe src[s + 3]
            if alpha == 255 {
                unsafe UnsafeMutableRawPointer(to + d).copyMemory(from: from + s, byteCount: 4)
            } else if alpha != 0 {
                unsafe blendOver(src, s, into: dst, d)
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
        let from = unsafe UnsafeRawPointer(src.baseAddress.unsafelyUnwrapped + start)
        let to = unsafe UnsafeMutableRawPointer(dst.baseAddress.unsafelyUnwrapped + destination)
        // Little-endian RGBA: alpha is each 32-bit pixel's high byte.
        let alpha = SIMD4<UInt32>(repeating: 0xFF00_0000)
        var offset = 0
        let vectorEnd = (pixels & ~3) * 4
        while offset < vectorEnd {
            let source = unsafe from.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt32>.self)
            if (source & alpha) == alpha {
                unsafe to.storeBytes(of: source, toByteOffset: offset, as: SIMD4<UInt32>.self)
            } else {
                let canvas = unsafe to.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt32>.self)
                unsafe to.storeBytes(of: canvas.replacing(with: source, where: (source & alpha) .!= 0),
                              toByteOffset: offset, as: SIMD4<UInt32>.self)
            }
            offset += 16
        }
        while offset < pixels * 4 {
            let pixel = unsafe from.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            if pixel & 0xFF00_0000 != 0 { unsafe to.storeBytes(of: pixel, toByteOffset: offset, as: UInt32.self) }
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
        unsafe LibWebPBlend.blendRow(src, s, into: dst, d, count: copyStart - span.x)
        let copied = (copyStart - span.x) * 4, copiedBytes = (copyEnd - copyStart) * 4
        if copiedBytes > 0 {
            precondition(s + copied + copiedBytes <= src.count && d + copied + copiedBytes <= dst.count)
            // Both buffers hold the copied bytes (checked above), so neither base is nil.
            if let from = src.baseAddress, let to = dst.baseAddress {
                unsafe UnsafeMutableRawPointer(to + d + copied).copyMemory(from: from + s + copied, byteCount: copiedBytes)
            }
        }
        let rest = (copyEnd - span.x) * 4
        unsafe LibWebPBlend.blendRow(src, s + rest, into: dst, d + rest, count: span.maxX - copyEnd)
    }

    /// Applies `info.disposal` after the frame has been shown: clearing touches only what was
    /// drawn inside the frame's rectangle, and clearing everything that was drawn is a ``reset()``.
    /// - Throws: `limitExceeded` when the canvas must be copied first (an image handed out shares
    ///   it) and the copy cannot be allocated.
    mutating func dispose(_ info: FrameInfo) throws(ZoetropeError) {
        let target = info.rect.intersection(bounds)
        // A blank canvas has nothing to clear, and is never restored: drawing made it non-blank.
        guard !target.isEmpty, !isBlank else { return }
        switch info.disposal {
        case .none, .unspecified:
            return
        case .background:
            if target.contains(dirty) {
                reset()
                return
            }
            let cleared = target.intersection(dirty)
            guard !cleared.isEmpty else { return }
            try unshare(offset: info.offset)
            clearRows(of: cleared)
        case .previous:
            guard savedRect == target, saved.count == target.area * 4 else { return }
            try unshare(offset: info.offset)
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
        unsafe pixels.withUnsafeMutableBufferPointer { canvas in
            unsafe saved.withUnsafeMutableBufferPointer { saved in
                let canvasBase = unsafe canvas.baseAddress.unsafelyUnwrapped, savedBase = unsafe saved.baseAddress.unsafelyUnwrapped
                for row in 0..<rect.height {
                    let inCanvas = unsafe canvasBase + ((rect.y + row) * canvasWidth + rect.x) * 4
                    let inSaved = unsafe savedBase + row * rowBytes
                    if toSaved {
                        unsafe inSaved.update(from: inCanvas, count: rowBytes)
                    } else {
                        unsafe inCanvas.update(from: inSaved, count: rowBytes)
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
        let sa = unsafe Int(src[s + 3])
        let da = unsafe Int(dst[d + 3])
        // Output alpha scaled by 255: sa*255 + da*(255-sa).
        let outA255 = sa * 255 + da * (255 - sa)
        for c in 0..<3 {
            let numerator = unsafe Int(src[s + c]) * sa * 255 + Int(dst[d + c]) * da * (255 - sa)
            unsafe dst[d + c] = UInt8((numerator + outA255 / 2) / outA255)
        }
        unsafe dst[d + 3] = UInt8((outA255 + 127) / 255)
    }
}
