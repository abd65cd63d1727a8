/// The normal loop filter as debug builds run it: every edge of one block in one direction per
/// call, with libwebp's clipping tables (`src/dsp/dec_clip_tables.c`) in place of the comparisons.
///
/// Unoptimised, ``VP8LoopFilter/normalEdge(_:across:along:count:limit:interiorLimit:varianceThreshold:isMacroblockEdge:)``
/// spends most of a position on the branches of its distances and clamps (every conditional
/// value is stored and reloaded), and each call zeroes its many locals with a `memset` call apiece;
/// here a distance or a clamp is one load from a table and a block is two calls. The same bytes
/// (the tests compare the two on random samples); optimised builds filter with
/// ``VP8VectorLoopFilter`` and never come here.
extension VP8LoopFilter {
    /// The tables, one after another: |i| for i in −255…255; i clamped to −128…127 for
    /// i in −1020…1020; the two-sample filter's steps `(i + 3) >> 3` and `(i + 4) >> 3` clamped to
    /// −16…15, for i in −1020…1020; i clamped to 0…255 for −255…510; the four-sample filter's steps
    /// for a difference d = q0 − p0 in −255…255 (p0's and q0's of `3·d`, then half of q0's,
    /// rounded); and the six-sample filter's `(w·a + 63) >> 7` for w = 27, 18 and 9, a in −128…127.
    static let clippingTables: [Int16] = {
        var tables = [Int16]()
        tables.reserveCapacity(TableCentre.end)
        func append(_ range: ClosedRange<Int>, _ value: (Int) -> Int) {
            for i in range { tables.append(Int16(value(i))) }
        }
        func step(_ i: Int) -> Int { min(max(i >> 3, -16), 15) }
        append(-255...255) { abs($0) }
        append(-1020...1020) { min(max($0, -128), 127) }
        append(-1020...1020) { step($0 + 3) }
        append(-1020...1020) { step($0 + 4) }
        append(-255...510) { min(max($0, 0), 255) }
        append(-255...255) { step(3 * $0 + 3) }
        append(-255...255) { step(3 * $0 + 4) }
        append(-255...255) { (step(3 * $0 + 4) + 1) >> 1 }
        for weight in [27, 18, 9] { append(-128...127) { (weight * $0 + 63) >> 7 } }
        return tables
    }()

    /// Where value 0 of each table is in ``clippingTables`` (literal sums: an unoptimised build
    /// folds them, where it would call an accessor for a constant computed from another).
    enum TableCentre {
        static let distance = 255
        static let signedByte = 511 + 1020
        static let stepP = 511 + 2041 + 1020
        static let stepQ = 511 + 2 * 2041 + 1020
        static let byte = 511 + 3 * 2041 + 255
        static let fourP = 511 + 3 * 2041 + 766 + 255
        static let fourQ = 511 + 3 * 2041 + 766 + 511 + 255
        static let fourOuter = 511 + 3 * 2041 + 766 + 2 * 511 + 255
        static let near = 511 + 3 * 2041 + 766 + 3 * 511 + 128
        static let middle = 511 + 3 * 2041 + 766 + 3 * 511 + 256 + 128
        static let far = 511 + 3 * 2041 + 766 + 3 * 511 + 2 * 256 + 128
        static let end = 511 + 3 * 2041 + 766 + 3 * 511 + 3 * 256
    }

