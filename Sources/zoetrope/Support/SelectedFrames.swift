import Zoetrope

/// Some of an image's composited frames, edited (``AnimationEdit``) and optionally resized: what
/// `convert` and `frames` write. A ``FrameSource``, so encoders stream it; each visited frame is
/// counted for progress.
struct SelectedFrames: FrameSource {
    let image: any FrameInput
    /// The source frame shown as each output frame, in playing order.
    let indices: [Int]
    /// How long each output frame shows.
    let durations: [Duration]
    let canvasSize: PixelSize
    /// How many frames `--speed` would have made shorter than ``AnimationEdit/shortestDuration``.
    let raisedDurations: Int
    private let geometry: FrameGeometry
    /// Called after each frame is handed out, with the number handed out in this pass.
    var onFrame: (Int) -> Void = { _ in }

    /// - Parameters:
    ///   - selection: `--frames`, or `nil` for every frame; the edit applies to the frames it selects.
    ///   - edit: the crop, rotation, flip and timeline edits.
    ///   - width, height: `--width`, `--height`: one keeps the aspect ratio, both set the size.
    init(_ image: any FrameInput, selection: FrameSelection?, edit: AnimationEdit = AnimationEdit(),
         width: Int?, height: Int?) throws {
        self.image = image
        let selected = try selection?.indices(frameCount: image.frameCount) ?? Array(0..<image.frameCount)
        try edit.check(canvas: image.canvasSize)
        let edited = EditedTimeline(edit, durations: selected.map { image.duration(at: $0) })
        indices = edited.timeline.indices.map { selected[$0] }
        durations = edited.timeline.durations
        raisedDurations = edited.raisedDurations
        geometry = edit.geometry
        canvasSize = Self.size(of: geometry.outputSize(for: image.canvasSize), width: width, height: height)
        guard canvasSize.width <= Self.maximumSide, canvasSize.height <= Self.maximumSide else {
            throw CommandFailure(file: nil, "the output size \(canvasSize) is too large (at most \(Self.maximumSide) pixels a side)")
        }
    }

    /// The largest output width or height `--width`/`--height` may lead to.
    static let maximumSide = 16_384

    var frameCount: Int { indices.count }

    func forEachFrame(_ body: (_ index: Int, _ frame: RGBAImage) throws -> Void) throws {
        guard zip(indices, indices.dropFirst()).allSatisfy({ $0 < $1 }) else {
            // Reversed: each frame replayed from the image's nearest checkpoint.
            for (position, index) in indices.enumerated() {
                try body(position, output(try image.frame(at: index)))
                onFrame(position + 1)
            }
            return
        }
        guard let last = indices.last else { return }
        if canvasSize != image.canvasSize {
            // The resized frame (the downscaler's own rows are small).
            try MemoryHeadroom.reserve(MemoryHeadroom.bytes(pixels: canvasSize.width * canvasSize.height),
                                       for: "a \(canvasSize) resized frame", format: nil, offset: nil)
        }
        let wanted = Set(indices)
        var position = 0
        do {
            try image.forEachFrame { index, frame in
                guard wanted.contains(index) else { return }
                try body(position, output(frame))
                position += 1
                onFrame(position)
                if index == last { throw EndOfSelection() }
            }
        } catch is EndOfSelection {
            return
        }
    }

    /// A source frame edited and resized.
    private func output(_ frame: RGBAImage) -> RGBAImage {
        let edited = geometry.apply(to: frame)
        return edited.size == canvasSize ? edited : edited.resized(to: canvasSize)
    }

    private struct EndOfSelection: Error {}

    /// The output size for `--width`/`--height` (at least 1×1).
    static func size(of canvas: PixelSize, width: Int?, height: Int?) -> PixelSize {
        guard canvas.width > 0, canvas.height > 0 else { return canvas }
        switch (width, height) {
        case let (width?, height?):
            return PixelSize(width: width, height: height)
        case let (width?, nil):
            return PixelSize(width: width, height: max(1, (2 * canvas.height * width + canvas.width) / (2 * canvas.width)))
        case let (nil, height?):
            return PixelSize(width: max(1, (2 * canvas.width * height + canvas.height) / (2 * canvas.height)), height: height)
        case (nil, nil):
            return canvas
        }
    }
}
