/// One-shot zlib (RFC 1950) compression and decompression.
package enum Zlib {
    /// Compresses `data` into a zlib stream.
    /// - Parameters:
    ///   - data: the bytes to compress.
    ///   - level: 0 (stored, no compression) to 9 (smallest output, slowest); values
    ///     outside that range are clamped. 6 balances speed and size, as in zlib.
    package static func compress(_ data: [UInt8], level: Int = 6) -> [UInt8] {
        var deflater = Deflater(level: level)
        return deflater.zlibStream(data)
    }

    /// Decompresses a complete zlib stream, verifying its Adler-32 checksum.
    /// - Parameters:
    ///   - data: the zlib stream.
    ///   - maxOutputBytes: the most bytes the stream may inflate to.
    ///   - expectedOutputBytes: the size the output is expected to have, when the caller knows it
    ///     (an image's from its header): the output buffer starts at that size (capped by
    ///     `maxOutputBytes`). It is only a hint: the output may be smaller or larger.
    /// - Throws: ``ZoetropeError`` for malformed, truncated or oversized streams and checksum errors.
    package static func decompress(_ data: [UInt8], maxOutputBytes: Int,
                                  expectedOutputBytes: Int? = nil) throws(ZoetropeError) -> [UInt8] {
        // Without a hint, start at twice the input (image data compresses about that much), at
        // most 32 MiB; when that is too small the inflater projects the final size from the ratio
        // so far and grows once to it. The buffer is reserved, not zero-filled, so the guess costs
        // little until it is written.
        let guess = expectedOutputBytes.map { max(0, $0) } ?? min(data.count, 16 << 20) * 2
        var inflater = Inflater(format: .zlib, maxOutputBytes: maxOutputBytes, expectedOutputBytes: guess)
        inflater.feed(data)
        inflater.finishInput()
        _ = try inflater.inflate()
        let output = inflater.takeOutput()
        // The guess may have been far too big (data that did not compress): hand back a buffer
        // that fits rather than one holding up to twice the output.
        guard output.capacity > output.count + output.count / 2 + 4_096 else { return output }
        return unsafe output.withUnsafeBufferPointer { unsafe [UInt8](unwrittenCount: $0.count, copying: $0) }
    }
}
