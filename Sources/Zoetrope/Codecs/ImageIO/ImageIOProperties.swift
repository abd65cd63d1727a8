/// What ImageIO's `CGImageSource` reports about an image sequence, as plain values: the part of its
/// property dictionaries the frame table needs. The Apple codec (`ImageIOContainer`, present only
/// where ImageIO exists) reads them with the `kCGImageProperty…` keys; everything from here on is
/// platform-independent, so the mapping to a ``FrameTable`` is tested on every system from recorded
/// values.
struct ImageIOProperties: Sendable, Hashable {
    /// The per-format dictionary the timing and loop count come from (`kCGImagePropertyGIFDictionary`,
    /// `…PNGDictionary`, `…HEICSDictionary`, `…WebPDictionary`, `…AVISDictionary`).
    enum Dictionary: String, Sendable, Hashable, CaseIterable {
        case gif, png, heics, webp, avis

        /// How its `LoopCount` becomes plays: GIF's counts repetitions, as the NETSCAPE2.0 value it
        /// reports (WebKit reads it so); APNG's, HEICS', WebP's and AVIS' count plays.
        var loopRule: LoopCountRule { self == .gif ? .repetitions : .plays }
    }

    /// One frame: its size and timing (seconds, as ImageIO gives them).
    struct Frame: Sendable, Hashable {
        /// `kCGImagePropertyPixelWidth` and `…Height` of the frame's image.
        var width: Int
        var height: Int
        /// `…DelayTime`: ImageIO's delay, which it clamps (to at least 0.1 s for HEICS, and for GIF
        /// short delays to 0.1 s).
        var delayTime: Double?
        /// `…UnclampedDelayTime`: the delay as stored; preferred when present, as WebKit does.
        var unclampedDelayTime: Double?
        /// Whether the frame's data has fully arrived (`CGImageSourceGetStatusAtIndex` is complete).
        var isComplete = true
    }

    /// The dictionary the values were found in, `nil` when the file has none of them (a still).
    var dictionary: Dictionary?
    /// `…CanvasPixelWidth`/`…Height` when the format gives them, else the first frame's size.
    var canvasWidth: Int
    var canvasHeight: Int
    /// `…LoopCount` as stored, `nil` when absent.
    var loopCount: Int?
    /// `CGImageSourceGetCount`'s frames, in order.
    var frames: [Frame]
}

extension ImageIOProperties.Frame {
    /// The delay as stored: the unclamped one when present, else the clamped one; `nil` when
    /// neither is (or neither is a number of seconds). Whole microseconds.
    var storedDelay: Duration? {
        for seconds in [unclampedDelayTime, delayTime] {
            guard let seconds, seconds.isFinite else { continue }
            // A day at most: a larger value would overflow nothing, but no animation means it.
            let micro = (min(max(seconds, -86_400), 86_400) * 1_000_000).rounded()
            return .microseconds(Int64(micro))
        }
        return nil
    }
}

extension ImageIOProperties {
    /// The frame table of a file ImageIO read, under the rules every format follows
    /// (``FrameTableBuilder``: limits, ``FrameTiming`` on the stored delays, the format's loop rule).
    ///
    /// ImageIO hands out whole composited images, so each frame covers the canvas from its origin,
    /// replaces it (`source`) and stays (`none`). A frame whose data has not all arrived is kept with
    /// a `truncated` warning and ends the table (``ProgressiveImage`` then waits for it).
    /// - Throws: when the canvas or the first frame is over the limits, or there is no frame.
    func frameTable(format: ImageFormat, compression: FrameCompression,
                    options: DecodingOptions) throws(ZoetropeError) -> FrameTable {
        var builder = try FrameTableBuilder(format: format, width: canvasWidth, height: canvasHeight,
                                            options: options, offset: 0)
        for (index, frame) in frames.enumerated() {
            let rect = PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)
            guard try builder.admit(rect, offset: 0) else { break }
            builder.append(FrameInfo(rect: rect, disposal: .none, storedDisposal: 0, blend: .source,
                                     hasTransparency: true, storedDuration: frame.storedDelay, duration: .zero,
                                     offset: 0, compression: compression))
            guard frame.isComplete else {
                builder.warn(ZoetropeError(.truncated, format: format, offset: nil,
                                           "frame \(index) has not fully arrived"))
                break
            }
        }
        return try builder.finish(storedLoopCount: loopCount, rule: dictionary?.loopRule ?? .plays, endOffset: 0)
    }
}
