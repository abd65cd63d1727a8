/// Crops a frame of an opaque, undisposed animation to what it changes on the displayed canvas.
enum GIFFrameDifference {
    /// The frame for canvas-sized `indices` (with `transparent` marking pixels that keep what is
    /// displayed when `pinned`): the bounding rectangle of the pixels whose colour differs from
    /// `displayed` (a single pixel when none does), with unchanged pixels transparent or written
    /// with their colour, whichever compresses smaller.
    static func frame(_ indices: [UInt8], table: GIFFramePalette, transparent: UInt8?, pinned: Bool,
                      displayed: RGBAImage) -> GIFEncoder.IndexedFrame {
        let rect = Self.rect(indices, table: table, transparent: transparent, pinned: pinned, displayed: displayed)
        return frame(indices, in: rect, table: table, transparent: transparent, pinned: pinned, displayed: displayed)
    }

    /// The bounding rectangle of the pixels of `indices` that change `displayed`; 1×1 at the
    /// origin when none does.
    static func rect(_ indices: [UInt8], table: GIFFramePalette, transparent: UInt8?, pinned: Bool,
                     displayed: RGBAImage) -> PixelRect {
        let keeps = Self.keeps(indices, table: table, transparent: transparent, pinned: pinned, displayed: displayed)
        return PixelRect.bounding(width: displayed.width, height: displayed.height) { !keeps($0) }
            ?? PixelRect(x: 0, y: 0, width: min(1, displayed.width), height: min(1, displayed.height))
    }

    /// The frame covering `rect` (``rect(_:table:transparent:pinned:displayed:)``), its unchanged
    /// pixels transparent or written with their colour, whichever compresses smaller.
    static func frame(_ indices: [UInt8], in rect: PixelRect, table: GIFFramePalette, transparent: UInt8?, pinned: Bool,
                      displayed: RGBAImage) -> GIFEncoder.IndexedFrame {
        let cut = cut(indices, in: rect, table: table, transparent: transparent, pinned: pinned, displayed: displayed)
        let chosen = cut.smaller()
        return GIFEncoder.IndexedFrame(rect: rect, indices: chosen.indices, transparentIndex: chosen.usesTransparency ? transparent : nil)
    }

    /// The two ways to write a rectangle's unchanged pixels: transparent (`clear`, when there is a
    /// transparent index) or with their colour (`solid`, when every pinned pixel's displayed
    /// colour is in the table). One of them exists: without a transparent index nothing is pinned.
    struct Cut {
        let clear: [UInt8]?
        let solid: [UInt8]?
        /// Entries the frame's table has, its transparent one included (the LZW code size).
        let tableCount: Int

        /// The smaller of the two once compressed, and its LZW stream when both were compressed
        /// to compare them (so that the writer need not compress it again).
        func smaller() -> (indices: [UInt8], usesTransparency: Bool, lzw: LZWStream?) {
            guard let clear else { return (solid ?? [], false, nil) }
            guard let solid else { return (clear, true, nil) }
            let codeSize = max(2, Int.bitWidth - (max(2, tableCount) - 1).leadingZeroBitCount)
            let clearStream = LZWEncoder.compress(clear, minimumCodeSize: codeSize, clearCodes: .whenTableFull)
            let solidStream = LZWEncoder.compress(solid, minimumCodeSize: codeSize, clearCodes: .whenTableFull)
            return solidStream.count < clearStream.count
                ? (solid, false, LZWStream(minimumCodeSize: codeSize, bytes: solidStream))
                : (clear, true, LZWStream(minimumCodeSize: codeSize, bytes: clearStream))
        }
    }

    /// The rectangle's pixels both ways (``Cut``); `displayed` and `indices` are not needed after.
    static func cut(_ indices: [UInt8], in rect: PixelRect, table: GIFFramePalette, transparent: UInt8?, pinned: Bool,
                    displayed: RGBAImage) -> Cut {
        let width = displayed.width
        let keeps = Self.keeps(indices, table: table, transparent: transparent, pinned: pinned, displayed: displayed)
        var clear: [UInt8] = [], solid: [UInt8]? = []
        clear.reserveCapacity(transparent == nil ? 0 : rect.width * rect.height)
        solid?.reserveCapacity(rect.width * rect.height)
        for y in rect.y..<rect.y + rect.height {
            for x in rect.x..<rect.x + rect.width {
                let pixel = y * width + x
                if let transparent { clear.append(keeps(pixel) ? transparent : indices[pixel]) }
                guard solid != nil else { continue }
                if pinned, indices[pixel] == transparent {
                    if let index = table.indexOfColor[GIFFrameMaker.rgb(displayed, pixel)] { solid!.append(index) } else { solid = nil }
                } else {
                    solid!.append(indices[pixel])
                }
            }
        }
        return Cut(clear: transparent == nil ? nil : clear, solid: solid,
                   tableCount: table.palette.colors.count + (transparent == nil ? 0 : 1))
    }

    /// Whether a pixel of `indices` leaves `displayed` as it is.
    private static func keeps(_ indices: [UInt8], table: GIFFramePalette, transparent: UInt8?, pinned: Bool,
                              displayed: RGBAImage) -> (Int) -> Bool {
        let colors = table.palette.colors
        return { pixel in
            let index = indices[pixel]
            if pinned, index == transparent { return true }
            return colors[Int(index)].packed == GIFFrameMaker.rgb(displayed, pixel)
        }
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

    /// Draws the pixels of canvas-sized `indices` in `rect` onto `canvas`, as a decoder draws the
    /// frame ``frame(_:in:table:transparent:pinned:displayed:)`` makes of them: pinned pixels
    /// (indices past the colours) keep what is shown, the others show their colour (which, for a
    /// pixel written transparent or solid because it keeps its colour, is what is shown).
    static func draw(_ indices: [UInt8], in rect: PixelRect, table: GIFFramePalette, on canvas: inout RGBAImage) {
        let colors = table.palette.colors, width = canvas.width
        for y in rect.y..<rect.y + rect.height {
            for x in rect.x..<rect.x + rect.width {
                let index = Int(indices[y * width + x])
                guard index < colors.count else { continue }
                let color = colors[index]
                canvas[x, y] = (color.red, color.green, color.blue, 255)
            }
        }
    }
}
