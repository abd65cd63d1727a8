/// The LZ77 back-reference copy shared by inflate (bytes), GIF's LZW (pixels, whose strings are
/// earlier output too) and VP8L (pixels): `length` elements from `distance` elements back.
enum LZ77 {
    /// Copies a match of `length` elements from `distance` elements back to `out + op`, where
    /// `room` elements of buffer follow `out + op` (at least `length`) and `0 < distance ≤ op`.
    /// The source may overlap the target (a run), as LZ77 allows. `Element` is 1, 2, 4 or 8 bytes.
    @inline(__always)
    static func copyMatch<Element: BitwiseCopyable>(_ out: UnsafeMutablePointer<Element>, at op: Int,
                                                    distance: Int, length: Int, room: Int) {
        // Most matches are short: copy in chunks inline rather than calling memmove. Bytes go 8 at
        // a time (deflate's distances are often under 16); pixels 16 bytes (4 pixels) at a time.
        // (Both branches are decided at compile time once specialised.)
        if MemoryLayout<Element>.stride >= 4 {
            if copyInChunks(out, at: op, distance: distance, length: length, room: room, chunk: SIMD16<UInt8>.self) { return }
        } else {
            if copyInChunks(out, at: op, distance: distance, length: length, room: room, chunk: UInt64.self) { return }
        }
        let from = out + (op - distance)
        let to = out + op
        if distance >= length {
            to.update(from: from, count: length)
        } else if distance == 1 {
            to.update(repeating: from.pointee, count: length)
        } else {
            for k in 0..<length { to[k] = from[k] }
        }
    }

    /// Copies the match a `Chunk` at a time when the source lies at least a chunk behind and a
    /// chunk of room follows the match; `false` (nothing copied) otherwise.
    ///
    /// Each chunk's source lies at least a chunk behind it, so it is final before it is read; the
    /// last chunk may write up to a chunk less one element past the match, inside the buffer, which
    /// later output overwrites.
    @inline(__always)
    private static func copyInChunks<Element: BitwiseCopyable, Chunk: BitwiseCopyable>(
        _ out: UnsafeMutablePointer<Element>, at op: Int, distance: Int, length: Int, room: Int, chunk: Chunk.Type
    ) -> Bool {
        let elements = MemoryLayout<Chunk>.size / MemoryLayout<Element>.stride
        guard distance >= elements && room >= length + elements else { return false }
        let from = UnsafeRawPointer(out + (op - distance)), to = UnsafeMutableRawPointer(out + op)
        let bytes = length * MemoryLayout<Element>.stride
        var k = 0
        repeat {
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: k, as: Chunk.self), toByteOffset: k, as: Chunk.self)
            k += MemoryLayout<Chunk>.size
        } while k < bytes
        return true
    }
}
