/// Appends big- and little-endian integers to a byte array, for encoders.
struct ByteWriter: Sendable {
    var bytes: [UInt8] = []

    mutating func append(_ byte: UInt8) { bytes.append(byte) }
    mutating func append<Bytes: Sequence<UInt8>>(contentsOf other: Bytes) { bytes.append(contentsOf: other) }

    mutating func appendBigEndian(_ value: UInt32) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 24))
        bytes.append(UInt8(truncatingIfNeeded: value >> 16))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    mutating func appendBigEndian(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    mutating func appendLittleEndian(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    mutating func appendLittleEndian(_ value: UInt32) {
        appendLittleEndian(UInt16(truncatingIfNeeded: value))
        appendLittleEndian(UInt16(truncatingIfNeeded: value >> 16))
    }
}
