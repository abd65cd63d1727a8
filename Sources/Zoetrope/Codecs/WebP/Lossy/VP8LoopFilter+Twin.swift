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
    /// libwebp's clipping tables, each pointer at value 0 of its table: |i| for i in −255…255
    /// (`distance`), i clamped to −128…127 for i in −1020…1020 (`signedByte`) and to −16…15 for
    /// −112…112 (`step`), as `Int`s, which a lookup uses as they are (unoptimised, a narrower load
    /// is stored and reloaded to widen it); and i clamped to 0…255 for −255…510 (`byte`), bytes
    /// to store as they are.
    @unsafe struct ClippingTables {
        let distance, signedByte, step: UnsafePointer<Int>
        let byte: UnsafePointer<UInt8>
    }

    /// The tables, allocated once, never freed.
    nonisolated(unsafe) static let clippingTables: ClippingTables = {
        func table<Element: FixedWidthInteger>(_ range: ClosedRange<Int>, _ value: (Int) -> Int) -> UnsafePointer<Element> {
            let storage = UnsafeMutablePointer<Element>.allocate(capacity: range.count)
            for i in range { unsafe storage[i - range.lowerBound] = Element(value(i)) }
            return unsafe UnsafePointer(storage) - range.lowerBound
        }
        return unsafe ClippingTables(distance: table(-255...255) { abs($0) }, signedByte: table(-1020...1020) { min(max($0, -128), 127) },
                                     step: table(-112...112) { min(max($0, -16), 15) }, byte: table(-255...510) { min(max($0, 0), 255) })
    }()

    /// The normal filter on the edges of one `count`-sample block (16 luma, 8 chroma) that run
    /// one way: edge `k` (from `first` through `last`, 0 the macroblock edge, then every 4 samples)
    /// starts at `origin + 4·k·across`. `across` crosses the edges (1 for the vertical ones, the
    /// row stride for the horizontal ones), `along` steps along them; `outerLimit` is edge 0's
    /// limit, `innerLimit` the others'. `tables` is ``clippingTables``.
    ///
    /// `@_transparent`: an unoptimised build gives a transparent function no debugger variables,
    /// so it does not zero its locals on entry (a `memset` call each) or keep a copy of each
    /// value in memory; the offsets across the edge are computed once per call.
    @_transparent
    static func normalEdgesTwin(_ origin: UnsafeMutablePointer<UInt8>, across: Int, along: Int, count: Int, first: Int, last: Int,
                                outerLimit: Int, innerLimit: Int, interiorLimit: Int, varianceThreshold: Int,
                                tables: ClippingTables) {
        let distance = unsafe tables.distance, signedByte = unsafe tables.signedByte
        let step = unsafe tables.step, byte = unsafe tables.byte
        let back1 = 0 &- across, back2 = 0 &- 2 &* across, back3 = 0 &- 3 &* across, back4 = 0 &- 4 &* across
        let ahead2 = 2 &* across, ahead3 = 3 &* across
        var edge = first
        while edge <= last { // no ranges, `defer`, `continue` or helper calls: this runs unoptimised
            let threshold = 2 &* (edge == 0 ? outerLimit : innerLimit) &+ 1
            var p = unsafe origin + 4 &* edge &* across, position = 0
            while position < count {
                let p2 = unsafe Int(p[back3]), p1 = unsafe Int(p[back2]), p0 = unsafe Int(p[back1])
                let q0 = unsafe Int(p[0]), q1 = unsafe Int(p[across]), q2 = unsafe Int(p[ahead2])
                let nearP = unsafe distance[p1 &- p0], nearQ = unsafe distance[q1 &- q0]
                if unsafe 4 &* distance[p0 &- q0] &+ distance[p1 &- q1] <= threshold,
                   nearP <= interiorLimit, nearQ <= interiorLimit,
                   unsafe distance[Int(p[back4]) &- p2] <= interiorLimit, unsafe distance[p2 &- p1] <= interiorLimit,
                   unsafe distance[Int(p[ahead3]) &- q2] <= interiorLimit, unsafe distance[q2 &- q1] <= interiorLimit {
                    let a = 3 &* (q0 &- p0)
                    if nearP > varianceThreshold || nearQ > varianceThreshold { // two samples
                        let outer = unsafe a &+ signedByte[p1 &- q1]
                        unsafe p[back1] = byte[p0 &+ step[(outer &+ 3) &>> 3]]
                        unsafe p[0] = byte[q0 &- step[(outer &+ 4) &>> 3]]
                    } else if edge == 0 { // six samples, weights 27, 18, 9 / 128
                        let w = unsafe signedByte[a &+ signedByte[p1 &- q1]]
                        let near = (27 &* w &+ 63) &>> 7, middle = (18 &* w &+ 63) &>> 7, far = (9 &* w &+ 63) &>> 7
                        unsafe p[back3] = byte[p2 &+ far]
                        unsafe p[back2] = byte[p1 &+ middle]
                        unsafe p[back1] = byte[p0 &+ near]
                        unsafe p[0] = byte[q0 &- near]
                        unsafe p[across] = byte[q1 &- middle]
                        unsafe p[ahead2] = byte[q2 &- far]
                    } else { // four samples
                        let forQ = unsafe step[(a &+ 4) &>> 3], forP = unsafe step[(a &+ 3) &>> 3]
                        let outer = (forQ &+ 1) &>> 1
                        unsafe p[back2] = byte[p1 &+ outer]
                        unsafe p[back1] = byte[p0 &+ forP]
                        unsafe p[0] = byte[q0 &- forQ]
                        unsafe p[across] = byte[q1 &- outer]
                    }
                }
                unsafe p += along
                position &+= 1
            }
            edge &+= 1
        }
    }
}
