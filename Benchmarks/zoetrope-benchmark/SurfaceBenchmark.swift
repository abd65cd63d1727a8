import Foundation
import Zoetrope

/// `zoetrope-benchmark surface DIR [--seconds S] [--full] [--glibc-default]`: many animations on one surface, as a
/// chat stream holds them. Every GIF in DIR (sorted by name) is opened once; 200 attachments show
/// them in turn, each at 160×90 pixels (`--full`: at the images' own size), and the first 20 are
/// visible. They play on one 60 Hz timer clock at rate 1 for S seconds of wall time (20 by
/// default). It prints the peak resident memory (VmHWM), the CPU time used after every visible
/// animation has played once, the buffer misses of the visible attachments, and the cache's
/// figures at the end, with the most replay canvases held at once (sampled every 50 ms). Freed
/// buffers go back to the system as in the `zoetrope` command (``LargeBufferRelease``) unless
/// `--glibc-default`.
enum SurfaceBenchmark {
    static let attachmentCount = 200
    static let visibleCount = 20

    static func run(_ arguments: [String]) -> Int32 {
        guard let folder = arguments.first, !folder.hasPrefix("--") else {
            print("usage: zoetrope-benchmark surface DIR [--seconds S] [--full] [--glibc-default]")
            return 2
        }
        let seconds = arguments.firstIndex(of: "--seconds").flatMap { arguments.dropFirst($0 + 1).first }
            .flatMap(Double.init) ?? 20
        let full = arguments.contains("--full")
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
        return play(images, seconds: seconds, full: full)
    }

    private static func play(_ images: [AnimatedImage], seconds: Double, full: Bool) -> Int32 {
        let surface = AnimationSurface(cache: SharedFrameCache(), clock: TimerClock(ticksPerSecond: 60),
                                       configuration: Animator.Configuration(style: PlaybackStyle(playCount: .infinite)))
        let attachments = (0..<attachmentCount).map { index in
            let image = images[index % images.count]
            return surface.makeAttachment(image: image, size: full ? image.canvasSize : PixelSize(width: 160, height: 90))
        }
        let visible = attachments.prefix(visibleCount)
        let firstLoop = visible.map { attachment in
            let source = attachment.image.source
            return (0..<source.frameCount).reduce(Duration.zero) { $0 + source.duration(at: $1) }
        }.max() ?? .zero
        let start = ContinuousClock.now
        for attachment in visible { attachment.setVisible(true) }
        var canvases = 0
        func wait(until end: Double) {
            while (ContinuousClock.now - start) / .seconds(1) < end {
                canvases = max(canvases, surface.cache.heldCanvasCount)
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        wait(until: min(seconds, firstLoop / .seconds(1) + 0.5))
        let cpuAtLoop = PlaybackBenchmark.cpuSeconds()
        let wallAtLoop = (ContinuousClock.now - start) / .seconds(1)
        wait(until: seconds)
        let cpuAfter = PlaybackBenchmark.cpuSeconds() - cpuAtLoop
        let wall = (ContinuousClock.now - start) / .seconds(1)
        let misses = visible.reduce(0) { $0 + $1.animator.bufferMisses }
        let statistics = surface.statistics
        for attachment in visible { attachment.setVisible(false) }
        print("surface: \(attachmentCount) attachments of \(images.count) images, \(visibleCount) visible at "
              + (full ? "full size" : "160x90") + ", \(PlaybackBenchmark.format(wall)) s at rate 1")
        print("peak RSS \(PlaybackBenchmark.format(PlaybackBenchmark.mebibytes(PlaybackBenchmark.statusField("VmHWM")))) MiB"
              + "  CPU \(PlaybackBenchmark.format(cpuAtLoop)) s to the first loop's end"
              + " (\(PlaybackBenchmark.format(wallAtLoop)) s), \(PlaybackBenchmark.format(cpuAfter)) s after"
              + "  misses \(misses)  decodes \(statistics.cache.decodes)"
              + "  memory \(PlaybackBenchmark.format(PlaybackBenchmark.mebibytes(statistics.memoryBytes))) MiB"
              + "  peak total \(PlaybackBenchmark.format(PlaybackBenchmark.mebibytes(statistics.cache.peakTotalBytes))) MiB"
              + "  canvases held at most \(canvases)")
        return 0
    }
}
