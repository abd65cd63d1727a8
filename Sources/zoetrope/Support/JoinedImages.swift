import Zoetrope

/// Several images of one canvas size played one after the other (`convert a.gif b.gif c.webp
/// out.webp`, or a numbered PNG sequence). Each file is opened again when its frames are needed
/// and let go after them, so a pass holds one input (mapped, its pages read as decoding touches
/// them) and one frame, whatever the number of inputs; standard input, which can be read only
/// once, is held.
final class JoinedImages: FrameInput {
    /// One input: where it comes from, what its frame table said.
    private struct Part {
        let source: ImageSource
        let durations: [Duration]
        /// The image itself, for standard input.
        let held: AnimatedImage?
    }

    private let parts: [Part]
    /// The first frame index of each part, and of the end.
    private let starts: [Int]
    private let options: DecodingOptions
    let canvasSize: PixelSize
    let playCount: PlayCount
    private(set) var problems: [any Error] = []
    /// The part opened last, for frames asked for one at a time.
    private var current: (part: Int, image: AnimatedImage)?

    /// Opens every source once to read its frame table.
    /// - Parameters:
    ///   - sources: the inputs, each with how long each of its frames shows when that is given
    ///     (`--list`).
    ///   - stillDuration: how long a still image (one frame) shows, when given (`--fps`).
    /// - Throws: ``CommandFailure`` naming a source that cannot be read, or one whose canvas size
    ///   differs from the first's.
    init(_ sources: [(source: ImageSource, duration: Duration?)], options: DecodingOptions, stillDuration: Duration?) throws {
        var parts: [Part] = [], starts = [0]
        var size: PixelSize?, plays: PlayCount = .finite(1)
        for (source, given) in sources {
            let image = try source.open(options: options).image
            if let size, image.canvasSize != size {
                throw CommandFailure(file: source.name, "its canvas is \(image.canvasSize), the first input's \(size): joined "
                                     + "inputs must all have one size (resize or crop them first)")
            }
            size = size ?? image.canvasSize
            if parts.isEmpty { plays = image.playCount }
            var durations = (0..<image.frameCount).map(image.duration(at:))
            if let stillDuration, durations.count == 1 { durations = [stillDuration] }
            if let given { durations = durations.map { _ in given } }
            parts.append(Part(source: source, durations: durations, held: source.path?.isStandardStream == true ? image : nil))
            starts.append(starts[starts.count - 1] + durations.count)
        }
        self.parts = parts
        self.starts = starts
        self.options = options
        canvasSize = size ?? PixelSize(width: 0, height: 0)
        playCount = plays
    }

    var frameCount: Int { starts[starts.count - 1] }

    func duration(at index: Int) -> Duration {
        let part = self.part(of: index)
        return parts[part].durations[index - starts[part]]
    }

    func frame(at index: Int) throws -> RGBAImage {
        let part = self.part(of: index)
        return try image(part).frame(at: index - starts[part])
    }

    func forEachFrame(_ body: (_ index: Int, _ frame: RGBAImage) throws -> Void) throws {
        for part in parts.indices {
            let image = try self.image(part)
            let start = starts[part], count = parts[part].durations.count
            try image.forEachFrame { index, frame in
                guard index < count else { return }
                try body(start + index, frame)
            }
            current = nil
        }
    }

    /// Which part frame `index` belongs to.
    private func part(of index: Int) -> Int {
        var low = 0, high = parts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Part `part`'s image, opened again unless it is held or was the last opened; its warnings
    /// are kept (once) for the command to print.
    private func image(_ part: Int) throws -> AnimatedImage {
        let image: AnimatedImage
        if let held = parts[part].held {
            image = held
        } else if let current, current.part == part {
            return current.image
        } else {
            image = try parts[part].source.open(options: options).image
            guard image.frameCount >= parts[part].durations.count else {
                throw CommandFailure(file: parts[part].source.name, "it changed while it was being read")
            }
            current = (part, image)
        }
        if !reported.contains(part) {
            reported.insert(part)
            problems += image.warnings.map { CommandFailure(file: parts[part].source.name, "warning: " + CommandFailure.describe($0)) }
        }
        return image
    }

    private var reported: Set<Int> = []
}
