import Zoetrope

/// Some of an image's composited frames, optionally resized: what `convert` and `frames` write.
/// A ``FrameSource``, so encoders stream it; each visited frame is counted for progress.
struct SelectedFrames: FrameSource {
    let image: AnimatedImage
    /// The selected frame indices, increasing.
    let indices: [Int]
    let canvasSize: PixelSize
    /// Called after each frame is handed out, with the number handed out in this pass.
    var onFrame: (Int) -> Void = { _ in }

    /// - Parameters:
    ///   - selection: `--frames`, or `nil` for every frame.
    ///   - width, height: `--width`, `--height`: one keeps the aspect ratio, both set the size.
    init(_ image: AnimatedImage, selection: FrameSelection?, width: Int?, height: Int?) throws {
        self.image = image
        indices = try selection?.indices(frameCount: image.frameCount) ?? Array(0..<image.frameCount)
        canvasSize = Self.size(of: image.canvasSize, width: width, height: height)
        guard canvasSize.width <= Self.maximumSide, canvasSize.height <= Self.maximumSide else {
            throw CommandFailure(file: nil, "the output size \(canvasSize) is too large (at most \(Self.maximumSide) pixels a side)")
        }
    }

    /// The largest output width or height `--width`/`--height` may lead to.
    static let maximumSide = 16_384

    var frameCount: Int { indices.count }

    /// The display durations of the selected frames.
    var durations: [Duration] { indices.map { image.duration(at: $0) } }

    func forEachFrame(_ body: (_ index: Int, _ frame: RGBAImage) throws -> Void) throws {
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
                try body(position, frame.size == canvasSize ? frame : frame.resized(to: canvasSize))
                position += 1
                onFrame(position)
                if index == last { throw EndOfSelection() }
            }
        } catch is EndOfSelection {
            return
        }
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
