/// The entropy image (RFC 9649 §3.7.2.2): per tile of 2^`bits` pixels, which prefix code group
/// codes the tokens that start in it.
struct VP8LEntropyImage {
    let grid: VP8LTileGrid
    /// Group per tile.
    let tileGroups: [Int]
    let groupCount: Int

    /// Groups for the tiles of `tokens` (coding a `width × height` image), at most `limit`; `nil`
    /// when one group would do.
    static func plan(tokens: [VP8LToken], width: Int, height: Int, cacheBits: Int, bits: Int,
                     limit: Int) -> VP8LEntropyImage? {
        let grid = VP8LTileGrid(width: width, height: height, bits: bits)
        let symbols = VP8LSymbolBins(cacheBits: cacheBits)
        // The symbols of one row of tiles at a time, counted when the tokens leave it (tokens run
        // in raster order): a 1080p frame's symbols would take about 30 MB at once.
        var counts: [VP8LSparseCounts] = []
        counts.reserveCapacity(grid.count)
        var band = [[Int32]](repeating: [], count: grid.tilesPerRow)
        func flush() {
            counts += band.map(VP8LSparseCounts.init)
            for index in band.indices { band[index].removeAll(keepingCapacity: true) }
        }
        forEachTile(of: tokens, grid: grid) { token, tile in
            while tile >= counts.count + grid.tilesPerRow { flush() }
            symbols.append(token, to: &band[tile - counts.count])
        }
        while counts.count < grid.count { flush() }
        let (_, assignment) = VP8LHistogramClusters.cluster(counts, symbols: symbols, limit: limit)
        let groupCount = (assignment.max() ?? 0) + 1
        guard groupCount > 1 else { return nil }
        return VP8LEntropyImage(grid: grid, tileGroups: assignment, groupCount: groupCount)
    }

    /// Calls `body` with each token and the tile its first pixel lies in.
    static func forEachTile(of tokens: [VP8LToken], grid: VP8LTileGrid, _ body: (VP8LToken, Int) -> Void) {
        var x = 0, y = 0
        for token in tokens {
            body(token, (y >> grid.bits) * grid.tilesPerRow + (x >> grid.bits))
            x += token.length
            while x >= grid.width { x -= grid.width; y += 1 }
        }
    }

    /// Calls `body` with each token and its group.
    func forEachGroup(of tokens: [VP8LToken], _ body: (VP8LToken, Int) -> Void) {
        Self.forEachTile(of: tokens, grid: grid) { token, tile in body(token, tileGroups[tile]) }
    }

    /// The sub-image: group numbers in red (high byte) and green (low byte).
    var tileImage: [UInt32] {
        tileGroups.map { 0xff00_0000 | UInt32($0 >> 8) << 16 | UInt32($0 & 0xff) << 8 }
    }
}
