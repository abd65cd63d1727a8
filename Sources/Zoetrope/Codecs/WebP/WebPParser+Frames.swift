extension WebPParser {
    /// Adds the one frame of a still image: the whole canvas, replacing it.
    mutating func addStill(_ record: WebPFrameRecord, offset: Int, truncated: Bool) throws(ZoetropeError) {
        let rect = PixelRect(x: 0, y: 0, width: record.size.width, height: record.size.height)
        guard record.size == table.canvasSize else {
            throw ZoetropeError(.malformed, format: .webp, offset: offset,
                                "the image is \(record.size) but the canvas is \(table.canvasSize)")
        }
        guard try table.admit(rect, offset: offset) else { return }
        table.append(FrameInfo(rect: rect, disposal: .none, storedDisposal: 0, blend: .source,
                               hasTransparency: record.hasAlpha, storedDuration: nil, duration: .zero,
                               offset: offset, compression: record.compression))
        records.append(record)
        if truncated {
            table.warn(ZoetropeError(.truncated, format: .webp, offset: record.image.upperBound,
                                     "the file ends inside the image data"))
        }
    }

    /// Adds the image of a non-animated extended file: an optional `ALPH` chunk, then `VP8 `, or a
    /// `VP8L` chunk alone. Returns where the walk goes on.
    mutating func addExtendedStill(startingWith chunk: RIFFChunk) throws(ZoetropeError) -> Int {
        guard records.isEmpty else {
            throw ZoetropeError(.malformed, format: .webp, offset: chunk.offset,
                                "a second image chunk (\(chunk.name)) in a still image")
        }
        let (image, alpha) = try imageChunks(startingWith: chunk, within: end)
        let record = try WebPFrameRecord(image: image, alpha: alpha, bytes: bytes)
        try addStill(record, offset: (alpha ?? image).offset, truncated: image.isTruncated)
        return image.end
    }

    /// An image chunk and the `ALPH` chunk before it, starting at `first` and not reaching past
    /// `limit`. An `ALPH` chunk must be followed by `VP8 ` (lossless images carry their own alpha).
    private func imageChunks(startingWith first: RIFFChunk,
                             within limit: Int) throws(ZoetropeError) -> (image: RIFFChunk, alpha: RIFFChunk?) {
        guard first.fourCC == RIFFChunk.alph else {
            guard first.fourCC == RIFFChunk.vp8 || first.fourCC == RIFFChunk.vp8l else {
                throw ZoetropeError(.malformed, format: .webp, offset: first.offset,
                                    "\(first.name) where an image chunk (VP8 or VP8L) was expected")
            }
            return (first, nil)
        }
        guard !first.isTruncated, let image = RIFFChunk.read(bytes, at: first.end, end: limit) else {
            throw ZoetropeError(.truncated, format: .webp, offset: first.offset, "an ALPH chunk without image data after it")
        }
        guard image.fourCC == RIFFChunk.vp8 else {
            throw ZoetropeError(.malformed, format: .webp, offset: image.offset,
                                "\(image.name) after ALPH (only a lossy VP8 image takes an ALPH chunk)")
        }
        return (image, first)
    }

    /// Adds one `ANMF` frame: its 16-byte header (offset, size, duration, blend and dispose
    /// flags) and its image chunks. Returns where the walk goes on: after the image chunks, as in
    /// libwebp's demuxer (browsers use it), which reads whatever the `ANMF` declares beyond them
    /// as top-level chunks; at the declared end when the image runs past it.
    mutating func addAnimationFrame(_ chunk: RIFFChunk) throws(ZoetropeError) -> Int {
        guard chunk.payload.count >= 24 else { throw truncatedOrShort(chunk, "ANMF") }
        let start = chunk.payload.lowerBound
        let x = 2 * WebPBytes.littleEndian24(bytes, start)
        let y = 2 * WebPBytes.littleEndian24(bytes, start + 3)
        let duration = WebPBytes.littleEndian24(bytes, start + 12)
        let flags = bytes[start + 15]
        guard let first = RIFFChunk.read(bytes, at: start + 16, end: chunk.payload.upperBound) else {
            throw truncatedOrShort(chunk, "ANMF")
        }
        let (image, alpha) = try imageChunks(startingWith: first, within: chunk.payload.upperBound)
        let record = try WebPFrameRecord(image: image, alpha: alpha, bytes: bytes)
        // libwebp takes the frame's size from its bitstream, not from the ANMF fields.
        let rect = PixelRect(x: x, y: y, width: record.size.width, height: record.size.height)
        guard rect.maxX <= table.canvasSize.width, rect.maxY <= table.canvasSize.height else {
            throw ZoetropeError(.malformed, format: .webp, offset: chunk.offset,
                                "frame \(records.count) (\(rect)) lies outside the \(table.canvasSize) canvas")
        }
        let next = image.isTruncated ? chunk.end : image.end
        guard try table.admit(rect, offset: chunk.offset) else { return next }
        let stored = Duration.milliseconds(duration)
        table.append(FrameInfo(rect: rect, disposal: flags & 1 != 0 ? .background : .none,
                               storedDisposal: Int(flags & 1), blend: flags & 2 != 0 ? .source : .over,
                               hasTransparency: record.hasAlpha, storedDuration: stored, duration: stored,
                               offset: chunk.offset, compression: record.compression))
        records.append(record)
        if image.isTruncated || chunk.isTruncated {
            table.warn(ZoetropeError(.truncated, format: .webp, offset: image.payload.upperBound,
                                     "the file ends inside frame \(records.count - 1)"))
        }
        return next
    }
}
