/// An intra prediction mode of VP8 (RFC 6386 sections 12.2–12.3), numbered as libwebp numbers
/// them, which is also the order of the 4×4 mode probability tables.
///
/// 16×16 luma and 8×8 chroma blocks use only the first four (DC, TM, V, H).
enum VP8PredictionMode: UInt8, Sendable {
    case dc = 0, trueMotion, vertical, horizontal
    case downRight, verticalRight, downLeft, verticalLeft, horizontalDown, horizontalUp
}

/// Intra predictors writing into a block buffer with row stride ``VP8Transform/stride``.
///
/// The caller lays out the edge samples around the block as libwebp does: the row above at
/// `block - stride` (with the above-left sample at index −1 and, for 4×4 blocks, four above-right
/// samples after the block), and the left column at `block - 1 + row * stride`. Outside the image
/// those edges hold 127 (above) and 129 (left); only DC prediction treats missing edges specially.
enum VP8IntraPredictor {
    private static let stride = VP8Transform.stride

    @inline(__always) private static func clampToByte(_ value: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: value < 0 ? 0 : value > 255 ? 255 : value)
    }

    @inline(__always) private static func average3(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: (Int(a) &+ 2 &* Int(b) &+ Int(c) &+ 2) >> 2)
    }

    @inline(__always) private static func average2(_ a: UInt8, _ b: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: (Int(a) &+ Int(b) &+ 1) >> 1)
    }

    #if DEBUG
    @_transparent // unoptimised, no stack clearing per call (a `memset` call per variable)
    #endif
    private static func fill(_ block: UnsafeMutablePointer<UInt8>, size: Int, with value: UInt8) {
        #if DEBUG
        var row = unsafe block, rowsLeft = size
        while rowsLeft > 0 {
            unsafe fillRowTwin(row, count: size, with: value)
            unsafe row += 32
            rowsLeft &-= 1
        }
        #else
        for row in 0..<size { unsafe fillRow(block + row &* stride, size: size, with: value) }
        #endif
    }

    #if !DEBUG
    /// Sets the `size` (4, 8 or 16) samples at `row` to `value` with one store: with a variable
    /// count, `update(repeating:count:)` is a `memset` call per row.
    @inline(__always)
    private static func fillRow(_ row: UnsafeMutablePointer<UInt8>, size: Int, with value: UInt8) {
        let target = UnsafeMutableRawPointer(row)
        switch size {
        case 16: unsafe target.storeBytes(of: SIMD16<UInt8>(repeating: value), as: SIMD16<UInt8>.self)
        case 8: unsafe target.storeBytes(of: SIMD8<UInt8>(repeating: value), as: SIMD8<UInt8>.self)
        default: unsafe target.storeBytes(of: SIMD4<UInt8>(repeating: value), as: SIMD4<UInt8>.self)
        }
    }

    /// Copies the row above the block into each of its `size` (8 or 16) rows, one load and a store
    /// a row (a `memmove` call per row with a variable count).
    @inline(__always)
    private static func copyAbove(_ block: UnsafeMutablePointer<UInt8>, size: Int) {
        let above = unsafe UnsafeRawPointer(block - stride)
        if size == 16 {
            let samples = unsafe above.loadUnaligned(as: SIMD16<UInt8>.self)
            for row in 0..<16 { unsafe UnsafeMutableRawPointer(block + row &* stride).storeBytes(of: samples, as: SIMD16<UInt8>.self) }
        } else {
            let samples = unsafe above.loadUnaligned(as: SIMD8<UInt8>.self)
            for row in 0..<8 { unsafe UnsafeMutableRawPointer(block + row &* stride).storeBytes(of: samples, as: SIMD8<UInt8>.self) }
        }
    }
    #endif

    #if DEBUG
    /// `row.update(repeating: value, count: count)` as debug builds run it: unoptimised, that is a
    /// generic call with a witness call per byte, and the range iterator of a `for` loop a call per
    /// pass; here a counted loop, four bytes a pass (`count` is 4, 8 or 16). `@_transparent`: the
    /// inlining an unoptimised build does.
    @_transparent
    static func fillRowTwin(_ row: UnsafeMutablePointer<UInt8>, count: Int, with value: UInt8) {
        var pixel = unsafe row
        let end = unsafe row + count
        while unsafe pixel < end {
            unsafe pixel[0] = value
            unsafe pixel[1] = value
            unsafe pixel[2] = value
            unsafe pixel[3] = value
            unsafe pixel += 4
        }
    }
    #endif

    // MARK: 16×16 luma and 8×8 chroma

    /// Predicts a `size`×`size` block (16 luma, 8 chroma) with one of the four whole-block modes.
    /// `hasAbove`/`hasLeft` say whether the block touches the image's top or left border, which
    /// only changes DC prediction (it then averages the edge that exists, or uses 128).
    static func predictWholeBlock(_ mode: VP8PredictionMode, size: Int, _ block: UnsafeMutablePointer<UInt8>,
                                  hasAbove: Bool, hasLeft: Bool) {
        switch mode {
        case .vertical:
            #if DEBUG
            for row in 0..<size { unsafe (block + row &* stride).update(from: block - stride, count: size) }
            #else
            unsafe copyAbove(block, size: size)
            #endif
        case .horizontal:
            #if DEBUG
            var line = unsafe block, rowsLeft = size
            while rowsLeft > 0 {
                unsafe fillRowTwin(line, count: size, with: line[-1])
                unsafe line += 32
                rowsLeft &-= 1
            }
            #else
            for row in 0..<size {
                let line = unsafe block + row &* stride
                unsafe fillRow(line, size: size, with: line[-1])
            }
            #endif
        case .trueMotion:
            unsafe trueMotion(block, size: size)
        default:
            unsafe predictDC(block, size: size, hasAbove: hasAbove, hasLeft: hasLeft)
        }
    }

    private static func predictDC(_ block: UnsafeMutablePointer<UInt8>, size: Int, hasAbove: Bool, hasLeft: Bool) {
        let log2Size = size == 16 ? 4 : 3
        var sum = 0
        #if DEBUG
        // Counted loops: unoptimised, a range iterator is a call per pass.
        var i = hasAbove ? 0 : size
        while i < size {
            unsafe sum &+= Int(block[i &- 32])
            i &+= 1
        }
        i = hasLeft ? 0 : size
        while i < size {
            unsafe sum &+= Int(block[i &* 32 &- 1])
            i &+= 1
        }
        #else
        if hasAbove { for column in 0..<size { unsafe sum &+= Int(block[column &- stride]) } }
        if hasLeft { for row in 0..<size { unsafe sum &+= Int(block[row &* stride &- 1]) } }
        #endif
        let value: Int
        switch (hasAbove, hasLeft) {
        case (true, true): value = (sum &+ size) >> (log2Size &+ 1)
        case (false, false): value = 128
        default: value = (sum &+ size >> 1) >> log2Size
        }
        unsafe fill(block, size: size, with: UInt8(truncatingIfNeeded: value))
    }

    /// TrueMotion: above + left − above-left, clamped (used by all block sizes).
    private static func trueMotion(_ block: UnsafeMutablePointer<UInt8>, size: Int) {
        #if DEBUG
        unsafe trueMotionScalar(block, size: size)
        #else
        let above = unsafe block - stride
        let corner = unsafe Int(above[-1])
        for row in 0..<size {
            let line = unsafe block + row &* stride
            let leftMinusCorner = unsafe Int(line[-1]) &- corner
            for column in 0..<size { unsafe line[column] = clampToByte(Int(above[column]) &+ leftMinusCorner) }
        }
        #endif
    }

    /// ``trueMotion(_:size:)`` as debug builds run it: counted loops, and the clamp a lookup in
    /// ``VP8Transform/clampTable`` (unoptimised, the range iterators and the clamp are calls per pixel, and a
    /// clamp written out is a dozen stores and reloads); tests compare the two.
    /// `@_transparent`: an unoptimised build gives it no debugger variables to zero and store.
    @_transparent
    static func trueMotionScalar(_ block: UnsafeMutablePointer<UInt8>, size: Int) {
        let above = unsafe block - 32 // 32: the block stride
        let clamp = unsafe VP8Transform.clampTable + (255 &- Int(above[-1])) // clamp[a + left] is a + left − corner, clamped
        var line = unsafe block, row = 0
        while row < size {
            let shifted = unsafe clamp + Int(line[-1])
            var column = 0
            while column < size { // four pixels a pass: `size` is 4, 8 or 16
                unsafe line[column] = shifted[Int(above[column])]
                unsafe line[column &+ 1] = shifted[Int(above[column &+ 1])]
                unsafe line[column &+ 2] = shifted[Int(above[column &+ 2])]
                unsafe line[column &+ 3] = shifted[Int(above[column &+ 3])]
                column &+= 4
            }
            unsafe line += 32
            row &+= 1
        }
    }

    // MARK: 4×4 luma

    /// Predicts one 4×4 luma block (edges as described on the type).
    static func predictSubblock(_ mode: VP8PredictionMode, _ block: UnsafeMutablePointer<UInt8>) {
        switch mode {
        case .dc:
            var sum = 4
            #if DEBUG // written out: unoptimised, a range iterator is a call per pass
            unsafe sum &+= Int(block[-32]) &+ Int(block[-31]) &+ Int(block[-30]) &+ Int(block[-29])
            unsafe sum &+= Int(block[-1]) &+ Int(block[31]) &+ Int(block[63]) &+ Int(block[95])
            #else
            for i in 0..<4 { unsafe sum &+= Int(block[i &- stride]) &+ Int(block[i &* stride &- 1]) }
            #endif
            unsafe fill(block, size: 4, with: UInt8(truncatingIfNeeded: sum >> 3))
        case .trueMotion: unsafe trueMotion(block, size: 4)
        case .vertical: unsafe predictVertical4(block)
        case .horizontal: unsafe predictHorizontal4(block)
        case .downRight: unsafe predictDownRight4(block)
        case .verticalRight: unsafe predictVerticalRight4(block)
        case .downLeft: unsafe predictDownLeft4(block)
        case .verticalLeft: unsafe predictVerticalLeft4(block)
        case .horizontalDown: unsafe predictHorizontalDown4(block)
        case .horizontalUp: unsafe predictHorizontalUp4(block)
        }
    }

    /// Writes `value` at (x, y) of a 4×4 block.
    @inline(__always) private static func put(_ block: UnsafeMutablePointer<UInt8>, _ x: Int, _ y: Int, _ value: UInt8) {
        unsafe block[x &+ y &* stride] = value
    }

    /// The above row as A…H (H = the 4th above-right sample) and the above-left X.
    private struct AboveEdge {
        let x, a, b, c, d, e, f, g, h: UInt8
        init(_ block: UnsafeMutablePointer<UInt8>) {
            let above = unsafe block - VP8IntraPredictor.stride
            (x, a, b, c, d) = unsafe (above[-1], above[0], above[1], above[2], above[3])
            (e, f, g, h) = unsafe (above[4], above[5], above[6], above[7])
        }
    }

    /// The left column as I, J, K, L (top to bottom).
    private struct LeftEdge {
        let i, j, k, l: UInt8
        init(_ block: UnsafeMutablePointer<UInt8>) {
            let s = VP8IntraPredictor.stride
            (i, j, k, l) = unsafe (block[-1], block[s &- 1], block[2 &* s &- 1], block[3 &* s &- 1])
        }
    }

    /// Vertical, smoothed with the neighbours of each above sample.
    private static func predictVertical4(_ block: UnsafeMutablePointer<UInt8>) {
        let t = unsafe AboveEdge(block)
        let v0 = average3(t.x, t.a, t.b), v1 = average3(t.a, t.b, t.c)
        let v2 = average3(t.b, t.c, t.d), v3 = average3(t.c, t.d, t.e)
        for y in 0..<4 { unsafe put(block, 0, y, v0); unsafe put(block, 1, y, v1); unsafe put(block, 2, y, v2); unsafe put(block, 3, y, v3) }
    }

    /// Horizontal, smoothed with the neighbours of each left sample (the last repeats L).
    private static func predictHorizontal4(_ block: UnsafeMutablePointer<UInt8>) {
        let corner = unsafe block[-1 &- stride]
        let l = unsafe LeftEdge(block)
        unsafe block.update(repeating: average3(corner, l.i, l.j), count: 4)
        unsafe (block + stride).update(repeating: average3(l.i, l.j, l.k), count: 4)
        unsafe (block + 2 &* stride).update(repeating: average3(l.j, l.k, l.l), count: 4)
        unsafe (block + 3 &* stride).update(repeating: average3(l.k, l.l, l.l), count: 4)
    }

    private static func predictDownRight4(_ block: UnsafeMutablePointer<UInt8>) {
        let t = unsafe AboveEdge(block), l = unsafe LeftEdge(block)
        unsafe put(block, 0, 3, average3(l.j, l.k, l.l))
        let ijk = average3(l.i, l.j, l.k)
        unsafe put(block, 1, 3, ijk); unsafe put(block, 0, 2, ijk)
        let xij = average3(t.x, l.i, l.j)
        unsafe put(block, 2, 3, xij); unsafe put(block, 1, 2, xij); unsafe put(block, 0, 1, xij)
        let axi = average3(t.a, t.x, l.i)
        unsafe put(block, 3, 3, axi); unsafe put(block, 2, 2, axi); unsafe put(block, 1, 1, axi); unsafe put(block, 0, 0, axi)
        let bax = average3(t.b, t.a, t.x)
        unsafe put(block, 3, 2, bax); unsafe put(block, 2, 1, bax); unsafe put(block, 1, 0, bax)
        let cba = average3(t.c, t.b, t.a)
        unsafe put(block, 3, 1, cba); unsafe put(block, 2, 0, cba)
        unsafe put(block, 3, 0, average3(t.d, t.c, t.b))
    }

    private static func predictDownLeft4(_ block: UnsafeMutablePointer<UInt8>) {
        let t = unsafe AboveEdge(block)
        unsafe put(block, 0, 0, average3(t.a, t.b, t.c))
        let bcd = average3(t.b, t.c, t.d)
        unsafe put(block, 1, 0, bcd); unsafe put(block, 0, 1, bcd)
        let cde = average3(t.c, t.d, t.e)
        unsafe put(block, 2, 0, cde); unsafe put(block, 1, 1, cde); unsafe put(block, 0, 2, cde)
        let def = average3(t.d, t.e, t.f)
        unsafe put(block, 3, 0, def); unsafe put(block, 2, 1, def); unsafe put(block, 1, 2, def); unsafe put(block, 0, 3, def)
        let efg = average3(t.e, t.f, t.g)
        unsafe put(block, 3, 1, efg); unsafe put(block, 2, 2, efg); unsafe put(block, 1, 3, efg)
        let fgh = average3(t.f, t.g, t.h)
        unsafe put(block, 3, 2, fgh); unsafe put(block, 2, 3, fgh)
        unsafe put(block, 3, 3, average3(t.g, t.h, t.h))
    }

    private static func predictVerticalRight4(_ block: UnsafeMutablePointer<UInt8>) {
        let t = unsafe AboveEdge(block), l = unsafe LeftEdge(block)
        let xa = average2(t.x, t.a), ab = average2(t.a, t.b), bc = average2(t.b, t.c)
        unsafe put(block, 0, 0, xa); unsafe put(block, 1, 2, xa)
        unsafe put(block, 1, 0, ab); unsafe put(block, 2, 2, ab)
        unsafe put(block, 2, 0, bc); unsafe put(block, 3, 2, bc)
        unsafe put(block, 3, 0, average2(t.c, t.d))
        unsafe put(block, 0, 3, average3(l.k, l.j, l.i))
        unsafe put(block, 0, 2, average3(l.j, l.i, t.x))
        let ixa = average3(l.i, t.x, t.a), xab = average3(t.x, t.a, t.b), abc = average3(t.a, t.b, t.c)
        unsafe put(block, 0, 1, ixa); unsafe put(block, 1, 3, ixa)
        unsafe put(block, 1, 1, xab); unsafe put(block, 2, 3, xab)
        unsafe put(block, 2, 1, abc); unsafe put(block, 3, 3, abc)
        unsafe put(block, 3, 1, average3(t.b, t.c, t.d))
    }

    private static func predictVerticalLeft4(_ block: UnsafeMutablePointer<UInt8>) {
        let t = unsafe AboveEdge(block)
        unsafe put(block, 0, 0, average2(t.a, t.b))
        let bc = average2(t.b, t.c), cd = average2(t.c, t.d), de = average2(t.d, t.e)
        unsafe put(block, 1, 0, bc); unsafe put(block, 0, 2, bc)
        unsafe put(block, 2, 0, cd); unsafe put(block, 1, 2, cd)
        unsafe put(block, 3, 0, de); unsafe put(block, 2, 2, de)
        unsafe put(block, 0, 1, average3(t.a, t.b, t.c))
        let bcd = average3(t.b, t.c, t.d), cde = average3(t.c, t.d, t.e), def = average3(t.d, t.e, t.f)
        unsafe put(block, 1, 1, bcd); unsafe put(block, 0, 3, bcd)
        unsafe put(block, 2, 1, cde); unsafe put(block, 1, 3, cde)
        unsafe put(block, 3, 1, def); unsafe put(block, 2, 3, def)
        unsafe put(block, 3, 2, average3(t.e, t.f, t.g))
        unsafe put(block, 3, 3, average3(t.f, t.g, t.h))
    }

    private static func predictHorizontalUp4(_ block: UnsafeMutablePointer<UInt8>) {
        let l = unsafe LeftEdge(block)
        unsafe put(block, 0, 0, average2(l.i, l.j))
        let jk = average2(l.j, l.k), kl = average2(l.k, l.l)
        unsafe put(block, 2, 0, jk); unsafe put(block, 0, 1, jk)
        unsafe put(block, 2, 1, kl); unsafe put(block, 0, 2, kl)
        unsafe put(block, 1, 0, average3(l.i, l.j, l.k))
        let jkl = average3(l.j, l.k, l.l), kll = average3(l.k, l.l, l.l)
        unsafe put(block, 3, 0, jkl); unsafe put(block, 1, 1, jkl)
        unsafe put(block, 3, 1, kll); unsafe put(block, 1, 2, kll)
        unsafe put(block, 2, 2, l.l); unsafe put(block, 3, 2, l.l)
        unsafe (block + 3 &* stride).update(repeating: l.l, count: 4)
    }

    private static func predictHorizontalDown4(_ block: UnsafeMutablePointer<UInt8>) {
        let t = unsafe AboveEdge(block), l = unsafe LeftEdge(block)
        let ix = average2(l.i, t.x), ji = average2(l.j, l.i), kj = average2(l.k, l.j)
        unsafe put(block, 0, 0, ix); unsafe put(block, 2, 1, ix)
        unsafe put(block, 0, 1, ji); unsafe put(block, 2, 2, ji)
        unsafe put(block, 0, 2, kj); unsafe put(block, 2, 3, kj)
        unsafe put(block, 0, 3, average2(l.l, l.k))
        unsafe put(block, 3, 0, average3(t.a, t.b, t.c))
        unsafe put(block, 2, 0, average3(t.x, t.a, t.b))
        let ixa = average3(l.i, t.x, t.a), jix = average3(l.j, l.i, t.x), kji = average3(l.k, l.j, l.i)
        unsafe put(block, 1, 0, ixa); unsafe put(block, 3, 1, ixa)
        unsafe put(block, 1, 1, jix); unsafe put(block, 3, 2, jix)
        unsafe put(block, 1, 2, kji); unsafe put(block, 3, 3, kji)
        unsafe put(block, 1, 3, average3(l.l, l.k, l.j))
    }
}
