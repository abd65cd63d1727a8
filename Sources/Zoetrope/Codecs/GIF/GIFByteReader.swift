/// A forward cursor over a GIF file's bytes: little-endian fields and data sub-block chains.
///
/// Every read is bounds-checked; running out of bytes throws a `.truncated` error naming the offset.
struct GIFByteReader {
    let bytes: ByteView
    private(set) var position: Int

    init(_ bytes: ByteView, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    var isAtEnd: Bool { position >= bytes.count }
    var remaining: Int { max(0, bytes.count - position) }

    mutating func readByte(_ what: @autoclosure () -> String) throws(ZoetropeError) -> UInt8 {
        guard position < bytes.count else { throw truncated(what()) }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func readUInt16(_ what: @autoclosure () -> String) throws(ZoetropeError) -> Int {
        guard remaining >= 2 else { throw truncated(what()) }
        defer { position += 2 }
        return Int(bytes[position]) | Int(bytes[position + 1]) << 8
    }

    /// Moves past `count` bytes, which must all be present.
    mutating func skip(_ count: Int, _ what: @autoclosure () -> String) throws(ZoetropeError) {
        guard remaining >= count else { throw truncated(what()) }
        position += count
    }

    /// Moves past a chain of data sub-blocks (length byte, data) up to and including its zero-length
    /// terminator. Each step consumes at least one byte, so the walk is bounded by the input.
    mutating func skipSubBlocks(_ what: @autoclosure () -> String) throws(ZoetropeError) {
        while true {
            let length = Int(try readByte(what()))
            if length == 0 { return }
            guard remaining >= length else {
                position = bytes.count
                throw truncated(what())
            }
            position += length
        }
    }

    func truncated(_ what: String) -> ZoetropeError {
        ZoetropeError(.truncated, format: .gif, offset: min(position, bytes.count),
                      "the file ends inside \(what)")
    }
}
