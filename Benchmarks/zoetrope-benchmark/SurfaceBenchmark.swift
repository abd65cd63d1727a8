import Foundation
import Zoetrope

/// `zoetrope-benchmark surface DIR [--seconds S] [--full] [--glibc-default] [--trace] [--trace-start] [--trace-jobs] [--affinity MS] [--reuse MB] [--start-frames N] [--start-cover MS]`: many animations on one surface, as a
/// chat stream holds them. Every GIF in DIR (sorted by name) is opened once; 200 attachments show
/// them in turn, each at 160×90 pixels (`--full`: at the images' own size), and the first 20 are
/// visible. They play on one 60 Hz timer clock at rate 1 for S seconds of wall time (20 by
/// default). It prints the peak resident memory (VmHWM); when every frame of every visible
/// animation is held (the end of the first loop; decoding sets that pace), with the CPU time and
/// buffer misses of the visible attachments until then and after; the cache's figures at the end, with the most replay canvases held at
/// once (sampled every 50 ms); and the decoding pace against the frames the animations show. Freed
/// buffers go back to the system as in the `zoetrope` command (``LargeBufferRelease``) unless
/// `--glibc-default`. `--trace` prints, every 5 s after every frame is held, each visible
/// animator's misses and the cache's decodes, evictions and frames held (misses at rest traced).
/// `--affinity MS` sets the decode workers' affinity; `--reuse MB` the most bytes of canvas buffers
/// the cache keeps for reuse between images (``ReusableBuffers``; 0: none). `--trace-start` prints
/// when each visible attachment became visible, started playing and missed, until the first loop
/// ends; `--trace-jobs` every decode job the workers ran until then. `--start-frames N` and
/// `--start-cover MS` try other start-up holds (``StartupHold/Policy``).
enum SurfaceBenchmark {
    static let attachmentCount = 200
    static let visibleCount = 20

