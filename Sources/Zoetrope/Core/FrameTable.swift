/// A parsed file's frame table and the facts around it: what every container hands the image
/// layer, built by a ``FrameTableBuilder`` so that every format follows the same rules.
struct FrameTable: Sendable {
    /// The canvas size.
    var canvasSize: PixelSize
    /// At least one frame; delays are already effective under the options the file was opened with.
    var frames: [FrameInfo]
    /// The loop count exactly as stored (GIF NETSCAPE2.0 value, APNG `num_plays`, WebP `ANIM` loop
    /// count), `nil` when the file stores none.
    var storedLoopCount: Int?
    /// The number of plays under the format's rule.
    var playCount: PlayCount
    /// Damage and limits met while parsing; the frames before them are kept.
    var warnings: [ZoetropeError]
    /// Metadata present in the file.
    var metadata: ImageMetadata = .none
}

/// How a format's stored loop count becomes a number of plays.
enum LoopCountRule: Sendable {
    /// GIF: the NETSCAPE2.0 value counts repetitions, as browsers read it: absent → 1 play,
    /// 0 → forever, N → N + 1 plays.
    case repetitions
    /// APNG `num_plays` and WebP `ANIM`: 0 → forever, N → N plays; absent → 1 play.
    case plays

    /// The plays for a stored loop count.
    func playCount(stored: Int?) -> PlayCount {
        switch (self, stored) {
        case (_, nil): return .finite(1)
        case (_, 0?): return .infinite
        case (.repetitions, let loops?): return loops >= Int.max - 1 ? .infinite : .finite(loops + 1)
        case (.plays, let plays?): return .finite(plays)
        }
    }
}

/// What every parser appends its frames to. It alone applies the rules all formats share:
///
/// - ``DecodingLimits``: the canvas and each frame within ``DecodingLimits/maxPixels``, at most
///   ``DecodingLimits/maxFrameCount`` frames. A frame that would pass a limit is refused before
///   anything is allocated for it: the frames before it are kept and a `limitExceeded` warning with
///   its byte offset is recorded; when it is the first frame, the file is refused. Nothing is summed
///   over the frames: reading them in order holds one canvas however many there are (what decoding
///   holds is checked against the process's memory when it is allocated, see ``MemoryHeadroom``).
/// - The delay rule: stored delays become display durations under ``DecodingOptions/timing``.
/// - The loop rule of the format (``LoopCountRule``).
/// - Keep what was read before damage: damage after the first frame becomes a warning.
struct FrameTableBuilder {
    let format: ImageFormat
    let options: DecodingOptions
    let canvasSize: PixelSize
    private(set) var frames: [FrameInfo] = []
    private(set) var warnings: [ZoetropeError] = []
    /// Set once a limit refused a frame: parsers stop walking.
    private(set) var isClosed = false
    /// Frames admitted so far (a parser may admit frames as it meets them and append them later).
    private var admitted = 0

    /// Starts a table for a `width`×`height` canvas.
    /// - Throws: when the canvas is empty or over ``DecodingLimits/maxPixels``.
    init(format: ImageFormat, width: Int, height: Int, options: DecodingOptions, offset: Int) throws(ZoetropeError) {
        try options.limits.checkDimensions(width: width, height: height, format: format, offset: offset)
        self.format = format
        self.options = options
        self.canvasSize = PixelSize(width: width, height: height)
    }

    /// Whether a frame of `rect` at byte `offset` fits the limits. When it does not, the table is
    /// closed with a warning (or, for a first frame, the error is thrown): the parser stops there.
    mutating func admit(_ rect: PixelRect, offset: Int) throws(ZoetropeError) -> Bool {
        guard !isClosed else { return false }
        if let refusal = refusal(of: rect, offset: offset) {
            guard admitted > 0 else { throw refusal }
            warnings.append(refusal)
            isClosed = true
            return false
        }
        admitted += 1
        return true
    }

    /// Why a frame of `rect` may not be added, or `nil` when it may.
    private func refusal(of rect: PixelRect, offset: Int) -> ZoetropeError? {
        let limits = options.limits
        let index = admitted
        guard index < limits.maxFrameCount else {
            return ZoetropeError(.limitExceeded, format: format, offset: offset,
                                 "more than \(limits.maxFrameCount) frames (the frame count limit); the rest are ignored")
        }
        let (area, areaOverflow) = max(0, rect.width).multipliedReportingOverflow(by: max(0, rect.height))
        guard !areaOverflow, area <= limits.maxPixels else {
            return ZoetropeError(.limitExceeded, format: format, offset: offset,
                                 "frame \(index) of \(rect.width)×\(rect.height) exceeds the limit of \(limits.maxPixels) pixels")
        }
        return nil
    }

    /// Appends a frame that ``admit(_:offset:)`` accepted; its duration is set from its stored duration by the timing rule.
    mutating func append(_ frame: FrameInfo) {
        var frame = frame
        frame.duration = options.timing.effectiveDuration(frame.storedDuration)
        frames.append(frame)
    }

    /// Records damage met while walking the file: a warning when frames were found before it.
    /// - Throws: `damage` itself when no frame was found before it.
    mutating func recordDamage(_ damage: ZoetropeError) throws(ZoetropeError) {
        guard !frames.isEmpty else { throw damage }
        warnings.append(damage)
    }

    /// Records a problem that does not stop the walk.
    mutating func warn(_ warning: ZoetropeError) {
        warnings.append(warning)
    }

    /// The finished table.
    /// - Throws: `.malformed` at `offset` when the file held no frame.
    func finish(storedLoopCount: Int?, rule: LoopCountRule, metadata: ImageMetadata = .none,
                endOffset offset: Int) throws(ZoetropeError) -> FrameTable {
        guard !frames.isEmpty else {
            throw ZoetropeError(.malformed, format: format, offset: offset, "the file contains no image (no frames)")
        }
        return FrameTable(canvasSize: canvasSize, frames: frames, storedLoopCount: storedLoopCount,
                          playCount: rule.playCount(stored: storedLoopCount), warnings: warnings,
                          metadata: metadata)
    }
}
