/// Turns unfiltered PNG rows into RGBA8 straight-alpha pixels, by the corpus rules: 16-bit samples
/// keep their high byte; 1/2/4-bit grey is scaled by bit replication; `tRNS` matches the raw sample
/// at full bit depth; palette alpha comes from `tRNS` (missing entries opaque).
struct PNGPixelConverter: Sendable {
    let header: PNGHeader
    /// 256 RGBA entries; indices past the palette read as opaque black.
    private var palette: [UInt8]
    /// The `tRNS` colour key for grey (one value) or RGB (three values), as raw samples.
    private var transparentKey: [UInt16]?

    /// - Parameters:
    ///   - plte: the `PLTE` chunk's bytes (RGB triples), if any.
    ///   - trns: the `tRNS` chunk's bytes, if any; ignored where the colour type has alpha.
    init(header: PNGHeader, plte: ArraySlice<UInt8>?, trns: ArraySlice<UInt8>?) {
        self.header = header
        var palette = [UInt8](repeating: 0, count: 1024)
        for index in 0..<256 { palette[index * 4 + 3] = 255 }
        if let plte {
            let entries = Array(plte)
            for index in 0..<min(256, entries.count / 3) {
                palette[index * 4] = entries[index * 3]
                palette[index * 4 + 1] = entries[index * 3 + 1]
                palette[index * 4 + 2] = entries[index * 3 + 2]
            }
        }
        var key: [UInt16]?
        if let trns {
            let bytes = Array(trns)
            switch header.colorType {
            case .palette:
                for index in 0..<min(256, bytes.count) { palette[index * 4 + 3] = bytes[index] }
            case .grey where bytes.count >= 2:
                key = [PNGBytes.bigEndian16(bytes, 0)]
            case .rgb where bytes.count >= 6:
                key = [PNGBytes.bigEndian16(bytes, 0), PNGBytes.bigEndian16(bytes, 2), PNGBytes.bigEndian16(bytes, 4)]
            default:
                break
            }
        }
        self.palette = palette
        self.transparentKey = key
    }

    /// Whether decoded pixels can be less than opaque.
    var hasTransparency: Bool {
        if header.colorType.hasAlphaChannel || transparentKey != nil { return true }
        guard header.colorType == .palette else { return false }
        var index = 3
        while index < palette.count {
            if palette[index] != 255 { return true }
            index += 4
        }
        return false
    }

    /// Converts `count` pixels of an unfiltered row, writing pixel `i` at `output + i * step` bytes.
    func convert(row: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<UInt8>, step: Int) {
        let depth = header.bitDepth
        switch header.colorType {
        case .rgba where depth == 8:
            unsafe Self.convertRGBA8(row: row, count: count, into: output, step: step)
        case .rgba:
            for i in 0..<count {
                let s = unsafe row + i * 8, d = unsafe output + i * step
                unsafe d[0] = s[0]; unsafe d[1] = s[2]; unsafe d[2] = s[4]; unsafe d[3] = s[6]
            }
        case .greyAlpha:
            let size = depth / 4 // bytes per pixel: 2 or 4
            for i in 0..<count {
                let s = unsafe row + i * size, d = unsafe output + i * step
                let grey = unsafe s[0], alpha = unsafe s[size / 2]
                unsafe d[0] = grey; unsafe d[1] = grey; unsafe d[2] = grey; unsafe d[3] = alpha
            }
        case .rgb where depth == 8 && transparentKey == nil:
            unsafe Self.convertOpaqueRGB(row: row, count: count, into: output, step: step)
        case .rgb:
            unsafe convertKeyedRGB(row: row, count: count, into: output, step: step)
        case .grey:
            unsafe convertGrey(row: row, count: count, into: output, step: step)
        case .palette:
            unsafe convertPalette(row: row, count: count, into: output, step: step)
        }
    }

    /// 8-bit RGBA: a copy, pixel by pixel when the output is spread out.
    private static func convertRGBA8(row: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<UInt8>, step: Int) {
        if step == 4 {
            unsafe output.update(from: row, count: count * 4)
            return
        }
        for i in 0..<count {
            let s = unsafe row + i * 4, d = unsafe output + i * step
            unsafe d[0] = s[0]; unsafe d[1] = s[1]; unsafe d[2] = s[2]; unsafe d[3] = s[3]
        }
    }

