import Dispatch

/// An animated image that becomes available as its bytes arrive: from a download, a pipe, or a
/// large file whose frame table is found lazily.
///
/// Feed it with ``append(_:)`` and end with ``finish()`` (or let ``init(streaming:options:)`` read
/// an `AsyncSequence` of chunks). A frame becomes available — to ``frame(at:)``, to an
/// ``Animator`` and to ``summary`` — once its data is complete: when a later frame's header or the
/// file's end has arrived. Nothing is reported before its bytes are present, and memory follows
/// the bytes that arrived, not what the headers claim: before its first frame the image has 0
/// frames (and a 0×0 canvas until the header arrives), and every duration it reports is a frame's own (the
/// ``AnimatableImage`` contract for images still arriving). An ``Animator`` can be prepared with it
/// once its first frame has arrived; it plays the frames that have arrived and waits on the last
/// one (rather than finishing) until more come, then plays the whole image once it is complete.
///
/// ``init(bytes:options:)`` opens a whole file lazily: it parses only as far as the first frame
/// (growing the prefix it looks at fourfold), so the first frame shows after a time that does not depend
/// on the file's length, and finds the rest of the frame table in the background.
///
/// An APNG whose animation proves broken only at its end (an `acTL` frame count that does not
/// match, say) falls back to its still image then, as when it is opened whole: the frames shown
/// while it arrived are replaced and ``frameCount`` can shrink once.
///
/// ``frameCount`` and ``totalDuration`` are what is known so far and never wait;
/// ``waitUntilComplete()`` waits for the whole table and returns the complete image.
///
/// ```swift
/// let image = ProgressiveImage()
/// for try await chunk in download { image.append(chunk) }   // frames appear as they complete
/// image.finish()
/// ```
public final class ProgressiveImage: AnimatableImage {
    /// The options frames are decoded with.
    public let options: DecodingOptions
    private let state: LockedState<State>
    private let completion = DispatchGroup()

    private struct State: Sendable {
        var bytes: [UInt8] = []
        /// The whole file of a lazy open (an array, or a mapping that only parsing touches), in
        /// place of ``bytes``.
        var whole: ImageBytes?
        var isFinished = false
        /// The latest parse of a prefix: its image and how many of its frames are complete.
        var snapshot: Snapshot?
        /// Bytes at which the next parse runs (parsing again on every small append would be
        /// quadratic: the thresholds grow geometrically).
        var nextParse = 0
        /// The error of the final parse, when not one frame could be had.
        var failure: ZoetropeError?
        /// Why the bytes stopped coming, when the feeder said (``finish(failing:)``).
        var transportFailure: ZoetropeError?
        /// A lazy open whose background scan has not started yet.
        var scanPending = false
        var completionSignalled = false

        /// How many bytes there are.
        var length: Int { whole?.count ?? bytes.count }

        /// The first `length` bytes: a prefix of the whole file shares it; a prefix of arriving
        /// bytes is copied (bytes keep arriving after it); all of them are shared.
        func prefix(_ length: Int) -> ImageBytes {
            if let whole { return whole.prefix(length) }
            return ImageBytes(length == bytes.count ? bytes : Array(bytes.prefix(length)))
        }
    }

    private struct Snapshot: Sendable {
        let image: AnimatedImage
        let parsedLength: Int
        let availableFrames: Int
        let isComplete: Bool
    }

    /// An image waiting for bytes.
    public init(options: DecodingOptions = .default) {
        self.options = options
        parseStep = Self.minimumParseStep
        state = LockedState(State())
        completion.enter()
    }

    /// An image that parses again after every `parseStep` new bytes at least (tests use 1, to see
    /// frames appear at the exact byte).
    init(options: DecodingOptions, parseStep: Int) {
        self.options = options
        self.parseStep = max(1, parseStep)
        state = LockedState(State())
        completion.enter()
    }

    /// The least growth of the input between two parses while bytes arrive.
    private let parseStep: Int

    /// Opens a whole file lazily: parses only as far as the first complete frame now, and the
    /// rest of the frame table in the background.
    /// - Throws: ``ZoetropeError`` when the bytes hold no decodable frame.
    public convenience init(bytes: [UInt8], options: DecodingOptions = .default) throws(ZoetropeError) {
        try self.init(imageBytes: ImageBytes(bytes), options: options, scanningRest: true)
    }

