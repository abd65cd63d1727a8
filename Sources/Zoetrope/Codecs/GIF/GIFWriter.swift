/// Serialises a ``GIFEncoder/IndexedImage`` block by block.
enum GIFWriter {
    static func write(_ image: GIFEncoder.IndexedImage) throws(ZoetropeError) -> [UInt8] {
        var out = ByteWriter()
        let globalTableCount = try appendHeader(of: image, to: &out)
        for (index, frame) in image.frames.enumerated() {
            try writeFrame(frame, index: index, globalTableCount: globalTableCount, into: &out)
        }
        out.append(trailer)
        return out.bytes
    }

    /// The byte that ends a GIF file.
    static let trailer: UInt8 = 0x3B

    /// Appends the header, logical screen descriptor, global colour table and loop extension of
    /// `image` (its frames are not read) and returns the global table's entry count, if it has one.
    static func appendHeader(of image: GIFEncoder.IndexedImage, to out: inout ByteWriter) throws(ZoetropeError) -> Int? {
        try check(image.canvasSize.width, in: 0...0xFFFF, "canvas width")
        try check(image.canvasSize.height, in: 0...0xFFFF, "canvas height")
        out.append(contentsOf: Array((image.isGIF87a ? "GIF87a" : "GIF89a").utf8))
        out.appendLittleEndian(UInt16(image.canvasSize.width))
        out.appendLittleEndian(UInt16(image.canvasSize.height))
        let globalSize = try tableSizeField(image.globalColorTable, "global colour table")
        out.append(image.globalColorTable == nil ? 0 : 0x80 | 0x70 | globalSize)
        out.append(image.backgroundIndex)
        out.append(0) // no aspect ratio
        if let table = image.globalColorTable { writeTable(table, sizeField: globalSize, into: &out) }

        if let loopCount = image.loopCount {
            try check(loopCount, in: 0...0xFFFF, "loop count")
            out.append(contentsOf: [0x21, 0xFF, 11])
            out.append(contentsOf: Array(image.loopExtension.rawValue.utf8))
            out.append(contentsOf: [3, 1])
            out.appendLittleEndian(UInt16(loopCount))
            out.append(0)
        }
        return image.globalColorTable.map { _ in 2 << Int(globalSize) }
    }

    /// One frame's blocks (``writeFrame(_:index:globalTableCount:lzw:into:)``) on their own.
    static func frameBytes(_ frame: GIFEncoder.IndexedFrame, index: Int, globalTableCount: Int?,
                           lzw: LZWStream? = nil) throws(ZoetropeError) -> [UInt8] {
        var out = ByteWriter()
        try writeFrame(frame, index: index, globalTableCount: globalTableCount, lzw: lzw, into: &out)
        return out.bytes
    }

