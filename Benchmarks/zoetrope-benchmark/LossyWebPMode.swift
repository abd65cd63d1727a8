import Foundation
import Zoetrope

/// `webp-lossy IN OUT QUALITY METHOD [ROUNDS]`: encodes IN's first frame as a lossy WebP still,
/// writes OUT and prints the fastest of ROUNDS encodes in milliseconds (the decode of IN is not
/// timed). For `scripts/webp-lossy-quality`, which compares with `cwebp`.
enum LossyWebPMode {
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count >= 4, let quality = Double(arguments[2]), let method = Int(arguments[3]) else {
            print("usage: webp-lossy IN OUT QUALITY METHOD [ROUNDS]")
            return 64
        }
        let rounds = arguments.count > 4 ? max(1, Int(arguments[4]) ?? 1) : 1
        do {
            let image = try AnimatedImage(contentsOfFile: arguments[0]).frame(at: 0)
            var best = Double.infinity
            var bytes: [UInt8] = []
            for _ in 0..<rounds {
                let start = DispatchTime.now().uptimeNanoseconds
                bytes = try WebPEncoder.encode(image, options: .lossy(quality: quality, method: method))
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            try Data(bytes).write(to: URL(fileURLWithPath: arguments[1]))
            print(String(format: "%.3f", best))
            return 0
        } catch {
            print("webp-lossy: \(error)")
            return 1
        }
    }
}
