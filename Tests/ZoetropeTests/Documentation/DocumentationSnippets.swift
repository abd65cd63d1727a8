// The Swift snippets of README.md and Sources/Zoetrope/Zoetrope.docc, copied verbatim (their
// `import` lines are the file's): compiling this file compiles them, and
// DocumentationSnippetTests checks that every snippet is here and runs the ones that take bytes.
import Foundation
import Zoetrope
import ZoetropeTesting

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
    var edit = AnimationEdit()                   // edits that keep the animation, in any format
    edit.rotation = .clockwise90
    edit.isReversed = true
    edit.speed = 2
    let edited = try image.edited(edit)          // an AnimatableImage and a FrameSource for the encoders
    print(edited.canvasSize, edited.totalDuration)

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
    let configuration = Animator.Configuration(style: PlaybackStyle(rate: 2, mode: .bounce, playCount: .finite(3)),
                                               budget: .bytes(8 << 20))
    let animator = Animator(clock: TimerClock(ticksPerSecond: 60), configuration: configuration)
    try animator.prepare(image)
    animator.observe { event in
        if event == .finished { print("three bounces, twice as fast") }
    }
    animator.play()
    return animator
}

func reportFailures(of animator: Animator) -> AnimatorObservation {
    animator.observe { event in
        if case .frameFailed(let frame, let error) = event { print("frame \(frame) is broken: \(error)") }
    }
}

func playThumbnail(_ image: AnimatedImage, in cell: PixelSize) throws -> Animator {
    let animator = Animator()
    animator.displaySize = cell   // frames are kept at most cell-sized
    try animator.prepare(image)
    animator.play()
    return animator
}

func framesShown(by image: AnimatedImage) throws -> [Int] {
    let report = try PlaybackSimulation.run(image, ticksPerSecond: 120, duration: .seconds(2))
    return report.changes.map(\.frame)
}

// Zoetrope.docc/ServerSideUse.md

func checkUpload(_ upload: [UInt8]) throws -> UploadVerdict {
    let policy = try UploadPolicy(parsing: "frames=500,duration=60s,bytes=16MiB")
    let verdict = try policy.check(upload)
    if let broken = verdict.violations.first {
        print(broken.limit, broken.message)     // frames: 3001 frames; the limit is 500
    }
    print(verdict.json())
    return verdict
}

func makeThumbnail(of upload: [UInt8]) throws -> [UInt8] {
    let image = try AnimatedImage(bytes: upload)
    return try Transcoder.transcode(image, options: .thumbnail(fitting: PixelSize(width: 160, height: 160)))
}

func makePoster(of upload: [UInt8]) throws -> [UInt8] {
    let image = try AnimatedImage(bytes: upload)
    return try Transcoder.poster(of: image, frame: .representative, options: TranscodeOptions(format: .png))
}

func makeAvatar(of upload: [UInt8]) throws -> [UInt8] {
    let image = try AnimatedImage(bytes: upload)
    var edit = AnimationEdit()
    edit.crop = PixelRect(x: 0, y: 0, width: min(image.canvasSize.width, image.canvasSize.height),
                          height: min(image.canvasSize.width, image.canvasSize.height))
    edit.mask = .circle
    var options = TranscodeOptions(format: .webp, fit: PixelSize(width: 128, height: 128))
    options.workers = 1
    return try Transcoder.transcode(image, edit: edit, options: options)
}

func transcodeWithinBudget(_ upload: [UInt8]) async throws -> [UInt8] {
    let image = try AnimatedImage(bytes: upload)
    let options = TranscodeOptions(format: .webp, fit: PixelSize(width: 640, height: 640),
                                   timeLimit: .seconds(10))
    let work = Task { try Transcoder.transcode(image, options: options) }
    return try await work.value    // work.cancel() stops it at its next check
}