    /// The normal filter on the edges of one `count`-sample block (16 luma, 8 chroma) that run
    /// one way: edge `k` (from `first` through `last`, 0 the macroblock edge, then every 4 samples)
    /// starts at `origin + 4·k·across`. `across` crosses the edges (1 for the vertical ones, the
    /// row stride for the horizontal ones), `along` steps along them; `outerLimit` is edge 0's
    /// limit, `innerLimit` the others'. `tables` is ``clippingTables``' storage.
    ///
    /// The seven tests of a position are two branches, not seven (unoptimised, every branch stores
    /// and reloads the values live across it): the terms of each half, each negative exactly when
    /// its test fails, or-ed together. Each filter's arithmetic is looked up rather than computed.
    static func normalEdgesTwin(_ origin: UnsafeMutablePointer<UInt8>, across: Int, along: Int, count: Int, first: Int, last: Int,
                                outerLimit: Int, innerLimit: Int, interiorLimit: Int, varianceThreshold: Int,
                                tables: UnsafePointer<Int16>) {
        let distance = unsafe tables + TableCentre.distance, signedByte = unsafe tables + TableCentre.signedByte
        let stepP = unsafe tables + TableCentre.stepP, stepQ = unsafe tables + TableCentre.stepQ
        let byte = unsafe tables + TableCentre.byte, fourP = unsafe tables + TableCentre.fourP
        let fourQ = unsafe tables + TableCentre.fourQ, fourOuter = unsafe tables + TableCentre.fourOuter
        let near = unsafe tables + TableCentre.near, middle = unsafe tables + TableCentre.middle, far = unsafe tables + TableCentre.far
        let back1 = 0 &- across, back2 = 0 &- 2 &* across, back3 = 0 &- 3 &* across, back4 = 0 &- 4 &* across
        let ahead2 = 2 &* across, ahead3 = 3 &* across
        var edge = first
        while edge <= last { // no ranges, `defer`, `continue` or helper calls: this runs unoptimised
            let threshold = 2 &* (edge == 0 ? outerLimit : innerLimit) &+ 1
            var p = unsafe origin + 4 &* edge &* across, position = 0
            while position < count {
                let p2 = unsafe Int(p[back3]), p1 = unsafe Int(p[back2]), p0 = unsafe Int(p[back1])
                let q0 = unsafe Int(p[0]), q1 = unsafe Int(p[across]), q2 = unsafe Int(p[ahead2])
                let nearP = unsafe Int(distance[p1 &- p0]), nearQ = unsafe Int(distance[q1 &- q0])
                if unsafe (threshold &- 4 &* Int(distance[p0 &- q0]) &- Int(distance[p1 &- q1]))
                    | (interiorLimit &- nearP) | (interiorLimit &- nearQ) >= 0,
                   unsafe (interiorLimit &- Int(distance[Int(p[back4]) &- p2])) | (interiorLimit &- Int(distance[p2 &- p1]))
                    | (interiorLimit &- Int(distance[Int(p[ahead3]) &- q2])) | (interiorLimit &- Int(distance[q2 &- q1])) >= 0 {
                    if (varianceThreshold &- nearP) | (varianceThreshold &- nearQ) < 0 { // two samples
                        let a = unsafe 3 &* (q0 &- p0) &+ Int(signedByte[p1 &- q1])
                        unsafe p[back1] = UInt8(truncatingIfNeeded: byte[p0 &+ Int(stepP[a])])
                        unsafe p[0] = UInt8(truncatingIfNeeded: byte[q0 &- Int(stepQ[a])])
                    } else if edge == 0 { // six samples, weights 27, 18, 9 / 128
                        let a = unsafe Int(signedByte[3 &* (q0 &- p0) &+ Int(signedByte[p1 &- q1])])
                        unsafe p[back3] = UInt8(truncatingIfNeeded: byte[p2 &+ Int(far[a])])
                        unsafe p[back2] = UInt8(truncatingIfNeeded: byte[p1 &+ Int(middle[a])])
                        unsafe p[back1] = UInt8(truncatingIfNeeded: byte[p0 &+ Int(near[a])])
                        unsafe p[0] = UInt8(truncatingIfNeeded: byte[q0 &- Int(near[a])])
                        unsafe p[across] = UInt8(truncatingIfNeeded: byte[q1 &- Int(middle[a])])
                        unsafe p[ahead2] = UInt8(truncatingIfNeeded: byte[q2 &- Int(far[a])])
                    } else { // four samples
                        let d = q0 &- p0, outer = unsafe Int(fourOuter[d])
                        unsafe p[back2] = UInt8(truncatingIfNeeded: byte[p1 &+ outer])
                        unsafe p[back1] = UInt8(truncatingIfNeeded: byte[p0 &+ Int(fourP[d])])
                        unsafe p[0] = UInt8(truncatingIfNeeded: byte[q0 &- Int(fourQ[d])])
                        unsafe p[across] = UInt8(truncatingIfNeeded: byte[q1 &- outer])
                    }
                }
                unsafe p += along
                position &+= 1
            }
            edge &+= 1
        }
    }
}
