/// Maps LZW literal codes (colour indices) to packed RGBA pixels for one frame.
enum GIFColorLookup {
    /// One packed RGBA value (bytes R, G, B, A in memory order) for each of the `literalCount`
    /// literal codes. The transparent index, indices beyond the colour table and every index of a
    /// frame without a colour table are fully transparent (0), as browsers show them.
    static func table(bytes: ByteView, colorTable: GIFColorTableLocation?, transparentIndex: Int?,
                      literalCount: Int) -> [UInt32] {
        var lookup = [UInt32](repeating: 0, count: literalCount)
        guard let colorTable else { return lookup }
        // The parser checked that the table lies inside the file (checked again here, once).
        let usable = min(colorTable.count, literalCount)
        // One check of the table's bytes, then a loop over them: built for every frame, it is a
        // visible part of decoding small frames when each byte is checked.
        let rgb = unsafe bytes[colorTable.offset..<colorTable.offset + usable * 3].buffer
        for index in 0..<usable {
            let entry = index &* 3
            lookup[index] = unsafe pack(red: rgb[entry], green: rgb[entry &+ 1], blue: rgb[entry &+ 2], alpha: 255)
        }
        if let transparentIndex, (0..<usable).contains(transparentIndex) { lookup[transparentIndex] = 0 }
        return lookup
    }

    /// Whether every literal code maps to an opaque colour: a colour table covers all
    /// `literalCount` indices and none of them is the transparent index. Then no decoded pixel
    /// can be transparent.
    static func isOpaque(colorTable: GIFColorTableLocation?, transparentIndex: Int?, literalCount: Int) -> Bool {
        guard let colorTable, colorTable.count >= literalCount else { return false }
        return transparentIndex.map { $0 >= literalCount } ?? true
    }

    /// The 32-bit value whose in-memory bytes are R, G, B, A on any byte order.
    @inline(__always)
    static func pack(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) -> UInt32 {
        let value = UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | UInt32(alpha) << 24
        return UInt32(littleEndian: value)
    }
}
