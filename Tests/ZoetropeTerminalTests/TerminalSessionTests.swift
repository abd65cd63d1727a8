#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import ZoetropeTerminal

@Suite("Terminal session")
struct TerminalSessionTests {
    @Test("enter, frames, then cleanup and the restoring sequences; nothing is drawn after the restore")
    func sequenceOfOutput() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let session = TerminalSession(input: ends[0], output: ends[1])
        session.write(Array("before ".utf8))   // not begun yet: written
        session.begin(cleanup: Array("cleanup".utf8))
        session.write(Array("frame".utf8))
        session.restore()
        session.restore()                        // the second time does nothing
        session.write(Array("late frame".utf8))  // after the restore: dropped
        close(ends[1])
        var output = [UInt8]()
        while true {
            let chunk = TerminalDevice.readAvailable(ends[0], limit: 256)
            if chunk.isEmpty { break }
            output += chunk
        }
        // Written out from xterm's control sequences: enter = alternate screen (DECSET 1049), hide the
        // cursor (DECRST 25), autowrap off (DECRST 7), SGR 0, erase the display (ED 2); leave = SGR 0,
        // autowrap on (DECSET 7), show the cursor (DECSET 25), main screen (DECRST 1049).
        #expect(text(output) == "before " + "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[0m\u{1B}[2J" + "frame" + "cleanup"
                 + "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l")
    }
}
