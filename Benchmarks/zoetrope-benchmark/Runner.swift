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

/// One compared file (or file and deflate level).
struct Comparison {
    var kind: String
    var file: String
    var level: Int?
    var zoetrope = SideResult()
    var reference = SideResult()

    var name: String { (file as NSString).lastPathComponent }

    /// Reference time / Zoetrope time: above 1, Zoetrope is faster.
    var speed: Double? {
        guard let z = zoetrope.seconds, let r = reference.seconds, z > 0 else { return nil }
        return r / z
    }

    /// Whether both sides produced the same frames (or output bytes); `nil` when not comparable.
    var sameOutput: Bool? {
        guard let a = zoetrope.hash, let b = reference.hash else { return nil }
        return a == b
    }

    func int(_ key: String) -> Int? { zoetrope.last[key] as? Int ?? reference.last[key] as? Int }

    /// Composited megapixels of one full decode: frames × canvas area.
    var megapixels: Double? {
        guard let frames = int("frames"), let width = int("width"), let height = int("height") else { return nil }
        return Double(frames * width * height) / 1e6
    }

    var json: [String: Any] {
        var object: [String: Any] = ["kind": kind, "file": file, "zoetrope": zoetrope.json, "reference": reference.json]
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
    private(set) var comparisons: [Comparison] = []
    private(set) var mismatches = 0

    init(options: CompareMode.Options) { self.options = options }

    private var minimum: String { String(options.minimumMilliseconds) }

    mutating func decode(_ path: String) -> Comparison {
        let minimum = minimum
        return compare(Comparison(kind: "decode", file: path)) { verify in
            ["decode", path, minimum] + (verify ? ["--verify"] : [])
        }
    }

    mutating func inflate(_ path: String) -> Comparison {
        let minimum = minimum
        return compare(Comparison(kind: "inflate", file: path)) { _ in ["inflate", path, minimum] }
    }

    mutating func deflate(_ path: String, level: Int) -> Comparison {
        let minimum = minimum
        return compare(Comparison(kind: "deflate", file: path, level: level)) { _ in ["deflate", path, String(level), minimum] }
    }

    /// Alternates the two sides' children: Zoetrope first in even rounds, the reference first in odd
    /// ones, so that neither always runs on a warmer (or hotter) machine.
    private mutating func compare(_ start: Comparison, arguments: (_ verify: Bool) -> [String]) -> Comparison {
        var comparison = start
        for round in 0..<options.rounds {
            let verify = round == 0
            let sides = round % 2 == 0 ? [true, false] : [false, true]
            for isZoetrope in sides {
                if isZoetrope {
                    guard !comparison.zoetrope.isDone else { continue }
                    comparison.zoetrope.record(ChildProcess.run(ChildProcess.selfPath, arguments(verify)))
                } else {
                    guard !comparison.reference.isDone else { continue }
                    comparison.reference.record(ChildProcess.run(options.reference, arguments(verify)))
                }
            }
        }
        if comparison.sameOutput == false { mismatches += 1 }
        comparisons.append(comparison)
        return comparison
    }

    func writeJSON(to path: String) throws {
        let document: [String: Any] = [
            "rounds": options.rounds,
            "min_ms_per_child": options.minimumMilliseconds,
            "speed_ratio_meaning": "reference median time / Zoetrope median time (above 1: Zoetrope faster)",
            "results": comparisons.map(\.json),
        ]
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }
}
