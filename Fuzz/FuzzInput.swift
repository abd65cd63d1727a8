/// How fuzz inputs are shaped before they reach a decoder.
enum FuzzInput {
    /// Rewrites the CRC of every complete PNG chunk so mutated chunks are not simply rejected as
    /// corrupt; CRC checking itself is covered by unit tests.
    static func repairingPNGChunkCRCs(_ input: [UInt8]) -> [UInt8] {
        var bytes = input
        var position = 8
        while position + 12 <= bytes.count {
            let length = Int(bytes[position]) << 24 | Int(bytes[position + 1]) << 16
                | Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            let end = position + 8 + length
            guard length >= 0, end + 4 <= bytes.count else { break }
            let crc = CRC32.checksum(bytes[position + 4..<end])
            bytes[end] = UInt8(truncatingIfNeeded: crc >> 24)
            bytes[end + 1] = UInt8(truncatingIfNeeded: crc >> 16)
            bytes[end + 2] = UInt8(truncatingIfNeeded: crc >> 8)
            bytes[end + 3] = UInt8(truncatingIfNeeded: crc)
            position = end + 4
        }
        return bytes
    }

    /// Inflates `bytes` as a zlib stream in one piece, then again as raw deflate fed in pieces
    /// whose size the first byte chooses (streaming paths: refills and window carry-over).
    static func inflate(_ bytes: [UInt8]) {
        _ = try? Zlib.decompress(bytes, maxOutputBytes: 1 << 24)
        guard let first = bytes.first else { return }
        var inflater = Inflater(format: first & 1 == 0 ? .raw : .zlib, maxOutputBytes: 1 << 24)
        let piece = Int(first >> 1) + 1
        var start = 1
        do {
            while start < bytes.count {
                let end = min(start + piece, bytes.count)
                inflater.feed(bytes[start..<end])
                start = end
                if try inflater.inflate() == .finished { break }
                _ = inflater.takeOutput()
            }
            inflater.finishInput()
            _ = try inflater.inflate()
        } catch {
            return
        }
    }
}
