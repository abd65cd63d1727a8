import Foundation
import Zoetrope

/// `parallel-thumbnails FILE... [--seconds S]`: 160×160 animated WebP thumbnails of FILEs made in
/// a loop by one thread, then by two threads at once, each for S seconds (default 10). Prints,
/// for each, thumbnails a second (wall clock) and the CPU time of one thumbnail (the threads' own
/// CPU time, which other processes' load barely changes): with nothing shared between requests,
/// two threads make about twice as many and each costs the same CPU time.
enum ParallelThumbnails {
    static func run(_ arguments: [String]) -> Int32 {
        var files = arguments, seconds = 10.0
        if let flag = files.firstIndex(of: "--seconds"), flag + 1 < files.count, let value = Double(files[flag + 1]) {
            seconds = value
            files.removeSubrange(flag...flag + 1)
        }
        guard !files.isEmpty else {
            print("usage: parallel-thumbnails FILE... [--seconds S]")
            return 64
        }
        do {
            let uploads = try files.map { try FileBytes.read($0) }
            let one = measure(uploads, threads: 1, seconds: seconds)
            let two = measure(uploads, threads: 2, seconds: seconds)
            print(String(format: "1 thread:  %.2f thumbnails/s, %.2f ms CPU each", one.rate, one.cpuMilliseconds))
            print(String(format: "2 threads: %.2f thumbnails/s, %.2f ms CPU each", two.rate, two.cpuMilliseconds))
            print(String(format: "2 vs 1: throughput × %.2f, CPU per thumbnail × %.2f", two.rate / one.rate,
                         two.cpuMilliseconds / one.cpuMilliseconds))
            return 0
        } catch {
            print("parallel-thumbnails: \(error)")
            return 1
        }
    }

    private struct Result {
        var rate: Double
        var cpuMilliseconds: Double
    }

    private static func measure(_ uploads: [[UInt8]], threads: Int, seconds: Double) -> Result {
        final class Tally: @unchecked Sendable {
            let lock = NSLock()
            var count = 0
            var cpu = 0.0
        }
        let tally = Tally(), group = DispatchGroup()
        let start = Date(), end = start.addingTimeInterval(seconds)
        let options = TranscodeOptions.thumbnail(fitting: PixelSize(width: 160, height: 160))
        for thread in 0..<threads {
            group.enter()
            Thread {
                var count = 0, next = thread
                let cpuStart = threadCPUSeconds()
                while Date() < end {
                    let bytes = uploads[next % uploads.count]
                    next += 1
                    guard let image = try? AnimatedImage(bytes: bytes),
                          (try? Transcoder.transcode(image, options: options)) != nil else { continue }
                    count += 1
                }
                let cpu = threadCPUSeconds() - cpuStart
                tally.lock.withLock { tally.count += count; tally.cpu += cpu }
                group.leave()
            }.start()
        }
        group.wait()
        let elapsed = Date().timeIntervalSince(start)
        return Result(rate: Double(tally.count) / elapsed, cpuMilliseconds: tally.cpu * 1000 / Double(max(1, tally.count)))
    }

    /// The calling thread's CPU time (user and system).
    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
