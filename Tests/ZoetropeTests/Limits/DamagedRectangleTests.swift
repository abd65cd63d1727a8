#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Zoetrope
import ZoetropeTesting

/// A 2×2 frame on a 4000×4000 canvas costs its 4 pixels and its disposal, not a canvas: reading
/// every frame touches the canvas once, random access does not replay from the start, and playback
/// costs the frames it shows.
@Suite("Limits: work follows the damaged rectangle")
struct DamagedRectangleTests {
    static let side = 4000
    /// A 4000×4000 canvas is 15 625 pages of 4 KiB.
    static let canvasPages = side * side * 4 / 4096

    /// 300 frames of 2×2, each disposed to background, on a 4000×4000 canvas (about 14 KB).
    static let tinyFrames: [UInt8] = {
        let frames = (0..<300).map { index -> WebPTestFile.Frame in
            let (x, y) = position(index)
            return WebPTestFile.Frame(x: x, y: y, duration: 100, disposesToBackground: true,
                                      payload: VP8LTestStream.literals(width: 2, height: 2, Array(repeating: color(index), count: 4)))
        }
        return WebPTestFile.animation(width: side, height: side, loopCount: 0, frames: frames)
    }()

    /// Where frame `index` lies (even coordinates, as ANMF stores them halved).
    static func position(_ index: Int) -> (x: Int, y: Int) { ((index * 26) % (side - 2) & ~1, (index * 13) % (side - 2) & ~1) }

    /// Frame `index`'s opaque ARGB colour.
    static func color(_ index: Int) -> UInt32 {
        0xFF00_0000 | UInt32(index * 37 & 0xFF) << 16 | UInt32(index * 91 & 0xFF) << 8 | UInt32(index * 53 & 0xFF)
    }

    /// Checks that `frame` is frame `index`: its 2×2 in its colour, and the previous frame's cleared.
    static func check(_ frame: RGBAImage, is index: Int) {
        let (x, y) = position(index)
        let argb = color(index)
        let expected = (UInt8(argb >> 16 & 0xFF), UInt8(argb >> 8 & 0xFF), UInt8(argb & 0xFF), UInt8(255))
        #expect(frame[x + 1, y + 1] == expected, "frame \(index)")
        if index > 0, position(index - 1) != position(index) {
            let (px, py) = position(index - 1)
            let overlaps = abs(px - x) < 2 && abs(py - y) < 2
            if !overlaps { #expect(frame[px, py] == (0, 0, 0, 0), "frame \(index - 1) was disposed before \(index)") }
        }
    }

    @Test("every frame in order touches the canvas once, not once a frame")
    func inOrder() throws {
        let image = try AnimatedImage(bytes: Self.tinyFrames)
        let usage = ThreadUsage()
        var count = 0
        try image.forEachFrame { index, frame in
            Self.check(frame, is: index)
            count += 1
        }
        #expect(count == 300)
        // The canvas is zero-filled once (its pages faulted in once); a canvas per frame was 4.7 M faults.
        #expect(usage.minorFaults < 4 * Self.canvasPages, "\(usage.minorFaults) page faults")
    }

    @Test("every frame is a clean start: random access draws the frame alone, without replaying the frames before it")
    func randomAccess() throws {
        let image = try AnimatedImage(bytes: Self.tinyFrames)
        let usage = ThreadUsage()
        for index in [299, 150, 7, 298] { Self.check(try image.frame(at: index), is: index) }
        // A new canvas for each frame handed out, and nothing more.
        #expect(usage.minorFaults < 4 * 2 * Self.canvasPages, "\(usage.minorFaults) page faults")
    }

    @Test("frames read one after the other cost a canvas each (the one handed out), nothing more")
    func frameAfterFrame() throws {
        let image = try AnimatedImage(bytes: Self.tinyFrames)
        let usage = ThreadUsage()
        for index in 0..<30 { Self.check(try image.frame(at: index), is: index) }
        #expect(usage.minorFaults < 2 * 30 * Self.canvasPages, "\(usage.minorFaults) page faults")
    }

    @Test("timing without pixels plays as the image does: the same changes, plays, misses and frames held")
    func timingImage() throws {
        let image = try AnimatedImage(bytes: Self.tinyFrames)
        let usage = ThreadUsage()
        let timing = try PlaybackSimulation.run(TimingImage(image), ticksPerSecond: 60, duration: .seconds(2))
        #expect(timing.changes.map(\.frame) == Array(0...19))
        #expect(usage.cpuSeconds < 1, "\(usage.cpuSeconds) s of CPU")
        var generator = SplitMix64(seed: 9)
        let small = (0..<12).map { _ in
            RGBAImage(width: 40, height: 30, pixels: (0..<40 * 30 * 4).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }
        let sticker = try AnimatedImage(bytes: GIFEncoder.encode(frames: small, durations: [.milliseconds(30)], playCount: .finite(3)))
        let real = try PlaybackSimulation.run(sticker, ticksPerSecond: 60, duration: .seconds(3))
        let timed = try PlaybackSimulation.run(TimingImage(sticker), ticksPerSecond: 60, duration: .seconds(3))
        #expect(timed == real)
    }
}

/// The calling thread's CPU time and minor page faults since the value was made.
struct ThreadUsage {
    private let start: rusage

    init() { start = Self.now() }

    var cpuSeconds: Double {
        let now = Self.now()
        return Self.seconds(now.ru_utime) + Self.seconds(now.ru_stime) - Self.seconds(start.ru_utime) - Self.seconds(start.ru_stime)
    }

    var minorFaults: Int { Self.now().ru_minflt - start.ru_minflt }

    private static func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }

    private static func now() -> rusage {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(1), &usage) // RUSAGE_THREAD, which Glibc's module does not export
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return usage
    }
}
