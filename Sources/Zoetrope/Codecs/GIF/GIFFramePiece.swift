/// A GIF frame on its way to a worker, which finishes it and writes its blocks: the frame, and for
/// a differenced frame the choice left open between writing the rectangle's unchanged pixels
/// transparent or with their colour (two trial compressions; the canvas is the same either way).
struct GIFFramePiece: Sendable {
    /// What a differenced frame's rectangle is cut from.
    struct Difference: Sendable {
        let indices: [UInt8]
        let table: GIFFramePalette
        let transparent: UInt8?
        let pinned: Bool
        /// The canvas before the frame.
        let displayed: RGBAImage
    }

    /// The frame; its indices are cut from ``difference`` when there is one.
    var frame: GIFEncoder.IndexedFrame
    var difference: Difference?

    init(frame: GIFEncoder.IndexedFrame, difference: Difference? = nil) {
        self.frame = frame
        self.difference = difference
    }

    /// The frame's blocks (``GIFWriter/frameBytes(_:index:globalTableCount:)``).
    func bytes(index: Int, globalTableCount: Int?) throws(ZoetropeError) -> [UInt8] {
        var frame = self.frame
        if let difference {
            let cut = GIFFrameDifference.frame(difference.indices, in: frame.rect, table: difference.table,
                                               transparent: difference.transparent, pinned: difference.pinned,
                                               displayed: difference.displayed)
            frame.indices = cut.indices
            frame.transparentIndex = cut.transparentIndex
        }
        return try GIFWriter.frameBytes(frame, index: index, globalTableCount: globalTableCount)
    }
}
