#if canImport(Glibc)
import Glibc
#endif

// libFuzzer entry points for Zoetrope's decoders. Not part of the SwiftPM package: `scripts/fuzz`
// compiles this file *into* the Zoetrope module (swiftc -module-name Zoetrope -sanitize=fuzzer,address
// over Sources/Zoetrope plus this file), so the targets can reach internal entry points too. The
// target is chosen by the ZOETROPE_FUZZ_TARGET environment variable, so one build serves them all.

/// The decoder entry points under fuzzing: one per registered codec (named after it, in lower
/// case: `gif`, `png`, `webp`, …), plus the compression core and the inspector.
struct FuzzTarget {
    /// The codec whose images this target decodes, or `nil` for the special targets.
    let codec: ImageCodec?
    let name: String

    /// `inflate`: zlib streams through `Zlib.decompress`. `inspect`: `ImageInspector.inspect` on
    /// any bytes.
    static let special = ["inflate", "inspect"]

    static var all: [FuzzTarget] {
        CodecRegistry.codecs.map { FuzzTarget(codec: $0, name: $0.name.lowercased()) }
            + special.map { FuzzTarget(codec: nil, name: $0) }
    }

    static let selected: FuzzTarget = {
        guard let name = getenv("ZOETROPE_FUZZ_TARGET").map({ String(cString: $0) }),
              let target = all.first(where: { $0.name == name }) else {
            print("set ZOETROPE_FUZZ_TARGET to one of: \(all.map(\.name).joined(separator: ", "))")
            exit(64)
        }
        return target
    }()
}

/// Small limits keep each input fast and bounded, so that the fuzzer explores instead of waiting;
/// the limits' own behaviour is what the Limits tests check.
private let fuzzOptions = DecodingOptions(limits: DecodingLimits(maxPixels: 1 << 18, maxFrameCount: 256,
                                                                 maxTotalDecodedBytes: 1 << 24))

/// Runs once before any input. `ZOETROPE_FUZZ_TARGET=list` prints the target names (how
/// scripts/fuzz learns them) and leaves before libFuzzer starts.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    if let requested = getenv("ZOETROPE_FUZZ_TARGET"), String(cString: requested) == "list" {
        print("targets: " + FuzzTarget.all.map(\.name).joined(separator: " "))
        fflush(nil) // every output stream
        _exit(0) // not exit(): libFuzzer treats an exit handler run as a failure
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let target = FuzzTarget.selected
    if let codec = target.codec {
        // Inputs that lack the signature get it, and checksums are repaired, so that every input
        // reaches this codec's decoder.
        let head = bytes.prefix(codec.signatureLength)
        decodeEverything(codec.repairingChecksums(codec.recognizes(head) ? bytes : codec.signature + bytes))
    } else if target.name == "inflate" {
        FuzzInput.inflate(bytes)
    } else {
        _ = try? ImageInspector.inspect(bytes, limits: fuzzOptions.limits)
    }
    return 0
}

/// Opens the image, reads every frame in order, then a few in a scrambled order (replay paths).
private func decodeEverything(_ bytes: [UInt8]) {
    guard let image = try? AnimatedImage(bytes: bytes, options: fuzzOptions) else { return }
    _ = image.totalDuration
    _ = image.warnings
    try? image.forEachFrame { _, _ in }
    let count = image.frameCount
    guard count > 0 else { return }
    for step in [count - 1, 0, count / 2, count - 1, 1 % count] {
        _ = try? image.frame(at: step)
    }
}
