/// How strongly the loop filter treats one macroblock (RFC 6386 sections 9.6 and 15.1), derived
/// as libwebp does from the frame level, the segment, the deltas and the sharpness.
struct VP8FilterStrength: Sendable, Equatable {
    /// Edge limit before the macroblock-edge bonus; 0 means the macroblock is not filtered.
    var limit = 0
    /// Limit on the differences between samples on each side of an edge.
    var interiorLimit = 0
    /// Above this difference next to the edge only p0/q0 are adjusted.
    var varianceThreshold = 0
    /// Whether the edges between the 4×4 blocks inside the macroblock are filtered too.
    var filtersInnerEdges = false

    /// Strengths for each segment (outer index) and for 16×16 (0) / 4×4 (1) luma prediction.
    static func table(_ filter: VP8FilterSettings, segmentation: VP8Segmentation) -> [[VP8FilterStrength]] {
        (0..<4).map { segment in
            var baseLevel = filter.level
            if segmentation.isEnabled {
                baseLevel = segmentation.filterLevel[segment] + (segmentation.isAbsolute ? 0 : filter.level)
            }
            return [false, true].map { usesSubblocks in
                strength(level: baseLevel, usesSubblocks: usesSubblocks, filter: filter)
            }
        }
    }

    private static func strength(level baseLevel: Int, usesSubblocks: Bool, filter: VP8FilterSettings) -> VP8FilterStrength {
        var level = baseLevel
        if filter.usesDeltas {
            // Key frames are all intra: reference delta 0; mode delta 0 is for 4×4 prediction.
            level += filter.referenceDeltas[0]
            if usesSubblocks { level += filter.modeDeltas[0] }
        }
        level = min(max(level, 0), 63)
        var result = VP8FilterStrength(filtersInnerEdges: usesSubblocks)
        guard level > 0 else { return result }
        var interior = level
        if filter.sharpness > 0 {
            interior >>= filter.sharpness > 4 ? 2 : 1
            interior = min(interior, 9 - filter.sharpness)
        }
        interior = max(interior, 1)
        result.interiorLimit = interior
        result.limit = 2 * level + interior
        result.varianceThreshold = level >= 40 ? 2 : level >= 15 ? 1 : 0
        return result
    }
}

extension VP8LoopFilter {
    /// Filters the edges of macroblock (`x`, `y`) in the planes, in libwebp's order: left edge,
    /// inner vertical edges, top edge, inner horizontal edges. Chroma is filtered only by the
    /// normal filter. Every edge is done 16 positions at a time by ``VP8VectorLoopFilter``.
    static func filterMacroblock(x: Int, y: Int, strength: VP8FilterStrength, isSimple: Bool, planes: inout VP8Planes) {
        guard strength.limit > 0 else { return }
        let lumaStride = planes.lumaStride
        // Hot path: edges are filtered through raw pointers into the planes.
        planes.luma.withUnsafeMutableBufferPointer { plane in
            let origin = plane.baseAddress! + y * 16 * lumaStride + x * 16
            let edges = MacroblockEdges(x: x, y: y, strength: strength, isSimple: isSimple)
            edges.filterLuma(origin, stride: lumaStride)
        }
        guard !isSimple else { return }
        let chromaStride = planes.chromaStride
        let offset = y * 8 * chromaStride + x * 8
        planes.u.withUnsafeMutableBufferPointer { u in
            planes.v.withUnsafeMutableBufferPointer { v in
                let edges = MacroblockEdges(x: x, y: y, strength: strength, isSimple: false)
                edges.filterChroma(u.baseAddress! + offset, v.baseAddress! + offset, stride: chromaStride)
            }
        }
    }

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

        /// A vertical edge of `count` rows, filtered position by position (its samples are not
        /// contiguous, and transposing them costs more than the lanes save).
        private func filterVerticalEdge(_ edge: UnsafeMutablePointer<UInt8>, stride: Int, count: Int, macroblockEdge: Bool) {
            let limit = strength.limit + (macroblockEdge ? 4 : 0)
            if isSimple {
                VP8LoopFilter.simpleEdge(edge, across: 1, along: stride, count: count, limit: limit)
            } else {
                VP8LoopFilter.normalEdge(edge, across: 1, along: stride, count: count, limit: limit,
                                         interiorLimit: strength.interiorLimit, varianceThreshold: strength.varianceThreshold,
                                         isMacroblockEdge: macroblockEdge)
            }
        }

        func filterLuma(_ origin: UnsafeMutablePointer<UInt8>, stride: Int) {
            let outer = settings(macroblockEdge: true), inner = settings(macroblockEdge: false)
            if x > 0 { filterVerticalEdge(origin, stride: stride, count: 16, macroblockEdge: true) }
            if strength.filtersInnerEdges {
                for k in 1...3 { filterVerticalEdge(origin + 4 * k, stride: stride, count: 16, macroblockEdge: false) }
            }
            if y > 0 { VP8VectorLoopFilter.filterHorizontalEdge(left: origin, right: origin + 8, stride: stride, outer) }
            if strength.filtersInnerEdges {
                for k in 1...3 {
                    let row = origin + 4 * k * stride
                    VP8VectorLoopFilter.filterHorizontalEdge(left: row, right: row + 8, stride: stride, inner)
                }
            }
        }

        /// U and V together: 8 positions of each per edge; one inner edge each way, at 4.
        func filterChroma(_ u: UnsafeMutablePointer<UInt8>, _ v: UnsafeMutablePointer<UInt8>, stride: Int) {
            let outer = settings(macroblockEdge: true), inner = settings(macroblockEdge: false)
            if x > 0 {
                filterVerticalEdge(u, stride: stride, count: 8, macroblockEdge: true)
                filterVerticalEdge(v, stride: stride, count: 8, macroblockEdge: true)
            }
            if strength.filtersInnerEdges {
                filterVerticalEdge(u + 4, stride: stride, count: 8, macroblockEdge: false)
                filterVerticalEdge(v + 4, stride: stride, count: 8, macroblockEdge: false)
            }
            if y > 0 { VP8VectorLoopFilter.filterHorizontalEdge(left: u, right: v, stride: stride, outer) }
            if strength.filtersInnerEdges {
                VP8VectorLoopFilter.filterHorizontalEdge(left: u + 4 * stride, right: v + 4 * stride, stride: stride, inner)
            }
        }
    }
}
