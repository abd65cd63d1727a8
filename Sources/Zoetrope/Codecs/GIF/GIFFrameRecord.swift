/// Where a colour table lies in the file: `count` RGB triples from `offset`.
struct GIFColorTableLocation: Sendable, Hashable {
    var offset: Int
    var count: Int
}

/// What decoding one GIF frame needs, found while parsing without touching its compressed data.
struct GIFFrameRecord: Sendable, Hashable {
    /// The frame's rectangle as stored (it may reach outside the logical screen).
    var rect: PixelRect
    /// The local colour table, or the global one, or `nil` when the file has neither.
    var colorTable: GIFColorTableLocation?
    /// The Graphic Control Extension's transparent index, when its flag is set.
    var transparentIndex: Int?
    var isInterlaced: Bool
    /// The LZW minimum code size (validated: 1...11).
    var minimumCodeSize: Int
    /// Offset of the first data sub-block's length byte.
    var dataOffset: Int
    /// Offset just past the sub-block chain (its terminator, or the end of a truncated file).
    var dataEndOffset: Int
}
