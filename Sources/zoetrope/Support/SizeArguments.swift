import ArgumentParser

/// Checks of `--width` and `--height` in pixels, shared by `convert` and `frames`.
enum SizeArguments {
    static func validate(width: Int?, height: Int?) throws {
        for (name, value) in [("--width", width), ("--height", height)] {
            if let value, !(1...SelectedFrames.maximumSide).contains(value) {
                throw ValidationError("\(name) must be 1 to \(SelectedFrames.maximumSide) pixels (got \(value))")
            }
        }
    }
}
