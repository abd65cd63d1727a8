/// The compression core's checks: streaming and one-shot inflate agree, and deflate round-trips.
enum FuzzInput {
    static let maxOutput = 1 << 24

    /// The first byte picks the wrapping (bit 0) and seeds the piece sizes; the rest is the stream.
    /// One-shot inflate and the streaming inflater fed in pieces of random sizes (1 byte to 4 KiB)
    /// must produce the same bytes, or fail with the same kind of error.
    static func inflate(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let stream = Array(bytes.dropFirst())
        let format: Inflater.Format = first & 1 == 0 ? .raw : .zlib
        let oneShot = Result(catching: { () throws(ZoetropeError) in try inflateOnce(stream, format: format) })
        var pieces = PieceSizes(seed: UInt64(first) &+ UInt64(stream.count))
        let streamed = Result(catching: { () throws(ZoetropeError) in try inflateStreamed(stream, format: format, pieces: &pieces) })
        switch (oneShot, streamed) {
        case (.success(let a), .success(let b)):
            fuzzCheck(a == b, "streamed inflate gave \(b.count) bytes, one-shot \(a.count), or different bytes")
        case (.failure(let a), .failure(let b)):
            fuzzCheck(a.kind == b.kind, "one-shot failed with \(a), streamed with \(b)")
        case (.success(let a), .failure(let b)):
            fuzzCheck(false, "one-shot inflated \(a.count) bytes, streamed failed: \(b)")
        case (.failure(let a), .success(let b)):
            fuzzCheck(false, "streamed inflated \(b.count) bytes, one-shot failed: \(a)")
        }
        if format == .zlib, case .success(let a) = oneShot {
            fuzzCheck((try? Zlib.decompress(stream, maxOutputBytes: maxOutput)) == a, "Zlib.decompress differs")
        }
    }

    private static func inflateOnce(_ stream: [UInt8], format: Inflater.Format) throws(ZoetropeError) -> [UInt8] {
        var inflater = Inflater(format: format, maxOutputBytes: maxOutput)
        inflater.feed(stream)
        inflater.finishInput()
        let status = try inflater.inflate()
        fuzzCheck(status == .finished, "complete input ended with status \(status)")
        return inflater.takeOutput()
    }

    private static func inflateStreamed(_ stream: [UInt8], format: Inflater.Format,
                                        pieces: inout PieceSizes) throws(ZoetropeError) -> [UInt8] {
        var inflater = Inflater(format: format, maxOutputBytes: maxOutput)
        var output: [UInt8] = []
        var start = 0
        while start < stream.count {
            let end = min(stream.count, start + pieces.next())
            inflater.feed(stream[start..<end])
            start = end
            let status = try inflater.inflate()
            output += inflater.takeOutput()
            if status == .finished { return output }
        }
        inflater.finishInput()
        let status = try inflater.inflate()
        fuzzCheck(status == .finished, "complete input ended with status \(status)")
        return output + inflater.takeOutput()
    }

    /// Deflate at the level the first byte picks, then inflate one-shot: the data comes back.
    static func deflateRoundTrip(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let data = Array(bytes.dropFirst())
        let level = Int(first % 10)
        let stream = Zlib.compress(data, level: level)
        let back = try? Zlib.decompress(stream, maxOutputBytes: data.count)
        fuzzCheck(back == data, "deflate level \(level) of \(data.count) bytes did not inflate back")
        var deflater = Deflater(level: level)
        let raw = deflater.rawStream(data)
        var pieces = PieceSizes(seed: UInt64(first))
        let streamed = try? inflateStreamed(raw, format: .raw, pieces: &pieces)
        fuzzCheck(streamed == data, "raw deflate level \(level) did not inflate back in pieces")
    }
}

/// Piece sizes from 1 byte to 4 KiB, small ones most often (Knuth's MMIX linear congruential
/// generator: reproducible for an input, which is all a fuzz target needs).
struct PieceSizes {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return 1 + Int(state >> 52) >> Int(state >> 33 & 7)
    }
}
