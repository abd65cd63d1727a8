import Testing

/// What a conformance run did: the entries it visited and the frames it compared, so that a suite
/// can end by checking it visited every entry and say how much it compared.
struct CorpusTally {
    var visited: [String: Int] = [:]
    var comparedFrames = 0
    var comparedEntries = 0
    var referenceFrames = 0
    var refusedEntries = 0

    /// Compares `ours[i]` with `reference[i]` for every frame before `limit` (all when `nil`); both
    /// lists must reach that far.
    mutating func compare(_ path: String, _ ours: [String], _ reference: [String], upTo limit: Int?) {
        let count = min(limit ?? ours.count, ours.count)
        guard count > 0 else { return }
        #expect(reference.count >= count, "\(path): \(reference.count) reference hashes for \(count) frames")
        for index in 0..<min(count, reference.count) {
            #expect(ours[index] == reference[index], "\(path): frame \(index) differs from the reference")
        }
        comparedFrames += min(count, reference.count)
        comparedEntries += 1
    }

    mutating func refused(_ path: String) { refusedEntries += 1 }

    var summary: String {
        let kinds = visited.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        return "\(visited.values.reduce(0, +)) entries visited (\(kinds)); \(comparedFrames) frames of "
            + "\(comparedEntries) entries compared with reference hashes, \(referenceFrames) with reference PNG "
            + "frames; \(refusedEntries) refused or reported damaged"
    }
}

/// Runs every manifest entry of some formats through ``CorpusChecks``, then checks that it visited
/// as many entries as the manifest lists for those formats, and prints what it compared.
///
/// It yields after every entry: a test runs on Swift's cooperative thread pool (two threads on a
/// two-core machine), and minutes of decoding without a yield would starve the tests that wait for
/// a real clock's ticks until their time limits expire.
enum CorpusRunner {
    static func run(formats: Set<String>, name: String) async throws -> CorpusTally {
        let entries = try Corpus.entries().filter { formats.contains($0.format) }
        var tally = CorpusTally()
        for entry in entries {
            do {
                try CorpusChecks.conformance(entry, tally: &tally)
            } catch {
                Issue.record("\(entry.path): \(error)")
            }
            tally.visited[entry.expect, default: 0] += 1
            await Task.yield()
        }
        let listed = try Corpus.rawEntryCount(formats: formats)
        #expect(tally.visited.values.reduce(0, +) == listed, "\(name): visited \(tally.visited) of \(listed) entries")
        #expect(Set(entries.map(\.path)).count == listed, "\(name): duplicate paths")
        print("\(name) corpus: \(tally.summary)")
        return tally
    }
}
