/// The LZ77 back-reference copy shared by inflate (bytes), GIF's LZW (pixels, whose strings are
/// earlier output too) and VP8L (pixels): `length` elements from `distance` elements back.
enum LZ77 {
    /// Copies a match of `length` elements from `distance` elements back to `out + op`, where
    /// `room` elements of buffer follow `out + op` (at least `length`) and `0 < distance ≤ op`.
    /// The source may overlap the target (a run), as LZ77 allows. `Element` is 1, 2, 4 or 8 bytes.
    @inline(__always)
    static func copyMatch<Element: BitwiseCopyable>(_ out: UnsafeMutablePointer<Element>, at op: Int,
                                                    distance: Int, length: Int, room: Int) {
        #if DEBUG
        unsafe copyInBlocks(out + op, distance: distance, length: length)
        #else
        // Most matches are short: copy in chunks inline rather than calling memmove. Bytes go 8 at
        // a time (deflate's distances are often under 16); pixels 16 bytes (4 pixels) at a time.
        // (Both branches are decided at compile time once specialised.)
        if MemoryLayout<Element>.stride >= 4 {
            if unsafe copyInChunks(out, at: op, distance: distance, length: length, room: room, chunk: SIMD16<UInt8>.self) { return }
        } else {
            if unsafe copyInChunks(out, at: op, distance: distance, length: length, room: room, chunk: UInt64.self) { return }
        }
        let from = unsafe out + (op - distance)
        let to = unsafe out + op
        if distance >= length {
            unsafe to.update(from: from, count: length)
        } else if distance == 1 {
            unsafe to.update(repeating: from.pointee, count: length)
        } else {
            for k in 0..<length { unsafe to[k] = from[k] }
        }
        #endif
    }

    /// The copy of ``copyMatch(_:at:distance:length:room:)`` that debug builds run: unoptimised,
    /// the chunked copies above go through unspecialised generic and SIMD calls per chunk, so
    /// there the match is copied in a few bulk copies instead (each at most `distance` elements,
    /// whose source is then final), and a run of one element as one fill.
    ///
    /// What is written repeats every `distance` elements, so once `copied` are done, the elements
    /// a whole number of periods back (the most that fit in what is final, `period`) can be copied
    /// in one go: the blocks double, and a long run of a short pattern takes a few copies.
    static func copyInBlocks<Element: BitwiseCopyable>(_ to: UnsafeMutablePointer<Element>, distance: Int, length: Int) {
        if distance == 1 {
            unsafe to.update(repeating: (to - 1).pointee, count: length)
            return
        }
        var copied = 0
        while copied < length {
            let period = distance * (copied / distance + 1)
            // (Not `min`: a generic call in the debug builds this runs in.)
            let count = period < length - copied ? period : length - copied
            unsafe (to + copied).update(from: to + copied - period, count: count)
            copied += count
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
        let from = unsafe UnsafeRawPointer(out + (op - distance)), to = unsafe UnsafeMutableRawPointer(out + op)
        let bytes = length * MemoryLayout<Element>.stride
        var k = 0
        repeat {
            unsafe to.storeBytes(of: from.loadUnaligned(fromByteOffset: k, as: Chunk.self), toByteOffset: k, as: Chunk.self)
            k += MemoryLayout<Chunk>.size
        } while k < bytes
        return true
    }
}

extension LZ77 {
    /// Bytes a ``copyBytesWithSlack(_:at:distance:length:)`` may write past the match's end.
    static let copySlack = 32

