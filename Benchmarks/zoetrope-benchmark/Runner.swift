import Foundation

/// One side's figures for one file: the medians its children reported, its peak memory, its hash.
struct SideResult {
    var library: String?
    var medians: [Double] = []
    var peakKilobytes = 0
    var hash: String?
    var error: String?
    var unsupported: String?
    var last: [String: Any] = [:]

    /// The median over rounds of each child's median time, in seconds.
    var seconds: Double? { medians.isEmpty ? nil : Measurement.medianOf(medians) }

    mutating func record(_ outcome: ChildProcess.Outcome) {
        switch outcome {
        case .failure(let failure):
            error = failure.description
        case .success(let object):
            if let reason = object["unsupported"] as? String {
                unsupported = reason
                return
            }
            last = object
            library = object["library"] as? String
            if let seconds = object["median_seconds"] as? Double { medians.append(seconds) }
            peakKilobytes = max(peakKilobytes, object["peak_rss_kb"] as? Int ?? 0)
            if let value = object["hash"] as? String { hash = value }
        }
    }

    /// Whether further rounds are pointless (the side failed or cannot do this file).
    var isDone: Bool { error != nil || unsupported != nil }

    var json: [String: Any] {
        var object: [String: Any] = ["peak_rss_kb": peakKilobytes, "round_medians_seconds": medians]
        if let library { object["library"] = library }
        if let seconds { object["median_seconds"] = seconds }
        if let error { object["error"] = error }
        if let unsupported { object["unsupported"] = unsupported }
        return object
    }
}

/// A further C decoder measured on the same file (libspng, libdeflate, Wuffs): `name` is the C
/// reference's `--library` argument.
struct Alternative {
    var name: String
    var side = SideResult()

    init(name: String) { self.name = name }
}

/// One compared file (or file and deflate level).
struct Comparison {
    var kind: String
    var file: String
    var level: Int?
    /// "gif", "png", "apng", "webp", "inflate" or "deflate": what the geometric means group by.
    var format: String
    var zoetrope = SideResult()
    /// The default reference (giflib, libpng, libwebp, zlib).
    var reference = SideResult()
    var alternatives: [Alternative] = []

    init(kind: String, file: String, level: Int? = nil, format: String, alternatives: [String] = []) {
        self.kind = kind
        self.file = file
        self.level = level
        self.format = format
        self.alternatives = alternatives.map(Alternative.init)
    }

    var name: String { (file as NSString).lastPathComponent }

    /// Reference time / Zoetrope time: above 1, Zoetrope is faster.
    var speed: Double? {
        guard let z = zoetrope.seconds, let r = reference.seconds, z > 0 else { return nil }
        return r / z
    }

    /// Whether both sides produced the same frames (or output bytes); `nil` when not comparable.
    var sameOutput: Bool? { Comparison.same(zoetrope, reference) }

    static func same(_ a: SideResult, _ b: SideResult) -> Bool? {
        guard let x = a.hash, let y = b.hash else { return nil }
        return x == y
    }

    /// Every reference with its library name (the default first), for reports and geometric means.
    var references: [(name: String, side: SideResult)] {
        [(reference.library ?? "reference", reference)] + alternatives.map { ($0.side.library ?? $0.name, $0.side) }
    }

    /// Zoetrope time / reference time (below 1: Zoetrope is faster), only where the frames agree.
    static func timeRatio(_ zoetrope: SideResult, _ reference: SideResult) -> Double? {
        guard same(zoetrope, reference) == true, let z = zoetrope.seconds, let r = reference.seconds, r > 0 else { return nil }
        return z / r
    }

    func int(_ key: String) -> Int? { zoetrope.last[key] as? Int ?? reference.last[key] as? Int }

    /// Composited megapixels of one full decode: frames × canvas area.
    var megapixels: Double? {
        guard let frames = int("frames"), let width = int("width"), let height = int("height") else { return nil }
        return Double(frames * width * height) / 1e6
    }

