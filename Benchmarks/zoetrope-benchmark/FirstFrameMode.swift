import Zoetrope

/// `first-frame FILE [MIN_MS]`: time to the first frame of a long file, opened lazily
/// (``ProgressiveImage/init(bytes:options:)`` then frame 0), against decoding frame 0 alone (of an
/// image whose frame table is already parsed, the parse left out of the time) and against the
/// eager open (``AnimatedImage``: the whole frame table, then frame 0). The bytes are in memory.
enum FirstFrameMode {
    static func run(_ arguments: [String]) -> Int32 {
        guard let path = arguments.first else {
            print("usage: first-frame FILE [MIN_MS]")
            return 64
        }
        let minimum = arguments.count > 1 ? Double(arguments[1]) ?? 300 : 300
        do {
            let bytes = try FileBytes.read(path)
            let opened = try AnimatedImage(bytes: bytes)
            let alone = try median(minimum) { image in
                try image.frame(at: 0)
            } setup: { try AnimatedImage(bytes: bytes) }
            let eager = try median(minimum) { _ in
                try AnimatedImage(bytes: bytes).frame(at: 0)
            } setup: { () }
            // Each lazy open's background scan is waited for outside the timed part, so that scans
            // do not pile up (one open at a time, as a player does).
            var previous: ProgressiveImage?
            let lazy = try median(minimum) { _ in
                let image = try ProgressiveImage(bytes: bytes)
                previous = image
                return try image.frame(at: 0)
            } setup: { _ = try previous?.waitUntilComplete() }
            print("\(path): \(opened.frameCount) frames, \(opened.canvasSize), \(bytes.count) bytes")
            print("  decode frame 0 alone:  \(milliseconds(alone)) ms")
            print("  eager open + frame 0:  \(milliseconds(eager)) ms (the whole frame table first)")
            print("  lazy open + frame 0:   \(milliseconds(lazy)) ms (\(ratio(lazy / alone)) × frame 0 alone)")
            return 0
        } catch {
            print("first-frame: \(error)")
            return 1
        }
    }

    /// The median seconds of `measured`, each run after an untimed `setup`, for at least
    /// `minimumMilliseconds` of measured time and at least 5 runs.
    private static func median<Prepared>(_ minimumMilliseconds: Double, _ measured: (Prepared) throws -> RGBAImage,
                                         setup: () throws -> Prepared) rethrows -> Double {
        var times: [Double] = []
        var total = 0.0
        let clock = ContinuousClock()
        while times.count < 5 || total * 1000 < minimumMilliseconds {
            let prepared = try setup()
            let t0 = clock.now
            _ = try measured(prepared)
            let time = Measurement.seconds(clock.now - t0)
            times.append(time)
            total += time
        }
        return Measurement.medianOf(times)
    }

    private static func milliseconds(_ seconds: Double) -> String { "\((seconds * 10_000).rounded() / 10)" }

    private static func ratio(_ value: Double) -> String { "\((value * 100).rounded() / 100)" }
}
