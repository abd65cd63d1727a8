/// Byte sequences with different statistics, to exercise every deflate path.
enum TestData {
    /// Random bytes: incompressible, so encoders choose stored blocks.
    static func random(_ count: Int, seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
    }

    /// Text-like data over a small alphabet with repeated words: many matches at many distances,
    /// some beyond 32 KiB.
    static func textLike(_ count: Int, seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        let words = (0..<300).map { _ in
            (0..<Int.random(in: 2...9, using: &rng)).map { _ in UInt8.random(in: 97...122, using: &rng) }
        }
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            out.append(contentsOf: words[Int.random(in: 0..<words.count, using: &rng)])
            out.append(Bool.random(using: &rng) ? 32 : 10)
        }
        return Array(out.prefix(count))
    }

    /// Long runs of a few values (RLE-friendly), with occasional noise.
    static func runs(_ count: Int, seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        var out: [UInt8] = []
        while out.count < count {
            let value = UInt8.random(in: 0...3, using: &rng)
            out.append(contentsOf: repeatElement(value, count: Int.random(in: 1...400, using: &rng)))
        }
        return Array(out.prefix(count))
    }

    /// A mixture of all of the above, about `count` bytes.
    static func mixed(_ count: Int, seed: UInt64) -> [UInt8] {
        textLike(count / 2, seed: seed) + runs(count / 4, seed: seed &+ 1) + random(count / 8, seed: seed &+ 2)
            + textLike(count / 8, seed: seed)
    }
}
