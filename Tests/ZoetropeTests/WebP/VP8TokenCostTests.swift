import Testing
@testable import Zoetrope

/// The lossy encoder's rate tables against their definitions: the per-level token costs the rate
/// estimates read, filled from the few distinct tree paths, equal the token-tree cost of each
/// level; the trellis's packed coding order is the specification's.
@Suite("VP8 token cost tables")
struct VP8TokenCostTests {
    /// Every row of the level-cost table matches ``VP8CostTables/treeCost(level:_:)`` plus the
    /// "not zero" and (after a non-zero coefficient) "not end of block" bits, for the default
    /// probabilities and for random ones.
    @Test("level costs equal the token-tree cost of each level, default and random probabilities")
    func levelCostsMatchTreeCost() {
        let model = VP8TokenModel()
        var generator = SystemRandomNumberGenerator()
        for round in 0..<3 {
            if round > 0 {
                for i in 0..<VP8TokenModel.nodeCount { model.probabilities[i] = UInt8.random(in: 0...255, using: &generator) }
                model.updateLevelCosts()
            }
            for type in 0..<4 {
                for position in 0..<16 {
                    for context in 0..<3 {
                        let p = UnsafePointer(model.probabilities
                            + VP8TokenModel.nodeIndex(type: type, band: VP8Tables.bands[position], context: context))
                        let row = model.levelCosts + VP8TokenModel.tableIndex(type: type, position: position, context: context)
                        let notEnd = context > 0 ? VP8CostTables.bitCost(true, p[0]) : 0
                        #expect(Int(row[0]) == VP8CostTables.bitCost(false, p[1]) + notEnd)
                        for level in 1..<VP8TokenModel.levelsPerTable {
                            let expected = VP8CostTables.bitCost(true, p[1]) + notEnd + VP8CostTables.treeCost(level: level, p)
                            #expect(Int(row[level]) == expected, "type \(type) position \(position) context \(context) level \(level)")
                        }
                    }
                }
            }
        }
    }

    @Test("the trellis's packed coding order is RFC 6386's zigzag")
    func trellisZigzag() {
        for n in 0..<16 { #expect(VP8Trellis.zigzag(n) == VP8Tables.zigzag[n]) }
    }
}
