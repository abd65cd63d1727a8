#if canImport(Glibc)
import Glibc
#endif

/// A property every input must keep. A broken one prints what differed and aborts, so that
/// libFuzzer keeps the input as a crash (`Fuzz/crashes/TARGET-crash-…`) like any other failure.
func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard !condition() else { return }
    let line = Array("FUZZ CHECK FAILED: \(message())\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}

/// A hash of a frame's size and pixels: frames are compared by fingerprint so that a long
/// animation does not keep every canvas in memory. FNV-1a's step over 8-byte words, each product
/// folded back (so every bit reaches the low ones); a word at a time keeps CI's unoptimised harness
/// fast on large canvases (byte by byte, a 31×7175 frame's thirteen fingerprints took 11 s there).
func fuzzFingerprint(_ image: RGBAImage) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(image.width) << 32 ^ UInt64(image.height)
    unsafe image.pixels.withUnsafeBytes { raw in
        let words = raw.count / 8
        var index = 0
        while index < words {
            let word = unsafe raw.loadUnaligned(fromByteOffset: index &* 8, as: UInt64.self)
            hash = (hash ^ word) &* 0x100_0000_01b3
            hash ^= hash >> 29
            index += 1
        }
        for offset in words * 8 ..< raw.count {
            let byte = unsafe raw[offset]
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
    }
    return hash
}

/// The bytes after the first one, read as the numbers and pixels a round-trip target needs. Runs
/// of zeros follow once the input is used up, so every input gives a complete description.
struct FuzzBytes {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isExhausted: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    /// A number in `range`, from one or two bytes.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = range.upperBound - range.lowerBound + 1
        let raw = span > 256 ? Int(byte()) << 8 | Int(byte()) : Int(byte())
        return range.lowerBound + raw % span
    }
}
