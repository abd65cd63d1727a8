import Foundation

/// The text table `compare` prints (the JSON file holds the same figures).
enum Report {
    static let decodeHeader = row(["file", "frames", "MP", "Zoetrope ms", "MP/s", "ref ms", "MP/s", "speed",
                                   "Z peak MB", "ref peak MB", "same pixels", "reference"])
    static let inflateHeader = row(["zlib stream", "out MB", "", "Zoetrope ms", "MB/s", "zlib ms", "MB/s", "speed",
                                    "Z peak MB", "ref peak MB", "same bytes", "reference"])
    static let deflateHeader = row(["deflate input", "level", "in MB", "Zoetrope ms", "size", "zlib ms", "size", "speed",
                                    "Z size/zlib", "", "", "reference"])

    static func decodeRow(_ c: Comparison) -> String {
        let mp = c.megapixels
        return row([c.name, c.int("frames").map(String.init) ?? "-", number(mp, 2),
                    milliseconds(c.zoetrope), number(rate(mp, c.zoetrope.seconds), 1),
                    milliseconds(c.reference), number(rate(mp, c.reference.seconds), 1),
                    number(c.speed, 2) + (c.speed == nil ? "" : "×"),
                    megabytes(c.zoetrope.peakKilobytes), megabytes(c.reference.peakKilobytes),
                    same(c.sameOutput), note(c)])
    }

    /// One line per further reference (libspng, libdeflate, Wuffs) under a file's row: its time, rate,
    /// speed (its time / Zoetrope's), peak memory and whether its output is Zoetrope's.
    static func alternativeRows(_ c: Comparison, amount: Double?, decimals: Int) -> [String] {
        c.alternatives.map { alternative in
            let side = alternative.side
            let speed = c.zoetrope.seconds.flatMap { z in side.seconds.map { $0 / z } }
            var notes: [String] = []
            if let reason = side.unsupported { notes.append(reason) }
            if let error = side.error { notes.append("error: \(error)") }
            if Comparison.same(c.zoetrope, side) == false { notes.append("DIFFERENT OUTPUT: left out of the means") }
            return row(["  vs " + (side.library ?? alternative.name), "", "", "", "",
                        milliseconds(side), number(rate(amount, side.seconds), decimals),
                        number(speed, 2) + (speed == nil ? "" : "×"), "", megabytes(side.peakKilobytes),
                        same(Comparison.same(c.zoetrope, side)), notes.joined(separator: "; ")])
        }
    }

    static func decodeRows(_ c: Comparison) -> [String] {
        [decodeRow(c)] + alternativeRows(c, amount: c.megapixels, decimals: 1)
    }

    static func inflateRows(_ c: Comparison) -> [String] {
        let outMB = (c.reference.last["output_bytes"] as? Int ?? c.zoetrope.last["output_bytes"] as? Int).map { Double($0) / 1e6 }
        return [inflateRow(c)] + alternativeRows(c, amount: outMB, decimals: 0)
    }

    static func inflateRow(_ c: Comparison) -> String {
        let outMB = (c.reference.last["output_bytes"] as? Int ?? c.zoetrope.last["output_bytes"] as? Int).map { Double($0) / 1e6 }
        return row([c.name, number(outMB, 2), "", milliseconds(c.zoetrope), number(rate(outMB, c.zoetrope.seconds), 0),
                    milliseconds(c.reference), number(rate(outMB, c.reference.seconds), 0),
                    number(c.speed, 2) + (c.speed == nil ? "" : "×"),
                    megabytes(c.zoetrope.peakKilobytes), megabytes(c.reference.peakKilobytes), same(c.sameOutput), note(c)])
    }

    static func deflateRow(_ c: Comparison) -> String {
        let inMB = c.int("input_bytes").map { Double($0) / 1e6 }
        let z = c.zoetrope.last["output_bytes"] as? Int, r = c.reference.last["output_bytes"] as? Int
        let sizeRatio = z.flatMap { z in r.map { Double(z) / Double($0) } }
        return row([c.name, c.level.map(String.init) ?? "-", number(inMB, 2),
                    milliseconds(c.zoetrope), z.map(String.init) ?? "-",
                    milliseconds(c.reference), r.map(String.init) ?? "-",
                    number(c.speed, 2) + (c.speed == nil ? "" : "×"), number(sizeRatio, 3), "", "", note(c)])
    }

    private static let widths = [38, 6, 7, 11, 8, 9, 8, 7, 10, 11, 11, 0]

    private static func row(_ cells: [String]) -> String {
        zip(cells, widths).enumerated().map { index, pair in
            let (cell, width) = pair
            let padding = String(repeating: " ", count: max(0, width - cell.count))
            return index == 0 ? cell + padding : padding + cell
        }.joined(separator: " ")
    }

    private static func rate(_ amount: Double?, _ seconds: Double?) -> Double? {
        guard let amount, let seconds, seconds > 0 else { return nil }
        return amount / seconds
    }

    private static func number(_ value: Double?, _ decimals: Int) -> String {
        guard let value else { return "-" }
        return String(format: "%.\(decimals)f", value)
    }

    private static func milliseconds(_ side: SideResult) -> String { number(side.seconds.map { $0 * 1000 }, 2) }

    private static func megabytes(_ kilobytes: Int) -> String {
        kilobytes > 0 ? String(format: "%.1f", Double(kilobytes) / 1024) : "-"
    }

    private static func same(_ value: Bool?) -> String {
        switch value {
        case true?: return "yes"
        case false?: return "NO"
        case nil: return "n/a"
        }
    }

    private static func note(_ c: Comparison) -> String {
        var parts: [String] = []
        if let library = c.reference.library { parts.append(library) }
        if let reason = c.reference.unsupported { parts.append("reference: \(reason)") }
        if let error = c.reference.error { parts.append("reference error: \(error)") }
        if let error = c.zoetrope.error { parts.append("Zoetrope error: \(error)") }
        return parts.joined(separator: "; ")
    }
}
