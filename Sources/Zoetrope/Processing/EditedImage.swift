/// Another image read through an ``AnimationEdit``: its frames cropped, rotated and flipped as
/// they are asked for, its timeline trimmed, reversed, sped up or capped, its play count set.
///
/// It is an ``AnimatableImage`` (players show it; any frame in any order) and a ``FrameSource``
/// (encoders stream it): when the edit keeps the source's order and the source is an
/// ``AnimatedImage``, a pass decodes the source once, in order, holding one frame; otherwise
/// each frame is read by ``AnimatableImage/frame(at:)`` (an ``AnimatedImage`` replays from its
/// nearest checkpoint). Nothing is cached.
public final class EditedImage: AnimatableImage, FrameSource {
    /// The image being edited.
    public let source: any AnimatableImage
    /// The edit applied.
    public let edit: AnimationEdit
    /// The size of every frame of this image.
    public let canvasSize: PixelSize
    /// How many frames the edit's ``AnimationEdit/speed`` would have made shorter than
    /// ``AnimationEdit/shortestDuration``; they show for that long instead.
    public let raisedDurations: Int

    private let timeline: FrameTimeline
    private let geometry: FrameGeometry

    /// Reads `source` through `edit`, with the frames `source` has now.
    /// - Throws: ``ZoetropeError/Kind/invalidArgument`` for a crop outside the canvas, a speed
    ///   or frame rate cap not above 0, or an edit that keeps no frame (a trim past the end).
    public init(_ source: any AnimatableImage, edit: AnimationEdit) throws(ZoetropeError) {
        try edit.check(canvas: source.canvasSize)
        let edited = EditedTimeline(edit, durations: (0..<source.frameCount).map(source.duration(at:)))
        guard edited.timeline.count > 0 else {
            throw ZoetropeError(.invalidArgument, "the edit keeps no frame (the trim ends before the first frame "
                                + "or starts after the last)")
        }
        self.source = source
        self.edit = edit
        self.timeline = edited.timeline
        self.raisedDurations = edited.raisedDurations
        self.geometry = edit.geometry
        self.canvasSize = geometry.outputSize(for: source.canvasSize)
    }

    public var frameCount: Int { timeline.count }
    public var playCount: PlayCount { edit.plays ?? source.playCount }
    public func duration(at index: Int) -> Duration { timeline.durations[index] }

    /// The source frame shown as frame `index`.
    public func sourceIndex(at index: Int) -> Int { timeline.indices[index] }

    /// Frame `index`: the source's frame, cropped, rotated and flipped.
    public func frame(at index: Int) throws -> RGBAImage {
        geometry.apply(to: try source.frame(at: timeline.indices[index]))
    }

    /// Calls `body` with every frame in order (see the type's discussion for how they are read).
    public func forEachFrame(_ body: (_ index: Int, _ frame: RGBAImage) throws -> Void) throws {
        let indices = timeline.indices
        guard let animated = source as? AnimatedImage, zip(indices, indices.dropFirst()).allSatisfy({ $0 < $1 }),
              let last = indices.last else {
            for index in 0..<frameCount { try body(index, try frame(at: index)) }
            return
        }
        var next = 0
        do {
            try animated.forEachFrame { index, frame in
                guard index == indices[next] else { return }
                try body(next, geometry.apply(to: frame))
                next += 1
                if index == last { throw EndOfTimeline() }
            }
        } catch is EndOfTimeline {
            return
        }
    }

    private struct EndOfTimeline: Error {}
}

extension AnimatableImage {
    /// This image read through `edit`: see ``AnimationEdit`` and ``EditedImage``.
    /// - Throws: as ``EditedImage/init(_:edit:)``.
    public func edited(_ edit: AnimationEdit) throws(ZoetropeError) -> EditedImage {
        try EditedImage(self, edit: edit)
    }
}
