import Testing
@testable import Zoetrope

@Suite("Lookahead and decode time")
struct LookaheadTests {
    static func ms(_ value: Double) -> Duration { .microseconds(Int((value * 1000).rounded())) }

    @Test("before any decode the estimate is 1 ms plus 25 ns a pixel")
    func estimate() {
        #expect(DecodeTimeAverage(pixels: 1920 * 1080).value == .nanoseconds(1_000_000 + 25 * 2_073_600))
        #expect(DecodeTimeAverage(pixels: 0).value == .milliseconds(1))
    }

    @Test("the estimate counts as one sample; the first samples are averaged with it")
    func cumulative() {
        var average = DecodeTimeAverage(estimate: .milliseconds(40))
        average.add(.milliseconds(10))
        #expect(average.value == .milliseconds(25)) // (40 + 10) / 2
        average.add(.milliseconds(10))
        #expect(average.value == .milliseconds(20)) // (40 + 10 + 10) / 3
        #expect(average.samples == 2)
    }

    @Test("from the eighth sample on each sample moves the average by an eighth")
    func exponential() {
        var average = DecodeTimeAverage(estimate: .milliseconds(80))
        for _ in 0..<7 { average.add(.milliseconds(80)) }
        #expect(average.value == .milliseconds(80))
        average.add(.zero)
        #expect(average.value == .milliseconds(70))
        average.add(.zero)
        #expect(average.value == Self.ms(61.25))
    }

    @Test("after the first sample, one long decode counts as at most four times the average")
    func outlier() {
        var average = DecodeTimeAverage(estimate: .milliseconds(1))
        average.add(.milliseconds(19))
        #expect(average.value == .milliseconds(10)) // the first sample counts whole: (1 + 19) / 2
        average.add(.seconds(1))
        #expect(average.value == .milliseconds(20)) // (1 + 19 + 40) / 3
        var tiny = DecodeTimeAverage(estimate: .zero)
        tiny.add(.zero)
        tiny.add(.seconds(1))
        #expect(tiny.value == .milliseconds(1) / 3) // a zero average still admits 1 ms
    }

    @Test("the window covers twice the decode time plus 50 ms with the upcoming frames, plus one, at least 3",
          arguments: [
              // decode ms, durations ms, rate, ceiling, expected frames
              (0.0, Array(repeating: 40, count: 20), 1.0, 50, 3), // lead 50: 2 frames + 1
              (0.0, Array(repeating: 10, count: 20), 1.0, 50, 6), // lead 50: 5 frames + 1
              (20.0, Array(repeating: 40, count: 20), 1.0, 50, 4), // lead 90: 3 frames (120 ms) + 1
              (50.0, Array(repeating: 40, count: 20), 1.0, 50, 5), // lead 150: 4 frames + 1
              (50.0, Array(repeating: 40, count: 20), 2.0, 50, 9), // lead 300 of image time: 8 + 1
              (50.0, [500, 10, 10], 1.0, 50, 3), // a long frame covers the lead alone
              (50.0, Array(repeating: 10, count: 20), 1.0, 50, 16), // lead 150: 15 frames + 1
              (50.0, Array(repeating: 10, count: 20), 1.0, 5, 5), // the ceiling wins
              (50.0, [40, 40, 40], 0.0, 50, 3), // standing still: the minimum
              (50.0, [40, 40, 40], 0.0, 2, 2), // …within the ceiling
              (50.0, [40, 40], 1.0, 50, 3), // the list ends first
          ] as [(Double, [Int], Double, Int, Int)])
    func window(decode: Double, durations: [Int], rate: Double, ceiling: Int, expected: Int) {
        let lookahead = Lookahead()
        #expect(lookahead.frames(decodeTime: Self.ms(decode), durations: durations.map { .milliseconds($0) },
                                 rate: rate, ceiling: ceiling) == expected)
    }

    @Test("each miss doubles the lead up to 16 times; every 5 s without one halves it")
    func boost() {
        var lookahead = Lookahead()
        let frames = Array(repeating: Duration.milliseconds(40), count: 100)
        let window = { (lookahead: Lookahead) in
            lookahead.frames(decodeTime: .milliseconds(50), durations: frames, rate: 1, ceiling: 100)
        }
        #expect(window(lookahead) == 5) // lead 150 ms: 4 frames + 1
        lookahead.recordMiss(at: .seconds(1))
        #expect(lookahead.boost == 2)
        #expect(window(lookahead) == 9) // lead 300 ms: 8 frames + 1
        for _ in 0..<4 { lookahead.recordMiss(at: .seconds(2)) }
        #expect(lookahead.boost == 16)
        #expect(window(lookahead) == 61) // lead 2.4 s: 60 frames + 1
        lookahead.settle(at: .milliseconds(6999))
        #expect(lookahead.boost == 16)
        lookahead.settle(at: .seconds(7))
        #expect(lookahead.boost == 8)
        lookahead.settle(at: .seconds(8))
        #expect(lookahead.boost == 8) // the next halving waits another 5 s
        for second in [12, 17, 22, 27] { lookahead.settle(at: .seconds(second)) }
        #expect(lookahead.boost == 1)
        #expect(window(lookahead) == 5)
    }
}
