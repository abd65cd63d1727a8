import Foundation

/// Geometric means per format of Zoetrope's time over each reference's time (below 1: Zoetrope is
/// faster), over the files where that reference produced the same frames (or bytes), and over the
/// fastest agreeing reference of each file; and issue 16's targets.
enum Summary {
    struct Mean {
        var format: String
        /// The library's name with its version, or "fastest reference".
        var library: String
        var ratio: Double
        var files: Int
        /// Files the reference decoded differently from Zoetrope, or failed on: reported, not averaged.
        var leftOut: [String]

        var json: [String: Any] {
            ["format": format, "library": library, "zoetrope_time_over_reference_time": ratio, "files": files,
             "left_out": leftOut]
        }
    }

    /// Issue 16: Zoetrope's time at most `limit` × the library's, geometric mean over the files.
    static let targets: [(format: String, library: String, limit: Double)] = [
        ("gif", "Wuffs", 1.0), ("png", "Wuffs", 0.9), ("inflate", "libdeflate", 1.0),
    ]

    static let formats = ["gif", "png", "webp", "inflate"]

    /// How the C reference names libdeflate built with its CPU dispatch limited to SSE2 (`--library
    /// libdeflate-sse2`): the instruction set Zoetrope's package build compiles for, where Debian's
    /// libdeflate picks AVX2 and BMI2 code at run time. Not a target; the same comparison on equal terms.
    static let sse2Suffix = " SSE2 only"

    static func geometricMean(_ values: [Double]) -> Double {
        exp(values.map { log($0) }.reduce(0, +) / Double(values.count))
    }

    static func means(_ comparisons: [Comparison]) -> [Mean] {
        var result: [Mean] = []
        for format in formats {
            let group = comparisons.filter { $0.format == format && $0.zoetrope.seconds != nil }
            guard !group.isEmpty else { continue }
            var order: [String] = []
            var ratios: [String: [Double]] = [:]
            var leftOut: [String: [String]] = [:]
            var fastest: [Double] = []
            for comparison in group {
                // The fastest agreeing reference gives the largest ratio (Zoetrope's time over the smallest).
                var largest: Double?
                for (library, side) in comparison.references where side.unsupported == nil {
                    if !order.contains(library) { order.append(library) }
                    if let ratio = Comparison.timeRatio(comparison.zoetrope, side) {
                        ratios[library, default: []].append(ratio)
                        largest = max(largest ?? ratio, ratio)
                    } else {
                        leftOut[library, default: []].append(comparison.name)
                    }
                }
                if let largest { fastest.append(largest) }
            }
            for library in order where !(ratios[library] ?? []).isEmpty {
                result.append(Mean(format: format, library: library, ratio: geometricMean(ratios[library]!),
                                   files: ratios[library]!.count, leftOut: leftOut[library] ?? []))
            }
            if order.count > 1 && !fastest.isEmpty {
                result.append(Mean(format: format, library: "fastest reference", ratio: geometricMean(fastest),
                                   files: fastest.count, leftOut: []))
            }
        }
        return result
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }

    /// The lines `compare` prints after the tables.
    static func lines(_ comparisons: [Comparison]) -> [String] {
        let means = means(comparisons)
        guard !means.isEmpty else { return [] }
        var lines = ["Geometric means of Zoetrope time / reference time (below 1: Zoetrope faster), files with the same output only:"]
        for mean in means {
            var line = "  " + pad(mean.format, 8) + pad(mean.library, 40)
                + String(format: "%6.3f  (speed %.2f×, %d files)", mean.ratio, 1 / mean.ratio, mean.files)
            if !mean.leftOut.isEmpty { line += "; left out (different output or failed): " + mean.leftOut.joined(separator: ", ") }
            lines.append(line)
        }
        lines.append("Issue 16 targets:")
        for target in targets {
            let label = "\(target.format) ≤ \(String(format: "%.1f", target.limit))× \(target.library)"
            if let mean = means.first(where: { $0.format == target.format && $0.library.hasPrefix(target.library)
                                                && !$0.library.hasSuffix(sse2Suffix) }) {
                lines.append("  \(label): " + String(format: "%.3f", mean.ratio) + (mean.ratio <= target.limit ? " — met" : " — not met"))
            } else {
                lines.append("  \(label): not measured (\(target.library) not available or no \(target.format) files)")
            }
        }
        if let mean = means.first(where: { $0.format == "inflate" && $0.library.hasSuffix(sse2Suffix) }) {
            lines.append("  (inflate against \(mean.library), not a target: " + String(format: "%.3f)", mean.ratio))
        }
        return lines
    }
}
