/// Writes GIF89a (or GIF87a) files.
///
/// Two levels:
/// - ``encode(frames:durations:playCount:options:)`` turns RGBA frames into an animated GIF, choosing palettes
///   itself: exact when the colours fit, otherwise quantised and dithered as ``Options`` say.
/// - ``encode(_:)`` writes an ``IndexedImage`` exactly as described — palettes, indices, rectangles,
///   disposal, transparency, interlacing and the LZW code stream's shape — for tests and tools that
///   need byte-level control, including unusual but valid streams.
///
/// ```swift
/// let gif = try GIFEncoder.encode(frames: frames, durations: [.milliseconds(80)], playCount: .infinite)
/// ```
public enum GIFEncoder {
    /// An RGB colour table entry.
    public struct Color: Sendable, Hashable {
        /// Red, 0–255.
        public var red: UInt8
        /// Green, 0–255.
        public var green: UInt8
        /// Blue, 0–255.
        public var blue: UInt8

        /// Creates a colour.
        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }
    }

    /// When the LZW compressor emits clear codes.
    package enum ClearCodePolicy: Sendable, Hashable {
        /// When the 4096-entry table is full (what most encoders do).
        case whenTableFull
        /// After every `codes` data codes, and never later than that (the table may also fill up
        /// first, in which case it stays full until the next clear).
        case every(codes: Int)
        /// Never after the first: once the table is full it stays full and coding continues with
        /// 12-bit codes (a "deferred clear").
        case never
    }

    /// The shape of one frame's LZW stream.
    package struct LZWOptions: Sendable, Hashable {
        /// The LZW minimum code size (1–11); `nil` picks the smallest valid one for the colour table
        /// (at least 2, as the specification asks).
        package var minimumCodeSize: Int?
        /// When clear codes are emitted.
        package var clearCodes: ClearCodePolicy
        /// The length of the data sub-blocks (1–255).
        package var subBlockSize: Int

        /// Creates LZW options.
        package init(minimumCodeSize: Int? = nil, clearCodes: ClearCodePolicy = .whenTableFull, subBlockSize: Int = 255) {
            self.minimumCodeSize = minimumCodeSize
            self.clearCodes = clearCodes
            self.subBlockSize = subBlockSize
        }

        /// The usual stream: smallest code size, clear when the table is full, 255-byte sub-blocks.
        package static let standard = LZWOptions()
    }

    /// The application extension that carries the loop count.
    package enum LoopExtension: String, Sendable, Hashable {
        /// `NETSCAPE2.0`, the common one.
        case netscape = "NETSCAPE2.0"
        /// `ANIMEXTS1.0`, an older equivalent.
        case animexts = "ANIMEXTS1.0"
    }

    /// One image of a GIF with its colour indices.
    public struct IndexedFrame: Sendable, Hashable {
        /// Where the image goes; it may reach outside the logical screen (0...65535 each field).
        public var rect: PixelRect
        /// `rect.width × rect.height` colour indices, row-major, top row first (not interlaced:
        /// the writer interlaces when ``isInterlaced`` is set).
        public var indices: [UInt8]
        /// A local colour table (1–256 entries; padded to a power of two), or `nil` to use the global one.
        public var localColorTable: [Color]?
        /// The disposal method as stored, 0–7.
        public var disposal: Int
        /// The transparent colour index, if any.
        public var transparentIndex: UInt8?
        /// The delay in hundredths of a second (0–65535).
        public var delayCentiseconds: Int?
        /// Whether to store the rows interlaced.
        public var isInterlaced: Bool
        /// Whether to write a Graphic Control Extension: `nil` writes one when any of disposal,
        /// transparency or delay is set (a test knob, like ``lzw``).
        package var writesGraphicControl: Bool?
        /// The shape of the LZW stream.
        package var lzw: LZWOptions

        /// Creates a frame.
        public init(rect: PixelRect, indices: [UInt8], localColorTable: [Color]? = nil, disposal: Int = 0,
                    transparentIndex: UInt8? = nil, delayCentiseconds: Int? = nil, isInterlaced: Bool = false) {
            self.init(rect: rect, indices: indices, localColorTable: localColorTable, disposal: disposal,
                      transparentIndex: transparentIndex, delayCentiseconds: delayCentiseconds,
                      isInterlaced: isInterlaced, writesGraphicControl: nil, lzw: .standard)
        }

        /// Creates a frame with the stream-shape knobs tests use to build edge cases.
        package init(rect: PixelRect, indices: [UInt8], localColorTable: [Color]? = nil, disposal: Int = 0,
                     transparentIndex: UInt8? = nil, delayCentiseconds: Int? = nil, isInterlaced: Bool = false,
                     writesGraphicControl: Bool? = nil, lzw: LZWOptions) {
            self.rect = rect
            self.indices = indices
            self.localColorTable = localColorTable
            self.disposal = disposal
            self.transparentIndex = transparentIndex
            self.delayCentiseconds = delayCentiseconds
            self.isInterlaced = isInterlaced
            self.writesGraphicControl = writesGraphicControl
            self.lzw = lzw
        }

        var hasGraphicControl: Bool {
            writesGraphicControl ?? (disposal != 0 || transparentIndex != nil || delayCentiseconds != nil)
        }
    }

    /// A whole GIF file, described by its indexed frames.
    public struct IndexedImage: Sendable, Hashable {
        /// The logical screen size (0...65535 each).
        public var canvasSize: PixelSize
        /// The global colour table (1–256 entries; padded to a power of two), or `nil` for none.
        public var globalColorTable: [Color]?
        /// The background colour index (browsers ignore it).
        public var backgroundIndex: UInt8
        /// The loop count to store (0 = forever, N = N repetitions after the first play), or `nil`
        /// to write no loop extension (one play).
        public var loopCount: Int?
        /// Which application extension carries ``loopCount`` (a test knob).
        package var loopExtension: LoopExtension
        /// Whether to write the `GIF87a` signature instead of `GIF89a` (a test knob).
        package var isGIF87a: Bool
        /// The images, in order.
        public var frames: [IndexedFrame]

        /// Creates a file description.
        public init(canvasSize: PixelSize, globalColorTable: [Color]? = nil, backgroundIndex: UInt8 = 0,
                    loopCount: Int? = nil, frames: [IndexedFrame]) {
            self.init(canvasSize: canvasSize, globalColorTable: globalColorTable, backgroundIndex: backgroundIndex,
                      loopCount: loopCount, loopExtension: .netscape, isGIF87a: false, frames: frames)
        }

        /// Creates a file description with the knobs tests use to build edge cases.
        package init(canvasSize: PixelSize, globalColorTable: [Color]? = nil, backgroundIndex: UInt8 = 0,
                     loopCount: Int? = nil, loopExtension: LoopExtension, isGIF87a: Bool = false,
                     frames: [IndexedFrame]) {
            self.canvasSize = canvasSize
            self.globalColorTable = globalColorTable
            self.backgroundIndex = backgroundIndex
            self.loopCount = loopCount
            self.loopExtension = loopExtension
            self.isGIF87a = isGIF87a
            self.frames = frames
        }
    }

    /// Writes `image` exactly as described.
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` when a field is out of range, an
    ///   index count does not match its rectangle, or an index does not fit the LZW code size.
    public static func encode(_ image: IndexedImage) throws(ZoetropeError) -> [UInt8] {
        try GIFWriter.write(image)
    }

    /// Encodes canvas-sized RGBA frames as an animated GIF.
    ///
    /// Pixels with alpha below 128 are transparent, the rest opaque (GIF has no partial
    /// transparency). Palettes: when all frames together use few enough colours they share one
    /// exact global table; otherwise each frame's table is exact when the pixels it writes fit,
    /// else colours are quantised as `options` say (see ``Options``). Animations are stored as
    /// differences: each frame after the first covers only the rectangle it changes, leaving
    /// unchanged pixels transparent (in opaque animations, when that is smaller). With transparent
    /// pixels, a frame is disposed to background, and covers the pixels concerned, only when the
    /// next frame makes some of its opaque pixels transparent.
    /// - Parameters:
    ///   - frames: at least one frame, all the same size (1 to 65535 pixels each way).
    ///   - durations: one per frame, or a single duration for all (none negative); rounded to
    ///     hundredths of a second.
    ///   - playCount: how many times the animation plays. GIF stores repetitions after the first
    ///     play (browsers' reading of NETSCAPE2.0): forever is 0, one play writes no loop extension,
    ///     N plays store N − 1 (at most 65536 plays).
    ///   - options: colour count, dithering and palette choice for frames with too many colours.
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` for empty or mismatched input, or a
    ///   play count GIF cannot store.
    public static func encode(frames: [RGBAImage], durations: [Duration], playCount: PlayCount,
                              options: Options = .default) throws(ZoetropeError) -> [UInt8] {
        guard frames.allSatisfy({ $0.size == frames.first?.size }) else {
            throw ZoetropeError(.invalidArgument, format: .gif, "all frames must have the same size")
        }
        return try encodeCollecting(.gif) { output in
            try encode(FrameArray(frames: frames), durations: durations, playCount: playCount, options: options, to: output)
        }
    }

    /// Encodes the frames of `source` as an animated GIF, by the rules of
    /// ``encode(frames:durations:playCount:options:)``, handing the file to `output` a frame at a
    /// time and holding only a few canvases: `source` is read twice, once to choose the palettes
    /// and once to write.
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` for no frames, a frame of another
    ///   size, a duration count that does not match or a negative duration, or a play count GIF
    ///   cannot store; and whatever `source` or `output` throw.
    public static func encode(_ source: some FrameSource, durations: [Duration], playCount: PlayCount,
                              options: Options = .default, to output: EncodedBytesSink) throws {
        try encode(source, durations: durations, playCount: playCount, options: options, workers: nil, to: output)
    }

    /// ``encode(_:durations:playCount:options:to:)`` on `workers` threads (`nil`: one per core,
    /// ``EncodingWorkers``): frames are mapped to their palettes on the workers
    /// (``GIFFrameMapping``), differenced against the canvas in order on the caller's thread
    /// (``GIFFrameMaker``), and compressed on the workers (``GIFFramePiece``); the bytes do not
    /// depend on `workers`.
    package static func encode(_ source: some FrameSource, durations: [Duration], playCount: PlayCount,
                               options: Options = .default, workers: Int?, to output: EncodedBytesSink) throws {
        let checked = try EncodingRules.gif.check(source, durations: durations, playCount: playCount)
        let count = EncodingMemory.workers(workers, format: .gif, canvas: source.canvasSize)
        let plan = try GIFPalettizer.plan(source, options: options, workers: count)
        var out = ByteWriter()
        let header = IndexedImage(canvasSize: source.canvasSize,
                                  globalColorTable: plan.global.map { GIFPalettizer.table($0, transparent: plan.reservesTransparent) },
                                  loopCount: checked.storedPlayCount, frames: [])
        let globalTableCount = try GIFWriter.appendHeader(of: header, to: &out)
        try output(out.bytes)
        let mapping = GIFFrameMapping(plan: plan), canvasSize = source.canvasSize
        var maker = GIFFrameMaker(mapping: mapping, canvasSize: canvasSize)
        var index = 0
        // Each stage's window holds a frame per worker and one more: the input canvas (mapping),
        // or the canvas before the frame (compression).
        try OrderedFrameWork<[UInt8]>.run(workers: count, window: count + 1, deliver: output) { compression in
            try OrderedFrameWork<GIFMappedFrame>.run(workers: count, window: count + 1, deliver: { mapped in
                let piece = maker.frame(mapped, canvasSize: canvasSize, delay: checked.durations[index])
                let frameIndex = index
                index += 1
                // Held so that the worker takes the piece and lets its canvas go once it is cut.
                let held = LockedState<GIFFramePiece?>(piece)
                try compression.submit {
                    guard let piece = held.withLock({ $0.take() }) else { return [] }
                    return try piece.bytes(index: frameIndex, globalTableCount: globalTableCount)
                }
            }) { mappingWork in
                var previous: RGBAImage?
                try source.forEachCheckedFrame(format: .gif) { _, image in
                    let before = previous
                    try mappingWork.submit { mapping.map(image, previous: before) }
                    previous = image
                }
            }
        }
        try output([GIFWriter.trailer])
    }
}
