/// Writes animations as APNG files.
///
/// Each frame after the first is reduced to the rectangle that differs from the canvas the
/// decoder will hold, choosing for the previous frame the dispose op (NONE, BACKGROUND or
/// PREVIOUS) that makes that rectangle smallest, and blending OVER with unchanged pixels made transparent when
/// that reproduces the frame exactly (SOURCE otherwise). Decoding the result gives back every
/// frame exactly. All frames share one sample format (see ``PNGEncoder``).
///
/// ```swift
/// let bytes = try APNGEncoder.encode(frames: frames, durations: delays, playCount: .infinite)
/// ```
public enum APNGEncoder {
    /// Encodes `frames` (all the same size) as an APNG file.
    /// - Parameters:
    ///   - frames: the frames, in order.
    ///   - durations: how long each frame shows: one per frame, or one for all (none negative);
    ///     stored to the millisecond (coarser for delays over 65 s).
    ///   - playCount: how many times the animation plays (stored as `num_plays`; forever is 0).
    ///   - level: compression level, 0 to 9.
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` for no frames, frames of different
    ///   sizes, a duration count that does not match or a negative duration, or a play count
    ///   outside 1…2^31-1.
    public static func encode(frames: [RGBAImage], durations: [Duration], playCount: PlayCount,
                              level: Int = 6) throws(ZoetropeError) -> [UInt8] {
        guard frames.allSatisfy({ $0.width == frames.first?.width && $0.height == frames.first?.height }) else {
            throw ZoetropeError(.invalidArgument, format: .apng, "all frames must have the same size")
        }
        return try encodeCollecting(.apng) { output in
            try encode(FrameArray(frames: frames), durations: durations, playCount: playCount, level: level, to: output)
        }
    }

    /// Encodes the frames of `source` as an APNG file, handing the file to `output` piece by piece
    /// (a frame at a time) and holding only a few canvases: `source` is read twice, once to choose
    /// the sample format every frame can share and once to write.
    /// - Parameters:
    ///   - source: the frames, all of its canvas size.
    ///   - durations: how long each frame shows: one per frame, or one for all.
    ///   - playCount: how many times the animation plays (stored as `num_plays`; forever is 0).
    ///   - level: compression level, 0 to 9.
    ///   - output: receives the file's bytes in order.
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` for no frames, a frame of another
    ///   size, a duration count that does not match or a negative duration, or a play count
    ///   outside 1…2^31-1; and whatever `source` or `output` throw.
    public static func encode(_ source: some FrameSource, durations: [Duration], playCount: PlayCount,
                              level: Int = 6, to output: EncodedBytesSink) throws {
        try encode(source, durations: durations, playCount: playCount, level: level, workers: nil, to: output)
    }

    /// ``encode(_:durations:playCount:level:to:)`` with each frame's piece compressed on `workers`
    /// threads (`nil`: one per core, ``EncodingWorkers``) while the next frames' rectangles and ops
    /// are planned; the bytes do not depend on `workers`.
    package static func encode(_ source: some FrameSource, durations: [Duration], playCount: PlayCount,
                               level: Int = 6, workers: Int?, to output: EncodedBytesSink) throws {
        let checked = try EncodingRules.apng.check(source, durations: durations, playCount: playCount)
        let size = source.canvasSize
        let (colors, search) = try colourPlan(for: source, level: level)

        var out = ByteWriter()
        out.append(contentsOf: PNGCodec.signature)
        PNGWriter.appendChunk(PNGChunk.ihdr, colors.header(width: size.width, height: size.height).chunkData, to: &out)
        var animationControl = ByteWriter()
        animationControl.appendBigEndian(UInt32(source.frameCount))
        animationControl.appendBigEndian(UInt32(checked.storedPlayCount ?? 0))
        PNGWriter.appendChunk(PNGChunk.actl, animationControl.bytes, to: &out)
        if let plte = colors.plte { PNGWriter.appendChunk(PNGChunk.plte, plte, to: &out) }
        if let trns = colors.trns { PNGWriter.appendChunk(PNGChunk.trns, trns, to: &out) }
        try output(out.bytes)
        out.bytes.removeAll(keepingCapacity: true)

        let compress: @Sendable (APNGFramePlanner.Piece, Int) -> [UInt8] = { piece, level in
            unsafe PNGWriter.compressedImageData(header: colors.header(width: piece.rect.width, height: piece.rect.height),
                                          width: piece.rect.width, height: piece.rect.height, level: level,
                                          packRow: colors.packer(for: piece.image))
        }
        var planner = APNGFramePlanner(search: search, compress: compress)
        var sequence: UInt32 = 0
        var index = 0
        func write(_ piece: APNGFramePlanner.Piece) throws {
            appendFrame(piece, index: index, delay: checked.durations[index], sequence: &sequence, to: &out)
            try output(out.bytes)
            out.bytes.removeAll(keepingCapacity: true)
            index += 1
        }
        let count = EncodingMemory.workers(workers, format: .apng, canvas: source.canvasSize)
        // A piece in the window holds its pixels (up to a canvas) until it is compressed.
        try OrderedFrameWork<APNGFramePlanner.Piece>.run(workers: count, window: count + 1, deliver: write) { work in
            func submit(_ piece: APNGFramePlanner.Piece) throws {
                try work.submit {
                    var compressed = piece.finished(level: level, trialLevel: search.trialLevel, compress: compress)
                    compressed.image = RGBAImage(width: 0, height: 0) // written from `compressed` only
                    return compressed
                }
            }
            try source.forEachCheckedFrame(format: .apng) { _, frame in
                if let piece = planner.add(frame) { try submit(piece) }
            }
            if let piece = planner.finish() { try submit(piece) }
        }
        PNGWriter.appendChunk(PNGChunk.iend, [], to: &out)
        try output(out.bytes)
    }

