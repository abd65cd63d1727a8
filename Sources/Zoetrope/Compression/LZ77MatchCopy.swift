/// The LZ77 back-reference copy shared by inflate (bytes), GIF's LZW (pixels, whose strings are
/// earlier output too) and VP8L (pixels): `length` elements from `distance` elements back.
enum LZ77 {
    /// Copies a match of `length` elements from `distance` elements back to `out + op`, where
    /// `room` elements of buffer follow `out + op` (at least `length`) and `0 < distance ≤ op`.
    /// The source may overlap the target (a run), as LZ77 allows. `Element` is 1, 2, 4 or 8 bytes.
    @inline(__always)
    static func copyMatch<Element: BitwiseCopyable>(_ out: UnsafeMutablePointer<Element>, at op: Int,
                                                    distance: Int, length: Int, room: Int) {
        let from = out + (op - distance)
        let to = out + op
        // Elements per 8-byte chunk (a constant once specialised).
        let chunk = 8 / MemoryLayout<Element>.stride
        if distance >= chunk && room >= length + chunk {
            // Most matches are short: copy 8 bytes at a time inline rather than calling memmove.
            // Each chunk's source lies at least 8 bytes behind it, so it is final before it is
            // read; the last chunk may write up to 7 bytes past the match, inside the buffer,
            // which later output overwrites.
            var k = 0
            repeat {
                let word = UnsafeRawPointer(from + k).loadUnaligned(as: UInt64.self)
                UnsafeMutableRawPointer(to + k).storeBytes(of: word, as: UInt64.self)
                k += chunk
            } while k < length
        } else if distance >= length {
            to.update(from: from, count: length)
        } else if distance == 1 {
            to.update(repeating: from.pointee, count: length)
        } else {
            for k in 0..<length { to[k] = from[k] }
        }
    }
}
