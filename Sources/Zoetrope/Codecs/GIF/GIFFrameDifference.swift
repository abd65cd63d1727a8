/// Crops a frame of an opaque, undisposed animation to what it changes on the displayed canvas.
enum GIFFrameDifference {
    /// The frame for canvas-sized `indices` (with `transparent` marking pixels that keep what is
    /// displayed when `pinned`): the bounding rectangle of the pixels whose colour differs from
    /// `displayed` (a single pixel when none does), with unchanged pixels transparent or written
    /// with their colour, whichever compresses smaller.
    static func frame(_ indices: [UInt8], table: GIFFramePalette, transparent: UInt8?, pinned: Bool,
                      displayed: RGBAImage) -> GIFEncoder.IndexedFrame {
        let width = displayed.width, colors = table.palette.colors
        let keeps: (Int) -> Bool = { pixel in
            let index = indices[pixel]
            if pinned, index == transparent { return true }
            return colors[Int(index)].packed == GIFFrameMaker.rgb(displayed, pixel)
        }
        // The bounding box of the pixels that do not keep their colour; 1×1 at the origin when all do.
        let rect = PixelRect.bounding(width: width, height: displayed.height) { !keeps($0) }
            ?? PixelRect(x: 0, y: 0, width: min(1, width), height: min(1, displayed.height))
        var clear: [UInt8] = [], solid: [UInt8]? = []
        clear.reserveCapacity(rect.width * rect.height)
        for y in rect.y..<rect.y + rect.height {
            for x in rect.x..<rect.x + rect.width {
                let pixel = y * width + x, kept = keeps(pixel)
                if let transparent { clear.append(kept ? transparent : indices[pixel]) }
                guard solid != nil else { continue }
                if pinned, indices[pixel] == transparent {
                    if let index = table.indexOfColor[GIFFrameMaker.rgb(displayed, pixel)] { solid!.append(index) } else { solid = nil }
                } else {
                    solid!.append(indices[pixel])
                }
            }
        }
        let chosen = choose(clear: transparent == nil ? nil : clear, solid: solid, tableCount: colors.count + (transparent == nil ? 0 : 1))
        return GIFEncoder.IndexedFrame(rect: rect, indices: chosen.indices, transparentIndex: chosen.usesTransparency ? transparent : nil)
    }

    /// The smaller of the two encodings (one of them exists: without a transparent index nothing is pinned).
    private static func choose(clear: [UInt8]?, solid: [UInt8]?, tableCount: Int) -> (indices: [UInt8], usesTransparency: Bool) {
        guard let clear else { return (solid ?? [], false) }
        guard let solid else { return (clear, true) }
        let codeSize = max(2, Int.bitWidth - (max(2, tableCount) - 1).leadingZeroBitCount)
        let clearSize = LZWEncoder.compress(clear, minimumCodeSize: codeSize, clearCodes: .whenTableFull).count
        let solidSize = LZWEncoder.compress(solid, minimumCodeSize: codeSize, clearCodes: .whenTableFull).count
        return solidSize < clearSize ? (solid, false) : (clear, true)
    }

    /// Draws `frame` (not disposed) onto `canvas` as a decoder would.
    static func draw(_ frame: GIFEncoder.IndexedFrame, table: GIFFramePalette, on canvas: inout RGBAImage) {
        let rect = frame.rect, colors = table.palette.colors
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                let index = frame.indices[y * rect.width + x]
                guard index != frame.transparentIndex, Int(index) < colors.count else { continue }
                let color = colors[Int(index)]
                canvas[rect.x + x, rect.y + y] = (color.red, color.green, color.blue, 255)
            }
        }
    }
}