    /// RGB with a `tRNS` colour key (8-bit), or 16-bit RGB with or without one.
    private func convertKeyedRGB(row: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<UInt8>, step: Int) {
        let key = transparentKey.map { ($0[0], $0[1], $0[2]) }
        if header.bitDepth == 8 {
            for i in 0..<count {
                let s = unsafe row + i * 3, d = unsafe output + i * step
                unsafe d[0] = s[0]; unsafe d[1] = s[1]; unsafe d[2] = s[2]
                if let key, unsafe UInt16(s[0]) == key.0, unsafe UInt16(s[1]) == key.1, unsafe UInt16(s[2]) == key.2 {
                    unsafe d[3] = 0
                } else {
                    unsafe d[3] = 255
                }
            }
            return
        }
        for i in 0..<count {
            let s = unsafe row + i * 6, d = unsafe output + i * step
            unsafe d[0] = s[0]; unsafe d[1] = s[2]; unsafe d[2] = s[4]
            let r = unsafe UInt16(s[0]) << 8 | UInt16(s[1])
            let g = unsafe UInt16(s[2]) << 8 | UInt16(s[3])
            let b = unsafe UInt16(s[4]) << 8 | UInt16(s[5])
            unsafe d[3] = key.map { r == $0.0 && g == $0.1 && b == $0.2 } == true ? 0 : 255
        }
    }

    /// Grey at any depth: 16-bit keeps the high byte, 1/2/4-bit is scaled by bit replication.
    private func convertGrey(row: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<UInt8>, step: Int) {
        let key = transparentKey?[0]
        let depth = header.bitDepth
        if depth == 16 {
            for i in 0..<count {
                let s = unsafe row + i * 2, d = unsafe output + i * step
                let value = unsafe UInt16(s[0]) << 8 | UInt16(s[1])
                unsafe d[0] = s[0]; unsafe d[1] = s[0]; unsafe d[2] = s[0]
                unsafe d[3] = value == key ? 0 : 255
            }
            return
        }
        let maximum = (1 << depth) - 1
        for i in 0..<count {
            let sample = unsafe Self.sample(row, index: i, depth: depth)
            let grey = UInt8(sample * 255 / maximum)
            let d = unsafe output + i * step
            unsafe d[0] = grey; unsafe d[1] = grey; unsafe d[2] = grey
            unsafe d[3] = UInt16(sample) == key ? 0 : 255
        }
    }

    /// Palette indices at any depth: one 32-bit load and store per pixel. The table has 256
    /// entries, so any 8-bit index is in range.
    private func convertPalette(row: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<UInt8>, step: Int) {
        let depth = header.bitDepth
        unsafe palette.withUnsafeBytes { table in
            let target = UnsafeMutableRawPointer(output)
            if depth == 8 {
                for i in 0..<count {
                    let entry = unsafe table.load(fromByteOffset: Int(row[i]) &* 4, as: UInt32.self)
                    unsafe (target + i &* step).storeBytes(of: entry, as: UInt32.self)
                }
            } else {
                for i in 0..<count {
                    let entry = unsafe table.load(fromByteOffset: Self.sample(row, index: i, depth: depth) &* 4, as: UInt32.self)
                    unsafe (target + i &* step).storeBytes(of: entry, as: UInt32.self)
                }
            }
        }
    }

    /// 8-bit RGB without a colour key: every pixel is opaque.
    private static func convertOpaqueRGB(row: UnsafePointer<UInt8>, count: Int, into output: UnsafeMutablePointer<UInt8>, step: Int) {
        var i = 0
        if step == 4 {
            // Four pixels (12 bytes) in three 32-bit loads and four stores, alpha forced to 255.
            let source = unsafe UnsafeRawPointer(row), target = UnsafeMutableRawPointer(output)
            let alpha: UInt32 = 0xFF00_0000
            while i + 4 <= count {
                let s = unsafe source + i * 3, d = unsafe target + i * 4
                let w0 = unsafe UInt32(littleEndian: s.loadUnaligned(as: UInt32.self))
                let w1 = unsafe UInt32(littleEndian: (s + 4).loadUnaligned(as: UInt32.self))
                let w2 = unsafe UInt32(littleEndian: (s + 8).loadUnaligned(as: UInt32.self))
                unsafe d.storeBytes(of: (w0 | alpha).littleEndian, as: UInt32.self)
                unsafe (d + 4).storeBytes(of: (w0 >> 24 | w1 << 8 | alpha).littleEndian, as: UInt32.self)
                unsafe (d + 8).storeBytes(of: (w1 >> 16 | w2 << 16 | alpha).littleEndian, as: UInt32.self)
                unsafe (d + 12).storeBytes(of: (w2 >> 8 | alpha).littleEndian, as: UInt32.self)
                i += 4
            }
        }
        while i < count {
            let s = unsafe row + i * 3, d = unsafe output + i * step
            unsafe d[0] = s[0]; unsafe d[1] = s[1]; unsafe d[2] = s[2]; unsafe d[3] = 255
            i += 1
        }
    }

    /// The `index`-th sample of a row packed at `depth` (1, 2, 4 or 8) bits, most significant first.
    @inline(__always)
    private static func sample(_ row: UnsafePointer<UInt8>, index: Int, depth: Int) -> Int {
        let bit = index * depth
        let shift = 8 - depth - (bit & 7)
        return unsafe Int(row[bit >> 3] >> UInt8(shift)) & ((1 << depth) - 1)
    }
}
