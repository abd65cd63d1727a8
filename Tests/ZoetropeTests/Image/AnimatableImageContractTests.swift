import Testing
@testable import Zoetrope

/// The contract written on `AnimatableImage`, checked for every conforming type of the library:
/// complete images, and images still arriving.
@Suite("AnimatableImage: the documented contract, for every conforming type")
struct AnimatableImageContractTests {
    static let stills = ProgressiveImageTests.frames(count: 5)
    static let gif = ProgressiveImageTests.gif
    static let apng = ProgressiveImageTests.apng
    static let webp = { try! WebPEncoder.encode(frames: stills, durations: Array(repeating: .milliseconds(70), count: 5),
                                                playCount: .finite(3)) }()

    /// Every conforming type, complete: the three formats whole, a progressive image fed whole,
    /// a frame sequence, a sprite sheet, and scaled images of a file and of a sheet.
    static func completeImages() throws -> [(String, any AnimatableImage)] {
        let fed = ProgressiveImage(options: .default)
        fed.append(apng)
        fed.finish()
        let sheet = try SpriteSheet(sheet: stills[0], frameRects: [PixelRect(x: 0, y: 0, width: 6, height: 9),
                                                                    PixelRect(x: 6, y: 0, width: 6, height: 9)],
                                    durations: [.milliseconds(40), .zero])
        return [
            ("AnimatedImage GIF", try AnimatedImage(bytes: gif)), ("AnimatedImage APNG", try AnimatedImage(bytes: apng)),
            ("AnimatedImage WebP", try AnimatedImage(bytes: webp)), ("ProgressiveImage, finished", fed),
            ("FrameSequence", try FrameSequence(frames: stills, durations: [.milliseconds(10), .zero, .seconds(1), .milliseconds(5), .milliseconds(5)])),
            ("SpriteSheet", sheet),
            ("ScaledImage of a file", try AnimatedImage(bytes: webp).scaled(toFit: PixelSize(width: 5, height: 5))),
            ("ScaledImage of a sheet", ScaledImage(sheet, size: PixelSize(width: 6, height: 4))),
        ]
    }

    @Test("complete: at least one frame, canvas-sized frames, their own durations, rectangles inside, other indices refused, and it plays")
    func complete() throws {
        for (name, image) in try Self.completeImages() {
            #expect(image.isComplete, "\(name)")
            let count = image.frameCount
            #expect(count >= 1, "\(name)")
            for index in 0..<count {
                let frame = try image.frame(at: index)
                #expect(frame.size == image.canvasSize, "\(name) frame \(index)")
                #expect(image.duration(at: index) >= .zero, "\(name) frame \(index)")
                if let rect = image.contentsRect(at: index) {
                    #expect(PixelRect(x: 0, y: 0, width: image.canvasSize.width, height: image.canvasSize.height).contains(rect),
                            "\(name) frame \(index)")
                }
            }
            for index in [-1, count, Int.max] {
                #expect(throws: ZoetropeError.self, "\(name) frame \(index)") { try image.frame(at: index) }
                do { _ = try image.frame(at: index) } catch let error as ZoetropeError {
                    #expect(error.kind == .invalidArgument, "\(name) frame \(index)")
                }
            }
            // It does not change, and an animator plays it.
            #expect(image.frameCount == count && image.isComplete, "\(name)")
            let harness = try PlaybackHarness(image)
            harness.animator.play()
            for tick in 1...50 { harness.tick(milliseconds: tick * 20) }
            #expect(frameChanges(harness.events).allSatisfy { (0..<count).contains($0) }, "\(name)")
            #expect(harness.animator.lastFailure == nil, "\(name)")
        }
    }

    @Test("arriving: frames only once complete, counts that only grow, each frame's own duration, other indices refused, complete at the end",
          arguments: ["GIF", "APNG", "WebP"])
    func arriving(format: String) throws {
        let bytes = ["GIF": Self.gif, "APNG": Self.apng, "WebP": Self.webp][format]!
        let whole = try AnimatedImage(bytes: bytes)
        let image = ProgressiveImage(options: .default, parseStep: 1)
        let scaled = ScaledImage(image, size: PixelSize(width: 4, height: 3)) // made before anything arrived
        #expect(image.frameCount == 0 && image.canvasSize == PixelSize(width: 0, height: 0) && !image.isComplete)
        #expect(throws: ZoetropeError.self) { try image.frame(at: 0) }
        var previous = 0
        for byte in bytes {
            image.append([byte])
            let count = image.frameCount
            #expect(count >= previous && count <= whole.frameCount)
            #expect(!image.isComplete && !scaled.isComplete && scaled.frameCount == count)
            #expect(image.canvasSize == PixelSize(width: 0, height: 0) || image.canvasSize == whole.canvasSize)
            if count > previous {
                for index in 0..<count { #expect(image.duration(at: index) == whole.duration(at: index), "frame \(index)") }
                #expect(try image.frame(at: count - 1) == whole.frame(at: count - 1))
                #expect(try scaled.frame(at: count - 1).size == scaled.canvasSize)
                #expect(throws: ZoetropeError.self) { try image.frame(at: count) }
            }
            previous = count
        }
        image.finish()
        #expect(image.isComplete && image.frameCount == whole.frameCount && image.playCount == whole.playCount)
        #expect(scaled.isComplete && scaled.frameCount == whole.frameCount)
    }
}
