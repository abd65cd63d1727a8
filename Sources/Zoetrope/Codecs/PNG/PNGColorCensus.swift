/// What a ``PNGColorPlan`` needs to know about the pixels it must represent, gathered one image
/// at a time so that a streaming encoder can look at every frame without keeping them.
struct PNGColorCensus: Sendable {
    private(set) var opaque = true
    private(set) var grey = true
    /// Up to 256 distinct RGBA values, each with the order it was first seen in.
    private(set) var colours: [UInt32: Int] = [:]
    private(set) var tooManyColours = false
    /// Every alpha is 0 or 255, so a `tRNS` colour key can stand for the transparent pixels.
    private(set) var binaryAlpha = true
    /// The RGB (as `0xRRGGBB`) every fully transparent pixel whose colour matters has, while they
    /// all agree; ``transparentColoursDiffer`` says when they do not.
    private(set) var transparentRGB: UInt32?
    private(set) var transparentColoursDiffer = false
    /// One bit per 24-bit RGB value that an opaque pixel has, so that a colour key no visible
    /// pixel uses can be found. Made (2 MiB) only once there are more than 256 colours: until then
    /// ``colours`` lists every one, and a palette needs no key.
    private var opaqueRGB: [UInt64] = []

    /// Counts the pixels of `image`.
    mutating func add(_ image: RGBAImage) {
        let hadTooManyColours = tooManyColours
        count(image)
        guard tooManyColours else { return }
        if !hadTooManyColours {
            // The images before this one had at most 256 colours, all in `colours`.
            opaqueRGB = [UInt64](repeating: 0, count: 1 << 18)
            for key in colours.keys where key & 0xFF == 0xFF { markOpaque(Int(key >> 8)) }
        }
        unsafe image.pixels.withUnsafeBytes { bytes in
            for offset in stride(from: 0, to: bytes.count & ~3, by: 4) where unsafe bytes[offset + 3] == 255 {
                unsafe markOpaque(Int(bytes[offset]) << 16 | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]))
            }
        }
    }

    @inline(__always)
    private mutating func markOpaque(_ rgb: Int) {
        opaqueRGB[rgb >> 6] |= 1 << UInt64(rgb & 63)
    }

    /// Alpha, greyness, transparent colours and up to 257 distinct colours of `image`.
    private mutating func count(_ image: RGBAImage) {
        unsafe image.pixels.withUnsafeBufferPointer { pixels in
            var last: UInt32?
            var index = 0
            while index + 3 < pixels.count {
                let r = unsafe pixels[index], g = unsafe pixels[index + 1], b = unsafe pixels[index + 2], a = unsafe pixels[index + 3]
                index += 4
                let key = UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8 | UInt32(a)
                if key == last { continue }
                last = key
                if a != 255 {
                    opaque = false
                    if a != 0 { binaryAlpha = false } else { noteTransparent(key >> 8) }
                }
                if r != g || g != b { grey = false }
                if !tooManyColours && colours[key] == nil {
                    if colours.count == 256 { tooManyColours = true } else { colours[key] = colours.count }
                }
            }
        }
    }

    /// Makes room for fully transparent pixels whose colour does not matter (where an APNG frame
    /// blended OVER leaves the canvas as it was): a transparent palette entry when there is none
    /// yet, or a colour key.
    mutating func admitFreeTransparency() {
        opaque = false
        guard !tooManyColours, !colours.keys.contains(where: { $0 & 0xFF == 0 }) else { return }
        if colours.count == 256 { tooManyColours = true } else { colours[0] = colours.count }
    }

    private mutating func noteTransparent(_ rgb: UInt32) {
        if transparentRGB == nil { transparentRGB = rgb } else if transparentRGB != rgb { transparentColoursDiffer = true }
    }

    /// Whether some opaque pixel has the colour `rgb` (`0xRRGGBB`).
    func isOpaqueColour(_ rgb: UInt32) -> Bool {
        guard !opaqueRGB.isEmpty else { return colours[rgb << 8 | 0xFF] != nil }
        let bit = Int(rgb)
        return opaqueRGB[bit >> 6] & 1 << UInt64(bit & 63) != 0
    }

    /// The RGB colour key that can mark every transparent pixel: the colour they share, or, when
    /// theirs does not matter, the first colour no opaque pixel has (black if free); `nil` when
    /// there is none (some alpha is partial, transparent colours differ, or all are taken).
    ///
    /// Grey images never need one: a grey image that a key would fit has at most 256 colours
    /// with its transparent one, and is written as a palette.
    func colourKey() -> UInt32? {
        guard !opaque, !grey, binaryAlpha, !transparentColoursDiffer else { return nil }
        if let transparentRGB { return isOpaqueColour(transparentRGB) ? nil : transparentRGB }
        // No bitmap: at most 256 colours, so one of the first 257 values is free.
        if opaqueRGB.isEmpty { return (0..<UInt32(1 << 24)).first { !isOpaqueColour($0) } }
        guard let word = opaqueRGB.firstIndex(where: { $0 != .max }) else { return nil }
        return UInt32(word * 64 + (~opaqueRGB[word]).trailingZeroBitCount)
    }
}
