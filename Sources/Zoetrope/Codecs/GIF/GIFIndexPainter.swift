/// Turns a GIF frame's decoded colour indices into RGBA pixels in a destination image (the canvas,
/// or a buffer of the frame's own), through the frame's colour lookup, row by row.
///
/// The indices are in stored order: rows of ``frameWidth``, in the four-pass order when the frame
/// is interlaced, which the row mapping undoes (there is no separate deinterlacing copy). Only the
/// first ``pixelsWritten`` indices are drawn: pixels the data never reached keep what the
/// destination holds.
struct GIFIndexPainter {
    /// How each index's colour lands.
    enum Mode {
        /// Every pixel is stored, a transparent colour (0) too: for a frame's own buffer, or a
        /// frame that has no transparent colour.
        case replace
        /// Transparent colours (0) leave the destination pixel as it was: a frame drawn over the
        /// canvas with binary alpha.
        case skipTransparent
    }

    /// The frame's size as stored.
    let frameWidth: Int
    let frameHeight: Int
    let isInterlaced: Bool
    /// Indices decoded, in stored order (at most `frameWidth × frameHeight`).
    let pixelsWritten: Int

    /// Draws the indices into `destination`, whose frame pixel (x, y) is the 4 bytes at pixel
    /// `origin + y × rowStride + x`.
    /// - Parameters:
    ///   - indices: at least ``pixelsWritten`` indices.
    ///   - colors: packed RGBA per index; a power-of-two count covering every index `Index` holds
    ///     is read as is, others are masked (an index past it reads a wrapped entry, never memory
    ///     outside it).
    func paint<Index: FixedWidthInteger & UnsignedInteger & BitwiseCopyable>(
        _ indices: UnsafeBufferPointer<Index>, colors: UnsafeBufferPointer<UInt32>,
        into destination: UnsafeMutableRawBufferPointer, origin: Int, rowStride: Int, mode: Mode
    ) {
        let written = min(pixelsWritten, frameWidth * frameHeight)
        guard written > 0, frameWidth > 0 else { return }
        // Every row drawn lies inside `destination`, every index read inside `indices`, every
        // colour inside `colors` (its count is a power of two, the mask keeps indices below it).
        precondition(indices.count >= written && colors.count > 0 && colors.count & (colors.count - 1) == 0
                     && origin >= 0 && rowStride >= frameWidth
                     && (origin + (frameHeight - 1) * rowStride + frameWidth) * 4 <= destination.count)
        let source = indices.baseAddress.unsafelyUnwrapped, palette = colors.baseAddress.unsafelyUnwrapped
        // Byte indices need no mask with 256 colours or more (fixed once specialised).
        let target = destination.baseAddress.unsafelyUnwrapped
        let mask = MemoryLayout<Index>.size == 1 && colors.count >= 256 ? 255 : colors.count - 1
        var stored = 0
        while stored * frameWidth < written {
            let start = stored * frameWidth, count = min(frameWidth, written - start)
            let row = isInterlaced ? GIFInterlace.imageRow(ofStored: stored, height: frameHeight) : stored
            let to = target + (origin + row * rowStride) * 4
            switch mode {
            case .replace: Self.replaceRow(source + start, count: count, palette: palette, mask: mask, to: to)
            case .skipTransparent: Self.skipTransparentRow(source + start, count: count, palette: palette, mask: mask, to: to)
            }
            stored += 1
        }
    }

    /// One row, every pixel stored.
    @inline(__always)
    private static func replaceRow<Index: FixedWidthInteger & UnsignedInteger & BitwiseCopyable>(
        _ from: UnsafePointer<Index>, count: Int, palette: UnsafePointer<UInt32>, mask: Int, to: UnsafeMutableRawPointer
    ) {
        var x = 0
        // Four at a time: the four loads and stores are independent.
        while x &+ 4 <= count {
            let a = palette[Int(truncatingIfNeeded: from[x]) & mask], b = palette[Int(truncatingIfNeeded: from[x &+ 1]) & mask]
            let c = palette[Int(truncatingIfNeeded: from[x &+ 2]) & mask], d = palette[Int(truncatingIfNeeded: from[x &+ 3]) & mask]
            to.storeBytes(of: a, toByteOffset: x &* 4, as: UInt32.self)
            to.storeBytes(of: b, toByteOffset: x &* 4 &+ 4, as: UInt32.self)
            to.storeBytes(of: c, toByteOffset: x &* 4 &+ 8, as: UInt32.self)
            to.storeBytes(of: d, toByteOffset: x &* 4 &+ 12, as: UInt32.self)
            x &+= 4
        }
        while x < count {
            to.storeBytes(of: palette[Int(truncatingIfNeeded: from[x]) & mask], toByteOffset: x &* 4, as: UInt32.self)
            x &+= 1
        }
    }

    /// One row, transparent pixels (colour 0: every opaque colour has alpha 255) skipped: four at a
    /// time with a select against the destination (no branch on the data), then one by one.
    @inline(__always)
    private static func skipTransparentRow<Index: FixedWidthInteger & UnsignedInteger & BitwiseCopyable>(
        _ from: UnsafePointer<Index>, count: Int, palette: UnsafePointer<UInt32>, mask: Int, to: UnsafeMutableRawPointer
    ) {
        var x = 0
        while x &+ 4 <= count {
            let colors = SIMD4<UInt32>(palette[Int(truncatingIfNeeded: from[x]) & mask],
                                       palette[Int(truncatingIfNeeded: from[x &+ 1]) & mask],
                                       palette[Int(truncatingIfNeeded: from[x &+ 2]) & mask],
                                       palette[Int(truncatingIfNeeded: from[x &+ 3]) & mask])
            let under = to.loadUnaligned(fromByteOffset: x &* 4, as: SIMD4<UInt32>.self)
            to.storeBytes(of: under.replacing(with: colors, where: colors .!= 0), toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
            x &+= 4
        }
        while x < count {
            let color = palette[Int(truncatingIfNeeded: from[x]) & mask]
            if color != 0 { to.storeBytes(of: color, toByteOffset: x &* 4, as: UInt32.self) }
            x &+= 1
        }
    }
}
