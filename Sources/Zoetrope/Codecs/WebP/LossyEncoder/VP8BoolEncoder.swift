/// The VP8 boolean entropy encoder (RFC 6386 section 7.3), the inverse of ``VP8BoolDecoder``.
///
/// The interval is split as the decoder splits it: a `false` takes `1 + ((range − 1)·p >> 8)` of
/// the `range` values (128…255 between calls). `low`, the interval's low end, keeps
/// `pendingBits + 8` bits: the top `pendingBits` are the next output bits, the low 8 the window
/// the decoder compares against. A bit above them is a carry into the bytes already written, which
/// is added to them backwards (through any run of 0xff). Renormalisation shifts by as many bits as
/// needed at once, without a branch (a shift of 0 when the range is already 128 or more), and the
/// pending bits go out four bytes at a time: at most 31 + 7 of them, the window and a carry fit
/// in `low`'s 64 bits.
struct VP8BoolEncoder: Sendable {
    private(set) var bytes: [UInt8] = []
    private var range: UInt32 = 255
    private var low: UInt64 = 0
    private var pendingBits = 0

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Encodes `bit`, whose probability of being `false` is `probability / 256`.
    @inline(__always)
    mutating func put(_ bit: Bool, _ probability: UInt8) {
        let split = 1 &+ (((range &- 1) &* UInt32(probability)) &>> 8)
        if bit {
            low &+= UInt64(split)
            range &-= split
        } else {
            range = split
        }
        let shift = range.leadingZeroBitCount &- 24
        range &<<= UInt32(truncatingIfNeeded: shift)
        low &<<= UInt64(truncatingIfNeeded: shift)
        pendingBits &+= shift
        if pendingBits >= 32 { writePendingWord() }
    }

    /// Moves the top 32 of the pending bits to the output, first adding any carry.
    private mutating func writePendingWord() {
        removeCarry()
        pendingBits &-= 32
        let word = UInt32(truncatingIfNeeded: low >> UInt64(truncatingIfNeeded: pendingBits &+ 8))
        bytes.append(UInt8(truncatingIfNeeded: word >> 24))
        bytes.append(UInt8(truncatingIfNeeded: word >> 16))
        bytes.append(UInt8(truncatingIfNeeded: word >> 8))
        bytes.append(UInt8(truncatingIfNeeded: word))
        low &= (1 << UInt64(truncatingIfNeeded: pendingBits &+ 8)) &- 1
    }

    /// Adds the bit above the pending bits and the window, if set, to the bytes written.
    @inline(__always)
    private mutating func removeCarry() {
        let width = UInt64(truncatingIfNeeded: pendingBits &+ 8)
        if low >> width != 0 {
            addCarry()
            low &= (1 << width) &- 1
        }
    }

    /// Moves the whole bytes above the window to the output, first adding any carry.
    private mutating func writePendingBytes() {
        removeCarry()
        while pendingBits >= 8 {
            pendingBits -= 8
            bytes.append(UInt8(truncatingIfNeeded: low >> UInt64(pendingBits + 8)))
        }
        low &= (1 << UInt64(pendingBits + 8)) &- 1
    }

    private mutating func addCarry() {
        var index = bytes.count - 1
        while index >= 0 && bytes[index] == 255 {
            bytes[index] = 0
            index -= 1
        }
        if index >= 0 { bytes[index] &+= 1 }
    }

    /// A bit at probability 1/2.
    @inline(__always)
    mutating func putFlag(_ bit: Bool) { put(bit, 128) }

    /// `value`'s low `count` bits, most significant first, at probability 1/2.
    mutating func putLiteral(_ value: Int, _ count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) { put((value >> shift) & 1 == 1, 128) }
    }

    /// The header's optional signed value: a presence flag, then the magnitude in `count` bits and
    /// the sign (RFC 6386 section 9.3); zero is the flag alone.
    mutating func putOptionalSigned(_ value: Int, _ count: Int) {
        putFlag(value != 0)
        guard value != 0 else { return }
        putLiteral(abs(value), count)
        putFlag(value < 0)
    }

    /// Ends the partition: writes the interval's low end in whole bytes, so that a decoder never
    /// needs a byte past the end to decode the last bit.
    mutating func finish() -> [UInt8] {
        let padding = (8 - (pendingBits & 7)) & 7
        low &<<= UInt64(padding)
        pendingBits += padding
        if pendingBits >= 8 { writePendingBytes() }
        if low >> UInt64(pendingBits + 8) != 0 {
            addCarry()
            low &= 0xff
        }
        bytes.append(UInt8(truncatingIfNeeded: low))
        return bytes
    }

    /// The partition's size were it finished now.
    var byteCount: Int { bytes.count + (pendingBits + 8 + 7) / 8 }
}
