#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import Zoetrope

/// Files are mapped, not read: an image opened from a file reads only the pages it touches, keeps
/// its mapping while it lives, and decodes exactly as from the file's bytes.
@Suite("Files mapped into memory")
struct FileMappingTests {
    /// A GIF of `count` frames of noise (about 6 KB a frame of 96×64).
    static func animation(frames count: Int) throws -> [UInt8] {
        var generator = SplitMix64(seed: 30)
        let frames = (0..<count).map { _ in
            RGBAImage(width: 96, height: 64, pixels: (0..<96 * 64 * 4).map { index in
                index % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: generator.next() & 0xF0)
            })
        }
        return try GIFEncoder.encode(frames: frames, durations: [.milliseconds(40)], playCount: .infinite)
    }

    /// Writes `bytes` to a new temporary file and returns its path; removed by `body`'s end.
    static func withFile<Result>(_ bytes: [UInt8], _ body: (String) throws -> Result) throws -> Result {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-map-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    @Test("a regular file of 64 KiB or more is mapped; a smaller one, a /proc file and a pipe are read")
    func whatIsMapped() throws {
        let large = [UInt8]((0..<MappedFile.minimumSize).map { UInt8(truncatingIfNeeded: $0 * 7) })
        try Self.withFile(large) { path in
            let loaded = try FileBytes.load(path)
            #expect(loaded.isMapped && loaded.count == large.count)
            #expect(loaded.withView { Array($0) } == large)
        }
        try Self.withFile(Array(large.dropLast())) { path in
            let loaded = try FileBytes.load(path)
            #expect(!loaded.isMapped && loaded.array == Array(large.dropLast()))
        }
        // /proc files report a size of 0: they are read to their end.
        let status = try FileBytes.load("/proc/self/status")
        #expect(!status.isMapped && status.count > 0)
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let written = large.withUnsafeBytes { write(ends[1], $0.baseAddress, 1000) }
        close(ends[1])
        defer { close(ends[0]) }
        let piped = try FileBytes.load(ends[0], limit: 1 << 20)
        #expect(written == 1000 && !piped.isMapped && piped.array == Array(large.prefix(1000)))
    }

    @Test("an image from a mapped file decodes every frame as from the file's bytes, and keeps the mapping")
    func mappedImage() throws {
        let bytes = try Self.animation(frames: 30)
        #expect(bytes.count > MappedFile.minimumSize)
        let fromBytes = try AnimatedImage(bytes: bytes)
        let mapped = try Self.withFile(bytes) { path in try AnimatedImage(contentsOfFile: path) }
        // The file is gone; its pages stay mapped while the image lives.
        #expect(mapped.frameCount == 30)
        var sequential: [RGBAImage] = []
        try mapped.forEachFrame { _, frame in sequential.append(frame) }
        for index in [29, 0, 17] { #expect(try mapped.frame(at: index) == fromBytes.frame(at: index)) }
        var expected: [RGBAImage] = []
        try fromBytes.forEachFrame { _, frame in expected.append(frame) }
        #expect(sequential == expected)
    }

    @Test("the lazy open of a mapped file parses a prefix, and the rest in the background")
    func lazyOpen() throws {
        let bytes = try Self.animation(frames: 300)
        #expect(bytes.count > 8 * ProgressiveImage.firstParseLength)
        try Self.withFile(bytes) { path in
            let image = try ProgressiveImage(imageBytes: FileBytes.load(path), options: .default, scanningRest: false)
            #expect(image.parsedLength == ProgressiveImage.firstParseLength, "only the first prefix was read")
            #expect(try image.frame(at: 0) == AnimatedImage(bytes: bytes).frame(at: 0))
            image.scanRest()
            #expect(try image.waitUntilComplete().frameCount == 300)
            #expect(try ProgressiveImage(contentsOfFile: path).waitUntilComplete().frameCount == 300)
        }
    }
}
