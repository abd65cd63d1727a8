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

    /// How rows of byte indices are drawn.
    enum Kernel {
        /// Eight indices at a time, four pixels to a vector store: the fastest in optimised builds.
        case vector
        /// A pixel at a time through typed pointers, with no generic or vector call: unoptimised
        /// (debug) builds run the vector code's generic calls once per index, and this is several
        /// times faster there. The tests check that both draw the same.
        case plain

        /// ``vector`` in optimised builds, ``plain`` in debug builds.
        static var preferred: Kernel {
            #if DEBUG
            .plain
            #else
            .vector
            #endif
        }
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
    ///   - colors: packed RGBA per index, a power-of-two count, at least 256 for byte indices;
    ///     larger indices are masked (an index past it reads a wrapped entry, never memory outside
    ///     it).
    ///   - kernel: how rows of byte indices are drawn (wider indices always take the vector code).
    func paint<Index: FixedWidthInteger & UnsignedInteger & BitwiseCopyable>(
        _ indices: UnsafeBufferPointer<Index>, colors: UnsafeBufferPointer<UInt32>,
        into destination: UnsafeMutableRawBufferPointer, origin: Int, rowStride: Int, mode: Mode,
        kernel: Kernel = .preferred
    ) {
        let written = min(pixelsWritten, frameWidth * frameHeight)
        guard written > 0, frameWidth > 0 else { return }
        // Every row drawn lies inside `destination`, every index read inside `indices`, every
        // colour inside `colors` (its count is a power of two, the mask keeps indices below it).
        precondition(indices.count >= written && colors.count > 0 && colors.count & (colors.count - 1) == 0
                     && origin >= 0 && rowStride >= frameWidth
                     && (origin + (frameHeight - 1) * rowStride + frameWidth) * 4 <= destination.count)
        let source = unsafe indices.baseAddress.unsafelyUnwrapped, palette = unsafe colors.baseAddress.unsafelyUnwrapped
        // Byte indices need no mask (a constant once specialised, which the byte load makes free):
        // they come with at least 256 colours.
        precondition(MemoryLayout<Index>.size > 1 || colors.count >= 256)
        let target = unsafe destination.baseAddress.unsafelyUnwrapped
        if kernel == .plain, Index.self == UInt8.self, Int(bitPattern: target) & 3 == 0, destination.count & 3 == 0 {
            // `Index` is UInt8, so the indices' memory is bound to it.
            unsafe paintPlain(UnsafeRawPointer(source).assumingMemoryBound(to: UInt8.self), written: written, palette: palette,
                       into: destination, origin: origin, rowStride: rowStride, skipsTransparent: mode == .skipTransparent)
            return
        }
        let mask = MemoryLayout<Index>.size == 1 ? 255 : colors.count - 1
        if !isInterlaced && rowStride == frameWidth {
            // The rows lie back to back in `destination` as in `indices`: one span (a frame as wide
            // as the canvas; no per-row tail).
            let to = unsafe target + origin * 4
            switch mode {
            case .replace: unsafe Self.paintRow(source, count: written, palette: palette, mask: mask, to: to, Replacing.self)
            case .skipTransparent: unsafe Self.paintRow(source, count: written, palette: palette, mask: mask, to: to, Skipping.self)
            }
            return
        }
        var stored = 0
        while stored * frameWidth < written {
            let start = stored * frameWidth, count = min(frameWidth, written - start)
            let row = isInterlaced ? GIFInterlace.imageRow(ofStored: stored, height: frameHeight) : stored
            let to = unsafe target + (origin + row * rowStride) * 4
            switch mode {
            case .replace: unsafe Self.paintRow(source + start, count: count, palette: palette, mask: mask, to: to, Replacing.self)
            case .skipTransparent: unsafe Self.paintRow(source + start, count: count, palette: palette, mask: mask, to: to, Skipping.self)
            }
            stored += 1
        }
    }

    /// ``paint(_:colors:into:origin:rowStride:mode:kernel:)``'s rows with the ``Kernel/plain``
    /// kernel: byte indices, a 4-byte-aligned destination whose size is a multiple of 4, and the
    /// checks that method makes done. Byte indices need no mask (at least 256 colours).
    private func paintPlain(_ source: UnsafePointer<UInt8>, written: Int, palette: UnsafePointer<UInt32>,
                            into destination: UnsafeMutableRawBufferPointer, origin: Int, rowStride: Int,
                            skipsTransparent: Bool) {
        unsafe destination.withMemoryRebound(to: UInt32.self) { pixels in
            let target = unsafe pixels.baseAddress.unsafelyUnwrapped
            var stored = 0
            while stored * frameWidth < written {
                let start = stored * frameWidth, count = min(frameWidth, written - start)
                let row = isInterlaced ? GIFInterlace.imageRow(ofStored: stored, height: frameHeight) : stored
                let from = unsafe source + start, to = unsafe target + (origin + row * rowStride)
                // Four pixels a step: unoptimised, `x` lives in memory, and each step waits for
                // its store and reload (about 6 cycles, a pixel's whole cost one at a time).
                var x = 0
                if skipsTransparent {
                    while x &+ 4 <= count {
                        let a = unsafe palette[Int(from[x])], b = unsafe palette[Int(from[x &+ 1])]
                        let c = unsafe palette[Int(from[x &+ 2])], d = unsafe palette[Int(from[x &+ 3])]
                        if a != 0 { unsafe to[x] = a }
                        if b != 0 { unsafe to[x &+ 1] = b }
                        if c != 0 { unsafe to[x &+ 2] = c }
                        if d != 0 { unsafe to[x &+ 3] = d }
                        x &+= 4
                    }
                    while x < count {
                        let color = unsafe palette[Int(from[x])]
                        if color != 0 { unsafe to[x] = color }
                        x &+= 1
                    }
                } else {
                    while x &+ 4 <= count {
                        unsafe to[x] = palette[Int(from[x])]
                        unsafe to[x &+ 1] = palette[Int(from[x &+ 1])]
                        unsafe to[x &+ 2] = palette[Int(from[x &+ 2])]
                        unsafe to[x &+ 3] = palette[Int(from[x &+ 3])]
                        x &+= 4
                    }
                    while x < count {
                        unsafe to[x] = palette[Int(from[x])]
                        x &+= 1
                    }
                }
                stored += 1
            }
        }
    }

    /// One row: each pixel gets its index's colour, or keeps its own where that colour is
    /// transparent (0: every opaque colour has alpha 255) and `Mode` skips transparent colours.
    /// Byte indices go eight at a time, a run of one index (flat areas, transparent ones) as two
    /// 4-pixel stores; then four at a time, then one by one. The mode is a type, so that each
    /// specialisation has it as a constant even where the optimiser does not inline the row (a
    /// flag tested per step otherwise, and `mask` kept live for byte indices).
    @inline(__always)
    private static func paintRow<Index: FixedWidthInteger & UnsignedInteger & BitwiseCopyable, Mode: RowMode>(
        _ from: UnsafePointer<Index>, count: Int, palette: UnsafePointer<UInt32>, mask: Int,
        to: UnsafeMutableRawPointer, _: Mode.Type
    ) {
        let skipsTransparent = Mode.skipsTransparent
        // Byte indices are never masked (at least 256 colours): a constant here.
        let mask = MemoryLayout<Index>.size == 1 ? 255 : mask
        var x = 0
        if MemoryLayout<Index>.size == 1 {
            while x &+ 8 <= count {
                let eight = unsafe UnsafeRawPointer(from + x).loadUnaligned(as: UInt64.self)
                if eight == (eight & 0xFF) &* 0x0101_0101_0101_0101 {
                    let color = unsafe palette[Int(truncatingIfNeeded: eight & 0xFF)]
                    if !skipsTransparent || color != 0 {
                        unsafe to.storeBytes(of: SIMD4(repeating: color), toByteOffset: x &* 4, as: SIMD4<UInt32>.self)
                        unsafe to.storeBytes(of: SIMD4(repeating: color), toByteOffset: x &* 4 &+ 16, as: SIMD4<UInt32>.self)
                    }
                } else {
                    unsafe put(colors(from + x, palette: palette, mask: mask), to: to + x &* 4, skipsTransparent: skipsTransparent)
                    unsafe put(colors(from + (x &+ 4), palette: palette, mask: mask), to: to + (x &* 4 &+ 16),
                        skipsTransparent: skipsTransparent)
                }
                x &+= 8
            }
        }
        while x &+ 4 <= count {
            unsafe put(colors(from + x, palette: palette, mask: mask), to: to + x &* 4, skipsTransparent: skipsTransparent)
            x &+= 4
        }
        while x < count {
            let color = unsafe palette[Int(truncatingIfNeeded: from[x]) & mask]
            if !skipsTransparent || color != 0 { unsafe to.storeBytes(of: color, toByteOffset: x &* 4, as: UInt32.self) }
            x &+= 1
        }
    }

    /// The colours of the four indices at `from`.
    @inline(__always)
    private static func colors<Index: FixedWidthInteger & UnsignedInteger & BitwiseCopyable>(
        _ from: UnsafePointer<Index>, palette: UnsafePointer<UInt32>, mask: Int
    ) -> SIMD4<UInt32> {
        unsafe SIMD4(palette[Int(truncatingIfNeeded: from[0]) & mask], palette[Int(truncatingIfNeeded: from[1]) & mask],
              palette[Int(truncatingIfNeeded: from[2]) & mask], palette[Int(truncatingIfNeeded: from[3]) & mask])
    }

    /// Stores four pixels; with `skipsTransparent`, a select against the destination keeps it
    /// under transparent colours (no branch on the data).
    @inline(__always)
    private static func put(_ colors: SIMD4<UInt32>, to: UnsafeMutableRawPointer, skipsTransparent: Bool) {
        if skipsTransparent {
            let under = unsafe to.loadUnaligned(as: SIMD4<UInt32>.self)
            unsafe to.storeBytes(of: under.replacing(with: colors, where: colors .!= 0), as: SIMD4<UInt32>.self)
        } else {
            unsafe to.storeBytes(of: colors, as: SIMD4<UInt32>.self)
        }
    }
}

/// How ``GIFIndexPainter``'s rows treat transparent colours, as a type (see its `paintRow`).
private protocol RowMode {
    static var skipsTransparent: Bool { get }
}

/// Every colour is stored.
private enum Replacing: RowMode {
    static var skipsTransparent: Bool { false }
}

/// Transparent colours (0) leave the destination as it was.
private enum Skipping: RowMode {
    static var skipsTransparent: Bool { true }
}
