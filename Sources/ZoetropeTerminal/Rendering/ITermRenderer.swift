import Zoetrope

/// iTerm2's inline images (also understood by WezTerm and others): each frame is a PNG sent in
/// `ESC ] 1337 ; File=inline=1;size=N;width=Wpx;height=Hpx;preserveAspectRatio=0;doNotMoveCursor=1 :
/// base64 BEL`, drawn at the cursor.
public struct ITermRenderer: PixelProtocolRenderer {
    /// The size of one cell in pixels.
    public var cellPixels: PixelSize

    /// Creates a renderer.
    public init(cellPixels: PixelSize) {
        self.cellPixels = cellPixels
    }

    public func render(_ frame: RGBAImage, previous: RGBAImage?, at origin: CellPosition?) -> [UInt8] {
        if origin != nil, previous == frame { return [] }
        let png = PNGEncoder.encode(frame)
        var out = [UInt8]()
        appendStart(at: origin, to: &out)
        out.append(0x1B)
        out.append(text: "]1337;File=inline=1;size=")
        out.append(decimal: png.count)
        out.append(text: ";width=")
        out.append(decimal: frame.width)
        out.append(text: "px;height=")
        out.append(decimal: frame.height)
        out.append(text: "px;preserveAspectRatio=0;doNotMoveCursor=1:")
        out.append(contentsOf: Base64.encode(png))
        out.append(0x07)
        appendInlineEnd(for: frame, at: origin, to: &out)
        return out
    }
}
