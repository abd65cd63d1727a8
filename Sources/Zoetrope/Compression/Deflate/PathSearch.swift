/// The shortest-path search of ``OptimalParser`` over one block: for each position the fewest
/// bits that reach it, coming from a literal or from a match that ends there.
struct PathSearch {
    private var bits: [Float]
    /// How each position is reached: the step's length (1: a literal) and, for a match, distance.
    private var stepLength: [UInt16]
    private var stepDistance: [UInt16]
    private let count: Int

    init(count: Int) {
        self.count = count
        bits = [Float](repeating: 0, count: count + 1)
        stepLength = [UInt16](repeating: 0, count: count + 1)
        stepDistance = [UInt16](repeating: 0, count: count + 1)
    }

    /// The cheapest tokens for `count` bytes at `data`, whose matches are given as
    /// ``OptimalParser`` collects them, costed with `costs`.
    mutating func run(data: UnsafePointer<UInt8>, matches: [TreeMatchFinder.Candidate], ends: [Int32],
                      costs: BitCosts) -> [Deflater.Token] {
        unsafe relax(data: data, matches: matches, ends: ends, costs: costs)
        return unsafe backtrack(data: data)
    }

    /// Forward pass: every literal and every (length, distance) step from each reached position.
    /// One loop on purpose: it is the parser's hot path, run for every byte of every pass.
    private mutating func relax(data: UnsafePointer<UInt8>, matches: [TreeMatchFinder.Candidate], ends: [Int32],
                                costs: BitCosts) {
        let count = self.count
        let symbols = DeflateSymbols.tables
        unsafe bits.withUnsafeMutableBufferPointer { bits in
            unsafe stepLength.withUnsafeMutableBufferPointer { stepLength in
                unsafe stepDistance.withUnsafeMutableBufferPointer { stepDistance in
                    unsafe matches.withUnsafeBufferPointer { matches in
                        unsafe costs.length.withUnsafeBufferPointer { lengthCost in
                            unsafe costs.literal.withUnsafeBufferPointer { literalCost in
                                unsafe bits[0] = 0
                                for index in 1...count { unsafe bits[index] = .infinity }
                                var first = 0
                                for position in 0..<count {
                                    let here = unsafe bits[position]
                                    let literal = unsafe here + literalCost[Int(data[position])]
                                    if unsafe literal < bits[position + 1] {
                                        unsafe bits[position + 1] = literal
                                        unsafe stepLength[position + 1] = 1
                                    }
                                    let last = Int(ends[position])
                                    // Matches come shortest first; each one covers the lengths
                                    // above the one before it, at its (nearest) distance.
                                    var length = 3
                                    for match in first..<last {
                                        let candidate = unsafe matches[match]
                                        let reach = min(Int(candidate.length), count - position)
                                        guard length <= reach else { continue }
                                        let distance = Int(candidate.distance)
                                        let start = here + costs.distanceCode[symbols.distanceCode(distance)]
                                        while length <= reach {
                                            let total = unsafe start + lengthCost[length]
                                            if unsafe total < bits[position + length] {
                                                unsafe bits[position + length] = total
                                                unsafe stepLength[position + length] = UInt16(length)
                                                unsafe stepDistance[position + length] = UInt16(distance)
                                            }
                                            length += 1
                                        }
                                    }
                                    first = last
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The steps of the cheapest path, from the end back to the start, in order.
    private func backtrack(data: UnsafePointer<UInt8>) -> [Deflater.Token] {
        var tokens: [Deflater.Token] = []
        var position = count
        while position > 0 {
            let length = Int(stepLength[position])
            if length == 1 {
                unsafe tokens.append(Deflater.Token(length: 0, value: UInt16(data[position - 1])))
            } else {
                tokens.append(Deflater.Token(length: UInt16(length), value: stepDistance[position]))
            }
            position -= length
        }
        tokens.reverse()
        return tokens
    }
}
