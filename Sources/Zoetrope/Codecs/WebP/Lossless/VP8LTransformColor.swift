/// The inverse cross-colour transform (RFC 9649 §4.2).
enum VP8LCrossColorTransform {
    /// `(multiplier × value) >> 5`, both read as signed bytes.
    @inline(__always)
    static func delta(_ multiplier: UInt32, _ value: UInt32) -> Int32 {
        (Int32(truncatingIfNeeded: Int8(truncatingIfNeeded: multiplier)) * Int32(truncatingIfNeeded: Int8(truncatingIfNeeded: value))) >> 5
    }

    /// Adds back the colour predictions of each tile to the first `rows` rows.
    static func invert(_ pixels: UnsafeMutableBufferPointer<UInt32>, rows: Int, data: VP8LTileData) {
        let width = data.width
        guard let base = pixels.baseAddress else { return }
        unsafe data.tiles.withUnsafeBufferPointer { tiles in
            for y in 0..<rows {
                let tileRow = (y >> data.bits) * data.tilesPerRow
                var x = 0
                while x < width {
                    let code = unsafe tiles[tileRow + (x >> data.bits)]
                    let runEnd = min(width, (x | ((1 << data.bits) - 1)) + 1)
                    // All-zero multipliers change nothing (common in flat artwork): skip the tile.
                    if code & 0xff_ffff != 0 { unsafe invertRun(base + y * width, from: x, to: runEnd, code: code) }
                    x = runEnd
                }
            }
        }
    }

    /// Undoes one tile's multipliers (`code`) on `row[start..<end]`. The ``delta(_:_:)``s are
    /// written out: unoptimised, three calls a pixel cost more than the arithmetic.
    @inline(__always)
    private static func invertRun(_ row: UnsafeMutablePointer<UInt32>, from start: Int, to end: Int, code: UInt32) {
        let greenToRed = Int32(truncatingIfNeeded: Int8(truncatingIfNeeded: code)), greenToBlue = Int32(truncatingIfNeeded: Int8(truncatingIfNeeded: code &>> 8))
        let redToBlue = Int32(truncatingIfNeeded: Int8(truncatingIfNeeded: code &>> 16))
        var index = start
        while index < end {
            let argb = unsafe row[index]
            let green = Int32(truncatingIfNeeded: Int8(truncatingIfNeeded: argb &>> 8))
            let red = Int32(truncatingIfNeeded: (argb &>> 16) & 0xff) &+ ((greenToRed &* green) &>> 5)
            let blue = Int32(truncatingIfNeeded: argb & 0xff) &+ ((greenToBlue &* green) &>> 5)
                &+ ((redToBlue &* Int32(truncatingIfNeeded: Int8(truncatingIfNeeded: red))) &>> 5)
            unsafe row[index] = (argb & 0xff00_ff00) | (UInt32(bitPattern: red) & 0xff) &<< 16 | (UInt32(bitPattern: blue) & 0xff)
            index &+= 1
        }
    }
}

/// The inverse subtract-green transform (RFC 9649 §4.3): green is added back to red and blue.
enum VP8LSubtractGreenTransform {
    static func invert(_ pixels: UnsafeMutableBufferPointer<UInt32>, count: Int) {
        precondition(count <= pixels.count)
        guard let base = pixels.baseAddress else { return }
        // A plain pointer and loop: unoptimised, a buffer's subscript and a range's iterator are
        // calls per pixel.
        var index = 0
        while index < count {
            let argb = unsafe base[index]
            let green = (argb &>> 8) & 0xff
            let redBlue = ((argb & 0x00ff_00ff) &+ (green &<< 16 | green)) & 0x00ff_00ff
            unsafe base[index] = (argb & 0xff00_ff00) | redBlue
            index &+= 1
        }
    }
}
