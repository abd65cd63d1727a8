/// The smallest lossless PNG sample format for some RGBA images: palette when they use at most
/// 256 colours, otherwise grey, grey + alpha, RGB or RGBA at 8 bits, whichever keeps every pixel;
/// RGB with a `tRNS` colour key when every pixel is either opaque or fully transparent.
struct PNGColorPlan: Sendable {
    let colorType: PNGHeader.ColorType
    let bitDepth: Int
    /// `PLTE` data, for palette images.
    let plte: [UInt8]?
    /// `tRNS` data: alpha per palette entry, or the colour key of a grey or RGB image.
    let trns: [UInt8]?
    private let paletteIndex: [UInt32: UInt8]
    /// The colour key (`0xRRGGBB`) fully transparent pixels are written as, for grey and RGB.
    private let colourKey: UInt32?

    /// Plans a format that represents every pixel of `images` exactly.
    init(images: [RGBAImage]) {
        var census = PNGColorCensus()
        for image in images { census.add(image) }
        self.init(census)
    }

    /// Plans a format that represents every pixel the census saw exactly.
    init(_ census: PNGColorCensus) {
        let (opaque, grey, colours, tooManyColours) = (census.opaque, census.grey, census.colours, census.tooManyColours)
        if !tooManyColours && !(grey && opaque) && !colours.isEmpty {
            // Translucent entries first, so that tRNS can stop at the last of them.
            let entries = colours.keys.sorted { lhs, rhs in
                let lhsOpaque = lhs & 0xFF == 0xFF, rhsOpaque = rhs & 0xFF == 0xFF
                return lhsOpaque == rhsOpaque ? colours[lhs, default: 0] < colours[rhs, default: 0] : !lhsOpaque
            }
            var plte: [UInt8] = []
            var trns: [UInt8] = []
            var index: [UInt32: UInt8] = [:]
            for (position, key) in entries.enumerated() {
                plte += [UInt8(key >> 24), UInt8(truncatingIfNeeded: key >> 16), UInt8(truncatingIfNeeded: key >> 8)]
                if key & 0xFF != 0xFF { trns.append(UInt8(truncatingIfNeeded: key)) }
                index[key] = UInt8(position)
            }
            colorType = .palette
            bitDepth = entries.count <= 2 ? 1 : entries.count <= 4 ? 2 : entries.count <= 16 ? 4 : 8
            self.plte = plte
            self.trns = trns.isEmpty ? nil : trns
            paletteIndex = index
            colourKey = nil
            return
        }
        bitDepth = 8
        plte = nil
        paletteIndex = [:]
        colourKey = census.colourKey()
        if let key = colourKey {
            colorType = .rgb
            trns = [key >> 16, key >> 8 & 0xFF, key & 0xFF].flatMap { [0, UInt8($0)] }
        } else {
            colorType = grey ? (opaque ? .grey : .greyAlpha) : (opaque ? .rgb : .rgba)
            trns = nil
        }
    }

    /// The header for a `width`×`height` image in this format.
    func header(width: Int, height: Int, interlaced: Bool = false) -> PNGHeader {
        PNGHeader(width: width, height: height, bitDepth: bitDepth, colorType: colorType, isInterlaced: interlaced)
    }

    /// Packs rows of `image` (whose pixels must all be representable in this plan).
    func packer(for image: RGBAImage) -> PNGWriter.RowPacker {
        let width = image.width
        let pixels = image.pixels
        let colorType = self.colorType
        let bitDepth = self.bitDepth
        let paletteIndex = self.paletteIndex
        let transparentEntry = paletteIndex.filter { $0.key & 0xFF == 0 }.values.min() ?? 0
        let key = colourKey.map { (UInt8($0 >> 16), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)) }
        return { y, x0, dx, count, output in
            unsafe pixels.withUnsafeBufferPointer { source in
                let rowStart = (y * width + x0) * 4
                let step = dx * 4
                switch colorType {
                case .rgba:
                    for i in 0..<count {
                        let s = rowStart + i * step
                        unsafe output[4 * i] = source[s]; unsafe output[4 * i + 1] = source[s + 1]
                        unsafe output[4 * i + 2] = source[s + 2]; unsafe output[4 * i + 3] = source[s + 3]
                    }
                case .rgb:
                    for i in 0..<count {
                        let s = rowStart + i * step
                        unsafe output[3 * i] = source[s]; unsafe output[3 * i + 1] = source[s + 1]; unsafe output[3 * i + 2] = source[s + 2]
                        if let key, unsafe source[s + 3] == 0 { unsafe (output[3 * i], output[3 * i + 1], output[3 * i + 2]) = key }
                    }
                case .greyAlpha:
                    for i in 0..<count {
                        let s = rowStart + i * step
                        unsafe output[2 * i] = source[s]; unsafe output[2 * i + 1] = source[s + 3]
                    }
                case .grey:
                    for i in 0..<count { unsafe output[i] = source[rowStart + i * step] }
                case .palette:
                    unsafe PNGWriter.packSamples(count: count, depth: bitDepth, into: output) { i in
                        let s = rowStart + i * step
                        let key = unsafe UInt32(source[s]) << 24 | UInt32(source[s + 1]) << 16
                            | UInt32(source[s + 2]) << 8 | UInt32(source[s + 3])
                        // A transparent pixel whose colour does not matter may be missing: any
                        // transparent entry stands for it.
                        return UInt16(paletteIndex[key] ?? (key & 0xFF == 0 ? transparentEntry : 0))
                    }
                }
            }
        }
    }
}
