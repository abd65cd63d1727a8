#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import Zoetrope

@Suite("Parallel encoding: the same bytes with any number of workers, results in order, a bounded window")
struct ParallelEncodingTests {
    /// A photograph-like pan with a still band (unchanged rectangles) and, when `transparent`, a
    /// transparent corner in every frame.
    static func frames(count: Int = 6, transparent: Bool = false) -> [RGBAImage] {
        (0..<count).map { index in
            var frame = SyntheticPhotograph.image(width: 72, height: 48, originX: index * 5, seed: 3)
            for y in 0..<12 {
                for x in 0..<72 { frame[x, y] = (UInt8(x * 3), 40, 200, 255) }
            }
            if transparent {
                for y in 40..<48 {
                    for x in 0..<8 { frame[x, y] = (0, 0, 0, 0) }
                }
            }
            return frame
        }
    }

    /// A sprite moving over a still opaque background (blending OVER keeps the background), then
    /// over a transparent canvas (BACKGROUND pays).
    static func spriteFrames() -> [RGBAImage] {
        (0..<7).map { index in
            var frame = index < 4 ? EncoderSamples.pattern(width: 40, height: 30) : RGBAImage(width: 40, height: 30)
            EncoderSamples.sprite(&frame, at: (x: 3 + index * 4, y: 2 + index * 3), color: (250, UInt8(index * 30), 9, 255))
            return frame
        }
    }

    enum Case: String, CaseIterable, CustomTestStringConvertible {
        case gif, gifLossy, gifTransparent, gifGlobal, gifPerFrame, gifDiffusion, apng, apngLevel2, apngLevel9,
             apngTransparent, apngSprite, apngSpriteLevel9, webp

        var frames: [RGBAImage] {
            switch self {
            case .apngSprite, .apngSpriteLevel9: ParallelEncodingTests.spriteFrames()
            default: ParallelEncodingTests.frames(transparent: self == .gifTransparent || self == .apngTransparent)
            }
        }

        var testDescription: String { rawValue }

        func encode(workers: Int?) throws -> [UInt8] {
            let durations: [Duration] = [.milliseconds(40)]
            var bytes: [UInt8] = []
            let source = FrameArray(frames: frames)
            switch self {
            case .gif, .gifLossy, .gifTransparent, .gifGlobal, .gifPerFrame, .gifDiffusion:
                var options = GIFEncoder.Options.default
                if self == .gifLossy { options.lossy = 60 }
                if self == .gifGlobal { options.palette = .global }
                if self == .gifPerFrame { options.palette = .perFrame }
                // Pinned pixels carry the displayed canvas's colour into the diffused error.
                if self == .gifDiffusion { options.dither = .errorDiffusion }
                try GIFEncoder.encode(source, durations: durations, playCount: .infinite, options: options, workers: workers) { bytes += $0 }
            case .apng, .apngLevel2, .apngLevel9, .apngTransparent, .apngSprite, .apngSpriteLevel9:
                // Level 2 is the level SOURCE and OVER are compared at: the winner's trial stream is written.
                // Below level 8 the workers also cut each rectangle's pixels (SOURCE and OVER).
                let level = [.apngLevel9, .apngSpriteLevel9].contains(self) ? 9 : self == .apngLevel2 ? 2 : 6
                try APNGEncoder.encode(source, durations: durations, playCount: .infinite, level: level,
                                       workers: workers) { bytes += $0 }
            case .webp:
                try WebPEncoder.encode(source, durations: durations, playCount: .infinite, level: 6, workers: workers) { bytes += $0 }
            }
            return bytes
        }
    }

