/// What every encoder accepts, checked in one place before any work, with one rule for all
/// formats:
///
/// - at least one frame (and no more than the format can count), all of one canvas size that is
///   1 to ``maximumDimension`` pixels each way (each frame's size is checked as the source passes
///   it: ``FrameSource/forEachCheckedFrame(format:_:)``);
/// - durations: one per frame, or a single one for every frame; none negative (each format rounds
///   them to what it stores: GIF centiseconds, WebP milliseconds, an APNG fraction);
/// - a play count the format can store (``PlayCountRule``).
struct EncodingRules: Sendable {
    /// The format in errors.
    let format: ImageFormat
    /// The largest width and height the format stores.
    let maximumDimension: Int
    /// The most frames the format can count.
    let maximumFrameCount: Int
    /// How the format stores the number of plays.
    let playCounts: PlayCountRule

    /// GIF: 16-bit sizes, any number of frames.
    static let gif = EncodingRules(format: .gif, maximumDimension: 0xFFFF, maximumFrameCount: .max, playCounts: .gif)
    /// APNG: 31-bit sizes and frame count (`IHDR`, `acTL`).
    static let apng = EncodingRules(format: .apng, maximumDimension: Int(Int32.max), maximumFrameCount: Int(Int32.max),
                                    playCounts: .apng)
    /// A still PNG: 31-bit sizes, one frame.
    static let png = EncodingRules(format: .png, maximumDimension: Int(Int32.max), maximumFrameCount: 1, playCounts: .apng)
    /// WebP: VP8L's 14-bit sizes (1 to 16 384), any number of frames.
    static let webp = EncodingRules(format: .webp, maximumDimension: 16384, maximumFrameCount: .max, playCounts: .webp)

    /// What an encoder writes for checked input: every frame's duration and the stored play count.
    struct Checked {
        let durations: FrameDurations
        /// The loop count to store, or `nil` for none (``PlayCountRule/stored(_:format:)``).
        let storedPlayCount: Int?
    }

    /// Checks `source`'s frame count and canvas, `durations` and `playCount` by the rules above.
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` for `format`, saying what is wrong.
    func check(_ source: some FrameSource, durations: [Duration], playCount: PlayCount) throws(ZoetropeError) -> Checked {
        let frameCount = source.frameCount
        guard frameCount > 0 else { throw ZoetropeError(.invalidArgument, format: format, "no frames to encode") }
        guard frameCount <= maximumFrameCount else {
            throw ZoetropeError(.invalidArgument, format: format, "\(frameCount) frames: \(format) stores at most \(maximumFrameCount)")
        }
        try checkCanvas(source.canvasSize)
        guard durations.count == frameCount || durations.count == 1 else {
            throw ZoetropeError(.invalidArgument, format: format,
                                "\(durations.count) durations for \(frameCount) frames (give one per frame, or one for all)")
        }
        if let negative = durations.firstIndex(where: { $0 < .zero }) {
            throw ZoetropeError(.invalidArgument, format: format, "duration \(negative) is negative (\(durations[negative]))")
        }
        return Checked(durations: FrameDurations(durations), storedPlayCount: try playCounts.stored(playCount, format: format))
    }

    /// Refuses a canvas the format cannot store (each way 1 to ``maximumDimension``).
    func checkCanvas(_ size: PixelSize) throws(ZoetropeError) {
        guard (1...maximumDimension).contains(size.width), (1...maximumDimension).contains(size.height) else {
            throw ZoetropeError(.invalidArgument, format: format,
                                "\(format) images are 1 to \(maximumDimension) pixels each way, not \(size)")
        }
    }
}

/// The duration of each frame: one per frame, or one for all.
struct FrameDurations: Sendable {
    private let durations: [Duration]

    /// `durations` holds one per frame, or a single one for every frame (checked by
    /// ``EncodingRules/check(_:durations:playCount:)``).
    init(_ durations: [Duration]) {
        self.durations = durations
    }

    /// The duration of frame `index`.
    subscript(index: Int) -> Duration {
        durations.count == 1 ? durations[0] : durations[index]
    }
}
