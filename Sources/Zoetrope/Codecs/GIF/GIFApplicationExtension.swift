/// Application extensions: the NETSCAPE2.0 / ANIMEXTS1.0 loop count; every other one is skipped.
enum GIFApplicationExtension {
    private static let loopIdentifiers: [[UInt8]] = [Array("NETSCAPE2.0".utf8), Array("ANIMEXTS1.0".utf8)]

    /// Reads an application extension (the label has been read) up to its terminator and returns
    /// the loop count it carries, if it is a loop extension with a loop sub-block (id 1).
    static func readLoopCount(_ reader: inout GIFByteReader) throws(ZoetropeError) -> Int? {
        let identifierLength = Int(try reader.readByte("an application extension"))
        guard identifierLength != 0 else { return nil }
        let identifierStart = reader.position
        try reader.skip(identifierLength, "an application extension")
        let isLoopExtension = identifierLength == 11 && loopIdentifiers.contains {
            $0.elementsEqual(reader.bytes[identifierStart..<identifierStart + 11])
        }
        var loopCount: Int?
        while true {
            let length = Int(try reader.readByte("an application extension"))
            if length == 0 { return loopCount }
            let start = reader.position
            try reader.skip(length, "an application extension")
            if isLoopExtension, loopCount == nil, length >= 3, reader.bytes[start] == 1 {
                loopCount = Int(reader.bytes[start + 1]) | Int(reader.bytes[start + 2]) << 8
            }
        }
    }
}