    static func writeFrame(_ frame: GIFEncoder.IndexedFrame, index: Int, globalTableCount: Int?, lzw: LZWStream? = nil,
                           into out: inout ByteWriter) throws(ZoetropeError) {
        let rect = frame.rect
        for (value, name) in [(rect.x, "x"), (rect.y, "y"), (rect.width, "width"), (rect.height, "height")] {
            try check(value, in: 0...0xFFFF, "frame \(index) \(name)")
        }
        guard frame.indices.count == rect.width * rect.height else {
            throw ZoetropeError(.invalidArgument, format: .gif,
                                "frame \(index) has \(frame.indices.count) indices for a \(rect.width)×\(rect.height) rectangle")
        }
        try check(frame.disposal, in: 0...7, "frame \(index) disposal")
        if frame.hasGraphicControl {
            let delay = frame.delayCentiseconds ?? 0
            try check(delay, in: 0...0xFFFF, "frame \(index) delay")
            out.append(contentsOf: [0x21, 0xF9, 4])
            out.append(UInt8(frame.disposal << 2) | (frame.transparentIndex == nil ? 0 : 1))
            out.appendLittleEndian(UInt16(delay))
            out.append(frame.transparentIndex ?? 0)
            out.append(0)
        }
        out.append(0x2C)
        for value in [rect.x, rect.y, rect.width, rect.height] { out.appendLittleEndian(UInt16(value)) }
        let localSize = try tableSizeField(frame.localColorTable, "frame \(index) colour table")
        out.append((frame.localColorTable == nil ? 0 : 0x80 | localSize) | (frame.isInterlaced ? 0x40 : 0))
        if let table = frame.localColorTable { writeTable(table, sizeField: localSize, into: &out) }

        let tableCount = frame.localColorTable.map { _ in 2 << Int(localSize) } ?? globalTableCount ?? 256
        let minimumCodeSize = frame.lzw.minimumCodeSize ?? max(2, bitWidth(tableCount - 1))
        try check(minimumCodeSize, in: LZWDecoder.supportedMinimumCodeSizes, "frame \(index) LZW minimum code size")
        try check(frame.lzw.subBlockSize, in: 1...255, "frame \(index) sub-block size")
        if case .every(let codes) = frame.lzw.clearCodes { try check(codes, in: 1...Int.max, "frame \(index) clear interval") }
        if minimumCodeSize < 8, let largest = frame.indices.max(), Int(largest) >= 1 << minimumCodeSize {
            throw ZoetropeError(.invalidArgument, format: .gif,
                                "frame \(index) has index \(largest), too large for LZW minimum code size \(minimumCodeSize)")
        }
        let compressed: [UInt8]
        if let lzw, lzw.minimumCodeSize == minimumCodeSize, !frame.isInterlaced, frame.lzw.clearCodes == .whenTableFull {
            compressed = lzw.bytes // the same stream, compressed by whoever chose these indices
        } else {
            let rows = frame.isInterlaced ? interlaced(frame.indices, width: rect.width, height: rect.height) : frame.indices
            compressed = LZWEncoder.compress(rows, minimumCodeSize: minimumCodeSize, clearCodes: frame.lzw.clearCodes)
        }
        out.append(UInt8(minimumCodeSize))
        var start = 0
        while start < compressed.count {
            let end = min(start + frame.lzw.subBlockSize, compressed.count)
            out.append(UInt8(end - start))
            out.append(contentsOf: compressed[start..<end])
            start = end
        }
        out.append(0)
    }

    /// Rows in the order the four interlace passes store them.
    private static func interlaced(_ indices: [UInt8], width: Int, height: Int) -> [UInt8] {
        var rows: [UInt8] = []
        rows.reserveCapacity(indices.count)
        for row in GIFInterlace.rowOrder(height: height) {
            rows.append(contentsOf: indices[row * width..<(row + 1) * width])
        }
        return rows
    }

    /// The 3-bit size field of a colour table: its entry count is `2 << field`.
    private static func tableSizeField(_ table: [GIFEncoder.Color]?, _ what: String) throws(ZoetropeError) -> UInt8 {
        guard let table else { return 0 }
        try check(table.count, in: 1...256, "\(what) size")
        return UInt8(max(1, bitWidth(table.count - 1)) - 1)
    }

    private static func writeTable(_ table: [GIFEncoder.Color], sizeField: UInt8, into out: inout ByteWriter) {
        for color in table { out.append(contentsOf: [color.red, color.green, color.blue]) }
        for _ in table.count..<(2 << Int(sizeField)) { out.append(contentsOf: [0, 0, 0]) }
    }

    /// Bits needed to write `value` (0 for 0).
    private static func bitWidth(_ value: Int) -> Int { Int.bitWidth - value.leadingZeroBitCount }

    private static func check(_ value: Int, in range: ClosedRange<Int>, _ what: String) throws(ZoetropeError) {
        guard range.contains(value) else {
            throw ZoetropeError(.invalidArgument, format: .gif, "\(what) \(value) is outside \(range)")
        }
    }
}