    /// The sample format every frame can share, chosen from all of `source`'s pixels, and how the
    /// planner searches: blending OVER needs a transparent pixel, which is free in a palette with
    /// room or under a colour key but is not worth a wider format; level 8 and up compare every
    /// dispose op's pieces compressed.
    private static func colourPlan(for source: some FrameSource,
                                   level: Int) throws -> (PNGColorPlan, APNGFramePlanner.Search) {
        var census = PNGColorCensus()
        try source.forEachCheckedFrame(format: .apng) { _, frame in census.add(frame) }
        let plain = PNGColorPlan(census)
        var search = APNGFramePlanner.Search(allowsOver: source.frameCount > 1, triesEveryDisposeOp: level >= 8, level: level)
        guard search.allowsOver else { return (plain, search) }
        var withTransparency = census
        withTransparency.admitFreeTransparency()
        let transparent = PNGColorPlan(withTransparency)
        let width = { (plan: PNGColorPlan) in plan.header(width: 1, height: 1).bitsPerPixel }
        if width(transparent) > width(plain) {
            search.allowsOver = false
            return (plain, search)
        }
        return (transparent, search)
    }

    /// Appends one frame's `fcTL` and its image data (`IDAT` for the first frame, `fdAT` after).
    private static func appendFrame(_ piece: APNGFramePlanner.Piece, index: Int, delay: Duration,
                                    sequence: inout UInt32, to out: inout ByteWriter) {
        var control = ByteWriter()
        control.appendBigEndian(sequence)
        sequence += 1
        control.appendBigEndian(UInt32(piece.rect.width))
        control.appendBigEndian(UInt32(piece.rect.height))
        control.appendBigEndian(UInt32(piece.rect.x))
        control.appendBigEndian(UInt32(piece.rect.y))
        let (numerator, denominator) = delayFraction(delay)
        control.appendBigEndian(numerator)
        control.appendBigEndian(denominator)
        control.append(piece.disposeOp)
        control.append(piece.blendOp)
        PNGWriter.appendChunk(PNGChunk.fctl, control.bytes, to: &out)
        PNGWriter.appendImageData(piece.compressed ?? [], asFrameData: index > 0, sequence: &sequence, to: &out)
    }

    /// A delay as `delay_num / delay_den` seconds, both below 65 536: the fraction that reads back
    /// as exactly `duration` (to the nanosecond) when there is one — 1/3 s stays 1/3 — else the
    /// nearest of milliseconds, centiseconds or seconds (capped at 65 535 s).
    static func delayFraction(_ duration: Duration) -> (UInt16, UInt16) {
        let components = duration.components
        guard components.seconds >= 0 else { return (0, 1000) }
        guard components.seconds < 65_536 else { return (65_535, 1) }
        let nanoseconds = components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
        // Continued-fraction convergents of nanoseconds / 10^9, while they fit in 16 bits.
        var (numerator, remainder) = (nanoseconds, Int64(1_000_000_000))
        var (p0, q0, p1, q1): (Int64, Int64, Int64, Int64) = (0, 1, 1, 0)
        while remainder != 0 {
            let term = numerator / remainder
            let (p2, q2) = (term * p1 + p0, term * q1 + q0)
            if p2 > 65_535 || q2 > 65_535 { break }
            (p0, q0, p1, q1) = (p1, q1, p2, q2)
            (numerator, remainder) = (remainder, numerator - term * remainder)
        }
        if q1 > 0, p1 * 1_000_000_000 / q1 == nanoseconds { return (UInt16(p1), UInt16(q1)) }
        for denominator: Int64 in [1000, 100, 1] {
            let rounded = (nanoseconds * denominator + 500_000_000) / 1_000_000_000
            if rounded <= 65_535 { return (UInt16(rounded), UInt16(denominator)) }
        }
        return (65_535, 1)
    }
}
