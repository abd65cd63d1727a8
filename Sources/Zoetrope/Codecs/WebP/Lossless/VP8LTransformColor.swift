/// The inverse cross-colour transform (RFC 9649 §4.2).
enum VP8LCrossColorTransform {
    /// `(multiplier × value) >> 5`, both read as signed bytes.
    @inline(__always)
    static func delta(_ multiplier: UInt32, _ value: UInt32) -> Int32 {
        (Int32(Int8(truncatingIfNeeded: multiplier)) * Int32(Int8(truncatingIfNeeded: value))) >> 5
    }

    /// Adds back the colour predictions of each tile to the first `rows` rows.
    static func invert(_ pixels: UnsafeMutableBufferPointer<UInt32>, rows: Int, data: VP8LTileData) {
        let width = data.width
        unsafe data.tiles.withUnsafeBufferPointer { tiles in
            for y in 0..<rows {
                let tileRow = (y >> data.bits) * data.tilesPerRow
                var x = 0
                while x < width {
                    let code = unsafe tiles[tileRow + (x >> data.bits)]
                    let greenToRed = code & 0xff, greenToBlue = (code >> 8) & 0xff, redToBlue = (code >> 16) & 0xff
                    let runEnd = min(width, (x | ((1 << data.bits) - 1)) + 1)
                    // All-zero multipliers change nothing (common in flat artwork): skip the tile.
                    if code & 0xff_ffff == 0 { x = runEnd; continue }
                    for index in y * width + x ..< y * width + runEnd {
                        let argb = unsafe pixels[index]
                        let green = argb >> 8
                        let red = Int32((argb >> 16) & 0xff) &+ delta(greenToRed, green)
                        let blue = Int32(argb & 0xff) &+ delta(greenToBlue, green) &+ delta(redToBlue, UInt32(bitPattern: red))
                        unsafe pixels[index] = (argb & 0xff00_ff00) | (UInt32(bitPattern: red) & 0xff) << 16
                            | (UInt32(bitPattern: blue) & 0xff)
                    }
                    x = runEnd
                }
            }
        }
    }
}

/// The inverse subtract-green transform (RFC 9649 §4.3): green is added back to red and blue.
enum VP8LSubtractGreenTransform {
    static func invert(_ pixels: UnsafeMutableBufferPointer<UInt32>, count: Int) {
        for index in 0..<count {
            let argb = unsafe pixels[index]
            let green = (argb >> 8) & 0xff
            let redBlue = ((argb & 0x00ff_00ff) &+ (green << 16 | green)) & 0x00ff_00ff
            unsafe pixels[index] = (argb & 0xff00_ff00) | redBlue
        }
    }
}
