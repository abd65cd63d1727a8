#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Timing, memory and hashing helpers shared by the benchmark's child modes. The C reference
/// (`Benchmarks/reference/zoetrope-reference.c`) implements the same rules, so figures compare.
enum Measurement {
    /// Runs `body` until `minimumMilliseconds` have passed (at least 3 times, at most 10 000 times)
    /// and returns the median time of one run in seconds, with the number of runs.
    static func median(minimumMilliseconds: Double, _ body: () throws -> Void) rethrows -> (seconds: Double, runs: Int) {
        var times: [Double] = []
        let clock = ContinuousClock()
        let started = clock.now
        let budget = Duration.milliseconds(Int64(minimumMilliseconds))
        while times.count < 10_000 && (times.count < 3 || clock.now - started < budget) {
            let t0 = clock.now
            try body()
            times.append(seconds(clock.now - t0))
        }
        return (medianOf(times), times.count)
    }

    /// The median of some values (the mean of the middle two for an even count).
    static func medianOf(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }

    /// A value in kB from `/proc/self/status` (`VmHWM:` is the peak resident set, `VmRSS:` the
    /// current one); -1 where there is no procfs.
    static func statusKilobytes(_ key: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
        for line in text.split(separator: "\n") where line.hasPrefix(key) {
            return Int(line.dropFirst(key.count).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") ?? -1
        }
        return -1
    }
}

/// FNV-1a 64 over canvases in the corpus's canonical form (RGB zeroed wherever alpha is 0): cheap,
/// and identical in the C reference, so both sides' frames can be compared without storing them.
struct CanvasHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(canvas pixels: [UInt8]) {
        var v = value
        pixels.withUnsafeBufferPointer { p in
            var i = 0
            while i + 3 < p.count {
                let alpha = p[i + 3]
                for k in 0..<3 {
                    v ^= UInt64(alpha == 0 ? 0 : p[i + k])
                    v = v &* 0x100_0000_01b3
                }
                v ^= UInt64(alpha)
                v = v &* 0x100_0000_01b3
                i += 4
            }
        }
        value = v
    }

    mutating func add(bytes: [UInt8]) {
        var v = value
        for byte in bytes {
            v ^= UInt64(byte)
            v = v &* 0x100_0000_01b3
        }
        value = v
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// Writes one JSON object as a line on standard output (the child modes' protocol).
func printJSONLine(_ object: [String: Any]) {
    if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]),
       let line = String(data: data, encoding: .utf8) {
        print(line)
    }
}
