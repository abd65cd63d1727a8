import Foundation
import Zoetrope

/// `generate-long DIR`: long GIFs for measuring `zoetrope convert`'s memory, written by the
/// streaming encoder from frames drawn on the fly (the generator holds one frame at a time):
/// 20,000 small frames, and 300 frames of 1920×1080.
enum LongAnimations {
    static func run(_ arguments: [String]) -> Int32 {
        guard let folder = arguments.first else {
            print("usage: generate-long DIR")
            return 64
        }
        do {
            try write(DrawnFrames(size: PixelSize(width: 64, height: 48), count: 20_000), to: folder + "/long-20000f-64x48.gif")
            try write(DrawnFrames(size: PixelSize(width: 1920, height: 1080), count: 300), to: folder + "/long-300f-1920x1080.gif")
            return 0
        } catch {
            print("generate-long: \(error)")
            return 1
        }
    }

    private static func write(_ frames: DrawnFrames, to path: String) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        guard let handle = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileWriteUnknown) }
        defer { try? handle.close() }
        try GIFEncoder.encode(frames, durations: [.milliseconds(40)], playCount: .infinite) { bytes in
            try handle.write(contentsOf: Data(bytes))
        }
        print(path)
    }
}

/// A square moving over a 16-colour checkerboard, drawn when asked for.
private struct DrawnFrames: FrameSource {
    let canvasSize: PixelSize
    let frameCount: Int

    init(size: PixelSize, count: Int) {
        canvasSize = size
        frameCount = count
    }

    func forEachFrame(_ body: (_ index: Int, _ frame: RGBAImage) throws -> Void) throws {
        let width = canvasSize.width, height = canvasSize.height
        let cell = max(4, width / 24), side = max(4, height / 5)
        for index in 0..<frameCount {
            var pixels = [UInt8](repeating: 255, count: width * height * 4)
            let squareX = (index * 7) % max(1, width - side), squareY = (index * 3) % max(1, height - side)
            for y in 0..<height {
                for x in 0..<width {
                    let inSquare = x >= squareX && x < squareX + side && y >= squareY && y < squareY + side
                    let shade = inSquare ? 15 : ((x / cell) + (y / cell)) % 15
                    let offset = (y * width + x) * 4
                    pixels[offset] = UInt8(shade * 17)
                    pixels[offset + 1] = UInt8((shade * 53) % 256)
                    pixels[offset + 2] = UInt8(255 - shade * 17)
                }
            }
            try body(index, RGBAImage(width: width, height: height, pixels: pixels))
        }
    }
}
