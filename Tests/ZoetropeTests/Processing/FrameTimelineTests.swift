import Testing
@testable import Zoetrope

@Suite("Frame timeline")
struct FrameTimelineTests {
    private func ms(_ values: [Int]) -> [Duration] { values.map { .milliseconds($0) } }

    @Test("without a cap every frame is kept at its own duration")
    func keepsAll() {
        let timeline = FrameTimeline(durations: ms([30, 40, 50]), maxFrameRate: nil)
        #expect(timeline.indices == [0, 1, 2] && timeline.durations == ms([30, 40, 50]))
        #expect(FrameTimeline(durations: ms([100, 100]), maxFrameRate: 10).indices == [0, 1])
    }

    @Test("frames are dropped by time: kept when they start 1/rate after the last kept one")
    func dropsByTime() {
        // Starts 0, 20, 40, 60, 80, 100 ms at a 25 fps cap (40 ms): keep 0, 40, 80.
        let even = FrameTimeline(durations: ms([20, 20, 20, 20, 20, 20]), maxFrameRate: 25)
        #expect(even.indices == [0, 2, 4] && even.durations == ms([40, 40, 40]))
        // Variable durations: starts 0, 10, 200, 210, 220, 400; groups {0, 1}, {2, 3, 4}, {5}
        // each show their longest frame.
        let uneven = FrameTimeline(durations: ms([10, 190, 10, 10, 180, 50]), maxFrameRate: 25)
        #expect(uneven.indices == [1, 4, 5])
        #expect(uneven.durations == ms([200, 200, 50]))
        // A last group shorter than 1/rate joins the one before.
        let tail = FrameTimeline(durations: ms([100, 100, 10]), maxFrameRate: 25)
        #expect(tail.indices == [0, 1] && tail.durations == ms([100, 110]))
    }

    @Test("the total duration is kept and no output frame is shorter than 1/rate")
    func keepsTotal() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<50 {
            let durations = (0..<40).map { _ in Duration.milliseconds(Int(generator.next() % 120) + 1) }
            let timeline = FrameTimeline(durations: durations, maxFrameRate: 20)
            #expect(timeline.durations.reduce(.zero, +) == durations.reduce(.zero, +))
            #expect(timeline.durations.allSatisfy { $0 >= .milliseconds(50) })
            #expect(timeline.indices == timeline.indices.sorted() && Set(timeline.indices).count == timeline.count)
        }
    }
}
