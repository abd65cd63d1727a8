import Zoetrope

/// The kitty graphics protocol: each frame is sent as a PNG in APC sequences
/// (`ESC _ G keys ; base64 ESC \`), transmitted and placed in one command (`a=T`) under a fixed
/// image and placement id so each frame replaces the last. Replies are suppressed (`q=2`) so they
/// never reach the key reader, and the cursor does not move (`C=1`).
///
/// The base64 payload is split into chunks of at most 4096 bytes: the first carries the keys and
/// `m=1` when more follow; the others carry only `m=1`, the last `m=0`.
public struct KittyRenderer: PixelProtocolRenderer {
    /// The size of one cell in pixels.
    public var cellPixels: PixelSize
    /// The image id (and placement id) used for every frame.
    public var imageID: Int
    /// The largest base64 payload of one escape sequence.
    public static let chunkSize = 4096

    /// Creates a renderer.
    public init(cellPixels: PixelSize, imageID: Int = 1) {
        self.cellPixels = cellPixels
        self.imageID = imageID
    }

    public func render(_ frame: RGBAImage, previous: RGBAImage?, at origin: CellPosition?) -> [UInt8] {
        if origin != nil, previous == frame { return [] }
        let payload = Base64.encode(PNGEncoder.encode(frame))
        var out = [UInt8]()
        appendStart(at: origin, to: &out)
        var start = 0
        repeat {
            let end = min(payload.count, start + Self.chunkSize)
            let more = end < payload.count
            out.append(0x1B)
            out.append(text: "_G")
            if start == 0 {
                out.append(text: "a=T,f=100,i=")
                out.append(decimal: imageID)
                out.append(text: ",p=1,q=2,C=1")
                if more { out.append(text: ",m=1") }
            } else {
                out.append(text: more ? "m=1" : "m=0")
            }
            out.append(UInt8(ascii: ";"))
            out.append(contentsOf: payload[start..<end])
            out.appendStringTerminator()
            start = end
        } while start < payload.count
        appendInlineEnd(for: frame, at: origin, to: &out)
        return out
    }

    /// Deletes the image and its data from the terminal (`a=d,d=I`).
    public func cleanup() -> [UInt8] {
        var out = [UInt8]()
        out.append(0x1B)
        out.append(text: "_Ga=d,d=I,i=")
        out.append(decimal: imageID)
        out.append(text: ",q=2")
        out.appendStringTerminator()
        return out
    }
}
