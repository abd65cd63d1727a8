import Dispatch
import Foundation
import Zoetrope

/// `zoetrope-benchmark playback FILE [--seconds S] [--budgets LIST]`: plays an animation on the
/// real 60 Hz timer clock at rate 1, looping, for S seconds of wall time (10 by default), once per
/// budget, each run in its own child process so that its peak resident memory (VmHWM, from process
/// start: the file read included) and CPU time (getrusage) are its own. It prints the frames shown,
/// buffer misses, the largest window the buffer reached and the cache's peaks.
///
/// Budgets: `automatic` (the default policy), `16MiB`, `all-frames` (run by default only when every
/// frame decoded fits in 512 MiB), and `yyimage` (the old automatic rule, min(20 % of physical
/// memory, 60 % of available), in a cache of the same limit: only when asked for).
enum PlaybackBenchmark {
    static let budgetNames = ["automatic", "16MiB", "all-frames", "yyimage"]

    /// The budget and the cache limit of a named run.
    static func budget(named name: String) -> (budget: BufferBudget, cacheLimit: Int?)? {
        switch name {
        case "automatic": return (.automatic, nil)
        case "16MiB": return (.bytes(16 << 20), nil)
        case "all-frames": return (.allFrames, Int.max)
        case "yyimage":
            let memory = SystemMemory.current()
            let bytes = max(10 << 20, min(memory.physical / 5, memory.available / 5 * 3))
            return (.bytes(bytes), bytes)
        default: return nil
        }
    }

    /// Runs the benchmark for the arguments after `playback`; returns the exit status.
    static func main(_ arguments: [String]) -> Int32 {
        if arguments.first == "--child" { return child(Array(arguments.dropFirst())) }
        guard let file = arguments.first, !file.hasPrefix("--") else {
            print("usage: zoetrope-benchmark playback FILE [--seconds S] [--budgets \(budgetNames.joined(separator: ","))]")
            return 2
        }
        let seconds = value(of: "--seconds", in: arguments).flatMap(Double.init) ?? 10
        guard let names = budgets(value(of: "--budgets", in: arguments), file: file) else {
            print("playback: --budgets takes a comma-separated list of \(budgetNames.joined(separator: ", "))")
            return 2
        }
        print("playback of \(file) for \(seconds) s, looping, rate 1, 60 Hz timer clock")
        print("budget      shown  misses  window/limit  wall-s   cpu-s  peak-RSS-MiB  RSS-at-open-MiB  decodes"
              + "  peak-frames-MiB  peak-total-MiB  decode-ms")
        for name in names {
            let status = runChild(["playback", "--child", name, file, String(seconds)])
            if status != 0 { return status }
        }
        return 0
    }

    private static func value(of option: String, in arguments: [String]) -> String? {
        arguments.firstIndex(of: option).flatMap { arguments.dropFirst($0 + 1).first }
    }

    /// The budgets asked for, or the default ones for `file`; `nil` for an unknown name.
    private static func budgets(_ list: String?, file: String) -> [String]? {
        if let list {
            let names = list.split(separator: ",").map(String.init)
            return names.allSatisfy(budgetNames.contains) ? names : nil
        }
        guard let image = try? AnimatedImage(contentsOfFile: file) else { return ["automatic", "16MiB"] }
        let (total, overflow) = image.bytesPerFrame.multipliedReportingOverflow(by: image.frameCount)
        return !overflow && total <= 512 << 20 ? ["automatic", "16MiB", "all-frames"] : ["automatic", "16MiB"]
    }

    private static func runChild(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            print("cannot start a child process: \(error)")
            return 1
        }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        print(String(decoding: output, as: UTF8.self), terminator: "")
        return process.terminationStatus
    }

    /// One measured run: `BUDGET FILE SECONDS`.
    private static func child(_ arguments: [String]) -> Int32 {
        guard arguments.count == 3, let (budget, cacheLimit) = budget(named: arguments[0]),
              let seconds = Double(arguments[2]) else { return 2 }
        let image: AnimatedImage
        do {
            image = try AnimatedImage(contentsOfFile: arguments[1])
        } catch {
            print("\(arguments[1]): \(error)")
            return 1
        }
        let cache = SharedFrameCache(byteLimit: cacheLimit)
        let animator = Animator(clock: TimerClock(ticksPerSecond: 60), cache: cache,
                                configuration: Animator.Configuration(style: PlaybackStyle(playCount: .infinite), budget: budget))
        let rssAtOpen = statusField("VmRSS")
        let start = ContinuousClock.now
        do {
            try animator.prepare(image)
        } catch {
            print("\(arguments[1]): \(error)")
            return 1
        }
        let counters = LockedCounters()
        animator.observe { [weak animator] event in
            if case .frameChanged = event { counters.frameShown(window: animator?.prefetchSize?.window ?? 0) }
        }
        animator.play()
        Thread.sleep(forTimeInterval: seconds)
        animator.pause()
        let wall = (ContinuousClock.now - start) / .seconds(1)
        let statistics = cache.statistics
        let decodeTime = cache.decodeTime(of: image) / .milliseconds(1)
        let line = [
            arguments[0].padding(toLength: 10, withPad: " ", startingAt: 0),
            pad("\(counters.shown)", 6), pad("\(animator.bufferMisses)", 8),
            pad("\(counters.peakWindow)/\(animator.prefetchSize?.frameLimit ?? 0)", 14), pad(format(wall), 8), pad(format(cpuSeconds()), 8),
            pad(format(mebibytes(statusField("VmHWM"))), 14), pad(format(mebibytes(rssAtOpen)), 17),
            pad("\(statistics.decodes)", 9), pad(format(mebibytes(statistics.peakBytes)), 17),
            pad(format(mebibytes(statistics.peakTotalBytes)), 16), pad(format(decodeTime), 11),
        ]
        print(line.joined())
        return 0
    }

    /// A `kB` field of `/proc/self/status`, in bytes (0 where there is none).
    static func statusField(_ name: String) -> Int {
        guard let data = FileManager.default.contents(atPath: "/proc/self/status") else { return 0 }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix(name + ":") {
            return (line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
        }
        return 0
    }

    /// User and system CPU time of this process.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }

    static func mebibytes(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }
    static func format(_ value: Double) -> String { String(format: "%.2f", value) }
    private static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}

/// Frames shown and the largest window seen, counted from the animator's events.
private final class LockedCounters: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    private let lock = NSLock()
    private var shownCount = 0
    private var window = 0

    func frameShown(window current: Int) {
        lock.lock()
        shownCount += 1
        window = max(window, current)
        lock.unlock()
    }

    var shown: Int { lock.lock(); defer { lock.unlock() }; return shownCount }
    var peakWindow: Int { lock.lock(); defer { lock.unlock() }; return window }
}
