/// What users do to an animation and keep it animated, in any format: crop, rotate, flip, mask,
/// trim, reverse, change the speed, cap the frame rate, set the number of plays.
///
/// An edit is a value: set the parts you want and apply it with
/// ``AnimatableImage/edited(_:)`` (frames are edited as they are read, so an encoder streams
/// them) or hand it to `zoetrope convert`. The parts apply in this order, whatever order they are
/// set in:
///
/// 1. ``trim``: the part of the timeline kept, in the source's time; frames cut by its ends are
///    shortened to the part inside it.
/// 2. ``isReversed``: the kept frames play last to first.
/// 3. ``speed``: every duration divided by it; a duration it brings under
///    ``shortestDuration`` is raised to that (browsers show GIF delays of 10 ms or less as
///    100 ms).
/// 4. ``maxFrameRate``: frames dropped by time, the total duration kept (as
///    ``TranscodeOptions/maxFrameRate``).
/// 5. ``crop`` (in source pixels), then ``rotation``, then ``flip`` of the rotated picture, then
///    ``mask`` (a circle or rounded corners made transparent, in the pixels of that picture).
///    To crop to what the frames show, set ``crop`` to ``FrameSource/contentBounds()``.
/// 6. ``plays`` replaces the source's play count.
///
/// ```swift
/// var edit = AnimationEdit()
/// edit.crop = PixelRect(x: 0, y: 0, width: 2, height: 2)
/// edit.rotation = .clockwise90
/// edit.isReversed = true
/// edit.speed = 2
/// edit.plays = .finite(1)
/// let source = try FrameSequence(frames: [RGBAImage(width: 4, height: 3), RGBAImage(width: 4, height: 3)],
///                                duration: .milliseconds(100))
/// let edited = try source.edited(edit)   // 2 frames of 2×2, 50 ms each, played once
/// ```
public struct AnimationEdit: Sendable, Hashable {
    /// The part of the canvas kept, in source pixels; it must lie inside the canvas. `nil`: all.
    public var crop: PixelRect?
    /// A quarter-turn rotation, clockwise, after the crop.
    public var rotation: Rotation = .none
    /// A mirror image of the rotated picture.
    public var flip: Flip?
    /// A circle or rounded corners cut out of the flipped picture, with transparent corners.
    public var mask: FrameMask?
    /// The span of the source timeline kept, from its lower to its upper bound (`nil`: all).
    public var trim: Range<Duration>?
    /// Whether the frames play in reverse order.
    public var isReversed = false
    /// How many times faster the animation plays (0.5: half as fast); greater than 0.
    public var speed: Double = 1
    /// The most frames a second the output shows (`nil`: every frame).
    public var maxFrameRate: Int?
    /// How many times the output plays (`nil`: as the source).
    public var plays: PlayCount?

    /// The shortest duration a change of ``speed`` produces: 20 ms, the shortest GIF delay every
    /// browser honours.
    public static let shortestDuration = Duration.milliseconds(20)

    /// An edit that changes nothing; set the parts you want.
    public init() {}

    package var geometry: FrameGeometry { FrameGeometry(crop: crop, rotation: rotation, flip: flip, mask: mask) }

    /// Refuses an edit that cannot apply to a source of `canvas`.
    package func check(canvas: PixelSize) throws(ZoetropeError) {
        if let crop, crop.isEmpty || crop.x < 0 || crop.y < 0 || crop.maxX > canvas.width || crop.maxY > canvas.height {
            throw ZoetropeError(.invalidArgument, "the crop \(crop.width)x\(crop.height)+\(crop.x)+\(crop.y) "
                                + "is not inside the \(canvas.width)x\(canvas.height) canvas")
        }
        if case .rounded(let radius)? = mask, radius < 0 {
            throw ZoetropeError(.invalidArgument, "the mask's corner radius cannot be negative (got \(radius))")
        }
        guard speed.isFinite, speed > 0 else {
            throw ZoetropeError(.invalidArgument, "the speed must be a number greater than 0 (got \(speed))")
        }
        if let maxFrameRate, maxFrameRate <= 0 {
            throw ZoetropeError(.invalidArgument, "the frame rate cap must be at least 1 (got \(maxFrameRate))")
        }
        if let trim, trim.lowerBound < .zero {
            throw ZoetropeError(.invalidArgument, "the trim cannot start before 0")
        }
    }
}

/// The frames and durations an ``AnimationEdit`` leaves of a timeline.
package struct EditedTimeline: Equatable {
    /// Kept frames (indices into the durations edited) and their new durations, in playing order.
    package var timeline: FrameTimeline
    /// How many frames ``AnimationEdit/speed`` made shorter than ``AnimationEdit/shortestDuration``
    /// (raised to it).
    package var raisedDurations = 0

    package init(_ edit: AnimationEdit, durations: [Duration]) {
        var indices = Array(durations.indices), kept = durations
        if let trim = edit.trim { (indices, kept) = Self.trimmed(durations, to: trim) }
        if edit.isReversed {
            indices.reverse()
            kept.reverse()
        }
        var raised = 0
        if edit.speed != 1 {
            kept = kept.map { duration in
                let scaled = duration / edit.speed
                guard scaled < AnimationEdit.shortestDuration else { return scaled }
                raised += 1
                return AnimationEdit.shortestDuration
            }
        }
        raisedDurations = raised
        let capped = FrameTimeline(durations: kept, maxFrameRate: edit.maxFrameRate)
        timeline = FrameTimeline(indices: capped.indices.map { indices[$0] }, durations: capped.durations)
    }

    /// The frames showing during `range`, each for the part of its time inside it.
    static func trimmed(_ durations: [Duration], to range: Range<Duration>) -> ([Int], [Duration]) {
        var indices: [Int] = [], kept: [Duration] = []
        var start = Duration.zero
        for (index, duration) in durations.enumerated() {
            let end = start + duration
            let inside = min(end, range.upperBound) - max(start, range.lowerBound)
            if inside > .zero {
                indices.append(index)
                kept.append(inside)
            }
            start = end
            if start >= range.upperBound { break }
        }
        return (indices, kept)
    }
}
