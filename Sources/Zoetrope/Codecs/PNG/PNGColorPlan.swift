/// The smallest lossless PNG sample format for some RGBA images: palette when they use at most
/// 256 colours, otherwise grey, grey + alpha, RGB or RGBA at 8 bits, whichever keeps every pixel.
struct PNGColorPlan: Sendable {
    let colorType: PNGHeader.ColorType
    let bitDepth: Int
    /// `PLTE` data, for palette images.
    let plte: [UInt8]?
    /// `tRNS` data, for palette images with transparent entries.
    let trns: [UInt8]?
    private let paletteIndex: [UInt32: UInt8]

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
            return
        }
        colorType = grey ? (opaque ? .grey : .greyAlpha) : (opaque ? .rgb : .rgba)
        bitDepth = 8
        plte = nil
        trns = nil
        paletteIndex = [:]
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
        return { y, x0, dx, count, output in
            pixels.withUnsafeBufferPointer { source in
                let rowStart = (y * width + x0) * 4
                let step = dx * 4
                switch colorType {
                case .rgba:
                    for i in 0..<count {
                        let s = rowStart + i * step
                        output[4 * i] = source[s]; output[4 * i + 1] = source[s + 1]
                        output[4 * i + 2] = source[s + 2]; output[4 * i + 3] = source[s + 3]
                    }
                case .rgb:
                    for i in 0..<count {
                        let s = rowStart + i * step
                        output[3 * i] = source[s]; output[3 * i + 1] = source[s + 1]; output[3 * i + 2] = source[s + 2]
                    }
                case .greyAlpha:
                    for i in 0..<count {
                        let s = rowStart + i * step
                        output[2 * i] = source[s]; output[2 * i + 1] = source[s + 3]
                    }
                case .grey:
                    for i in 0..<count { output[i] = source[rowStart + i * step] }
                case .palette:
                    PNGWriter.packSamples(count: count, depth: bitDepth, into: output) { i in
                        let s = rowStart + i * step
                        let key = UInt32(source[s]) << 24 | UInt32(source[s + 1]) << 16
                            | UInt32(source[s + 2]) << 8 | UInt32(source[s + 3])
                        return UInt16(paletteIndex[key] ?? 0)
                    }
                }
            }
        }
    }
}

/// What a ``PNGColorPlan`` needs to know about the pixels it must represent, gathered one image
/// at a time so that a streaming encoder can look at every frame without keeping them.
struct PNGColorCensus: Sendable {
    private(set) var opaque = true
    private(set) var grey = true
    /// Up to 256 distinct RGBA values, each with the order it was first seen in.
    private(set) var colours: [UInt32: Int] = [:]
    private(set) var tooManyColours = false

    /// Counts the pixels of `image`.
    mutating func add(_ image: RGBAImage) {
        image.pixels.withUnsafeBufferPointer { pixels in
            var last: UInt32?
            var index = 0
            while index + 3 < pixels.count {
                let r = pixels[index], g = pixels[index + 1], b = pixels[index + 2], a = pixels[index + 3]
                index += 4
                let key = UInt32(r) << 24 | UInt32(g) << 16 | UInt32(b) << 8 | UInt32(a)
                if key == last { continue }
                last = key
                if a != 255 { opaque = false }
                if r != g || g != b { grey = false }
                if !tooManyColours && colours[key] == nil {
                    if colours.count == 256 { tooManyColours = true } else { colours[key] = colours.count }
                }
            }
        }
    }
}
