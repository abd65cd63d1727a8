import Foundation
import Testing
import Zoetrope

@Suite("Documentation snippets")
struct DocumentationSnippetTests {
    /// The package's root folder.
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The ```swift blocks of a Markdown file.
    private static func swiftBlocks(in text: String) -> [[Substring]] {
        var blocks: [[Substring]] = [], current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.hasPrefix("```swift") {
                current = []
            } else if let block = current, line.hasPrefix("```") {
                blocks.append(block)
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Lines without indentation, blank lines or imports: what must match between a snippet and its copy.
    private static func significant<Lines: Sequence<Substring>>(_ lines: Lines) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }

    private static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<($0 + needle.count)]) == needle }
    }

    static let documents = ["README.md"] + ["Zoetrope", "PlaybackAndMemory", "FormatsAndBrowserRules",
                                            "ServerSideUse", "TheCommandLineTool", "GettingStartedOnApplePlatforms"]
        .map { "Sources/Zoetrope/Zoetrope.docc/\($0).md" }

    @Test("every Swift snippet is compiled: here, or by scripts/check-apple for the Apple ones",
          arguments: documents)
    func snippetsAreCompiled(document: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
        let copies = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("DocumentationSnippets.swift"), encoding: .utf8)
        let compiled = Self.significant(copies.split(separator: "\n", omittingEmptySubsequences: false))
        for block in Self.swiftBlocks(in: text) {
            let apple = block.contains { ["import UIKit", "import AppKit", "import SwiftUI"].contains($0) }
            if apple { continue }
            #expect(Self.contains(compiled, Self.significant(block)),
                    "\(document): a snippet is not in DocumentationSnippets.swift:\n\(block.joined(separator: "\n"))")
        }
    }

    @Test("the README has its library snippet and an Apple one")
    func readmeHasSnippets() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = Self.swiftBlocks(in: text)
        #expect(blocks.contains { $0.contains("import Zoetrope") && !$0.contains("import SwiftUI") })
        #expect(blocks.contains { $0.contains("import UIKit") })
        #expect(text.contains(".package(url:"))
    }

    /// A two-frame 8×4 GIF: red then blue, 50 ms each, played twice.
    private static func sampleGIF() throws -> [UInt8] {
        let red = RGBAImage(width: 8, height: 4, pixels: Array(repeating: [255, 0, 0, 255], count: 32).flatMap { $0 })
        let blue = RGBAImage(width: 8, height: 4, pixels: Array(repeating: [0, 0, 255, 255], count: 32).flatMap { $0 })
        return try GIFEncoder.encode(frames: [red, blue], durations: [.milliseconds(50), .milliseconds(50)],
                                     playCount: .finite(2))
    }

    @Test("the server-side snippets do what the article says")
    func serverSideSnippets() async throws {
        let gif = try Self.sampleGIF()
        let verdict = try checkUpload(gif)
        #expect(verdict.isAccepted && verdict.format == .gif && verdict.frameCount == 2)
        #expect(verdict.canvasSize == PixelSize(width: 8, height: 4) && verdict.totalDuration == .milliseconds(100))
        #expect(try !checkUpload(Array(gif.dropLast(3))).isAccepted)   // truncated: damage
        #expect(throws: ZoetropeError.self) { try checkUpload(Array(gif.prefix(40))) }  // no frame at all

        let small = try AnimatedImage(bytes: makeThumbnail(of: gif))
        #expect(small.format == .webp && small.canvasSize == PixelSize(width: 8, height: 4) && small.frameCount == 2)
        #expect(try small.frame(at: 1)[0, 0] == (0, 0, 255, 255))

        let still = try AnimatedImage(bytes: makePoster(of: gif))
        #expect(still.format == .png && still.frameCount == 1)

        let webp = try AnimatedImage(bytes: await transcodeWithinBudget(gif))
        #expect(webp.format == .webp && webp.frameCount == 2 && webp.playCount == .finite(2))
        #expect(try webp.frame(at: 1) == AnimatedImage(bytes: gif).frame(at: 1))
        #expect(try describe(gif) == "GIF 8×4, 2 frames, 128 bytes each")
    }

    @Test("the playback snippets play")
    func playbackSnippets() throws {
        let image = try AnimatedImage(bytes: Self.sampleGIF())
        // Two plays of 100 ms on a simulated 120 Hz display: red, blue, red, blue.
        #expect(try framesShown(by: image) == [0, 1, 0, 1])
        let animator = try playThreeTimes(image)
        #expect(animator.isPlaying && animator.mode == .bounce && animator.rate == 2)
        animator.unload()
    }
}
