/// How fuzz inputs are shaped before they reach a decoder.
enum FuzzInput {
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