    static func run(_ arguments: [String]) -> Int32 {
        guard let folder = arguments.first, !folder.hasPrefix("--") else {
            print("usage: zoetrope-benchmark surface DIR [--seconds S] [--full] [--glibc-default] [--trace] [--trace-start] [--trace-jobs] [--affinity MS] [--reuse MB] [--start-frames N] [--start-cover MS]")
            return 2
        }
        let seconds = arguments.firstIndex(of: "--seconds").flatMap { arguments.dropFirst($0 + 1).first }
            .flatMap(Double.init) ?? 20
        let full = arguments.contains("--full")
        let affinity = arguments.firstIndex(of: "--affinity").flatMap { arguments.dropFirst($0 + 1).first }.flatMap(Int.init)
        let reuse = arguments.firstIndex(of: "--reuse").flatMap { arguments.dropFirst($0 + 1).first }.flatMap(Int.init)
        if !arguments.contains("--glibc-default") { LargeBufferRelease.enable() }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".gif") }.sorted()
        var images: [AnimatedImage] = []
        for name in names {
            do {
                images.append(try AnimatedImage(contentsOfFile: folder + "/" + name))
            } catch {
                print("\(name): \(error)")
                return 1
            }
        }
        guard !images.isEmpty else {
            print("surface: no GIF in \(folder)")
            return 1
        }
        return play(images, seconds: seconds, full: full, affinity: affinity, reuse: reuse, startup: startupPolicy(arguments))
    }

    /// `--start-frames N`, `--start-cover MS`: the start-up hold's policy (``StartupHold/Policy``), to
    /// try others than the product's.
    private static func startupPolicy(_ arguments: [String]) -> StartupHold.Policy {
        func value(_ name: String) -> Int? {
            arguments.firstIndex(of: name).flatMap { arguments.dropFirst($0 + 1).first }.flatMap(Int.init)
        }
        var policy = StartupHold.Policy()
        if let frames = value("--start-frames") { policy.frames = frames }
        if let cover = value("--start-cover") { policy.cover = .milliseconds(cover) }
        return policy
    }

    private static func play(_ images: [AnimatedImage], seconds: Double, full: Bool, affinity: Int?, reuse: Int?,
                             startup: StartupHold.Policy) -> Int32 {
        let pool = affinity.map { DecodeWorkerPool(workers: 2, affinity: .milliseconds($0)) } ?? DecodeWorkerPool()
        let origin = ContinuousClock.now
        let jobTrace = CommandLine.arguments.contains("--trace-jobs")
            ? JobTrace(pool: pool, images: images, now: { ContinuousClock.now - origin }) : nil
        let cache = SharedFrameCache(byteLimit: nil, scheduler: jobTrace ?? pool,
                                     reusableBytes: reuse.map { $0 << 20 } ?? SharedFrameCache.defaultReusableBytes,
                                     timeSource: { ContinuousClock.now - origin })
        var configuration = Animator.Configuration(style: PlaybackStyle(playCount: .infinite))
        configuration.startup = startup
        let surface = AnimationSurface(cache: cache, clock: TimerClock(ticksPerSecond: 60),
                                       configuration: configuration)
        let attachments = (0..<attachmentCount).map { index in
            let image = images[index % images.count]
            return surface.makeAttachment(image: image, size: full ? image.canvasSize : PixelSize(width: 160, height: 90))
        }
        let visible = Array(attachments.prefix(visibleCount))
        let run = Run(surface: surface, start: .now)
        let startTrace = CommandLine.arguments.contains("--trace-start") ? StartTrace(visible, run: run) : nil
        for (number, attachment) in visible.enumerated() {
            attachment.setVisible(true)
            startTrace?.note("a\(number) visible")
        }
        // The first loop ends when every frame of every visible animation is held: decoding sets the
        // pace (an animator's play count moves on with the clock, late frames skipped).
        let looped = run.wait(until: seconds) {
            visible.allSatisfy { surface.cache.storedFrameCount(of: $0.image.source) >= $0.image.source.frameCount }
        }
        let (cpuAtLoop, missesAtLoop) = (PlaybackBenchmark.cpuSeconds(), visible.reduce(0) { $0 + $1.animator.bufferMisses })
        let trace = CommandLine.arguments.contains("--trace")
        var nextTrace = run.elapsed
        _ = run.wait(until: seconds) {
            if trace && run.elapsed >= nextTrace {
                nextTrace += 5
                let s = surface.cache.statistics
                let short = visible.filter { surface.cache.storedFrameCount(of: $0.image.source) < $0.image.source.frameCount }
                print("trace t=\(PlaybackBenchmark.format(run.elapsed)) misses \(visible.map(\.animator.bufferMisses)) decodes \(s.decodes) evictions \(s.evictions) stored \(s.storedFrames) failures \(s.failures) short \(short.count)")
            }
            return false
        }
        startTrace?.finish()
        jobTrace?.finish(until: .seconds(looped ?? seconds))
        let cpuAfter = PlaybackBenchmark.cpuSeconds() - cpuAtLoop
        let misses = visible.reduce(0) { $0 + $1.animator.bufferMisses }
        let statistics = surface.statistics
        let pace = decodePace(of: visible, cache: surface.cache)
        for attachment in visible { attachment.setVisible(false) }
        print("surface: \(attachmentCount) attachments of \(images.count) images, \(visibleCount) visible at "
              + (full ? "full size" : "160x90") + ", \(PlaybackBenchmark.format(run.elapsed)) s at rate 1")
        let loop = looped.map { "\(PlaybackBenchmark.format($0)) s" } ?? "not within the run"
        print("peak RSS \(PlaybackBenchmark.format(PlaybackBenchmark.mebibytes(PlaybackBenchmark.statusField("VmHWM")))) MiB"
              + "  every frame of the visible animations held: \(loop), CPU \(PlaybackBenchmark.format(cpuAtLoop)) s"
              + " (misses \(missesAtLoop)), after it \(PlaybackBenchmark.format(cpuAfter)) s (misses \(misses - missesAtLoop))"
              + "  decodes \(statistics.cache.decodes)"
              + "  memory \(PlaybackBenchmark.format(PlaybackBenchmark.mebibytes(statistics.memoryBytes))) MiB"
              + "  peak total \(PlaybackBenchmark.format(PlaybackBenchmark.mebibytes(statistics.cache.peakTotalBytes))) MiB"
              + "  canvases held at most \(run.canvases)")
        print(pace)
        return 0
    }

    /// Waits and samples a run.
    private final class Run {
        let surface: AnimationSurface
        let start: ContinuousClock.Instant
        var canvases = 0

        init(surface: AnimationSurface, start: ContinuousClock.Instant) {
            self.surface = surface
            self.start = start
        }

        var elapsed: Double { (ContinuousClock.now - start) / .seconds(1) }

        /// Samples every 50 ms until `done` holds (returns the time then) or `end` s have passed (`nil`).
        func wait(until end: Double, _ done: () -> Bool) -> Double? {
            while elapsed < end {
                if done() { return elapsed }
                canvases = max(canvases, surface.cache.heldCanvasCount)
                Thread.sleep(forTimeInterval: 0.05)
            }
            return nil
        }
    }

    /// `--trace-start`: when each visible attachment is made visible, starts playing (its start-up
    /// hold ends) and misses, sampled every 2 ms until the first loop ends; printed at the end.
    private final class StartTrace: @unchecked Sendable {
        private let visible: [SurfaceAttachment]
        private let run: Run
        private let lock = NSLock()
        private var lines: [String] = []
        private var done = false

        init(_ visible: [SurfaceAttachment], run: Run) {
            self.visible = visible
            self.run = run
            Thread.detachNewThread { [self] in sample() }
        }

        func note(_ text: String) {
            let line = "t=\(PlaybackBenchmark.format(run.elapsed * 1000)) ms " + text
            lock.withLock { lines.append(line) }
        }

        private func sample() {
            var held = [Bool](repeating: true, count: visible.count), misses = [Int](repeating: 0, count: visible.count)
            while !lock.withLock({ done }) {
                for (number, attachment) in visible.enumerated() {
                    let animator = attachment.animator
                    let stored = attachment.animator.cache.storedFrameCount(of: attachment.image.source)
                    if held[number] && !animator.holdsStart && attachment.presentation == .playing {
                        held[number] = false
                        note("a\(number) starts (frames held \(stored))")
                    }
                    let missed = animator.bufferMisses
                    if missed != misses[number] {
                        note("a\(number) miss +\(missed - misses[number]) frame \(animator.currentFrame) (held \(stored))")
                        misses[number] = missed
                    }
                }
                Thread.sleep(forTimeInterval: 0.002)
            }
        }

        func finish() {
            let lines = lock.withLock { done = true; return self.lines }
            for line in lines { print("start: " + line) }
        }
    }

    /// `--trace-jobs`: every decode job the pool runs until the first loop ends: when it was
    /// scheduled, its deadline, when it ran, and the image (its number in the folder).
    private final class JobTrace: DecodeScheduler, @unchecked Sendable {
        private let pool: DecodeWorkerPool
        private let names: [ObjectIdentifier: Int]
        private let now: @Sendable () -> Duration
        private let lock = NSLock()
        private var lines: [(Duration, String)] = []

        init(pool: DecodeWorkerPool, images: [AnimatedImage], now: @escaping @Sendable () -> Duration) {
            self.pool = pool
            self.now = now
            names = Dictionary(images.enumerated().map { (ObjectIdentifier($1), $0) }, uniquingKeysWith: { a, _ in a })
        }

        func schedule(_ job: @escaping @Sendable () -> Void) { pool.schedule(job) }

        func schedule(deadline: Duration, group: ObjectIdentifier, _ job: @escaping @Sendable () -> Void) {
            let queued = now(), name = names[group] ?? -1
            pool.schedule(deadline: deadline, group: group) { [self] in
                let start = now()
                job()
                let end = now()
                let ms = { (d: Duration) in PlaybackBenchmark.format(d / .milliseconds(1)) }
                lock.withLock { lines.append((start, "img \(name) ran \(ms(start))-\(ms(end)) deadline \(ms(deadline)) queued \(ms(queued))")) }
            }
        }

        func cancel(group: ObjectIdentifier) { pool.cancel(group: group) }

        func finish(until end: Duration) {
            for (start, line) in lock.withLock({ lines }).sorted(by: { $0.0 < $1.0 }) where start <= end { print("job: " + line) }
        }
    }

    /// Why frames are late: the frames a second the visible animations show at rate 1, against
    /// what the workers decode a second at the cache's measured decode times.
    private static func decodePace(of visible: [SurfaceAttachment], cache: SharedFrameCache) -> String {
        var demand = 0.0, decodeSeconds = 0.0
        for attachment in visible {
            let source = attachment.image.source
            let loop = (0..<source.frameCount).reduce(Duration.zero) { $0 + source.duration(at: $1) } / .seconds(1)
            guard loop > 0 else { continue }
            demand += Double(source.frameCount) / loop
            decodeSeconds += cache.decodeTime(of: source) / .seconds(1)
        }
        let workers = (cache.scheduler as? DecodeWorkerPool)?.workerCount ?? 1
        let mean = decodeSeconds / Double(max(1, visible.count))
        return "pace: the visible animations show \(PlaybackBenchmark.format(demand)) frames/s; a frame decodes in "
            + "\(PlaybackBenchmark.format(mean * 1000)) ms on average (the cache's measure), so \(workers) workers "
            + "decode \(PlaybackBenchmark.format(mean > 0 ? Double(workers) / mean : 0)) frames/s until every frame is held"
    }
}
