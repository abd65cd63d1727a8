/// Decodes one GIF frame's own pixels to straight RGBA: its whole rectangle when that lies inside
/// the canvas, else only the part inside it (see ``ClippedLZWDecoder``).
enum GIFFrameDecoder {
    /// Pixels the data never reaches stay transparent and the damage is returned with them.
    /// - Throws: when the frame's data yields no pixel at all.
    static func decode(_ record: GIFFrameRecord, frameIndex: Int, file: ByteView, canvas: PixelSize) throws(ZoetropeError) -> DecodedFrame {
        let canvasRect = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        if !canvasRect.contains(record.rect) {
            return try decodeClipped(record, frameIndex: frameIndex, file: file, canvas: canvas)
        }
        let width = record.rect.width, height = record.rect.height
        let pixelCount = width * height // checked against the limits while parsing
        guard pixelCount > 0 else {
            return DecodedFrame(image: RGBAImage(width: width, height: height), damage: nil)
        }
        // The indices (one or two bytes each), then the RGBA pixels.
        try MemoryHeadroom.reserve(MemoryHeadroom.bytes(pixels: pixelCount, bytesPerPixel: 6),
                                   for: "frame \(frameIndex)'s \(width)×\(height) pixels", format: .gif, offset: record.dataOffset)
        let data = GIFImageData(file: file, offset: record.dataOffset, endOffset: record.dataEndOffset)
        let (result, pixels) = record.minimumCodeSize <= 8
            ? decodeOwnPixels(UInt8.self, record, data: data, file: file)
            : decodeOwnPixels(UInt16.self, record, data: data, file: file)
        let damage = damage(result, data: data, frameIndex: frameIndex, pixelCount: pixelCount)
        if result.pixelsWritten == 0, let damage { throw damage }
        let opaque = GIFColorLookup.isOpaque(colorTable: record.colorTable, transparentIndex: record.transparentIndex,
                                             literalCount: 1 << record.minimumCodeSize)
        return DecodedFrame(image: RGBAImage(width: width, height: height, pixels: pixels), damage: damage,
                            blending: .binaryAlpha, isOpaque: opaque)
    }

