
/// `--frames 0-9,15,20-`: which frames to take, as indices, ranges and open ranges, in increasing
/// order without repeats whatever order they were written in.
struct FrameSelection: ExpressibleByArgument {
    private enum Item {
        case range(Int, Int?)
    }

    private let items: [Item]
    let text: String

    /// Parses `--frames`' value.
    /// - Throws: `ValidationError` saying what is wrong with it (a negative number, a range that
    ///   ends before it starts, …), which the parser prints after the value.
    init(parsing argument: String) throws {
        var items: [Item] = []
        for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard !part.isEmpty else { throw ValidationError("an item is empty (write indices such as 0-9,15,20-)") }
            if bounds[0].isEmpty {
                throw ValidationError("frame numbers start at 0, so '\(part)' is none (for the frames from 5 on, write 5-)")
            }
            let start = try Self.number(bounds[0])
            if bounds.count == 1 {
                items.append(.range(start, start))
            } else if bounds[1].isEmpty {
                items.append(.range(start, nil))
            } else {
                let end = try Self.number(bounds[1])
                guard end >= start else { throw ValidationError("the range \(part) ends before it starts (write \(end)-\(start))") }
                items.append(.range(start, end))
            }
        }
        self.items = items
        text = argument
    }

    init?(argument: String) {
        guard let selection = try? Self(parsing: argument) else { return nil }
        self = selection
    }

    static func invalidReason(_ argument: String) -> String? {
        do {
            _ = try Self(parsing: argument)
            return nil
        } catch {
            return "\(error)"
        }
    }

    private static func number(_ text: Substring) throws -> Int {
        guard text.allSatisfy(\.isASCII), let value = Int(text), value >= 0 else {
            throw ValidationError("'\(text)' is not a frame number (0, 1, 2, …)")
        }
        return value
    }

    /// The selected indices of an image with `frameCount` frames.
    /// - Throws: ``CommandFailure`` when a selected index is not a frame.
    func indices(frameCount: Int) throws -> [Int] {
        var selected = Set<Int>()
        for case .range(let start, let end) in items {
            let last = end ?? (frameCount - 1)
            guard start < frameCount, last < frameCount else {
                throw CommandFailure(file: nil, "--frames \(text) asks for frame \(max(start, last)), "
                                     + "but the image has \(frameCount) frame\(frameCount == 1 ? "" : "s") (0–\(frameCount - 1))")
            }
            if start <= last { selected.formUnion(start...last) }
        }
        return selected.sorted()
    }
}