    @Test("1, 2 and 3 workers write byte-identical files, which decode to the frames", arguments: Case.allCases)
    func sameBytes(_ format: Case) throws {
        let one = try format.encode(workers: 1)
        #expect(try format.encode(workers: 2) == one)
        #expect(try format.encode(workers: 3) == one)
        let decoded = try AnimatedImage(bytes: one)
        let frames = format.frames
        #expect(decoded.frameCount == frames.count)
        if ![.gif, .gifLossy, .gifTransparent, .gifGlobal, .gifPerFrame, .gifDiffusion].contains(format) {
            for index in 0..<frames.count { #expect(try decoded.frame(at: index) == frames[index]) }
        }
    }

    @Test("the sprite animation exercises what the workers cut: dispose BACKGROUND, blend OVER and SOURCE")
    func spriteOps() throws {
        let image = try AnimatedImage(bytes: Case.apngSprite.encode(workers: 2))
        let disposals = Set(image.frames.map(\.disposal)), blends = Set(image.frames.map(\.blend))
        #expect(disposals.contains(.background))
        #expect(blends.contains(.over) && blends.contains(.source))
    }

    @Test("results reach the output in submission order though later jobs finish first")
    func deliveryOrder() throws {
        var delivered: [Int] = []
        try OrderedFrameWork<Int>.run(workers: 3, window: 6, deliver: { delivered.append($0) }) { work in
            for index in 0..<20 {
                // Early jobs are slow, later ones fast: they finish out of order.
                let pause = UInt32((20 - index) * 300)
                try work.submit {
                    usleep(pause)
                    return index
                }
            }
        }
        #expect(delivered == Array(0..<20))
    }

    @Test("no more than the window's jobs are submitted and not delivered")
    func boundedWindow() throws {
        let outstanding = LockedState((now: 0, most: 0))
        var delivered = 0
        try OrderedFrameWork<Int>.run(workers: 2, window: 3, deliver: { _ in
            delivered += 1
            outstanding.withLock { $0.now -= 1 }
        }) { work in
            for index in 0..<12 {
                outstanding.withLock { state in
                    state.now += 1
                    state.most = max(state.most, state.now)
                }
                try work.submit {
                    usleep(500)
                    return index
                }
            }
        }
        #expect(delivered == 12)
        #expect(outstanding.withLock { $0.most } <= 4) // the window, and the job being submitted
    }

    struct Refused: Error {}

    @Test("a job's error reaches the caller after the jobs before it are delivered, and no job outlives the call")
    func jobError() throws {
        let finished = LockedState(0)
        var delivered: [Int] = []
        #expect(throws: Refused.self) {
            try OrderedFrameWork<Int>.run(workers: 2, window: 4, deliver: { delivered.append($0) }) { work in
                for index in 0..<8 {
                    try work.submit {
                        defer { finished.withLock { $0 += 1 } }
                        usleep(200)
                        if index == 3 { throw Refused() }
                        return index
                    }
                }
            }
        }
        #expect(delivered == [0, 1, 2])
        // Every job submitted had finished when `run` returned (at most the window past the error).
        let count = finished.withLock { $0 }
        #expect(count >= 4 && count <= 8)
        usleep(2000)
        #expect(finished.withLock { $0 } == count)
    }

    @Test("the workers' working sets fit the memory budget: one lossless WebP or APNG worker at 1080p, more at 360p")
    func workersWithinBudget() {
        let hd = PixelSize(width: 1920, height: 1080), small = PixelSize(width: 640, height: 360)
        #expect(EncodingMemory.workers(2, format: .webp, canvas: hd) == 1)
        #expect(EncodingMemory.workers(8, format: .apng, canvas: hd) == 1)
        #expect(EncodingMemory.workers(8, format: .gif, canvas: hd) == 2)
        #expect(EncodingMemory.workers(2, format: .webp, canvas: small) == 2)
        #expect(EncodingMemory.workers(8, format: .webp, canvas: small) == 4)
        #expect(EncodingMemory.workers(1, format: .gif, canvas: small) == 1)
        for format in [ImageFormat.gif, .apng, .webp] {
            for size in [hd, small, PixelSize(width: 4000, height: 3000)] {
                let workers = EncodingMemory.workers(8, format: format, canvas: size)
                let each = size.width * size.height * 4 * EncodingMemory.canvases(for: format)
                #expect(workers == 1 || workers * each <= EncodingMemory.workerBudget, "\(format) \(size): \(workers)")
            }
        }
    }

    @Test("an output error stops the encoder, which returns once its workers are done")
    func outputError() {
        var calls = 0
        #expect(throws: Refused.self) {
            try GIFEncoder.encode(FrameArray(frames: Self.frames()), durations: [.milliseconds(40)], playCount: .infinite,
                                  workers: 2) { _ in
                calls += 1
                if calls == 3 { throw Refused() }
            }
        }
        #expect(calls == 3)
    }

    @Test("the Transcoder writes the same bytes with any workers, and applies an AnimationEdit (reverse, crop)")
    func transcoderEdit() throws {
        let frames = Self.frames(count: 6)
        let source = try AnimatedImage(bytes: APNGEncoder.encode(frames: frames, durations: [.milliseconds(50)],
                                                                 playCount: .infinite, level: 1))
        var edit = AnimationEdit()
        edit.isReversed = true
        edit.crop = PixelRect(x: 10, y: 4, width: 40, height: 30)
        var options = TranscodeOptions(format: .webp)
        options.workers = 1
        let one = try Transcoder.transcode(source, edit: edit, options: options)
        options.workers = 2
        #expect(try Transcoder.transcode(source, edit: edit, options: options) == one)
        let edited = try AnimatedImage(bytes: one)
        #expect(edited.frameCount == 6)
        #expect(edited.canvasSize == PixelSize(width: 40, height: 30))
        for index in 0..<6 {
            let expected = frames[5 - index]
            let got = try edited.frame(at: index)
            for (x, y) in [(0, 0), (39, 0), (17, 11), (39, 29)] {
                #expect(got[x, y] == expected[x + 10, y + 4], "frame \(index) pixel \(x),\(y)")
            }
        }
    }
}
