import Zoetrope

/// `first-frame FILE [MIN_MS]`: time to the first frame of a long file, opened lazily
/// (``ProgressiveImage/init(bytes:options:)`` then frame 0), against decoding frame 0 alone (of an
/// image whose frame table is already parsed) and against the eager open (``AnimatedImage``, whose
/// frame table is parsed whole before frame 0). The bytes are in memory for all three.
enum FirstFrameMode {
    static func run(_ arguments: [String]) -> Int32 {
        guard let path = arguments.first else {
            print("usage: first-frame FILE [MIN_MS]")
            return 64
        }
        let minimum = arguments.count > 1 ? Double(arguments[1]) ?? 300 : 300
        do {
            let bytes = try FileBytes.read(path)
            let opened = try AnimatedImage(bytes: bytes)
            let alone = try Measurement.median(minimumMilliseconds: minimum) {
                _ = try AnimatedImage(bytes: bytes).frameCount   // keep the parse out of the figure below
            }
            let frameZero = try Measurement.median(minimumMilliseconds: minimum) {
                let image = try AnimatedImage(bytes: bytes)
                _ = try image.frame(at: 0)
            }
            let lazy = try Measurement.median(minimumMilliseconds: minimum) {
                _ = try ProgressiveImage(bytes: bytes).frame(at: 0)
            }
            let decodeOnly = max(frameZero.seconds - alone.seconds, 1e-9)
            print("\(path): \(opened.frameCount) frames, \(opened.canvasSize), \(bytes.count) bytes")
            print("  decode frame 0 alone:          \(milliseconds(decodeOnly)) ms")
            print("  eager open + frame 0:          \(milliseconds(frameZero.seconds)) ms (whole frame table first)")
            print("  lazy open + frame 0:           \(milliseconds(lazy.seconds)) ms (\(ratio(lazy.seconds / decodeOnly)) × frame 0 alone)")
            return 0
        } catch {
            print("first-frame: \(error)")
            return 1
        }
    }

    private static func milliseconds(_ seconds: Double) -> String {
        let value = (seconds * 10_000).rounded() / 10
        return "\(value)"
    }

    private static func ratio(_ value: Double) -> String { "\((value * 100).rounded() / 100)" }
}
