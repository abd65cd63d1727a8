/// Chooses each APNG frame's rectangle and ops, one frame at a time, against the decoder's canvas
/// (``DecoderCanvas``); it keeps only the previous frame and canvases, never the whole animation.
///
/// For frame `i`, the previous frame's dispose op decides the canvas it is drawn on: NONE keeps
/// frame `i - 1`, BACKGROUND clears its rectangle, PREVIOUS restores the canvas frame `i - 1` was
/// drawn on (a sprite moving over a still background then costs only its own rectangle). The op
/// whose canvas differs from frame `i` in the smallest rectangle wins. Frame `i - 1`'s piece is
/// final only once frame `i` has chosen that op, so ``add(_:)`` hands back the piece before.
struct APNGFramePlanner {
    /// One frame as written: its rectangle, pixels and ops, and its image data once compressed.
    struct Piece {
        var rect: PixelRect
        var image: RGBAImage
        var disposeOp: UInt8 = 0
        var blendOp: UInt8 = 0
        /// The zlib stream of the piece's pixels at the level asked for: not the planner's work
        /// (the encoder compresses the pieces it hands back, on its workers).
        var compressed: [UInt8]?
        /// The pixels of the same rectangle blended OVER (unchanged pixels transparent), when the
        /// choice between SOURCE and OVER is left to ``finished(level:trialLevel:compress:)``:
        /// either leaves the frame on the canvas, so only their sizes decide.
        var over: RGBAImage?
        /// The canvas the frame is drawn on and the frame, while the rectangle's pixels (``image``,
        /// empty until then, and ``over``) are still to be cut from them: left to the workers with
        /// the rest of ``finished(level:trialLevel:compress:)``, as they depend on nothing else.
        var uncut: Cut?

        /// What a piece's pixels are cut from (``pieces(rect:base:target:allowsOver:)``).
        struct Cut {
            var base: RGBAImage
            var target: RGBAImage
            var allowsOver: Bool
        }

        /// The piece with its pixels cut: SOURCE's in ``image``, OVER's in ``over`` when blending
        /// OVER is exact and leaves some pixel unchanged.
        func cut() -> Piece {
            guard let uncut else { return self }
            let pieces = APNGFramePlanner.pieces(rect: rect, base: uncut.base, target: uncut.target,
                                                 allowsOver: uncut.allowsOver)
            var piece = self
            piece.uncut = nil
            piece.image = pieces[0].image
            piece.over = pieces.count > 1 ? pieces[1].image : nil
            return piece
        }

        /// The piece as written: its pixels cut (``cut()``), then SOURCE or its ``over``
        /// alternative, whichever is smaller at `trialLevel` (SOURCE on a tie), compressed at
        /// `level` (the trial's stream when the levels are one). Run by the encoder's workers.
        func finished(level: Int, trialLevel: Int, compress: Compress) -> Piece {
            var piece = cut()
            let over = piece.over
            piece.over = nil
            guard let over else {
                piece.compressed = compress(piece, level)
                return piece
            }
            var blended = piece
            blended.image = over
            blended.blendOp = 1
            let sourceTrial = compress(piece, trialLevel), overTrial = compress(blended, trialLevel)
            let trial = overTrial.count < sourceTrial.count ? overTrial : sourceTrial
            if overTrial.count < sourceTrial.count { piece = blended }
            piece.compressed = level == trialLevel ? trial : compress(piece, level)
            return piece
        }
    }

    /// Compresses a piece at a deflate level: quickly, to compare candidates.
    typealias Compress = (_ piece: Piece, _ level: Int) -> [UInt8]

    /// Which candidates are compressed to find the smallest.
    struct Search {
        /// Whether blending OVER (unchanged pixels transparent) may be used at all: not when the
        /// sample format has no room for a transparent pixel.
        var allowsOver = true
        /// Compress each dispose op's candidates (else the op leaving the smallest change wins
        /// and only its blend ops are compared).
        var triesEveryDisposeOp = false
        /// The deflate level of the frames as written.
        var level = 6
        /// The level candidates are compared at: a fast one ranks them nearly as the final
        /// level would, in a fraction of the time.
        var trialLevel: Int { min(level, 2) }
    }

    /// The canvas as the frames planned so far leave it.
    private var canvas: DecoderCanvas?
    private var pending: Piece?
    private let search: Search
    private let compress: Compress

    init(search: Search, compress: @escaping Compress) {
        self.search = search
        self.compress = compress
    }

