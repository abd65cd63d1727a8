import Foundation
import Testing
import Zoetrope
import ZoetropeTestSupport

/// Decodes a file in a child process (`zoetrope-memory-probe`, built with the package) and reports
/// what happened and how much resident memory the decode added at its peak (see the probe's
/// main.swift for the method: the kernel's peak-RSS mark is reset before the decode).
struct MemoryProbe {
    struct Result: Sendable {
        var outcome: String
        var kind: String?
        var message: String?
        var frames: Int?
        /// Kinds of the warnings an image that opened recorded.
        var warningKinds: [String]
        /// The peak resident memory added by the decode, in bytes.
        var growthBytes: Int
        var peakWasReset: Bool
        /// Whether the probe runs under a sanitizer, whose shadow memory makes RSS meaningless.
        var sanitized: Bool
        /// Under a sanitizer: the peak of live heap bytes the sanitizer's allocator counted during
        /// the decode (`nil` when the probe could not count them).
        var heapGrowthBytes: Int?

        /// Whether the decode stopped at a limit: an error of kind `limitExceeded`, or a warning of
        /// that kind with the frames before it kept.
        var refusedByLimit: Bool { kind == "limitExceeded" || warningKinds.contains("limitExceeded") }

        /// Whether the decode's peak memory growth stayed under `budget` bytes: resident memory
        /// normally; under a sanitizer (see ``sanitized``) the heap the sanitizer's allocator counted,
        /// and false when it could not count it, so a sanitized run never passes unchecked.
        func grewLessThan(_ budget: Int) -> Bool { (measuredGrowthBytes ?? .max) < budget }

        /// The growth the budgets are checked against: resident memory, or under a sanitizer the
        /// heap it counted (`nil` when it could not).
        var measuredGrowthBytes: Int? { sanitized ? heapGrowthBytes : growthBytes }
    }

    /// Limits the probe decodes under: 4 megapixels (16 MB of canvas), 1 000 frames.
    static let limits = DecodingLimits(maxPixels: 4_000_000, maxFrameCount: 1_000)

    /// The probe executable, beside the test binary.
    static var executable: String {
        let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: testBinary).deletingLastPathComponent()
        // The test binary may sit inside a bundle folder (…/ZoetropePackageTests.xctest/…).
        while !folder.path.isEmpty, folder.path != "/" {
            let candidate = folder.appendingPathComponent("zoetrope-memory-probe").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return "zoetrope-memory-probe"
    }

    /// Writes `bytes` to a temporary file and decodes it in the probe (`mode`: image, inspect or
    /// inflate, whose output stops at `outputLimit`), failing the test if the probe does not
    /// finish within `timeout`.
    static func decode(_ bytes: [UInt8], mode: String = "image", limits: DecodingLimits = limits,
                       outputLimit: Int = 64 << 20, timeout: Duration = .seconds(60)) throws -> Result {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("zoetrope-limit-\(UInt64.random(in: 0...UInt64.max)).bin")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        let run = try Subprocess.run([executable, mode, file.path, String(limits.maxPixels), String(limits.maxFrameCount),
                                      String(outputLimit)], inputFile: "/dev/null", seconds: seconds)
        let data = Data(run.standardOutput)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any],
                                  "no JSON from the probe (\(run.termination))")
        return Result(outcome: object["outcome"] as? String ?? "?", kind: object["kind"] as? String,
                      message: object["message"] as? String, frames: object["frames"] as? Int,
                      warningKinds: object["warnings"] as? [String] ?? [],
                      growthBytes: (object["growth_kb"] as? Int ?? .max / 2048) * 1024,
                      peakWasReset: object["peak_reset"] as? Bool ?? false,
                      sanitized: object["sanitized"] as? Bool ?? false,
                      heapGrowthBytes: (object["heap_growth_kb"] as? Int).map { $0 * 1024 })
    }
}
