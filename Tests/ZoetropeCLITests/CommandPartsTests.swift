import Testing
import Zoetrope
@testable import zoetrope

/// The command's small parts, tested directly with values worked out by hand.
@Suite("zoetrope's parts")
struct CommandPartsTests {
    @Test("the progress line counts the frames of one pass, says which pass, and fills the bar over all passes")
    func progressPasses() {
        let progress = ProgressReporter("converting", frames: 10, passes: 2, quiet: true)
        for done in 1...10 { progress.update(done) }
        #expect(progress.pass == 1 && progress.done == 10)
        for done in 1...3 { progress.update(done) }
        #expect(progress.pass == 2 && progress.done == 3)
        // 13 of 20 frame readings: 30 × 13 / 20 = 19 of 30 marks; 13 frames in 2 s: 7 a second (6.5 rounded).
        #expect(progress.line(elapsed: .seconds(2))
                == "converting [###################...........] 3/10 frames, pass 2 of 2, 7 frames/s")
        let single = ProgressReporter("writing frames", frames: 4, quiet: true)
        for done in 1...4 { single.update(done) }
        single.update(1)   // one pass only: a lower count does not start another
        #expect(single.line(elapsed: .seconds(1)) == "writing frames [#######.......................] 1/4 frames, 1 frames/s")
    }

    @Test("timing changes: GIF's hundredths, WebP's milliseconds, browsers' 100 ms for tiny delays, and none for exact ones")
    func timingChanges() throws {
        let sixteen = Array(repeating: Duration.milliseconds(16), count: 150)
        let gif = try #require(TimingChange(durations: sixteen, format: .gif, timing: .browser))
        #expect(gif.changedFrames.count == 150)
        #expect(gif.total.before == .milliseconds(2400) && gif.total.after == .milliseconds(3000))
        #expect(gif.message(format: .gif) == "GIF stores durations in hundredths of a second: 150 of 150 frames change duration "
                + "(frame 0: 16 ms → 20 ms); the animation lasts 3.0 s instead of 2.4 s")
        #expect(TimingChange(durations: sixteen, format: .webp, timing: .browser) == nil)
        #expect(TimingChange(durations: sixteen, format: .apng, timing: .browser) == nil)
        // 14 ms is stored as one hundredth, which browsers show for 100 ms; raw timing shows the 10 ms.
        let fourteen = [Duration.milliseconds(14), .milliseconds(40)]
        #expect(TimingChange(durations: fourteen, format: .gif, timing: .browser)?.example?.after == .milliseconds(100))
        #expect(TimingChange(durations: fourteen, format: .gif, timing: .raw)?.example?.after == .milliseconds(10))
        // A third of a second is exact in APNG (1/3) and 333 ms in WebP: 30 frames lose 10 ms.
        let third = Array(repeating: Duration.nanoseconds(333_333_333), count: 30)
        #expect(TimingChange(durations: third, format: .apng, timing: .browser) == nil)
        let webp = try #require(TimingChange(durations: third, format: .webp, timing: .browser))
        #expect(webp.changedFrames.isEmpty && webp.total.after == .milliseconds(9990))
        // One frame: a still, whose duration nothing shows.
        #expect(TimingChange(durations: [.milliseconds(16)], format: .gif, timing: .browser) == nil)
    }

    @Test("the temporary name keeps the output's name while the whole fits in 255 bytes")
    func temporaryNames() {
        let folder = Array("dir".utf8)
        for (length, keepsName) in [(1, true), (238, true), (239, false), (255, false)] {
            let name = [UInt8](repeating: UInt8(ascii: "n"), count: length)
            let template = AtomicFile.temporaryTemplate(folder: folder, name: name)
            let component = template.dropFirst(folder.count + 1)
            #expect(component.count <= 255, "\(length)")
            #expect(Array(component) == (keepsName ? Array(".".utf8) + name : []) + Array(".zoetrope-XXXXXX".utf8), "\(length)")
        }
    }

    @Test("--frames values parse to indices, or say what is wrong")
    func frameSelections() throws {
        #expect(try FrameSelection(parsing: "7,0-2,5-").indices(frameCount: 8) == [0, 1, 2, 5, 6, 7])
        #expect(try FrameSelection(parsing: "3-3").indices(frameCount: 4) == [3])
        for bad in ["-1", "5-2", "", "1,,2", "a", "1-2-3", "٣"] {
            #expect(throws: (any Error).self, "\(bad)") { try FrameSelection(parsing: bad) }
        }
    }
}