    /// Plans `frame` (canvas-sized, the same size as the others) and returns the previous frame's
    /// finished piece, if there is one.
    mutating func add(_ frame: RGBAImage) -> Piece? {
        guard var canvas, var finished = pending else {
            let first = Piece(rect: PixelRect(x: 0, y: 0, width: frame.width, height: frame.height), image: frame)
            pending = first
            var blank = DecoderCanvas(size: frame.size, restoresPrevious: true)
            blank.draw(in: first.rect, on: blank.shows, leaving: frame)
            canvas = blank
            return nil
        }
        let canvases = canvas.distinctDisposals(Self.disposeOps.map(\.disposal)).map { disposal in
            (op: Self.op(for: disposal), canvas: canvas.canvas(after: disposal))
        }
        let best = smallest(canvases: canvases, target: frame)
        finished.disposeOp = best.op
        pending = best.piece
        canvas.draw(in: best.piece.rect, on: best.canvas, leaving: frame)
        self.canvas = canvas
        return finished
    }

    /// APNG's dispose ops (`dispose_op` values) in the order they are tried (the first wins a tie).
    static let disposeOps: [(op: UInt8, disposal: FrameDisposal)] = [(0, .none), (1, .background), (2, .previous)]

    /// The `dispose_op` value of `disposal`.
    static func op(for disposal: FrameDisposal) -> UInt8 {
        disposeOps.first { $0.disposal == disposal }?.op ?? 0
    }

    /// The last frame's piece (dispose op NONE), once every frame has been added.
    mutating func finish() -> Piece? {
        defer { pending = nil }
        return pending
    }

    /// The candidate piece for `target` whose compressed data is smallest, with the dispose op
    /// and canvas it is drawn on.
    private func smallest(canvases: [(op: UInt8, canvas: RGBAImage)],
                          target: RGBAImage) -> (op: UInt8, canvas: RGBAImage, piece: Piece) {
        let changes = canvases.map { (op: $0.op, canvas: $0.canvas, rect: $0.canvas.changedRect(to: target)) }
        if !search.triesEveryDisposeOp {
            // The op whose canvas differs from the target in the smallest rectangle (the first on a
            // tie). Its SOURCE and OVER pieces either leave the frame on the canvas, so cutting
            // them and comparing their trial compressions are left to the workers (`Piece.finished`).
            var least = changes[0]
            for change in changes.dropFirst() where (change.rect?.area ?? 0) < (least.rect?.area ?? 0) { least = change }
            let rect = least.rect ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
            let cut = Piece.Cut(base: least.canvas, target: target, allowsOver: search.allowsOver)
            return (least.op, least.canvas, Piece(rect: rect, image: RGBAImage(width: 0, height: 0), uncut: cut))
        }
        var candidates: [(op: UInt8, canvas: RGBAImage, piece: Piece)] = []
        for change in changes {
            let rect = change.rect ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
            for piece in Self.pieces(rect: rect, base: change.canvas, target: target, allowsOver: search.allowsOver) {
                // Replacing the same rectangle gives the same pixels whatever the canvas below.
                if piece.blendOp == 0 && candidates.contains(where: { $0.piece.blendOp == 0 && $0.piece.rect == rect }) { continue }
                candidates.append((change.op, change.canvas, piece))
            }
        }
        // There are always candidates: `changes` keeps at least one canvas, which gives a piece.
        var best = candidates[0]
        if candidates.count > 1 {
            var bestSize = Int.max
            for candidate in candidates {
                let size = compress(candidate.piece, search.trialLevel).count
                if size < bestSize { (best, bestSize) = (candidate, size) }
            }
        }
        return best
    }

    /// The ways to draw `rect` of `target` over `base`: replacing it (SOURCE), and, when that is
    /// exact and some pixel is unchanged, blending OVER with the unchanged pixels transparent.
    static func pieces(rect: PixelRect, base: RGBAImage, target: RGBAImage, allowsOver: Bool = true) -> [Piece] {
        var over = RGBAImage(width: rect.width, height: rect.height)
        var overIsExact = allowsOver
        var unchanged = 0
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                let canvasIndex = ((rect.y + y) * base.width + rect.x + x) * 4
                let pieceIndex = (y * rect.width + x) * 4
                var same = true
                for channel in 0..<4 where target.pixels[canvasIndex + channel] != base.pixels[canvasIndex + channel] {
                    same = false
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
        let replacing = Piece(rect: rect, image: target.cropped(to: rect), blendOp: 0)
        return overIsExact && unchanged > 0 ? [replacing, Piece(rect: rect, image: over, blendOp: 1)] : [replacing]
    }
}
