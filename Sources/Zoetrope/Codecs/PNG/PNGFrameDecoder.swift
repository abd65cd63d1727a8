/// Decodes one PNG image (the `IDAT` image or an APNG frame's `fdAT` data): inflate, unfilter
/// row by row (per Adam7 pass when interlaced), convert to RGBA8.
///
/// Compressed data is fed and inflated in slices and rows are converted as soon as they are
/// complete, so besides the frame's pixels decoding holds only a few hundred kilobytes.
struct PNGFrameDecoder {
    let converter: PNGPixelConverter
    /// The frame's size (the IHDR size for the default image, the fcTL size for APNG frames).
    let width: Int
    let height: Int

    /// Compressed bytes handed to the inflater at a time.
    private static let inputSlice = 65_536
    /// Inflated bytes produced before they are turned into rows.
    private static let outputSlice = 262_144

    /// Decodes the zlib stream stored in `pieces` (ranges of `bytes`, in order).
    ///
    /// Damaged data keeps the rows before the damage (the rest stays transparent) and returns the
    /// damage, located at its byte in the file (for a row's unknown filter type: at the compressed
    /// data read by then, within one output slice after it); data with not one usable row throws.
    func decode(_ bytes: ByteView, pieces: [Range<Int>]) throws(ZoetropeError) -> DecodedFrame {
        let header = converter.header
        // Allow some trailing data beyond the image (encoders occasionally leave it) but not a bomb.
        let expected = header.filteredSize(width: width, height: height)
        // Reserve the output buffer's bounded size once (or what the data present can produce, if
        // less: deflate expands at most 1032:1, and a tiny file declaring a huge image must not
        // allocate for it).
        let compressed = pieces.reduce(0) { $0 + $1.count }
        let reachable = compressed > expected / 1032 ? expected : compressed * 1032
        var inflater = Inflater(format: .zlib, maxOutputBytes: expected + 65_536,
                                expectedOutputBytes: min(reachable, Inflater.outputBufferSize(forOutputLimit: Self.outputSlice)))
        try MemoryHeadroom.reserve(MemoryHeadroom.bytes(pixels: width * height), for: "a \(width)×\(height) image",
                                   format: .png, offset: pieces.first?.lowerBound)
        var rows = PNGRowStream(converter: converter, width: width, height: height)
        var image: RGBAImage
        if header.isInterlaced {
            image = RGBAImage(width: width, height: height)
        } else {
            // Rows arrive top to bottom and each decoded row writes all its bytes, so instead of
            // zeroing the whole image up front only the rows after the last decoded one are cleared.
            let size = width * height * 4
            image = unsafe RGBAImage(width: width, height: height,
                              pixels: [UInt8](unwrittenCount: size))
        }
        var inflateError: ZoetropeError?
        unsafe image.withUnsafeMutablePixels { pixels in
            guard let target = pixels.baseAddress else { return }
            do throws(ZoetropeError) {
                unsafe try Self.inflate(bytes, pieces: pieces, with: &inflater, into: &rows, pixels: target)
            } catch {
                inflateError = error
            }
        }
        var damage: ZoetropeError?
        if let inflateError, !(inflateError.kind == .limitExceeded && inflater.totalOutput >= expected) {
            var located = inflateError
            located.format = .png
            located.offset = Self.fileOffset(ofStreamOffset: inflateError.offset ?? 0, in: pieces)
            damage = located
        }
        if !header.isInterlaced && !rows.isComplete {
            let firstCleared = rows.rowsDecoded * width * 4
            unsafe image.withUnsafeMutablePixels { pixels in
                unsafe UnsafeMutableBufferPointer(rebasing: pixels[firstCleared...]).update(repeating: 0)
            }
        }
        if rows.isComplete {
            // Every row is there; damage after them (a bad checksum, a cut trailer) is only reported.
            return DecodedFrame(image: image, damage: damage)
        }
        if let filterError = rows.error {
            var located = filterError
            located.offset = Self.fileOffset(ofStreamOffset: inflater.totalInputConsumed, in: pieces)
            damage = located
        }
        let final = damage ?? ZoetropeError(.truncated, format: .png, offset: Self.fileOffset(ofStreamOffset: inflater.totalInputConsumed, in: pieces),
                                            "image data ends after \(rows.rowsDecoded) rows")
        guard rows.rowsDecoded > 0 else { throw final }
        return DecodedFrame(image: image, damage: final)
    }

    /// Feeds `pieces` to `inflater` a slice at a time and passes what it inflates to `rows`, until
    /// the stream ends, the input runs out or the rows stop (a bad filter type).
    private static func inflate(_ bytes: ByteView, pieces: [Range<Int>], with inflater: inout Inflater,
                                into rows: inout PNGRowStream, pixels: UnsafeMutablePointer<UInt8>) throws(ZoetropeError) {
        /// Inflates what has been fed; `true` when the stream has ended or rows want no more.
        func drain() throws(ZoetropeError) -> Bool {
            while true {
                let status: Inflater.Status
                do {
                    status = try inflater.inflate(outputLimit: outputSlice)
                } catch {
                    // Rows decoded before the damage are kept.
                    unsafe inflater.withOutput { unsafe rows.consume($0, into: pixels) }
                    throw error
                }
                unsafe inflater.withOutput { unsafe rows.consume($0, into: pixels) }
                // A bad filter type ends the image; anything after complete rows is only checked.
                if rows.error != nil || status == .finished { return true }
                if status == .needsInput { return false }
            }
        }
        for piece in pieces {
            var start = piece.lowerBound
            while start < piece.upperBound {
                let end = min(piece.upperBound, start + inputSlice)
                unsafe inflater.feed(bytes[start..<end].buffer)
                start = end
                if try drain() { return }
            }
        }
        inflater.finishInput()
        _ = try drain()
    }

    /// The file offset of byte `offset` of the compressed stream split over `pieces`.
    static func fileOffset(ofStreamOffset offset: Int, in pieces: [Range<Int>]) -> Int {
        var remaining = offset
        for piece in pieces {
            if remaining < piece.count { return piece.lowerBound + remaining }
            remaining -= piece.count
        }
        return pieces.last?.upperBound ?? 0
    }
}
