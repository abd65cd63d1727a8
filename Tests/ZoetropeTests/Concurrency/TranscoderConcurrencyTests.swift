import Testing
@testable import Zoetrope

/// Independent requests share nothing: run under Thread Sanitizer in CI (the name matches its filter).
@Suite("Transcoder concurrency")
struct TranscoderConcurrencyTests {
    @Test("independent transcodes and checks in parallel give the serial results")
    func parallel() async throws {
        let options = TranscodeOptions.thumbnail(fitting: PixelSize(width: 50, height: 50))
        let upload = try APNGEncoder.encode(
            frames: (0..<8).map { SyntheticPhotograph.image(width: 96, height: 64, originX: $0 * 3, seed: 2) },
            durations: Array(repeating: .milliseconds(20), count: 8), playCount: .infinite, level: 1)
        let serial = try Transcoder.transcode(AnimatedImage(bytes: upload), options: options)
        let results = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for index in 0..<4 {
                group.addTask {
                    #expect(try UploadPolicy.default.check(upload).isAccepted)
                    if index % 2 == 1 {
                        _ = try Transcoder.poster(of: AnimatedImage(bytes: upload), frame: .representative,
                                                  options: TranscodeOptions(format: .png))
                    }
                    return try Transcoder.transcode(AnimatedImage(bytes: upload), options: options)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 4 && results.allSatisfy { $0 == serial })
    }
}