    /// Opens the file at `path` lazily: as ``init(bytes:options:)``, with the file mapped into
    /// memory rather than read (see ``AnimatedImage/init(contentsOfFile:options:)``), so that the
    /// first frame costs only the pages up to it.
    /// - Throws: ``ZoetropeError`` with kind `.io` when the file cannot be read, or when it holds
    ///   no decodable frame.
    public convenience init(contentsOfFile path: String, options: DecodingOptions = .default) throws(ZoetropeError) {
        try self.init(imageBytes: try FileBytes.load(path), options: options, scanningRest: true)
    }

    /// Opens whole bytes (an array or a mapped file) lazily.
    package convenience init(imageBytes bytes: ImageBytes, options: DecodingOptions = .default) throws(ZoetropeError) {
        try self.init(imageBytes: bytes, options: options, scanningRest: true)
    }

    /// Opens a whole file lazily; `scanningRest: false` leaves the rest of the frame table to
    /// ``scanRest()`` (tests use it to see what the first parse read).
    init(imageBytes bytes: ImageBytes, options: DecodingOptions, scanningRest: Bool) throws(ZoetropeError) {
        self.options = options
        parseStep = Self.minimumParseStep
        state = LockedState(State(whole: bytes, isFinished: true))
        completion.enter()
        var prefix = min(bytes.count, Self.firstParseLength)
        while availableFrames == 0 && prefix < bytes.count {
            parse(length: prefix, final: false)
            prefix = prefix > bytes.count / 4 ? bytes.count : prefix * 4
        }
        if availableFrames == 0 {
            scanRest()
            if let failure = state.withLock({ $0.failure }) { throw failure }
            return
        }
        guard scanningRest else { return }
        // The scan waits until the first frame has been decoded (or 20 ms), so that on a busy
        // machine it does not compete with the frame the caller opened the file for.
        state.withLock { $0.scanPending = true }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + .milliseconds(20)) { [self] in
            startPendingScan()
        }
    }

    /// Starts the background scan of a lazy open, once.
    private func startPendingScan() {
        let start = state.withLock { state -> Bool in
            defer { state.scanPending = false }
            return state.scanPending
        }
        if start { DispatchQueue.global(qos: .utility).async { [self] in scanRest() } }
    }

    /// Parses the whole input of a lazily opened file and completes the image.
    func scanRest() {
        parse(length: state.withLock { $0.length }, final: true)
    }

    /// Reads `chunks` in the background, appending each and finishing at their end (or at an
    /// error, keeping what arrived).
    public convenience init<Chunks: AsyncSequence & Sendable>(streaming chunks: Chunks,
                                                              options: DecodingOptions = .default)
    where Chunks.Element == [UInt8] {
        self.init(options: options)
        Task { [self] in
            defer { finish() }
            do {
                for try await chunk in chunks { append(chunk) }
            } catch {}
        }
    }

    /// The first prefix the lazy initialiser parses.
    static let firstParseLength = 1 << 16
    /// The smallest growth of the input between two parses while bytes arrive (beyond it, a
    /// parse waits for the input to grow by half, so that parsing stays near linear overall).
    static let minimumParseStep = 1 << 12
    /// The largest growth between two parses: a slow download of a large file still shows its
    /// frames within a megabyte of their arrival.
    static let maximumParseStep = 1 << 20

    // MARK: Feeding

    /// Adds bytes that arrived. Frames completed by them become available.
    public func append(_ bytes: [UInt8]) {
        let length = state.withLock { state -> Int? in
            guard !state.isFinished else { return nil }
            state.bytes.append(contentsOf: bytes)
            guard state.bytes.count >= state.nextParse else { return nil }
            let growth = parseStep == 1 ? 1 : min(max(parseStep, state.bytes.count / 2), Self.maximumParseStep)
            state.nextParse = state.bytes.count + growth
            return state.bytes.count
        }
        if let length { parse(length: length, final: false) }
    }

    /// Says no more bytes will come: every frame that arrived, the last one too (as far as its data
    /// goes), becomes available, and ``isComplete`` turns true.
    public func finish() {
        let length = state.withLock { state -> Int? in
            guard !state.isFinished else { return nil }
            state.isFinished = true
            return state.bytes.count
        }
        if let length { parse(length: length, final: true) }
    }

    /// Says no more bytes will come because the transfer failed: like ``finish()``, and when not one
    /// frame arrived, ``waitUntilComplete()`` throws `error` rather than a decoding error.
    public func finish(failing error: ZoetropeError) {
        state.withLock { $0.transportFailure = error }
        finish()
    }

    /// Parses the first `length` bytes and publishes the result when it is newer than what is known.
    private func parse(length: Int, final: Bool) {
        let bytes = state.withLock { $0.prefix(length) }
        var snapshot: Snapshot?
        var failure: ZoetropeError?
        do {
            let image = try AnimatedImage(imageBytes: bytes, options: options)
            let truncated = image.warnings.contains { $0.kind == .truncated }
            let available = final || !truncated ? image.frameCount : image.frameCount - 1
            snapshot = Snapshot(image: image, parsedLength: length, availableFrames: available, isComplete: final)
        } catch {
            failure = error
        }
        let signal = state.withLock { state -> Bool in
            let current = state.snapshot
            if let snapshot, final || current?.isComplete != true && (snapshot.parsedLength >= (current?.parsedLength ?? 0)
                                       && snapshot.availableFrames >= (current?.availableFrames ?? 0)) {
                state.snapshot = snapshot
            }
            if final {
                if state.snapshot == nil { state.failure = state.transportFailure ?? failure }
                defer { state.completionSignalled = true }
                return !state.completionSignalled
            }
            return false
        }
        if signal { completion.leave() }
    }

    // MARK: Reading

    /// Whether every frame is known: the input is finished and fully parsed.
    public var isComplete: Bool { state.withLock { $0.snapshot?.isComplete ?? false || $0.failure != nil } }

    /// The frames available now (their data complete); grows while bytes arrive. 0 before the first
    /// frame is complete.
    public var frameCount: Int { availableFrames }

    private var availableFrames: Int { state.withLock { $0.snapshot?.availableFrames ?? 0 } }

    /// How many bytes the newest parse read (tests check that opening reads only a prefix).
    var parsedLength: Int { state.withLock { $0.snapshot?.parsedLength ?? 0 } }

    private var current: AnimatedImage? { state.withLock { $0.snapshot?.image } }

    /// The image of the newest parse (a frame cache asks what it holds).
    var latestImage: AnimatedImage? { current }

    /// The canvas size (0×0 before the file's header has been parsed).
    public var canvasSize: PixelSize { current?.canvasSize ?? PixelSize(width: 0, height: 0) }

    /// The number of plays the file asks for (once, until its loop count has arrived).
    public var playCount: PlayCount { current?.playCount ?? .finite(1) }

    /// How long frame `index` shows; `index` must be below ``frameCount``.
    public func duration(at index: Int) -> Duration {
        // Checked against the same snapshot: an APNG falling back to its still image can shrink
        // the frame table between a caller's frameCount and this call.
        guard let image = current, index >= 0, index < image.frameCount else { return .zero }
        return image.duration(at: index)
    }

    /// The composited frame `index`, which must be available (below ``frameCount``).
    /// - Throws: ``ZoetropeError`` with kind `.invalidArgument` for a frame not available yet, or
    ///   the decoding error.
    public func frame(at index: Int) throws -> RGBAImage {
        let snapshot = state.withLock { $0.snapshot }
        guard let snapshot, index >= 0, index < snapshot.availableFrames else {
            throw ZoetropeError(.invalidArgument, "frame \(index) has not arrived (\(availableFrames) frames available)")
        }
        defer { startPendingScan() }
        return try snapshot.image.frame(at: index)
    }

    /// The frame still arriving, as far as its data goes (rows decoded so far, transparent below),
    /// composited over the frames before it: what a browser shows of a partly loaded frame.
    /// `nil` when no frame is partly there.
    public func partialFrame() throws -> (index: Int, image: RGBAImage)? {
        let snapshot = state.withLock { $0.snapshot }
        guard let snapshot, snapshot.availableFrames < snapshot.image.frameCount else { return nil }
        let index = snapshot.availableFrames
        return (index, try snapshot.image.frame(at: index))
    }

    /// What is known so far about the image: format, size, the available frames, loop count.
    public var summary: ImageSummary? {
        guard let snapshot = state.withLock({ $0.snapshot }) else { return nil }
        var summary = snapshot.image.summary
        summary.frameCount = snapshot.availableFrames
        return summary
    }

    /// Waits until every frame is known (the input finished and parsed) and returns the complete
    /// image. Blocks the calling thread: do not call it on a thread that feeds the bytes.
    /// - Throws: the final parse's error when the input held no decodable frame.
    public func waitUntilComplete() throws(ZoetropeError) -> AnimatedImage {
        startPendingScan()
        completion.wait()
        let (snapshot, failure) = state.withLock { ($0.snapshot, $0.failure) }
        if let snapshot { return snapshot.image }
        throw failure ?? ZoetropeError(.truncated, "no frame arrived")
    }
}