    var json: [String: Any] {
        var object: [String: Any] = ["kind": kind, "file": file, "format": format, "zoetrope": zoetrope.json, "reference": reference.json]
        if !alternatives.isEmpty {
            object["alternatives"] = alternatives.map { alternative -> [String: Any] in
                var entry = alternative.side.json
                entry["name"] = alternative.name
                if let same = Comparison.same(zoetrope, alternative.side) { entry["same_output"] = same }
                if let z = zoetrope.seconds, let r = alternative.side.seconds, z > 0 { entry["speed_ratio"] = r / z }
                return entry
            }
        }
        if let level { object["level"] = level }
        for key in ["frames", "width", "height", "input_bytes"] { if let v = int(key) { object[key] = v } }
        if let megapixels {
            object["megapixels"] = megapixels
            if let z = zoetrope.seconds { object["zoetrope_mp_per_second"] = megapixels / z }
            if let r = reference.seconds { object["reference_mp_per_second"] = megapixels / r }
        }
        if let z = zoetrope.last["output_bytes"] as? Int { object["zoetrope_output_bytes"] = z }
        if let r = reference.last["output_bytes"] as? Int { object["reference_output_bytes"] = r }
        if let speed { object["speed_ratio"] = speed }
        if let sameOutput { object["same_output"] = sameOutput }
        return object
    }
}

/// Runs the alternating rounds and keeps every comparison for the JSON file.
struct Runner {
    let options: CompareMode.Options
    /// The C reference's decoders per format, the default first (its `libraries` mode).
    let libraries: [String: [String]]
    private(set) var comparisons: [Comparison] = []
    private(set) var mismatches = 0

    init(options: CompareMode.Options, libraries: [String: [String]]) {
        self.options = options
        self.libraries = libraries
    }

    private var minimum: String { String(options.minimumMilliseconds) }

    private func alternatives(_ format: String) -> [String] { Array((libraries[format] ?? []).dropFirst()) }

    mutating func decode(_ path: String) -> Comparison {
        let minimum = minimum
        let lower = path.lowercased()
        let format = lower.hasSuffix(".gif") ? "gif" : lower.hasSuffix(".webp") ? "webp"
            : lower.contains("apng") ? "apng" : "png"
        return compare(Comparison(kind: "decode", file: path, format: format, alternatives: alternatives(format))) { verify in
            ["decode", path, minimum] + (verify ? ["--verify"] : [])
        }
    }

    mutating func inflate(_ path: String) -> Comparison {
        let minimum = minimum
        return compare(Comparison(kind: "inflate", file: path, format: "inflate", alternatives: alternatives("inflate"))) { _ in
            ["inflate", path, minimum]
        }
    }

    mutating func deflate(_ path: String, level: Int) -> Comparison {
        let minimum = minimum
        return compare(Comparison(kind: "deflate", file: path, level: level, format: "deflate")) { _ in
            ["deflate", path, String(level), minimum]
        }
    }

    /// Alternates the sides' children: each round starts one side later (Zoetrope first in round 0,
    /// the default reference first in round 1, ...), so that no side always runs on a warmer (or
    /// hotter) machine. Side 0 is Zoetrope, 1 the default reference, 2... the alternatives.
    private mutating func compare(_ start: Comparison, arguments: (_ verify: Bool) -> [String]) -> Comparison {
        var comparison = start
        let count = 2 + comparison.alternatives.count
        for round in 0..<options.rounds {
            let verify = round == 0
            for step in 0..<count {
                let side = (round + step) % count
                switch side {
                case 0:
                    guard !comparison.zoetrope.isDone else { continue }
                    comparison.zoetrope.record(ChildProcess.run(ChildProcess.selfPath, arguments(verify)))
                case 1:
                    guard !comparison.reference.isDone else { continue }
                    comparison.reference.record(ChildProcess.run(options.reference, arguments(verify)))
                default:
                    let index = side - 2
                    guard !comparison.alternatives[index].side.isDone else { continue }
                    let name = comparison.alternatives[index].name
                    comparison.alternatives[index].side.record(
                        ChildProcess.run(options.reference, arguments(verify) + ["--library", name]))
                }
            }
        }
        // A reference whose frames differ from Zoetrope's is reported and left out of the means.
        if comparison.references.contains(where: { Comparison.same(comparison.zoetrope, $0.side) == false }) { mismatches += 1 }
        comparisons.append(comparison)
        return comparison
    }

    func writeJSON(to path: String) throws {
        let document: [String: Any] = [
            "rounds": options.rounds,
            "min_ms_per_child": options.minimumMilliseconds,
            "speed_ratio_meaning": "reference median time / Zoetrope median time (above 1: Zoetrope faster)",
            "results": comparisons.map(\.json),
            "geometric_means": Summary.means(comparisons).map(\.json),
        ]
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }
}
