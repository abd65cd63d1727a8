/// A key the player reacts to.
public enum PlayerKey: Sendable, Hashable {
    /// Space.
    case space
    /// The left arrow.
    case left
    /// The right arrow.
    case right
    /// `+` (or `=`, the same key without shift).
    case faster
    /// `-` (or `_`).
    case slower
    /// `r`.
    case cycleMode
    /// `q`.
    case quit
    /// Ctrl-C (byte 3 in raw mode).
    case interrupt
}

/// Turns bytes read from a terminal in raw mode into keys. Escape sequences may arrive split
/// across reads, so the decoder keeps an unfinished one until the rest comes; unknown bytes and
/// sequences are ignored.
package struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// Creates a decoder.
    package init() {}

    /// The keys completed by `bytes`.
    package mutating func decode(_ bytes: [UInt8]) -> [PlayerKey] {
        pending.append(contentsOf: bytes)
        var keys = [PlayerKey]()
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            if byte == 0x1B {
                // CSI (`ESC [`) or SS3 (`ESC O`) cursor keys: ESC, introducer, optional
                // parameters, final byte.
                guard index + 1 < pending.count else { break }
                let introducer = pending[index + 1]
                guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
                    index += 1 // a lone ESC: ignore it
                    continue
                }
                var end = index + 2
                while end < pending.count, (0x30...0x3F).contains(pending[end]) { end += 1 }
                guard end < pending.count else { break }
                switch pending[end] {
                case UInt8(ascii: "C"): keys.append(.right)
                case UInt8(ascii: "D"): keys.append(.left)
                default: break
                }
                index = end + 1
                continue
            }
            switch byte {
            case UInt8(ascii: " "): keys.append(.space)
            case UInt8(ascii: "+"), UInt8(ascii: "="): keys.append(.faster)
            case UInt8(ascii: "-"), UInt8(ascii: "_"): keys.append(.slower)
            case UInt8(ascii: "r"), UInt8(ascii: "R"): keys.append(.cycleMode)
            case UInt8(ascii: "q"), UInt8(ascii: "Q"): keys.append(.quit)
            case 0x03: keys.append(.interrupt)
            default: break
            }
            index += 1
        }
        pending.removeFirst(index)
        // An escape sequence that never completes must not grow without end.
        if pending.count > 16 { pending.removeAll() }
        return keys
    }
}
