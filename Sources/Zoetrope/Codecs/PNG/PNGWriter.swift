/// The pieces of a PNG file, for the encoders: chunks, and image data that is packed, filtered
/// row by row (per Adam7 pass when interlaced) and compressed.
enum PNGWriter {
    /// Packs `count` pixels of row `y` — pixel `x0`, `x0 + dx`, … — into `output` in the header's
    /// sample format.
    typealias RowPacker = (_ y: Int, _ x0: Int, _ dx: Int, _ count: Int, _ output: UnsafeMutablePointer<UInt8>) -> Void

    /// How rows are filtered before compression.
    enum FilterStrategy: CaseIterable {
        /// No filter (type 0) on every row.
        case none
        /// Per row, the type whose output has the smallest sum of absolute values (as signed
        /// bytes): the heuristic the PNG specification recommends.
        case adaptive
        /// Per row, the type whose output bytes have the smallest entropy.
        case adaptiveByEntropy
        /// One type on every row: Sub, Up or Paeth.
        case sub, up, paeth

        var fixedType: UInt8? {
            switch self {
            case .none: 0
            case .adaptive, .adaptiveByEntropy: nil
            case .sub: 1
            case .up: 2
            case .paeth: 4
            }
        }
    }

    /// The zlib stream of a `width`×`height` image in `header`'s format.
    ///
    /// Filters: below level 8, adaptive for 8- and 16-bit non-palette images and None for palette
    /// and sub-byte images and at level 0, as the PNG specification recommends. From level 8, each
    /// strategy is tried with a fast compression and the smallest is kept, since which one pays
    /// depends on the picture.
    static func compressedImageData(header: PNGHeader, width: Int, height: Int, level: Int,
                                    packRow: RowPacker) -> [UInt8] {
        guard level >= 8 else {
            let adaptive = level > 0 && header.colorType != .palette && header.bitDepth >= 8
            let filtered = unsafe filteredImageData(header: header, width: width, height: height,
                                             strategy: adaptive ? .adaptive : .none, packRow: packRow)
            return Zlib.compress(filtered, level: level)
        }
        var best: (size: Int, data: [UInt8]) = (.max, [])
        for strategy in FilterStrategy.allCases {
            let filtered = unsafe filteredImageData(header: header, width: width, height: height, strategy: strategy, packRow: packRow)
            let size = Zlib.compress(filtered, level: 2).count
            if size < best.size { best = (size, filtered) }
        }
        return Zlib.compress(best.data, level: level)
    }

    /// The filtered rows of a `width`×`height` image (per Adam7 pass when interlaced), each
    /// preceded by its filter type.
    static func filteredImageData(header: PNGHeader, width: Int, height: Int, strategy: FilterStrategy,
                                  packRow: RowPacker) -> [UInt8] {
        let stride = header.filterStride
        var filtered: [UInt8] = []
        filtered.reserveCapacity(header.filteredSize(width: width, height: height))
        for pass in header.passes(width: width, height: height) where pass.width > 0 && pass.height > 0 {
            let rowBytes = header.rowBytes(width: pass.width)
            var current = [UInt8](repeating: 0, count: rowBytes)
            var previous = [UInt8](repeating: 0, count: rowBytes)
            var scratch = [UInt8](repeating: 0, count: rowBytes)
            var output = [UInt8](repeating: 0, count: rowBytes + 1)
            for passRow in 0..<pass.height {
                let y = pass.y0 + passRow * pass.dy
                unsafe current.withUnsafeMutableBufferPointer { row in
                    // Unused low bits of the last byte must be zero: clear before packing.
                    unsafe row.update(repeating: 0)
                    if let base = row.baseAddress { unsafe packRow(y, pass.x0, pass.dx, pass.width, base) }
                }
                unsafe current.withUnsafeBufferPointer { row in
                    unsafe previous.withUnsafeBufferPointer { above in
                        unsafe scratch.withUnsafeMutableBufferPointer { scratch in
                            unsafe output.withUnsafeMutableBufferPointer { out in
                                guard let row = row.baseAddress, let above = above.baseAddress,
                                      let scratch = scratch.baseAddress, let out = out.baseAddress else { return }
                                // `previous` starts as zeros, which is what the first row's filters assume.
                                if let type = strategy.fixedType {
                                    unsafe out[0] = type
                                    unsafe PNGFilter.filter(type: type, row: row, previous: above, count: rowBytes,
                                                     stride: stride, into: out + 1)
                                } else {
                                    unsafe PNGFilter.filterAdaptively(row: row, previous: above, count: rowBytes,
                                                               stride: stride, scratch: scratch, into: out,
                                                               byEntropy: strategy == .adaptiveByEntropy)
                                }
                            }
                        }
                    }
                }
                filtered.append(contentsOf: output)
                swap(&current, &previous)
            }
        }
        return filtered
    }

    /// Appends a chunk: length, type, data, CRC.
    static func appendChunk(_ type: UInt32, _ data: [UInt8], to out: inout ByteWriter) {
        out.appendBigEndian(UInt32(data.count))
        var crc = CRC32()
        let typeBytes = [UInt8(type >> 24), UInt8(truncatingIfNeeded: type >> 16),
                         UInt8(truncatingIfNeeded: type >> 8), UInt8(truncatingIfNeeded: type)]
        crc.update(typeBytes)
        crc.update(data)
        out.append(contentsOf: typeBytes)
        out.append(contentsOf: data)
        out.appendBigEndian(crc.value)
    }

    /// Image data split into chunks of at most 1 MiB (`IDAT`, or `fdAT` with sequence numbers
    /// drawn from `sequence`).
    static func appendImageData(_ data: [UInt8], asFrameData: Bool, sequence: inout UInt32, to out: inout ByteWriter) {
        let pieceSize = 1 << 20
        var start = 0
        repeat {
            let end = min(data.count, start + pieceSize)
            if asFrameData {
                var payload = ByteWriter()
                payload.appendBigEndian(sequence)
                sequence += 1
                payload.append(contentsOf: data[start..<end])
                appendChunk(PNGChunk.fdat, payload.bytes, to: &out)
            } else {
                appendChunk(PNGChunk.idat, Array(data[start..<end]), to: &out)
            }
            start = end
        } while start < data.count
    }

    /// Packs sample values of `depth` bits (1, 2, 4, 8 or 16) big-endian, most significant first.
    static func packSamples(count: Int, depth: Int, into output: UnsafeMutablePointer<UInt8>, sample: (Int) -> UInt16) {
        switch depth {
        case 16:
            for i in 0..<count {
                let value = sample(i)
                unsafe output[2 * i] = UInt8(value >> 8)
                unsafe output[2 * i + 1] = UInt8(truncatingIfNeeded: value)
            }
        case 8:
            for i in 0..<count { unsafe output[i] = UInt8(truncatingIfNeeded: sample(i)) }
        default:
            for i in 0..<count {
                let bit = i * depth
                let shift = 8 - depth - (bit & 7)
                unsafe output[bit >> 3] |= UInt8(truncatingIfNeeded: sample(i) & UInt16((1 << depth) - 1)) << UInt8(shift)
            }
        }
    }
}
