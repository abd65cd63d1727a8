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

    /// The targets that are not a codec's decoder (see `run`).
    static let special = ["inflate", "inspect", "deflate", "gif-encode", "gif-lzw", "png-encode", "apng-encode",
                          "webp-encode", "gif-quantize"]

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
private let fuzzOptions = DecodingOptions(limits: DecodingLimits(maxPixels: 1 << 18, maxFrameCount: 256))

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
        let input = codec.repairingChecksums(codec.recognizes(head) ? bytes : codec.signature + bytes)
        FuzzDecode.randomAccessEqualsSequential(input, options: fuzzOptions)
        // WebP only: the same frames as libwebp, when the harness was built with it.
        if target.name == "webp" { LibWebPComparison.compare(input, options: fuzzOptions) }
    } else {
        runSpecial(target.name, bytes)
    }
    return 0
}

/// The checked targets: each compares two results that must agree, not only "no crash".
private func runSpecial(_ name: String, _ bytes: [UInt8]) {
    switch name {
    case "inflate": FuzzInput.inflate(bytes)             // one-shot equals streamed in random pieces
    case "deflate": FuzzInput.deflateRoundTrip(bytes)    // deflate → inflate gives the data back
    case "inspect": FuzzDecode.inspectorAgreesWithOpen(bytes, options: fuzzOptions)
    case "gif-encode": FuzzRoundTrip.gif(bytes)          // encode → decode gives the frames back
    case "gif-lzw": FuzzLZW.roundTrip(bytes)
    case "png-encode": FuzzRoundTrip.png(bytes)
    case "apng-encode": FuzzRoundTrip.apng(bytes)
    case "webp-encode": FuzzRoundTrip.webp(bytes)
    case "gif-quantize": FuzzQuantizer.roundTrip(bytes)  // more than 256 colours, every option
    default: fuzzCheck(false, "no target named \(name)")
    }
}
