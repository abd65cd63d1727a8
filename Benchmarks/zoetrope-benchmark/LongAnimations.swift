import Foundation
import Zoetrope

/// `generate-long DIR [NAME...]`: long GIFs for measuring `zoetrope convert`'s and playback's
/// memory, written by the streaming encoder from frames drawn on the fly (the generator holds one
/// frame at a time): 20,000 small frames, 300 frames of 1920×1080, and 1000 frames of 1920×1080
/// (40 s a play). NAMEs (`20000f-64x48`, `300f-1920x1080`, `1000f-1920x1080`) choose some; all
/// by default.
enum LongAnimations {
    static let files: [(name: String, frames: DrawnFrames)] = [
        ("20000f-64x48", DrawnFrames(size: PixelSize(width: 64, height: 48), count: 20_000)),
        ("300f-1920x1080", DrawnFrames(size: PixelSize(width: 1920, height: 1080), count: 300)),
        ("1000f-1920x1080", DrawnFrames(size: PixelSize(width: 1920, height: 1080), count: 1000)),
    ]

    static func run(_ arguments: [String]) -> Int32 {
        guard let folder = arguments.first else {
            print("usage: generate-long DIR [\(files.map(\.name).joined(separator: "|"))...]")
            return 64
        }
        let names = Set(arguments.dropFirst())
        if let unknown = names.first(where: { name in !files.contains { $0.name == name } }) {
            print("generate-long: no file named \(unknown)")
            return 64
        }
        do {
            for file in files where names.isEmpty || names.contains(file.name) {
                try write(file.frames, to: folder + "/long-\(file.name).gif")
            }
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
struct DrawnFrames: FrameSource {
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
