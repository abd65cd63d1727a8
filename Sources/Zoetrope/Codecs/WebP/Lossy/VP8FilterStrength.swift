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
    /// normal filter.
    static func filterMacroblock(x: Int, y: Int, strength: VP8FilterStrength, isSimple: Bool, planes: inout VP8Planes) {
        let limit = strength.limit
        guard limit > 0 else { return }
        let lumaStride = planes.lumaStride
        // Hot path: edges are filtered through raw pointers into the planes.
        planes.luma.withUnsafeMutableBufferPointer { plane in
            let origin = plane.baseAddress! + y * 16 * lumaStride + x * 16
            if isSimple {
                filterSimple(origin, stride: lumaStride, x: x, y: y, limit: limit, inner: strength.filtersInnerEdges)
            } else {
                filterNormal(origin, stride: lumaStride, size: 16, x: x, y: y, strength: strength)
            }
        }
        guard !isSimple else { return }
        let chromaStride = planes.chromaStride
        let offset = y * 8 * chromaStride + x * 8
        planes.u.withUnsafeMutableBufferPointer { plane in
            filterNormal(plane.baseAddress! + offset, stride: chromaStride, size: 8, x: x, y: y, strength: strength)
        }
        planes.v.withUnsafeMutableBufferPointer { plane in
            filterNormal(plane.baseAddress! + offset, stride: chromaStride, size: 8, x: x, y: y, strength: strength)
        }
    }

    private static func filterSimple(_ origin: UnsafeMutablePointer<UInt8>, stride: Int, x: Int, y: Int, limit: Int, inner: Bool) {
        if x > 0 { simpleEdge(origin, across: 1, along: stride, count: 16, limit: limit + 4) }
        if inner {
            for k in 1...3 { simpleEdge(origin + 4 * k, across: 1, along: stride, count: 16, limit: limit) }
        }
        if y > 0 { simpleEdge(origin, across: stride, along: 1, count: 16, limit: limit + 4) }
        if inner {
            for k in 1...3 { simpleEdge(origin + 4 * k * stride, across: stride, along: 1, count: 16, limit: limit) }
        }
    }

    /// One plane of the normal filter; chroma (size 8) has a single inner edge each way, at 4.
    private static func filterNormal(_ origin: UnsafeMutablePointer<UInt8>, stride: Int, size: Int, x: Int, y: Int,
                                     strength s: VP8FilterStrength) {
        let interior = s.interiorLimit, hev = s.varianceThreshold
        let innerOffsets = size == 16 ? 1...3 : 1...1
        if x > 0 {
            normalEdge(origin, across: 1, along: stride, count: size, limit: s.limit + 4,
                       interiorLimit: interior, varianceThreshold: hev, isMacroblockEdge: true)
        }
        if s.filtersInnerEdges {
            for k in innerOffsets {
                normalEdge(origin + 4 * k, across: 1, along: stride, count: size, limit: s.limit,
                           interiorLimit: interior, varianceThreshold: hev, isMacroblockEdge: false)
            }
        }
        if y > 0 {
            normalEdge(origin, across: stride, along: 1, count: size, limit: s.limit + 4,
                       interiorLimit: interior, varianceThreshold: hev, isMacroblockEdge: true)
        }
        if s.filtersInnerEdges {
            for k in innerOffsets {
                normalEdge(origin + 4 * k * stride, across: stride, along: 1, count: size, limit: s.limit,
                           interiorLimit: interior, varianceThreshold: hev, isMacroblockEdge: false)
            }
        }
    }
}
