import Testing
@testable import Zoetrope
import ZoetropeTesting

@Suite("Playback simulation")
struct PlaybackSimulationTests {
    static func sequence(playCount: PlayCount = .finite(2)) throws -> FrameSequence {
        let stills = (0..<4).map { CountingImage.still($0, size: PixelSize(width: 4, height: 4)) }
        return try FrameSequence(frames: stills, durations: [100, 50, 120, 30].map { .milliseconds($0) },
                                 playCount: playCount)
    }

    @Test("a simulated 60 Hz display shows each frame on the first tick at or after its start")
    func sixtyHertz() throws {
        let report = try PlaybackSimulation.run(Self.sequence(), ticksPerSecond: 60, duration: .seconds(5))
        // Frames start at 100, 150, 270, 300 (second play), 400, 450, 570 ms; ticks fall every 1/60 s,
        // so 270 ms shows at tick 17 (283.3 ms) and 570 ms at tick 35 (583.3 ms).
        let tick = { (k: Int) in Duration.seconds(k) / 60 }
        #expect(report.changes == [
            .init(time: .zero, frame: 0, play: 0), .init(time: tick(6), frame: 1, play: 0),
            .init(time: tick(9), frame: 2, play: 0), .init(time: tick(17), frame: 3, play: 0),
            .init(time: tick(18), frame: 0, play: 1), .init(time: tick(24), frame: 1, play: 1),
            .init(time: tick(27), frame: 2, play: 1), .init(time: tick(35), frame: 3, play: 1),
        ])
        #expect(report.playsCompleted == 2)
        #expect(report.finished)
        #expect(report.bufferMisses == 0)
        #expect(report.peakBufferedFrames == 4)
        #expect(report.peakBufferedBytes == 4 * 64)
    }

    @Test("the simulation is deterministic and honours the duration limit")
    func deterministic() throws {
        let configuration = Animator.Configuration(style: PlaybackStyle(rate: 2, mode: .bounce), budget: .frames(1))
        let first = try PlaybackSimulation.run(Self.sequence(playCount: .infinite), ticksPerSecond: 120,
                                               duration: .seconds(3), configuration: configuration)
        let second = try PlaybackSimulation.run(Self.sequence(playCount: .infinite), ticksPerSecond: 120,
                                                duration: .seconds(3), configuration: configuration)
        #expect(first == second)
        #expect(!first.finished)
        #expect(first.changes.last.map { $0.time <= .seconds(3) } == true)
        // A one-frame budget holds the frame shown and the next: two at most.
        #expect(first.peakBufferedFrames == 2)
        #expect(first.bufferMisses == 0)
        // Bounce: 0 1 2 3 2 1, then 0 again; one play is 100+50+120+30+120+50 = 470 ms, 235 ms at
        // rate 2, so 3 s hold 12 whole plays.
        #expect(first.changes.prefix(7).map(\.frame) == [0, 1, 2, 3, 2, 1, 0])
        #expect(first.playsCompleted == 12)
    }
}
