// The Swift snippets of README.md and Sources/Zoetrope/Zoetrope.docc, copied verbatim (their
// `import` lines are the file's): compiling this file compiles them, and
// DocumentationSnippetTests checks that every snippet is here and runs the ones that take bytes.
import Foundation
import Zoetrope

/// README.md, "The library". Compiled, not run: it reads cat.gif and cat.webp from the current folder.
func readmeLibrarySnippet() throws {
    let image = try AnimatedImage(contentsOfFile: "cat.gif")   // maps the file, parses the frame table only
    print(image.format, image.canvasSize, image.frameCount)    // GIF 320×240 24
    print(image.playCount, image.totalDuration)                 // forever, 2.4 seconds
    let frame = try image.frame(at: 7)          // RGBA8, straight alpha, any index in any order
    print(frame[0, 0])                          // the top-left pixel: (r, g, b, a)
    try image.forEachFrame { index, canvas in   // fastest: every frame in order, one canvas
        print(index, canvas.isOpaque)
    }
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "cat.webp")))  // any [UInt8]
    let summary = try ImageInspector.inspect(bytes)   // format, size, frames, animated?, lossy? — no pixels
    print(summary.format, summary.isAnimated)
    let thumbnail = image.scaled(toFit: PixelSize(width: 64, height: 64))
    print(thumbnail.canvasSize)

    // Playback: an Animator advances frames from a clock's ticks; decoding runs ahead in the background.
    let animator = Animator(clock: TimerClock(ticksPerSecond: 60))
    try animator.prepare(image)
    animator.play()
}

// Zoetrope.docc/Zoetrope.md

func describe(_ bytes: [UInt8]) throws -> String {
    let image = try AnimatedImage(bytes: bytes)     // reads the frame table, decodes no pixels
    let first = try image.frame(at: 0)              // RGBA, straight alpha, composited
    return "\(image.format) \(image.canvasSize), \(image.frameCount) frames, \(first.pixels.count) bytes each"
}

// Zoetrope.docc/PlaybackAndMemory.md

func playThreeTimes(_ image: AnimatedImage) throws -> Animator {
    let configuration = Animator.Configuration(playCount: .finite(3), rate: 2, mode: .bounce,
                                               budget: .bytes(8 << 20))
    let animator = Animator(clock: TimerClock(ticksPerSecond: 60), configuration: configuration)
    try animator.prepare(image)
    animator.observe { event in
        if event == .finished { print("three bounces, twice as fast") }
    }
    animator.play()
    return animator
}

func framesShown(by image: AnimatedImage) throws -> [Int] {
    let report = try PlaybackSimulation.run(image, ticksPerSecond: 120, duration: .seconds(2))
    return report.changes.map(\.frame)
}

// Zoetrope.docc/ServerSideUse.md

func validateUpload(_ bytes: [UInt8]) throws -> ImageSummary {
    let limits = DecodingLimits(maxPixels: 4096 * 4096, maxFrameCount: 500)
    let summary = try ImageInspector.inspect(bytes, limits: limits)
    guard summary.warnings.isEmpty else {
        throw ZoetropeError(.malformed, format: summary.format, "the upload is damaged")
    }
    return summary
}

func poster(of bytes: [UInt8]) throws -> [UInt8] {
    let image = try AnimatedImage(bytes: bytes)
    return PNGEncoder.encode(try image.frame(at: 0))
}

func thumbnail(of bytes: [UInt8], fitting size: PixelSize) throws -> [UInt8] {
    let small = try AnimatedImage(bytes: bytes).scaled(toFit: size)
    let frames = try (0..<small.frameCount).map { try small.frame(at: $0) }
    let durations = (0..<small.frameCount).map { small.duration(at: $0) }
    return try APNGEncoder.encode(frames: frames, durations: durations, playCount: small.playCount)
}

func transcodeToGIF(_ bytes: [UInt8]) throws -> [UInt8] {
    let image = try AnimatedImage(bytes: bytes)
    var frames: [RGBAImage] = []
    try image.forEachFrame { _, frame in frames.append(frame) }
    let durations = (0..<image.frameCount).map { image.duration(at: $0) }
    return try GIFEncoder.encode(frames: frames, durations: durations, playCount: image.playCount)
}

func transcodeToWebP(_ bytes: [UInt8]) throws -> [UInt8] {
    let image = try AnimatedImage(bytes: bytes)
    let durations = (0..<image.frameCount).map { image.duration(at: $0) }
    var webp: [UInt8] = []
    try WebPEncoder.encode(image, durations: durations, playCount: image.playCount) { webp += $0 }
    return webp
}
