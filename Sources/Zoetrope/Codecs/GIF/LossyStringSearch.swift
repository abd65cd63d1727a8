/// The search of ``LossyLZW`` for one string: a depth-first walk of the string table from the
/// pixel where the string starts, the exact continuation first, then every continuation whose
/// colour ``LossyLZW/cost(_:_:at:carried:)`` allows with the error carried along the string. The
/// longest string found wins, the smallest total error among equally long ones; the walk stops
/// after ``budget`` steps, and the string found is then extended while the exact next index
/// continues it.
struct LossyStringSearch {
    /// Steps of the walk per string: bounds the time on noisy pixels.
    static let budget = 384

    /// The indices the chosen string writes after its first pixel.
    private(set) var path: [UInt8] = []
    private var stack: [Step] = []
    private var current: [UInt8] = []

    private struct Step {
        var code: Int
        var position: Int
        var carried: LossyColor
        var cost: Int
        /// The next continuation to try: `exactFirst`, a code, or -1 when all were tried.
        var cursor: Int
    }

    private static let exactFirst = -2

    /// The code and end (exclusive) of the string chosen for the pixels from `start`.
    mutating func longest(from start: Int, in indices: [UInt8], trie: LossyStringTrie, lossy: LossyLZW) -> (code: Int, end: Int) {
        path.removeAll(keepingCapacity: true)
        current.removeAll(keepingCapacity: true)
        stack.removeAll(keepingCapacity: true)
        var best = (code: Int(indices[start]), end: start + 1, cost: 0)
        var agreeing = 0 // path[..<agreeing] == current[..<agreeing]
        stack.append(Step(code: best.code, position: start + 1, carried: .zero, cost: 0, cursor: Self.exactFirst))
        var steps = 0
        while steps < Self.budget, let top = stack.last {
            guard top.position < indices.count, let child = nextChild(of: stack.count - 1, original: indices[top.position], trie: trie) else {
                stack.removeLast()
                if !current.isEmpty { current.removeLast() }
                agreeing = min(agreeing, current.count)
                continue
            }
            let suffix = trie.suffix(child)
            guard let (cost, carried) = lossy.cost(indices[top.position], suffix, at: top.position, carried: top.carried) else { continue }
            steps += 1
            let step = Step(code: child, position: top.position + 1, carried: carried, cost: top.cost + Int(cost), cursor: Self.exactFirst)
            stack.append(step)
            current.append(suffix)
            if step.position > best.end || (step.position == best.end && step.cost < best.cost) {
                best = (child, step.position, step.cost)
                path.removeSubrange(agreeing...)
                path.append(contentsOf: current[agreeing...])
                agreeing = current.count
            }
        }
        while best.end < indices.count, let child = trie.child(best.code, indices[best.end]) {
            path.append(indices[best.end])
            best = (child, best.end + 1, best.cost)
        }
        return (best.code, best.end)
    }

    /// The next continuation of the step at `depth` to try, advancing its cursor; `nil` when none is left.
    private mutating func nextChild(of depth: Int, original: UInt8, trie: LossyStringTrie) -> Int? {
        let code = stack[depth].code
        if stack[depth].cursor == Self.exactFirst {
            stack[depth].cursor = trie.first(code)
            if let exact = trie.child(code, original) { return exact }
        }
        while stack[depth].cursor >= 0 {
            let child = stack[depth].cursor
            stack[depth].cursor = trie.sibling(child)
            if trie.suffix(child) != original { return child }
        }
        return nil
    }
}
