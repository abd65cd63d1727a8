extension VP8LoopFilter {
    /// Filters the edges of macroblock (`x`, `y`), in the current row of the cache, in libwebp's order: left edge,
    /// inner vertical edges, top edge, inner horizontal edges. Chroma is filtered only by the
    /// normal filter. Every edge is done 16 positions at a time by ``VP8VectorLoopFilter``, vertical
    /// ones through a 16×8 transpose.
    static func filterMacroblock(x: Int, y: Int, strength: VP8FilterStrength, isSimple: Bool, planes: inout VP8Planes) {
        guard strength.limit > 0 else { return }
        #if DEBUG
        // Unoptimised builds run the SIMD filters unspecialised, lane by lane through generic
        // calls: the normal filter's table twin instead (the simple one below, position by position).
        if !isSimple {
            unsafe withUnsafePointer(to: strength) { strength in
                unsafe filterMacroblocksTwin(from: x, y: y, strengths: UnsafeBufferPointer(start: strength, count: 1), planes: &planes)
            }
            return
        }
        #endif
        let lumaStride = planes.lumaStride, lumaOrigin = planes.lumaRowOrigin + x * 16
        // Hot path: edges are filtered through raw pointers into the planes.
        unsafe planes.luma.withUnsafeMutableBufferPointer { plane in
            let origin = unsafe plane.baseAddress! + lumaOrigin
            let edges = MacroblockEdges(x: x, y: y, strength: strength, isSimple: isSimple)
            unsafe edges.filterLuma(origin, stride: lumaStride)
        }
        guard !isSimple else { return }
        let chromaStride = planes.chromaStride
        let offset = planes.chromaRowOrigin + x * 8
        unsafe planes.u.withUnsafeMutableBufferPointer { u in
            unsafe planes.v.withUnsafeMutableBufferPointer { v in
                let edges = MacroblockEdges(x: x, y: y, strength: strength, isSimple: false)
                unsafe edges.filterChroma(u.baseAddress! + offset, v.baseAddress! + offset, stride: chromaStride)
            }
        }
    }

    #if DEBUG
    /// Debug builds' normal filter of macroblocks `x`, `x + 1`, … of row `y`, one per strength in
    /// `strengths` (a limit of 0 leaves a macroblock alone): luma, U and V in turn. The tables and
    /// the planes' storage are taken once for them all: unoptimised, taking them costs thousands
    /// of instructions, more than a smooth macroblock's filtering.
    static func filterMacroblocksTwin(from x: Int, y: Int, strengths: UnsafeBufferPointer<VP8FilterStrength>,
                                      planes: inout VP8Planes) {
        let (lumaStride, chromaStride) = (planes.lumaStride, planes.chromaStride)
        let (lumaRow, chromaRow) = (planes.lumaRowOrigin, planes.chromaRowOrigin)
        let table = unsafe clippingTables
        unsafe planes.luma.withUnsafeMutableBufferPointer { luma in
            unsafe planes.u.withUnsafeMutableBufferPointer { u in
                unsafe planes.v.withUnsafeMutableBufferPointer { v in
                    let strength = strengths.baseAddress!
                    var column = x, index = 0
                    while index < strengths.count {
                        if unsafe strength[index].limit > 0 {
                            let lumaOrigin = lumaRow &+ column &* 16, chromaOrigin = chromaRow &+ column &* 8
                            unsafe filterBlockTwin(luma.baseAddress! + lumaOrigin, stride: lumaStride, count: 16, x: column, y: y,
                                                   strength[index], table)
                            unsafe filterBlockTwin(u.baseAddress! + chromaOrigin, stride: chromaStride, count: 8, x: column, y: y,
                                                   strength[index], table)
                            unsafe filterBlockTwin(v.baseAddress! + chromaOrigin, stride: chromaStride, count: 8, x: column, y: y,
                                                   strength[index], table)
                        }
                        column &+= 1
                        index &+= 1
                    }
                }
            }
        }
    }

    /// One plane's block (`count` square at `origin`): its vertical edges, then its horizontal ones,
    /// by ``normalEdgesTwin(_:across:along:count:first:last:outerLimit:innerLimit:interiorLimit:varianceThreshold:tables:)``.
    /// `@_transparent`, so that an unoptimised build inlines it with no variables to zero.
    @_transparent
    private static func filterBlockTwin(_ origin: UnsafeMutablePointer<UInt8>, stride: Int, count: Int, x: Int, y: Int,
                                        _ strength: VP8FilterStrength, _ tables: ClippingTables) {
        let last = strength.filtersInnerEdges ? count &>> 2 &- 1 : 0
        unsafe normalEdgesTwin(origin, across: 1, along: stride, count: count, first: x > 0 ? 0 : 1, last: last,
                               outerLimit: strength.limit &+ 4, innerLimit: strength.limit, interiorLimit: strength.interiorLimit,
                               varianceThreshold: strength.varianceThreshold, tables: tables)
        unsafe normalEdgesTwin(origin, across: stride, along: 1, count: count, first: y > 0 ? 0 : 1, last: last,
                               outerLimit: strength.limit &+ 4, innerLimit: strength.limit, interiorLimit: strength.interiorLimit,
                               varianceThreshold: strength.varianceThreshold, tables: tables)
    }
    #endif

    /// The edges of one macroblock and the filter each gets.
    private struct MacroblockEdges {
        let x, y: Int
        let strength: VP8FilterStrength
        let isSimple: Bool

        /// The settings for a macroblock edge (limit raised by 4) or an inner edge.
        private func settings(macroblockEdge: Bool) -> VP8VectorLoopFilter.Settings {
            VP8VectorLoopFilter.Settings(isSimple: isSimple, limit: strength.limit + (macroblockEdge ? 4 : 0),
                                         interiorLimit: strength.interiorLimit,
                                         varianceThreshold: strength.varianceThreshold, isMacroblockEdge: macroblockEdge)
        }

        func filterLuma(_ origin: UnsafeMutablePointer<UInt8>, stride: Int) {
            let outer = settings(macroblockEdge: true), inner = settings(macroblockEdge: false)
            #if DEBUG
            // Unoptimised builds run the SIMD filters unspecialised, lane by lane through generic
            // calls, far slower than the one-position-at-a-time filters, which give the same bytes.
            unsafe Self.filterScalar(origin, stride: stride, count: 16, left: x > 0, top: y > 0,
                                     innerEdges: strength.filtersInnerEdges, outer: outer, inner: inner)
            #else
            let lower = unsafe origin + 8 * stride
            if x > 0 { unsafe VP8VectorLoopFilter.filterVerticalEdge(top: origin, bottom: lower, stride: stride, outer) }
            if strength.filtersInnerEdges {
                for k in 1...3 {
                    unsafe VP8VectorLoopFilter.filterVerticalEdge(top: origin + 4 * k, bottom: lower + 4 * k, stride: stride, inner)
                }
            }
            if y > 0 { unsafe VP8VectorLoopFilter.filterHorizontalEdge(left: origin, right: origin + 8, stride: stride, outer) }
            if strength.filtersInnerEdges {
                for k in 1...3 {
                    let row = unsafe origin + 4 * k * stride
                    unsafe VP8VectorLoopFilter.filterHorizontalEdge(left: row, right: row + 8, stride: stride, inner)
                }
            }
            #endif
        }

        #if DEBUG
        /// One block's edges (`count` square, at `origin`) with ``VP8LoopFilter``'s scalar filters,
        /// in libwebp's order: the left edge, the inner vertical edges, the top edge, the inner
        /// horizontal edges (every 4 samples, when `innerEdges`). No arrays or ranges: this runs
        /// unoptimised.
        private static func filterScalar(_ origin: UnsafeMutablePointer<UInt8>, stride: Int, count: Int, left: Bool, top: Bool,
                                         innerEdges: Bool, outer: VP8VectorLoopFilter.Settings,
                                         inner: VP8VectorLoopFilter.Settings) {
            func edge(_ at: UnsafeMutablePointer<UInt8>, across: Int, along: Int, _ settings: VP8VectorLoopFilter.Settings) {
                if settings.isSimple {
                    unsafe VP8LoopFilter.simpleEdge(at, across: across, along: along, count: count, limit: settings.limit)
                } else {
                    unsafe VP8LoopFilter.normalEdge(at, across: across, along: along, count: count, limit: settings.limit,
                                             interiorLimit: settings.interiorLimit,
                                             varianceThreshold: settings.varianceThreshold,
                                             isMacroblockEdge: settings.isMacroblockEdge)
                }
            }
            let last = innerEdges ? count &- 4 : 0
            if left { unsafe edge(origin, across: 1, along: stride, outer) }
            var offset = 4
            while offset <= last { unsafe edge(origin + offset, across: 1, along: stride, inner); offset &+= 4 }
            if top { unsafe edge(origin, across: stride, along: 1, outer) }
            offset = 4
            while offset <= last { unsafe edge(origin + offset &* stride, across: stride, along: 1, inner); offset &+= 4 }
        }
        #endif

        /// U and V together: 8 positions of each per edge; one inner edge each way, at 4.
        func filterChroma(_ u: UnsafeMutablePointer<UInt8>, _ v: UnsafeMutablePointer<UInt8>, stride: Int) {
            let outer = settings(macroblockEdge: true), inner = settings(macroblockEdge: false)
            #if DEBUG
            unsafe Self.filterScalar(u, stride: stride, count: 8, left: x > 0, top: y > 0,
                                     innerEdges: strength.filtersInnerEdges, outer: outer, inner: inner)
            unsafe Self.filterScalar(v, stride: stride, count: 8, left: x > 0, top: y > 0,
                                     innerEdges: strength.filtersInnerEdges, outer: outer, inner: inner)
            #else
            if x > 0 { unsafe VP8VectorLoopFilter.filterVerticalEdge(top: u, bottom: v, stride: stride, outer) }
            if strength.filtersInnerEdges {
                unsafe VP8VectorLoopFilter.filterVerticalEdge(top: u + 4, bottom: v + 4, stride: stride, inner)
            }
            if y > 0 { unsafe VP8VectorLoopFilter.filterHorizontalEdge(left: u, right: v, stride: stride, outer) }
            if strength.filtersInnerEdges {
                unsafe VP8VectorLoopFilter.filterHorizontalEdge(left: u + 4 * stride, right: v + 4 * stride, stride: stride, inner)
            }
            #endif
        }
    }
}
