
/// `--frames 0-9,15,20-`: which frames to take, as indices, ranges and open ranges, in increasing
/// order without repeats whatever order they were written in.
struct FrameSelection: ExpressibleByArgument {
    private enum Item {
        case range(Int, Int?)
    }

    private let items: [Item]
    let text: String

    init?(argument: String) {
        var items: [Item] = []
        for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard let first = bounds.first, let start = Int(first), start >= 0 else { return nil }
            if bounds.count == 1 {
                items.append(.range(start, start))
            } else if bounds[1].isEmpty {
                items.append(.range(start, nil))
            } else {
                guard let end = Int(bounds[1]), end >= start else { return nil }
                items.append(.range(start, end))
            }
        }
        guard !items.isEmpty else { return nil }
        self.items = items
        text = argument
    }

    static var defaultCompletionKind: CompletionKind { .default }

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
