/// Decodes one PNG image (the `IDAT` image or an APNG frame's `fdAT` data): inflate, unfilter
/// row by row (per Adam7 pass when interlaced), convert to RGBA8.
struct PNGFrameDecoder {
    let converter: PNGPixelConverter
    /// The frame's size (the IHDR size for the default image, the fcTL size for APNG frames).
    let width: Int
    let height: Int

    /// Decodes the zlib stream stored in `pieces` (ranges of `bytes`, in order).
    ///
    /// Damaged data keeps the rows before the damage (the rest stays transparent) and returns the
    /// damage; data with not one usable row throws.
    func decode(_ bytes: [UInt8], pieces: [Range<Int>], firstOffset: Int) throws(ZoetropeError) -> DecodedFrame {
        let header = converter.header
        let expected = header.filteredSize(width: width, height: height)
        // Allow some trailing data beyond the image (encoders occasionally leave it) but not a bomb.
        // Reserve what the data present can produce at most (deflate expands at most 1032:1), not
        // what the header claims: a tiny file declaring a huge image must not allocate it up front.
        let compressed = pieces.reduce(0) { $0 + $1.count }
        let reachable = compressed > expected / 1032 ? expected : compressed * 1032
        var inflater = Inflater(format: .zlib, maxOutputBytes: expected + 65_536, expectedOutputBytes: reachable)
        inflater.reserveInputCapacity(compressed)
        for piece in pieces { inflater.feed(bytes[piece]) }
        inflater.finishInput()
        var damage: ZoetropeError?
        do {
            _ = try inflater.inflate()
        } catch {
            var located = error
            located.format = .png
            located.offset = firstOffset + (error.offset ?? 0)
            if !(error.kind == .limitExceeded && inflater.totalOutput >= expected) { damage = located }
        }
        var filtered = inflater.takeOutput()
        var image: RGBAImage
        if header.isInterlaced {
            image = RGBAImage(width: width, height: height)
        } else {
            // Rows arrive top to bottom and each decoded row writes all its bytes, so instead of
            // zeroing the whole image up front only the rows after the last decoded one are cleared.
            let size = width * height * 4
            image = RGBAImage(width: width, height: height,
                              pixels: [UInt8](unsafeUninitializedCapacity: size) { _, initialized in initialized = size })
        }
        let rowsDecoded = unfilterAndConvert(&filtered, into: &image)
        if !header.isInterlaced && !rowsDecoded.complete {
            let firstCleared = rowsDecoded.rows * width * 4
            image.pixels.withUnsafeMutableBufferPointer { pixels in
                UnsafeMutableBufferPointer(rebasing: pixels[firstCleared...]).update(repeating: 0)
            }
        }
        if rowsDecoded.complete {
            // Every row is there; damage after them (a bad checksum, a cut trailer) is only reported.
            return DecodedFrame(image: image, damage: damage)
        }
        if let filterError = rowsDecoded.error { damage = filterError }
        let final = damage ?? ZoetropeError(.truncated, format: .png, offset: firstOffset,
                                            "image data ends after \(rowsDecoded.rows) rows")
        guard rowsDecoded.rows > 0 else { throw final }
        return DecodedFrame(image: image, damage: final)
    }

    private struct Progress {
        var rows = 0
        var complete = false
        var error: ZoetropeError?
    }

    /// Unfilters `filtered` in place and converts each complete row into `image`.
    private func unfilterAndConvert(_ filtered: inout [UInt8], into image: inout RGBAImage) -> Progress {
        let header = converter.header
        var progress = Progress()
        let available = filtered.count
        let stride = header.filterStride
        let imageWidth = width
        filtered.withUnsafeMutableBufferPointer { data in
            image.pixels.withUnsafeMutableBufferPointer { pixels in
                guard let base = data.baseAddress, let out = pixels.baseAddress else { return }
                var offset = 0
                for pass in header.passes(width: width, height: height) where pass.width > 0 && pass.height > 0 {
                    let rowBytes = header.rowBytes(width: pass.width)
                    var previous: UnsafePointer<UInt8>?
                    for passRow in 0..<pass.height {
                        guard offset + 1 + rowBytes <= available else { return }
                        let type = base[offset]
                        let row = base + offset + 1
                        guard PNGFilter.unfilter(type: type, row: row, previous: previous, count: rowBytes, stride: stride) else {
                            progress.error = ZoetropeError(.malformed, format: .png, "unknown row filter type \(type)")
                            return
                        }
                        let y = pass.y0 + passRow * pass.dy
                        let target = out + (y * imageWidth + pass.x0) * 4
                        converter.convert(row: UnsafePointer(row), count: pass.width, into: target, step: pass.dx * 4)
                        previous = UnsafePointer(row)
                        offset += 1 + rowBytes
                        progress.rows += 1
                    }
                }
                progress.complete = true
            }
        }
        return progress
    }
}
