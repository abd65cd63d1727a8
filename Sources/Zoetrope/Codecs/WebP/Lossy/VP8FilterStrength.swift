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
