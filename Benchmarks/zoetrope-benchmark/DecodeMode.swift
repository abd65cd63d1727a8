import Zoetrope

/// `zoetrope-benchmark decode FILE MIN_MS [--verify]`: the child process that times Zoetrope's full
/// decode of one file (open, then every composited frame through `forEachFrame`), as the C
/// reference's `decode` mode does for giflib/libpng. Prints one JSON line.
enum DecodeMode {
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count >= 2, let minimum = Double(arguments[1]) else {
            printJSONLine(["error": "usage: decode FILE MIN_MS [--verify]"])
            return 64
        }
        let verify = arguments.contains("--verify")
        do {
            let bytes = try FileBytes.read(arguments[0])
            let baseline = Measurement.statusKilobytes("VmRSS:")
            // The checking pass: frame count, canvas and (with --verify) the hash of every frame.
            var hash = CanvasHash()
            let image = try AnimatedImage(bytes: bytes)
            var frames = 0
            try image.forEachFrame { _, frame in
                frames += 1
                if verify { hash.add(canvas: frame.pixels) }
            }
            var sink = 0
            let timing = try Measurement.median(minimumMilliseconds: minimum) {
                let image = try AnimatedImage(bytes: bytes)
                try image.forEachFrame { _, frame in
                    // Read one pixel so the work cannot be optimised away.
                    if !frame.pixels.isEmpty { sink &+= Int(frame.pixels[(frame.pixels.count / 8) * 4 + 3]) }
                }
            }
            var result: [String: Any] = [
                "tool": "zoetrope", "library": "Zoetrope", "format": image.format.rawValue,
                "frames": frames, "width": image.canvasSize.width, "height": image.canvasSize.height,
                "median_seconds": timing.seconds, "runs": timing.runs,
                "peak_rss_kb": Measurement.statusKilobytes("VmHWM:"), "baseline_rss_kb": baseline, "sink": sink,
                "warnings": image.warnings.count,
            ]
            if verify { result["hash"] = hash.hex }
            printJSONLine(result)
            return 0
        } catch {
            printJSONLine(["tool": "zoetrope", "error": "\(error)"])
            return 1
        }
    }
}
