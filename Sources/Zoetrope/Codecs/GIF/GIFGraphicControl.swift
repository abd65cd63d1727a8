/// The facts of a Graphic Control Extension that apply to the next image.
struct GIFGraphicControl: Sendable, Hashable {
    /// Disposal method as stored (0–7).
    var disposal: Int
    /// Delay in hundredths of a second.
    var delayCentiseconds: Int
    /// The transparent colour index, when the transparency flag is set.
    var transparentIndex: Int?

    /// Reads the extension's data sub-blocks (the label has been read). A first sub-block shorter
    /// than the 4 bytes the specification requires yields `nil`: the extension is ignored.
    static func read(_ reader: inout GIFByteReader) throws(ZoetropeError) -> GIFGraphicControl? {
        let length = Int(try reader.readByte("a graphic control extension"))
        guard length != 0 else { return nil }
        guard length >= 4 else {
            try reader.skip(length, "a graphic control extension")
            try reader.skipSubBlocks("a graphic control extension")
            return nil
        }
        let packed = try reader.readByte("a graphic control extension")
        let delay = try reader.readUInt16("a graphic control extension")
        let transparent = try reader.readByte("a graphic control extension")
        try reader.skip(length - 4, "a graphic control extension")
        try reader.skipSubBlocks("a graphic control extension")
        return GIFGraphicControl(disposal: Int(packed >> 2) & 0x07, delayCentiseconds: delay,
                                 transparentIndex: packed & 0x01 != 0 ? Int(transparent) : nil)
    }

    /// The disposal as the compositor understands it: reserved values 4–7 act like 0.
    var frameDisposal: FrameDisposal {
        switch disposal {
        case 1: return .none
        case 2: return .background
        case 3: return .previous
        default: return .unspecified
        }
    }
}
