#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Zoetrope

// zoetrope-memory-probe MODE FILE MAX_PIXELS MAX_FRAMES MAX_OUTPUT_BYTES
//
// Decodes one file in a process of its own and reports, as one JSON line, the outcome and how much
// resident memory the decode added: the Limits tests start it to show that hostile files are
// refused before memory is spent. MODE `image` opens the file and composites every frame;
// `inspect` runs ImageInspector; `inflate` runs Zlib.decompress with MAX_OUTPUT_BYTES as its
// output limit.
//
// Method: after the file is read, the probe resets the kernel's peak-RSS mark (writing 5 to
// /proc/self/clear_refs) and notes VmRSS; after the decode it reads VmHWM, the peak since the
// reset. `growth_kb` = VmHWM - VmRSS-before is the most memory the decode held at any moment.
// `sanitized` is true in an AddressSanitizer or ThreadSanitizer build, whose RSS figures mean
// nothing; there `heap_growth_kb` is the peak of live heap bytes the sanitizer's allocator saw
// during the decode (SanitizerHeapPeak), and the tests check their budgets against it instead.

func statusKilobytes(_ key: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in text.split(separator: "\n") where line.hasPrefix(key) {
        return Int(line.dropFirst(key.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") ?? -1
    }
    return -1
}

func report(_ fields: [String: Any]) -> Never {
    let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
    print(String(decoding: data, as: UTF8.self))
    exit(0)
}

let arguments = CommandLine.arguments
guard arguments.count == 6, let maxPixels = Int(arguments[3]), let maxFrames = Int(arguments[4]),
      let maxOutput = Int(arguments[5]) else {
    print("usage: zoetrope-memory-probe image|inspect|inflate FILE MAX_PIXELS MAX_FRAMES MAX_OUTPUT_BYTES")
    exit(64)
}
let limits = DecodingLimits(maxPixels: maxPixels, maxFrameCount: maxFrames)
let bytes: [UInt8]
do { bytes = try FileBytes.read(arguments[2]) } catch { report(["outcome": "unreadable", "message": "\(error)"]) }

let peakReset = (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
let before = statusKilobytes("VmRSS:")
// AddressSanitizer's shadow memory and quarantine inflate RSS, so figures under it mean nothing.
let sanitized = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil
    || dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
var fields: [String: Any] = ["peak_reset": peakReset, "sanitized": sanitized]
let heapBaseline = sanitized && SanitizerHeapPeak.install() ? SanitizerHeapPeak.reset() : nil
do {
    switch arguments[1] {
    case "inflate":
        fields["output_bytes"] = try Zlib.decompress(bytes, maxOutputBytes: maxOutput).count
    case "inspect":
        let summary = try ImageInspector.inspect(bytes, limits: limits)
        fields["frames"] = summary.frameCount
    default:
        let image = try AnimatedImage(bytes: bytes, options: DecodingOptions(limits: limits))
        var frames = 0
        try image.forEachFrame { _, _ in frames += 1 }
        fields["frames"] = frames
        fields["warnings"] = image.warnings.map { "\($0.kind)" }
    }
    fields["outcome"] = "decoded"
} catch let error as ZoetropeError {
    fields["outcome"] = "error"
    fields["kind"] = error.kind.rawValue
    fields["message"] = error.description
} catch {
    fields["outcome"] = "error"
    fields["message"] = "\(error)"
}
let peak = statusKilobytes("VmHWM:")
fields["rss_before_kb"] = before
fields["peak_kb"] = peak
fields["growth_kb"] = peak - before
if let heapBaseline { fields["heap_growth_kb"] = SanitizerHeapPeak.growth(since: heapBaseline) / 1024 }
report(fields)
