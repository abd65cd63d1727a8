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

    /// The frame's blocks (``GIFWriter/frameBytes(_:index:globalTableCount:lzw:)``), made by a
    /// worker. A differenced frame's rectangle is cut first, and the canvas and indices it is cut
    /// from are let go before the trial compressions (the winner's stream is written as it is).
    consuming func bytes(index: Int, globalTableCount: Int?) throws(ZoetropeError) -> [UInt8] {
        guard let difference = difference.take() else {
            return try GIFWriter.frameBytes(frame, index: index, globalTableCount: globalTableCount)
        }
        let transparent = difference.transparent
        let chosen = Self.cut(difference, in: frame.rect).smaller()
        frame.indices = chosen.indices
        frame.transparentIndex = chosen.usesTransparency ? transparent : nil
        return try GIFWriter.frameBytes(frame, index: index, globalTableCount: globalTableCount, lzw: chosen.lzw)
    }

    /// `difference` is consumed: the canvas and the canvas-sized indices go when the cut is made.
    private static func cut(_ difference: consuming Difference, in rect: PixelRect) -> GIFFrameDifference.Cut {
        GIFFrameDifference.cut(difference.indices, in: rect, table: difference.table, transparent: difference.transparent,
                               pinned: difference.pinned, displayed: difference.displayed)
    }
}
