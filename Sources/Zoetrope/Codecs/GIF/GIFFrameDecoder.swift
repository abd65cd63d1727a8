/// Decodes one GIF frame's own pixels to straight RGBA: its whole rectangle when that lies inside
/// the canvas, else only the part inside it (see ``ClippedLZWDecoder``).
enum GIFFrameDecoder {
    /// Pixels the data never reaches stay transparent and the damage is returned with them.
    /// - Throws: when the frame's data yields no pixel at all.
    static func decode(_ record: GIFFrameRecord, frameIndex: Int, file: [UInt8], canvas: PixelSize) throws(ZoetropeError) -> DecodedFrame {
        let canvasRect = PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
        if !canvasRect.contains(record.rect) {
            return try decodeClipped(record, frameIndex: frameIndex, file: file, canvas: canvas)
        }
        let width = record.rect.width, height = record.rect.height
        let pixelCount = width * height // checked against the limits while parsing
        guard pixelCount > 0 else {
            return DecodedFrame(image: RGBAImage(width: width, height: height), damage: nil)
        }
        let data = GIFImageData(file: file, offset: record.dataOffset, endOffset: record.dataEndOffset)
        let colors = GIFColorLookup.table(bytes: file, colorTable: record.colorTable,
                                          transparentIndex: record.transparentIndex,
                                          literalCount: 1 << record.minimumCodeSize)
        // Not zero-filled first: the decoder writes every pixel up to where it stops, and the
        // pixels after that (damage) are zeroed below, so every byte is written before it is read.
        var pixels = [UInt8](unwrittenCount: pixelCount * 4)
        let result = pixels.withUnsafeMutableBytes { raw in
            raw.withMemoryRebound(to: UInt32.self) { output in
                data.bytes.withUnsafeBufferPointer { input in
                    colors.withUnsafeBufferPointer { colors in
                        LZWDecoder.decode(input, minimumCodeSize: record.minimumCodeSize, colors: colors, into: output)
                    }
                }
            }
        }
        if result.pixelsWritten < pixelCount {
            pixels.withUnsafeMutableBytes { raw in
                _ = raw[(result.pixelsWritten * 4)...].initializeMemory(as: UInt8.self, repeating: 0)
            }
        }
        if record.isInterlaced {
            pixels = GIFInterlace.deinterlace(pixels, bytesPerRow: width * 4, height: height)
        }
        let damage = damage(result, data: data, frameIndex: frameIndex, pixelCount: pixelCount)
        if result.pixelsWritten == 0, let damage { throw damage }
        let opaque = GIFColorLookup.isOpaque(colorTable: record.colorTable, transparentIndex: record.transparentIndex,
                                             literalCount: 1 << record.minimumCodeSize)
        return DecodedFrame(image: RGBAImage(width: width, height: height, pixels: pixels), damage: damage,
                            blending: .binaryAlpha, isOpaque: opaque)
    }

    /// Decodes only the part of a frame that lies inside the canvas; the result's `rect` says which.
    private static func decodeClipped(_ record: GIFFrameRecord, frameIndex: Int, file: [UInt8],
                                      canvas: PixelSize) throws(ZoetropeError) -> DecodedFrame {
        let rect = record.rect
        let visible = PixelRect(x: rect.x, y: rect.y,
                                width: max(0, min(rect.width, canvas.width - rect.x)),
                                height: max(0, min(rect.height, canvas.height - rect.y)))
        let decoder = ClippedLZWDecoder(frameWidth: rect.width, frameHeight: rect.height,
                                        visibleWidth: visible.width, visibleHeight: visible.height,
                                        rowOrder: record.isInterlaced ? GIFInterlace.rowOrder(height: rect.height) : nil)
        let data = GIFImageData(file: file, offset: record.dataOffset, endOffset: record.dataEndOffset)
        let colors = GIFColorLookup.table(bytes: file, colorTable: record.colorTable,
                                          transparentIndex: record.transparentIndex,
                                          literalCount: 1 << record.minimumCodeSize)
        var pixels = [UInt8](repeating: 0, count: visible.area * 4)
        let result = pixels.withUnsafeMutableBytes { raw in
            raw.withMemoryRebound(to: UInt32.self) { output in
                data.bytes.withUnsafeBufferPointer { input in
                    colors.withUnsafeBufferPointer { colors in
                        decoder.decode(input, minimumCodeSize: record.minimumCodeSize, colors: colors, into: output)
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
