import Dispatch
import Foundation
import Zoetrope

/// `zoetrope-benchmark playback FILE [--seconds S]`: plays an animation on the real timer clock
/// for its whole duration (at least S seconds, 10 by default, in whole plays), once with the
/// automatic buffer budget, once keeping all frames, and once within 16 MiB; each run in its own
/// child process so that its peak resident memory (VmHWM) and CPU time (getrusage) are its own.
enum PlaybackBenchmark {
    static let budgets: [(name: String, budget: BufferBudget)] = [
        ("automatic", .automatic), ("all-frames", .allFrames), ("16MiB", .bytes(16 << 20)),
    ]

    /// When `arguments` (the whole command line) ask for `playback`, runs it and exits.
    static func runIfRequested(_ arguments: [String]) {
        guard arguments.dropFirst().first == "playback" else { return }
        exit(main(Array(arguments.dropFirst(2))))
    }

    /// Runs the benchmark for the arguments after `playback`; returns the exit status.
    static func main(_ arguments: [String]) -> Int32 {
        if arguments.first == "--child" { return child(Array(arguments.dropFirst())) }
        guard let file = arguments.first else {
            print("usage: zoetrope-benchmark playback FILE [--seconds S]")
            return 2
        }
        let seconds = arguments.firstIndex(of: "--seconds").flatMap { arguments.dropFirst($0 + 1).first }
            .flatMap(Double.init) ?? 10
        print("playback of \(file), at least \(seconds) s in whole plays, 60 Hz timer clock")
        print("budget       plays  frames-ahead  wall-s   cpu-s  peak-RSS-MiB  RSS-at-open-MiB  misses  decodes  peak-cache-MiB")
        for (name, _) in budgets {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            process.arguments = ["playback", "--child", name, file, String(seconds)]
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
            if process.terminationStatus != 0 { return process.terminationStatus }
        }
        return 0
    }

    /// One measured run: `BUDGET FILE SECONDS`.
    private static func child(_ arguments: [String]) -> Int32 {
        guard arguments.count == 3, let budget = budgets.first(where: { $0.name == arguments[0] })?.budget,
              let seconds = Double(arguments[2]) else { return 2 }
        let image: AnimatedImage
        do {
            image = try AnimatedImage(contentsOfFile: arguments[1])
        } catch {
            print("\(arguments[1]): \(error)")
            return 1
        }
        let loop = image.totalDuration
        let plays = max(1, Int((Duration.seconds(seconds) / loop).rounded(.up)))
        let cache = SharedFrameCache(byteLimit: budget == .allFrames ? Int.max : nil)
        let animator = Animator(clock: TimerClock(ticksPerSecond: 60), cache: cache,
                                configuration: Animator.Configuration(playCount: .finite(plays), budget: budget))
        let rssAtOpen = statusField("VmRSS")
        let start = ContinuousClock.now
        do {
            try animator.prepare(image)
        } catch {
            print("\(arguments[1]): \(error)")
            return 1
        }
        let done = DispatchSemaphore(value: 0)
        animator.observe { event in if event == .finished { done.signal() } }
        animator.play()
        done.wait()
        let wall = (ContinuousClock.now - start) / .seconds(1)
        let ahead = animator.buffer?.frameLimit ?? 0
        let statistics = cache.statistics
        let line = [
            arguments[0].padding(toLength: 11, withPad: " ", startingAt: 0),
            pad("\(plays)", 6), pad("\(ahead)", 14), pad(format(wall), 8), pad(format(cpuSeconds()), 8),
            pad(format(mebibytes(statusField("VmHWM"))), 14), pad(format(mebibytes(rssAtOpen)), 17),
            pad("\(animator.bufferMisses)", 8), pad("\(statistics.decodes)", 9),
            pad(format(Double(statistics.peakBytes) / 1_048_576), 16),
        ]
        print(line.joined())
        return 0
    }

    /// A `kB` field of `/proc/self/status`, in bytes (0 where there is none).
    private static func statusField(_ name: String) -> Int {
        guard let data = FileManager.default.contents(atPath: "/proc/self/status") else { return 0 }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix(name + ":") {
            return (line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
        }
        return 0
    }

    /// User and system CPU time of this process.
    private static func cpuSeconds() -> Double {
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

    private static func mebibytes(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }
    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }
    private static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
