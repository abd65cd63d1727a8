import Foundation
import Testing

/// A big canvas with many tiny frames: the command's work follows the frames' 2×2 rectangles, not
/// the 4000×4000 canvas (measured as its CPU time, with the shell's `times`). Reading every frame
/// (`info`) is measured in page faults by ``DamagedRectangleTests`` in the library's tests.
@Suite("zoetrope on a big canvas of tiny frames")
struct TinyFramesTests {
    @Test("timeline --seconds 2 takes under a second of CPU and shows the 20 frames of those 2 seconds")
    func timeline() throws {
        let folder = try TemporaryFolder()
        try folder.write(TinyFrames.webP, to: "tiny.webp")
        let result = try CommandRunner.shell("\"$ZOETROPE\" timeline tiny.webp --seconds 2 --json && times", in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let text = String(decoding: result.standardOutput, as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.first?.contains("\"frame\":19") == true && lines.first?.contains("\"frame\":20") == false, "\(text)")
        let cpu = try #require(Self.childSeconds(lines.last.map(String.init) ?? ""), "times printed \(text)")
        #expect(cpu < 1, "\(cpu) s of CPU")
    }

    /// The children's user + system time from the second line of `times` ("0m0.540s 0m0.120s").
    static func childSeconds(_ line: String) -> Double? {
        let fields = line.split(separator: " ")
        guard fields.count == 2 else { return nil }
        var total = 0.0
        for field in fields {
            let parts = field.dropLast().split(separator: "m")
            guard field.hasSuffix("s"), parts.count == 2, let minutes = Double(parts[0]), let seconds = Double(parts[1]) else {
                return nil
            }
            total += minutes * 60 + seconds
        }
        return total
    }
}