    /// Decodes frame `record` straight onto `compositor`'s canvas, giving the canvas what drawing
    /// ``decode(_:frameIndex:file:canvas:)``'s result over it with binary alpha gives, with no
    /// RGBA buffer of the frame's own: the LZW data decodes to colour indices in `scratch` (grown
    /// as needed and reused across frames, never cleared), which are drawn through the palette
    /// into the canvas (transparent ones skipped). Frames reaching outside the canvas and those
    /// whose indices need 16 bits take the other path. Returns the frame's damage, and whether
    /// every index maps to an opaque colour.
    /// - Throws: when the frame's data yields no pixel at all (the canvas is then untouched).
    static func draw(_ record: GIFFrameRecord, frameIndex: Int, file: ByteView, canvas: PixelSize, info: FrameInfo,
                     onto compositor: inout Compositor, scratch: inout [UInt8]) throws(ZoetropeError) -> DrawnFrame {
        let rect = record.rect, pixelCount = rect.area
        guard PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height).contains(rect), pixelCount > 0,
              record.minimumCodeSize <= 8, info.rect == rect else {
            let decoded = try decode(record, frameIndex: frameIndex, file: file, canvas: canvas)
            try compositor.draw(decoded, info: info)
            return DrawnFrame(damage: decoded.damage, isOpaque: decoded.isOpaque)
        }
        let data = GIFImageData(file: file, offset: record.dataOffset, endOffset: record.dataEndOffset)
        let room = LZWDecoder.literalRoom(minimumCodeSize: record.minimumCodeSize)
        if scratch.count < room + pixelCount {
            scratch = []
            try MemoryHeadroom.reserve(room + pixelCount, for: "frame \(frameIndex)'s \(rect.width)×\(rect.height) indices",
                                       format: .gif, offset: record.dataOffset)
            scratch = unsafe [UInt8](unwrittenCount: room + pixelCount)
        }
        let result = unsafe scratch.withUnsafeMutableBufferPointer { scratch in
            unsafe decodeIndices(record, data: data, into: UnsafeMutableBufferPointer(rebasing: scratch[..<(room + pixelCount)]))
        }
        let damage = damage(result, data: data, frameIndex: frameIndex, pixelCount: pixelCount)
        if result.pixelsWritten == 0, let damage { throw damage }
        let colors = colorLookup(record, file: file)
        let opaque = GIFColorLookup.isOpaque(colorTable: record.colorTable, transparentIndex: record.transparentIndex,
                                             literalCount: 1 << record.minimumCodeSize)
        let painter = GIFIndexPainter(frameWidth: rect.width, frameHeight: rect.height,
                                      isInterlaced: record.isInterlaced, pixelsWritten: result.pixelsWritten)
        // Over a clear area, storing a transparent pixel (0) leaves it as skipping it would.
        let mode: GIFIndexPainter.Mode = opaque || compositor.isClear(in: rect) ? .replace : .skipTransparent
        let overwrites = mode == .replace && result.pixelsWritten == pixelCount
        unsafe try scratch.withUnsafeBufferPointer { (scratch) throws(ZoetropeError) in
            let indices = unsafe UnsafeBufferPointer(rebasing: scratch[room...])
            unsafe try colors.withUnsafeBufferPointer { (colors) throws(ZoetropeError) in
                unsafe try compositor.drawInPlace(info: info, overwrites: overwrites) { pixels in
                    unsafe painter.paint(indices, colors: colors, into: pixels, origin: rect.y * canvas.width + rect.x,
                                  rowStride: canvas.width, mode: mode)
                }
            }
        }
        return DrawnFrame(damage: damage, isOpaque: opaque)
    }

    /// Decodes a frame inside the canvas to its own RGBA pixels (zero where the data never
    /// reaches) through indices of type `Index`, which must hold every literal code.
    private static func decodeOwnPixels<Index: FixedWidthInteger & UnsignedInteger & BitwiseCopyable>(
        _: Index.Type, _ record: GIFFrameRecord, data: GIFImageData, file: ByteView
    ) -> (LZWDecoder.Result, [UInt8]) {
        let pixelCount = record.rect.area
        let colors = colorLookup(record, file: file)
        let room = LZWDecoder.literalRoom(minimumCodeSize: record.minimumCodeSize)
        return unsafe withUnsafeTemporaryAllocation(of: Index.self, capacity: room + pixelCount) { buffer in
            let result = unsafe decodeIndices(record, data: data, into: buffer)
            let indices = unsafe UnsafeBufferPointer(rebasing: buffer[room...])
            // Not zero-filled when every pixel is written: every byte is then written before it is read.
            var pixels = unsafe result.pixelsWritten == pixelCount
                ? [UInt8](unwrittenCount: pixelCount * 4) : [UInt8](repeating: 0, count: pixelCount * 4)
            let painter = GIFIndexPainter(frameWidth: record.rect.width, frameHeight: record.rect.height,
                                          isInterlaced: record.isInterlaced, pixelsWritten: result.pixelsWritten)
            unsafe pixels.withUnsafeMutableBytes { pixels in
                unsafe colors.withUnsafeBufferPointer { colors in
                    unsafe painter.paint(indices, colors: colors, into: pixels, origin: 0,
                                  rowStride: record.rect.width, mode: .replace)
                }
            }
            return (result, pixels)
        }
    }

    /// Runs the frame's LZW data into `buffer`: the literal room, then one index per pixel in
    /// stored order (see ``LZWDecoder/decode(_:minimumCodeSize:into:)``).
    private static func decodeIndices<Index: FixedWidthInteger & UnsignedInteger & BitwiseCopyable>(
        _ record: GIFFrameRecord, data: GIFImageData, into buffer: UnsafeMutableBufferPointer<Index>
    ) -> LZWDecoder.Result {
        unsafe data.bytes.withUnsafeBufferPointer { input in
            unsafe LZWDecoder.decode(input, minimumCodeSize: record.minimumCodeSize, into: buffer)
        }
    }

    /// The frame's colour per index: at least 256 entries and a power of two (every index a byte
    /// holds, every literal code), for ``GIFIndexPainter``.
    private static func colorLookup(_ record: GIFFrameRecord, file: ByteView) -> [UInt32] {
        GIFColorLookup.table(bytes: file, colorTable: record.colorTable, transparentIndex: record.transparentIndex,
                             literalCount: max(256, 1 << record.minimumCodeSize))
    }

    /// Decodes only the part of a frame that lies inside the canvas; the result's `rect` says which.
    private static func decodeClipped(_ record: GIFFrameRecord, frameIndex: Int, file: ByteView,
                                      canvas: PixelSize) throws(ZoetropeError) -> DecodedFrame {
        let rect = record.rect
        let visible = PixelRect(x: rect.x, y: rect.y,
                                width: max(0, min(rect.width, canvas.width - rect.x)),
                                height: max(0, min(rect.height, canvas.height - rect.y)))
        let decoder = ClippedLZWDecoder(frameWidth: rect.width, frameHeight: rect.height,
                                        visibleWidth: visible.width, visibleHeight: visible.height,
                                        rowOrder: record.isInterlaced ? GIFInterlace.rowOrder(height: rect.height) : nil)
        try MemoryHeadroom.reserve(MemoryHeadroom.bytes(pixels: visible.area), for: "frame \(frameIndex)'s visible \(visible.width)×\(visible.height) pixels",
                                   format: .gif, offset: record.dataOffset)
        let data = GIFImageData(file: file, offset: record.dataOffset, endOffset: record.dataEndOffset)
        let colors = GIFColorLookup.table(bytes: file, colorTable: record.colorTable,
                                          transparentIndex: record.transparentIndex,
                                          literalCount: 1 << record.minimumCodeSize)
        var pixels = [UInt8](repeating: 0, count: visible.area * 4)
        let result = unsafe pixels.withUnsafeMutableBytes { raw in
            unsafe raw.withMemoryRebound(to: UInt32.self) { output in
                unsafe data.bytes.withUnsafeBufferPointer { input in
                    unsafe colors.withUnsafeBufferPointer { colors in
                        unsafe decoder.decode(input, minimumCodeSize: record.minimumCodeSize, colors: colors, into: output)
                    }
                }
            }
        }
        let damage = damage(result, data: data, frameIndex: frameIndex, pixelCount: rect.area)
        if result.pixelsWritten == 0, let damage { throw damage }
        return DecodedFrame(image: RGBAImage(width: visible.width, height: visible.height, pixels: pixels),
                            damage: damage, blending: .binaryAlpha, rect: visible)
    }

    private static func damage(_ result: LZWDecoder.Result, data: GIFImageData, frameIndex: Int,
                               pixelCount: Int) -> ZoetropeError? {
        // The common case first: no message is built for a complete frame.
        if result.stop == .complete { return nil }
        let progress = "after \(result.pixelsWritten) of \(pixelCount) pixels"
        let offset = data.fileOffset(of: max(0, result.bytePosition - 1))
        switch result.stop {
        case .complete:
            return nil
        case .endCode:
            return ZoetropeError(.truncated, format: .gif, offset: offset,
                                 "frame \(frameIndex): image data ends \(progress)")
        case .dataEnded:
            let what = data.isTruncated ? "the file ends inside the image data" : "the image data runs out"
            return ZoetropeError(.truncated, format: .gif, offset: data.fileOffset(of: data.bytes.count),
                                 "frame \(frameIndex): \(what) \(progress)")
        case .invalidCode(let code, let nextCode):
            return ZoetropeError(.malformed, format: .gif, offset: offset,
                                 "frame \(frameIndex): invalid LZW code \(code) (next free code \(nextCode)) \(progress)")
        }
    }
}
