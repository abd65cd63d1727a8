import Zoetrope

/// `zoetrope-benchmark frames FILE`: one line per composited frame with the FNV-1a hash of its
/// canonical canvas (RGB zeroed where alpha is 0), then a summary line — the same lines as the C
/// reference's `frames` mode, so `scripts/differential` can compare the two decoders file by file.
enum FramesMode {
    static func run(_ arguments: [String]) -> Int32 {
        guard let path = arguments.first else {
            print("usage: frames FILE")
            return 64
        }
        var frames = 0
        var size = PixelSize(width: 0, height: 0)
        var failed = false
        do {
            let image = try AnimatedImage(bytes: try FileBytes.read(path))
            size = image.canvasSize
            try image.forEachFrame { index, frame in
                var hash = CanvasHash()
                hash.add(canvas: frame.pixels)
                print("frame \(index) \(hash.hex)")
                frames += 1
            }
            failed = !image.warnings.isEmpty
        } catch {
            failed = true
        }
        print("\(failed ? "error" : "ok") \(size.width)x\(size.height) \(frames) frames")
        return 0
    }
}
