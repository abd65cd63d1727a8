/// Groups of tiles that share one set of prefix codes (the meta prefix codes of RFC 9649
/// §3.7.2.2): tiles are added one by one to the group whose estimated size grows least, or start
/// a group of their own when that is cheaper, then each tile moves to the group whose codes suit
/// it best.
struct VP8LHistogramClusters {
    let symbols: VP8LSymbolBins
    /// Counts per group, each `symbols.count` long.
    private(set) var counts: [[UInt32]] = []
    /// Totals per group and alphabet.
    private(set) var totals: [[UInt32]] = []

    /// About what a group costs beyond its symbols: its five code descriptions and its share of
    /// the entropy image. 60 rather than 120 makes more groups and smaller files (level 5 on
    /// 10–20 frame cuts of the perf animations: 0.2–1.0 % smaller).
    static let groupOverheadBits: Float = 60

    init(symbols: VP8LSymbolBins) {
        self.symbols = symbols
    }

    var groupCount: Int { counts.count }

    /// x log₂ x, tabulated for small counts.
    private static let xLogXTable: [Float] = (0 ..< 4096).map { $0 == 0 ? 0 : Float(Double($0) * binaryLogarithm(Double($0))) }

    @inline(__always)
    static func xLogX(_ value: UInt32) -> Float {
        value < 4096 ? xLogXTable[Int(value)] : Float(Double(value) * binaryLogarithm(Double(value)))
    }

    /// Estimated growth in bits of group `group` when `tile` joins it.
    func growth(of group: Int, adding tile: VP8LSparseCounts) -> Float {
        var added = [UInt32](repeating: 0, count: 5)
        var change: Float = 0
        for (bin, count) in zip(tile.bins, tile.counts) {
            let old = counts[group][Int(bin)]
            added[symbols.alphabet(of: Int(bin))] += count
            change -= Self.xLogX(old + count) - Self.xLogX(old)
            if old == 0 { change += 4 }
        }
        for alphabet in 0 ..< 5 where added[alphabet] > 0 {
            let total = totals[group][alphabet]
            change += Self.xLogX(total + added[alphabet]) - Self.xLogX(total)
        }
        return change
    }

    /// Estimated bits of `tile` as a group of its own.
    func ownCost(_ tile: VP8LSparseCounts) -> Float {
        var totals = [UInt32](repeating: 0, count: 5)
        var cost: Float = Self.groupOverheadBits
        for (bin, count) in zip(tile.bins, tile.counts) {
            totals[symbols.alphabet(of: Int(bin))] += count
            cost -= Self.xLogX(count) - 4
        }
        return totals.reduce(cost) { $0 + Self.xLogX($1) }
    }

    /// Adds `tile` to `group`, or to a new group when `group` is the group count.
    mutating func add(_ tile: VP8LSparseCounts, to group: Int) {
        if group == counts.count {
            counts.append([UInt32](repeating: 0, count: symbols.count))
            totals.append([UInt32](repeating: 0, count: 5))
        }
        for (bin, count) in zip(tile.bins, tile.counts) {
            counts[group][Int(bin)] += count
            totals[group][symbols.alphabet(of: Int(bin))] += count
        }
    }

    /// Bits `tile` takes with codes fitted to `group` (unseen symbols priced high).
    func cost(of tile: VP8LSparseCounts, in group: Int) -> Float {
        var cost: Float = 0
        for (bin, count) in zip(tile.bins, tile.counts) {
            let total = Float(totals[group][symbols.alphabet(of: Int(bin))])
            let seen = counts[group][Int(bin)]
            let bits = seen > 0 ? Float(binaryLogarithm(Double(total) / Double(seen))) : Float(binaryLogarithm(Double(total + 1))) + 6
            cost += Float(count) * bits
        }
        return cost
    }

    /// Assigns every tile to a group, at most `limit` of them; returns each tile's group.
    static func cluster(_ tiles: [VP8LSparseCounts], symbols: VP8LSymbolBins, limit: Int) -> (VP8LHistogramClusters, [Int]) {
        var clusters = VP8LHistogramClusters(symbols: symbols)
        var assignment = [Int](repeating: 0, count: tiles.count)
        for (index, tile) in tiles.enumerated() where !tile.bins.isEmpty {
            var best = (group: clusters.groupCount, cost: clusters.groupCount < limit ? clusters.ownCost(tile) : .infinity)
            for group in 0 ..< clusters.groupCount {
                let growth = clusters.growth(of: group, adding: tile)
                if growth < best.cost { best = (group, growth) }
            }
            clusters.add(tile, to: best.group)
            assignment[index] = best.group
        }
        // One refinement: each tile to the group whose codes price it lowest.
        var refined = VP8LHistogramClusters(symbols: symbols)
        var renumber = [Int](repeating: -1, count: clusters.groupCount)
        for (index, tile) in tiles.enumerated() {
            var best = (group: assignment[index], cost: Float.infinity)
            for group in 0 ..< clusters.groupCount where !tile.bins.isEmpty {
                let cost = clusters.cost(of: tile, in: group)
                if cost < best.cost { best = (group, cost) }
            }
            if renumber[best.group] < 0 { renumber[best.group] = refined.groupCount; refined.add(VP8LSparseCounts([]), to: refined.groupCount) }
            assignment[index] = renumber[best.group]
            refined.add(tile, to: assignment[index])
        }
        return (refined, assignment)
    }
}
