import Zoetrope

/// `inflate FILE.zlib MIN_MS` and `deflate FILE LEVEL MIN_MS`: the children that time Zoetrope's
/// `Zlib` against zlib (the C reference's modes of the same names). Print one JSON line.
enum ZlibModes {
    static func inflate(_ arguments: [String]) -> Int32 {
        guard arguments.count >= 2, let minimum = Double(arguments[1]) else {
            printJSONLine(["error": "usage: inflate FILE MIN_MS"])
            return 64
        }
        do {
            let stream = try FileBytes.read(arguments[0])
            let output = try Zlib.decompress(stream, maxOutputBytes: 1 << 30)
            var hash = CanvasHash()
            hash.add(bytes: output)
            // The timed runs are given the output size found by the check pass, as libdeflate's side
            // is (a PNG decoder knows it from the image header).
            let timing = try Measurement.median(minimumMilliseconds: minimum) {
                _ = try Zlib.decompress(stream, maxOutputBytes: 1 << 30, expectedOutputBytes: output.count)
            }
            printJSONLine(["tool": "zoetrope", "library": "Zoetrope", "input_bytes": stream.count,
                           "output_bytes": output.count, "median_seconds": timing.seconds, "runs": timing.runs,
                           "peak_rss_kb": Measurement.statusKilobytes("VmHWM:"), "hash": hash.hex])
            return 0
        } catch {
            printJSONLine(["tool": "zoetrope", "error": "\(error)"])
            return 1
        }
    }

    static func deflate(_ arguments: [String]) -> Int32 {
        guard arguments.count >= 3, let level = Int(arguments[1]), let minimum = Double(arguments[2]) else {
            printJSONLine(["error": "usage: deflate FILE LEVEL MIN_MS"])
            return 64
        }
        do {
            let input = try FileBytes.read(arguments[0])
            let compressed = Zlib.compress(input, level: level)
            // The output must round-trip, or its size means nothing.
            guard try Zlib.decompress(compressed, maxOutputBytes: input.count) == input else {
                printJSONLine(["tool": "zoetrope", "error": "deflate output does not inflate back to the input"])
                return 1
            }
            let timing = Measurement.median(minimumMilliseconds: minimum) {
                _ = Zlib.compress(input, level: level)
            }
            printJSONLine(["tool": "zoetrope", "library": "Zoetrope", "level": level, "input_bytes": input.count,
                           "output_bytes": compressed.count, "median_seconds": timing.seconds, "runs": timing.runs,
                           "peak_rss_kb": Measurement.statusKilobytes("VmHWM:")])
            return 0
        } catch {
            printJSONLine(["tool": "zoetrope", "error": "\(error)"])
            return 1
        }
    }
}
