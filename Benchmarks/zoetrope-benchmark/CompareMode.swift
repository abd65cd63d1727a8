import Foundation

/// `zoetrope-benchmark compare --reference EXE --files DIR [--files DIR ...] [--rounds N]
/// [--min-ms MS] [--json OUT] [--only SUBSTRING]`: runs Zoetrope and the C reference on the same
/// files, alternating, `rounds` times each, and prints a table and a JSON file with frames,
/// megapixels, median times, MP/s, the speed ratio and peak memory.
///
/// Every measurement is a fresh child process. Each child times many runs of one file for at least
/// `min-ms` and reports their median; the figure shown is the median of those medians over the
/// rounds. The first round also compares frame hashes, so the two sides provably did the same work.
enum CompareMode {
    struct Options {
        var reference = ""
        var folders: [String] = []
        var rounds = 5
        var minimumMilliseconds = 300.0
        var jsonPath = ".build/benchmark/results.json"
        var only: String?
        var deflateLevels = [1, 6, 9]
    }

    static func run(_ arguments: [String]) -> Int32 {
        guard let options = parse(arguments) else {
            print("usage: zoetrope-benchmark compare --reference EXE --files DIR [--files DIR...] [--rounds N] [--min-ms MS] [--json OUT] [--only TEXT]")
            return 64
        }
        let libraries = referenceLibraries(options.reference)
        var runner = Runner(options: options, libraries: libraries.decoders)
        let files = options.folders.flatMap(listFiles).filter { path in options.only.map { path.contains($0) } ?? true }
        print("Zoetrope vs C reference: \(options.rounds) alternating rounds per file, each child ≥ \(Int(options.minimumMilliseconds)) ms")
        print("references: " + ["gif", "png", "webp", "inflate"].map { "\($0) \(libraries.decoders[$0]?.joined(separator: "/") ?? "-")" }
            .joined(separator: ", "))
        if let skipped = libraries.skipped { print(skipped) }
        print("speed = reference time / Zoetrope time (above 1: Zoetrope is faster)\n")

        let images = files.filter { $0.hasSuffix(".gif") || $0.hasSuffix(".png") || $0.hasSuffix(".webp") }
        if !images.isEmpty {
            print(Report.decodeHeader)
            for path in images { Report.decodeRows(runner.decode(path)).forEach { print($0) } }
        }
        let streams = files.filter { $0.hasSuffix(".zlib") }
        if !streams.isEmpty {
            print("\n" + Report.inflateHeader)
            for path in streams { Report.inflateRows(runner.inflate(path)).forEach { print($0) } }
        }
        let raw = files.filter { $0.hasSuffix(".rgb") || $0.hasSuffix(".txt") }
        if !raw.isEmpty {
            print("\n" + Report.deflateHeader)
            for path in raw {
                for level in options.deflateLevels { print(Report.deflateRow(runner.deflate(path, level: level))) }
            }
        }
        let skipped = files.filter { !$0.hasSuffix(".gif") && !$0.hasSuffix(".png") && !$0.hasSuffix(".webp") && !$0.hasSuffix(".zlib") && !$0.hasSuffix(".rgb") && !$0.hasSuffix(".txt") }
        for path in skipped { print("skipped \(path): no Zoetrope decoder for this format yet") }

        let summary = Summary.lines(runner.comparisons)
        if !summary.isEmpty { print("\n" + summary.joined(separator: "\n")) }

        do {
            try runner.writeJSON(to: options.jsonPath)
            print("\nJSON: \(options.jsonPath)")
        } catch {
            print("cannot write \(options.jsonPath): \(error)")
            return 1
        }
        return runner.mismatches == 0 ? 0 : 2
    }

    static func parse(_ arguments: [String]) -> Options? {
        var options = Options()
        var index = 0
        func value() -> String? {
            index += 1
            return index < arguments.count ? arguments[index] : nil
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--reference": guard let v = value() else { return nil }; options.reference = v
            case "--files": guard let v = value() else { return nil }; options.folders.append(v)
            case "--rounds": guard let v = value().flatMap(Int.init), v > 0 else { return nil }; options.rounds = v
            case "--min-ms": guard let v = value().flatMap(Double.init) else { return nil }; options.minimumMilliseconds = v
            case "--json": guard let v = value() else { return nil }; options.jsonPath = v
            case "--only": guard let v = value() else { return nil }; options.only = v
            default: return nil
            }
            index += 1
        }
        return options.reference.isEmpty || options.folders.isEmpty ? nil : options
    }

    /// The C reference's decoders per format (its `libraries` mode; the default first) and, when it was
    /// built without Wuffs or the SSE2-only libdeflate, the line saying so. An older reference without the mode: its defaults only.
    static func referenceLibraries(_ reference: String) -> (decoders: [String: [String]], skipped: String?) {
        guard case .success(let object) = ChildProcess.run(reference, ["libraries"]) else {
            return (["gif": ["giflib"], "png": ["libpng"], "webp": ["libwebp"], "inflate": ["zlib"]], nil)
        }
        var decoders: [String: [String]] = [:]
        for (key, value) in object { if let names = value as? [String] { decoders[key] = names } }
        let skipped = object["skipped"] as? String
        return (decoders, skipped?.isEmpty == false ? skipped : nil)
    }

    /// The files of a folder (not recursive, hidden files left out), sorted; a missing folder gives none.
    static func listFiles(_ folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }
    }
}
