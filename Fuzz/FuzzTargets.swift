#if canImport(Glibc)
import Glibc
#endif

// libFuzzer entry points for Zoetrope's decoders. Not part of the SwiftPM package: `scripts/fuzz`
// compiles this file *into* the Zoetrope module (swiftc -module-name Zoetrope -sanitize=fuzzer,address
// over Sources/Zoetrope plus this file), so the targets can reach internal entry points too. The
// target is chosen by the ZOETROPE_FUZZ_TARGET environment variable, so one build serves them all.

/// The decoder entry points under fuzzing.
enum FuzzTarget: String, CaseIterable {
    /// `AnimatedImage(bytes:)` on GIF data, every frame in order, then random access.
    case gif
    /// `AnimatedImage(bytes:)` on PNG/APNG data (chunk CRCs repaired so the fuzzer gets past them).
    case png
    /// zlib streams through `Zlib.decompress`.
    case inflate
    /// `ImageInspector.inspect` on any bytes.
    case inspect

    static let selected: FuzzTarget = {
        guard let name = getenv("ZOETROPE_FUZZ_TARGET").map({ String(cString: $0) }),
              let target = FuzzTarget(rawValue: name) else {
            print("set ZOETROPE_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
            exit(64)
        }
        return target
    }()
}

/// Small limits keep each input fast and bounded, so that the fuzzer explores instead of waiting;
/// the limits' own behaviour is what the Limits tests check.
private let fuzzOptions = DecodingOptions(limits: DecodingLimits(maxPixels: 1 << 18, maxFrameCount: 256,
                                                                 maxTotalDecodedBytes: 1 << 24))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch FuzzTarget.selected {
    case .gif:
        decodeEverything(ensurePrefix(bytes, Array("GIF89a".utf8), unless: .gif))
    case .png:
        decodeEverything(FuzzInput.repairingPNGChunkCRCs(ensurePrefix(bytes, ImageFormat.pngSignature, unless: .png)))
    case .inflate:
        FuzzInput.inflate(bytes)
    case .inspect:
        _ = try? ImageInspector.inspect(bytes, limits: fuzzOptions.limits)
    }
    return 0
}

/// Keeps inputs in the target's decoder: bytes that do not sniff as `format` get its signature.
private func ensurePrefix(_ bytes: [UInt8], _ prefix: [UInt8], unless format: ImageFormat) -> [UInt8] {
    ImageFormat.sniff(bytes) == format ? bytes : prefix + bytes
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
