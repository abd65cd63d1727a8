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
    /// A GIF of `count` frames of noise, 96×64 in 256 colours (about 8 KB a frame: LZW does not
    /// compress noise), made by the indexed encoder (quick in a debug build).
    static func animation(frames count: Int) throws -> [UInt8] {
        try GIFFixtures.noise(frames: count, width: 96, height: 64, colors: 256)
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

    #if os(Linux)
    /// Resident kilobytes of the mapping that starts at `base`, from /proc/self/smaps.
    static func residentKilobytes(ofMappingAt base: UnsafeRawPointer) throws -> Int {
        let start = String(UInt(bitPattern: base), radix: 16)
        // Read to its end as every /proc file (String(contentsOfFile:) may stop at a page).
        let lines = String(decoding: try FileBytes.load("/proc/self/smaps").array, as: UTF8.self).split(separator: "\n")
        let index = try #require(lines.firstIndex { $0.hasPrefix(start + "-") }, "no mapping at \(start)")
        let rss = try #require(lines[(index + 1)...].first { $0.hasPrefix("Rss:") })
        return try #require(Int(rss.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }

    @Test("a mapped file's pages are given back after opening and every few frames decoded")
    func pagesGivenBack() throws {
        // 80 frames of 256×256 noise: about 88 KB a frame, 7 MB in all.
        let frames = 80
        let bytes = try GIFFixtures.noise(frames: frames, width: 256, height: 256, colors: 256)
        let frameKilobytes = bytes.count / frames / 1024 + 1
        // The pages of the frames read since the last release, and the kernel's granularity: a
        // fault maps a whole folio of the page cache around it (up to a few hundred KB here).
        let bound = (AnimatedImage.pageReleaseInterval + 1) * frameKilobytes + 1024
        #expect(bytes.count / 1024 > 2 * bound)
        try Self.withFile(bytes) { path in
            let image = try AnimatedImage(contentsOfFile: path)
            let mapping = try #require(image.bytes)
            let base = try #require(mapping.withView { $0.buffer.baseAddress })
            #expect(mapping.isMapped)
            #expect(try Self.residentKilobytes(ofMappingAt: base) <= 64, "opening walked every page and kept none")
            try image.forEachFrame { _, _ in }
            let afterSequential = try Self.residentKilobytes(ofMappingAt: base)
            #expect(afterSequential <= bound, "\(afterSequential) KB resident of \(bytes.count / 1024) KB")
            for index in 0..<frames { _ = try image.frame(at: index) }
            let afterRandomAccess = try Self.residentKilobytes(ofMappingAt: base)
            #expect(afterRandomAccess <= bound, "\(afterRandomAccess) KB resident of \(bytes.count / 1024) KB")
            #expect(try image.frame(at: 3) == AnimatedImage(bytes: bytes).frame(at: 3), "pages read again are the file's")
        }
    }
    #endif
}