    /// Copies a byte match of `length` (≥ 1) from `distance` bytes back (`0 < distance ≤ op`) to
    /// `out + op` in whole words, writing up to ``copySlack`` bytes past the match, which later
    /// output overwrites: the caller guarantees `length + copySlack` bytes of buffer after `out + op`.
    ///
    /// Each word is read only after every byte in it is final: 16-byte words when the source lies
    /// at least 16 bytes behind, 8-byte words at 8 to 15 (the first 32 bytes unconditionally, so
    /// most matches take no loop branch); a distance of 1 (a run of one byte) stores the byte
    /// splat across a vector; distances 2 to 7 copy a word and advance by the distance for short
    /// matches, and for longer ones store the period repeated across a word, advancing by the whole
    /// periods it holds (no load waits for a store).
    @inline(__always)
    static func copyBytesWithSlack(_ out: UnsafeMutablePointer<UInt8>, at op: Int, distance: Int, length: Int) {
        #if DEBUG
        unsafe copyInBlocks(out + op, distance: distance, length: length)
        #else
        // Pointers from the match's start, so the copy needs no registers beyond its own.
        let start = unsafe UnsafeMutableRawPointer(out + op), end = unsafe start + length
        if distance >= 8 {
            if distance >= 16 {
                unsafe copyWords(start, end: end, distance: distance, word: SIMD16<UInt8>.self)
            } else {
                unsafe copyWords(start, end: end, distance: distance, word: SIMD8<UInt8>.self)
            }
        } else if distance == 1 {
            let run = unsafe SIMD16<UInt8>(repeating: out[op &- 1])
            var to = unsafe start
            repeat {
                unsafe to.storeBytes(of: run, as: SIMD16<UInt8>.self)
                unsafe to += 16
            } while unsafe to < end
        } else if length <= 8 {
            // A short match with a period of 2 to 7 bytes: a few words, each a period behind the last.
            var to = unsafe start
            repeat {
                unsafe to.storeBytes(of: (to - distance).loadUnaligned(as: UInt64.self), as: UInt64.self)
                unsafe to += distance
            } while unsafe to < end
        } else {
            // A longer one (a run of one pixel, say): the period repeated across a word, stored a
            // whole number of periods apart, so that no load waits for the store before it.
            let word = unsafe periodicWord(UnsafeRawPointer(start - distance), period: distance).littleEndian
            // 8 less 8 modulo the period, for periods 0 to 7 a nibble each (no division).
            let step = Int(truncatingIfNeeded: (0x7658_6800 as UInt64) &>> UInt64(truncatingIfNeeded: distance &* 4)) & 0xF
            var to = unsafe start
            repeat {
                unsafe to.storeBytes(of: word, as: UInt64.self)
                unsafe to += step
            } while unsafe to < end
        }
        #endif
    }

    /// The `period` (2 to 7) bytes at `source`, repeated across a word, the first lowest. (Only
    /// those bytes are read for their value: the rest of the word loaded may not be written yet.)
    @inline(__always)
    private static func periodicWord(_ source: UnsafeRawPointer, period: Int) -> UInt64 {
        let bits = UInt64(truncatingIfNeeded: period &* 8)
        let once = unsafe UInt64(littleEndian: source.loadUnaligned(as: UInt64.self)) & ((1 &<< bits) &- 1)
        let twice = once | once &<< bits
        // Two periods fill the word from 4 bytes on; 2 and 3 need four.
        return period < 4 ? twice | twice &<< (bits &* 2) : twice
    }

    /// Copies to `start..<end` from `distance` bytes back a `Word` at a time, at least 32 bytes,
    /// where `distance` is at least a word (so each word read is final).
    @inline(__always)
    private static func copyWords<Word: SIMD>(_ start: UnsafeMutableRawPointer, end: UnsafeMutableRawPointer,
                                              distance: Int, word: Word.Type) where Word.Scalar == UInt8 {
        let size = MemoryLayout<Word>.size
        var to = unsafe start
        repeat {
            // 32 bytes per pass, written out: the compiler kept a counted loop of one or two words.
            let from = unsafe UnsafeRawPointer(to - distance)
            for offset in stride(from: 0, to: 32, by: size) {
                unsafe to.storeBytes(of: from.loadUnaligned(fromByteOffset: offset, as: Word.self), toByteOffset: offset, as: Word.self)
            }
            unsafe to += 32
        } while unsafe to < end
    }
}
