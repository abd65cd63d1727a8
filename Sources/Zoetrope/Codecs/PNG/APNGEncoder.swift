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
    ///   - durations: how long each frame shows; one per frame, stored to the millisecond
    ///     (coarser for delays over 65 s).
    ///   - playCount: how many times the animation plays (stored as `num_plays`; forever is 0).
    ///   - level: compression level, 0 to 9.
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` for no frames, frames of different
    ///   sizes, a duration count that does not match, or a play count outside 1…2^31-1.
    public static func encode(frames: [RGBAImage], durations: [Duration], playCount: PlayCount,
                              level: Int = 6) throws(ZoetropeError) -> [UInt8] {
        guard let first = frames.first, first.width > 0, first.height > 0 else {
            throw ZoetropeError(.invalidArgument, format: .apng, "an animation needs at least one non-empty frame")
        }
        guard frames.allSatisfy({ $0.width == first.width && $0.height == first.height }) else {
            throw ZoetropeError(.invalidArgument, format: .apng, "all frames must have the same size")
        }
        guard durations.count == frames.count else {
            throw ZoetropeError(.invalidArgument, format: .apng,
                                "\(durations.count) durations for \(frames.count) frames")
        }
        let numPlays = playCount.count ?? 0
        guard playCount == .infinite || (1...Int(Int32.max)).contains(numPlays) else {
            throw ZoetropeError(.invalidArgument, format: .apng, "play count \(numPlays) is outside 1…2^31-1")
        }

        let pieces = plan(frames)
        let colors = PNGColorPlan(images: pieces.map(\.image))
        let header = colors.header(width: first.width, height: first.height)

        var out = ByteWriter()
        out.append(contentsOf: PNGCodec.signature)
        PNGWriter.appendChunk(PNGChunk.ihdr, header.chunkData, to: &out)
        var animationControl = ByteWriter()
        animationControl.appendBigEndian(UInt32(frames.count))
        animationControl.appendBigEndian(UInt32(numPlays))
        PNGWriter.appendChunk(PNGChunk.actl, animationControl.bytes, to: &out)
        if let plte = colors.plte { PNGWriter.appendChunk(PNGChunk.plte, plte, to: &out) }
        if let trns = colors.trns { PNGWriter.appendChunk(PNGChunk.trns, trns, to: &out) }

        var sequence: UInt32 = 0
        for (index, piece) in pieces.enumerated() {
            var control = ByteWriter()
            control.appendBigEndian(sequence)
            sequence += 1
            control.appendBigEndian(UInt32(piece.rect.width))
            control.appendBigEndian(UInt32(piece.rect.height))
            control.appendBigEndian(UInt32(piece.rect.x))
            control.appendBigEndian(UInt32(piece.rect.y))
            let (numerator, denominator) = delayFraction(durations[index])
            control.appendBigEndian(numerator)
            control.appendBigEndian(denominator)
            control.append(piece.disposeOp)
            control.append(piece.blendOp)
            PNGWriter.appendChunk(PNGChunk.fctl, control.bytes, to: &out)
            let frameHeader = colors.header(width: piece.rect.width, height: piece.rect.height)
            let data = PNGWriter.compressedImageData(header: frameHeader, width: piece.rect.width,
                                                     height: piece.rect.height, level: level,
                                                     packRow: colors.packer(for: piece.image))
            PNGWriter.appendImageData(data, asFrameData: index > 0, sequence: &sequence, to: &out)
        }
        PNGWriter.appendChunk(PNGChunk.iend, [], to: &out)
        return out.bytes
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

    /// One frame as written: its rectangle, pixels and ops.
    struct Piece {
        var rect: PixelRect
        var image: RGBAImage
        var disposeOp: UInt8 = 0
        var blendOp: UInt8 = 0
    }

    /// Chooses each frame's rectangle and ops, simulating what the decoder's canvas will hold.
    ///
    /// For frame `i`, the previous frame's dispose op decides the canvas it is drawn on: NONE keeps
    /// frame `i - 1`, BACKGROUND clears its rectangle, PREVIOUS restores the canvas frame `i - 1`
    /// was drawn on (a sprite moving over a still background then costs only its own rectangle).
    /// The op whose canvas differs from frame `i` in the smallest rectangle wins.
    static func plan(_ frames: [RGBAImage]) -> [Piece] {
        let width = frames[0].width, height = frames[0].height
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        var pieces = [Piece(rect: full, image: frames[0])]
        // The canvas frame i - 1 was drawn on (transparent for frame 0).
        var previousBase = RGBAImage(width: width, height: height)
        for index in 1..<max(1, frames.count) {
            let target = frames[index]
            let previous = frames[index - 1]
            var cleared = previous
            clear(pieces[index - 1].rect, in: &cleared)
            // (dispose op, canvas after it); PREVIOUS on the first frame would act as BACKGROUND.
            var candidates: [(op: UInt8, canvas: RGBAImage)] = [(0, previous), (1, cleared)]
            if index >= 2 { candidates.append((2, previousBase)) }
            var best = candidates[0]
            var bestChange = changedRect(from: previous, to: target)
            for candidate in candidates.dropFirst() {
                let change = changedRect(from: candidate.canvas, to: target)
                if (change?.area ?? 0) < (bestChange?.area ?? 0) {
                    best = candidate
                    bestChange = change
                }
            }
            pieces[index - 1].disposeOp = best.op
            let rect = bestChange ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
            pieces.append(piece(rect: rect, base: best.canvas, target: target))
            previousBase = best.canvas
        }
        return pieces
    }

    /// The pixels of `rect`: blended OVER with unchanged pixels transparent when that is exact,
    /// else replaced with SOURCE.
    private static func piece(rect: PixelRect, base: RGBAImage, target: RGBAImage) -> Piece {
        var source = RGBAImage(width: rect.width, height: rect.height)
        var over = RGBAImage(width: rect.width, height: rect.height)
        var overIsExact = true
        var unchanged = 0
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                let canvasIndex = ((rect.y + y) * base.width + rect.x + x) * 4
                let pieceIndex = (y * rect.width + x) * 4
                var same = true
                for channel in 0..<4 {
                    let value = target.pixels[canvasIndex + channel]
                    source[byte: pieceIndex + channel] = value
                    if value != base.pixels[canvasIndex + channel] { same = false }
                }
                if same {
                    unchanged += 1 // left transparent in `over`: OVER keeps the canvas pixel
                    continue
                }
                let targetAlpha = target.pixels[canvasIndex + 3], baseAlpha = base.pixels[canvasIndex + 3]
                // OVER reproduces the target exactly when it is opaque, or drawn on a transparent
                // pixel with some alpha of its own.
                if targetAlpha == 255 || (baseAlpha == 0 && targetAlpha != 0) {
                    for channel in 0..<4 { over[byte: pieceIndex + channel] = target.pixels[canvasIndex + channel] }
                } else {
                    overIsExact = false
                }
            }
        }
        if overIsExact && unchanged > 0 {
            return Piece(rect: rect, image: over, blendOp: 1)
        }
        return Piece(rect: rect, image: source, blendOp: 0)
    }

    private static func clear(_ rect: PixelRect, in image: inout RGBAImage) {
        for y in rect.y..<rect.maxY {
            let start = (y * image.width + rect.x) * 4
            for index in start..<start + rect.width * 4 { image[byte: index] = 0 }
        }
    }

    /// The smallest rectangle containing every pixel that differs, or `nil` when none does.
    static func changedRect(from base: RGBAImage, to target: RGBAImage) -> PixelRect? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        base.pixels.withUnsafeBytes { baseBytes in
            target.pixels.withUnsafeBytes { targetBytes in
                @inline(__always) func differs(_ pixel: Int) -> Bool {
                    baseBytes.loadUnaligned(fromByteOffset: pixel * 4, as: UInt32.self)
                        != targetBytes.loadUnaligned(fromByteOffset: pixel * 4, as: UInt32.self)
                }
                for y in 0..<base.height {
                    let row = y * base.width
                    var first = -1, last = -1
                    for x in 0..<base.width where differs(row + x) {
                        if first < 0 { first = x }
                        last = x
                    }
                    if first >= 0 {
                        minX = min(minX, first); maxX = max(maxX, last)
                        minY = min(minY, y); maxY = y
                    }
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
