import Zoetrope

/// The xterm 256-colour palette's portable part: the 6×6×6 colour cube (indices 16–231) and the 24
/// greys (232–255). Indices 0–15 are left out because every terminal theme redefines them.
package enum XtermPalette {
    /// Entries 16–255 as a quantiser palette (its index i is entry i + 16).
    private static let palette = ColorPalette((16..<256).map { index in
        let color = color(at: index)
        return RGBColor(red: color.r, green: color.g, blue: color.b)
    })

    /// The palette entry of each pixel of `frame` by ordered dithering (-1 where alpha is below 128):
    /// a fixed pattern mixing the two entries nearest to each colour, so smooth gradients keep
    /// their tone and unchanged pixels keep their entry from frame to frame. A tile-sized frame's
    /// mapper remembers only the colours it meets (a 4 MB table for each frame was most of a
    /// 256-colour grid's CPU time once every frame was held).
    package static func dithered(_ frame: RGBAImage) -> [Int] {
        var mapper = PaletteMapper(palette: palette, dither: .ordered, pixels: frame.pixels.count / 4)
        let indices = mapper.map(frame, special: PaletteMapper.Special(transparentIndex: 255))
        return indices.enumerated().map { pixel, index in
            frame[byte: pixel * 4 + 3] < HalfBlockRenderer.opaqueAlpha ? -1 : Int(index) + 16
        }
    }

    /// The cube's channel levels.
    package static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// The colour of palette entry `index` (16–255).
    package static func color(at index: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        if index >= 232 {
            let grey = UInt8(8 + 10 * (index - 232))
            return (grey, grey, grey)
        }
        let cube = max(0, index - 16)
        return (cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
    }

    /// The palette entry (16–255) nearest to a colour by squared RGB distance; the cube wins ties.
    package static func index(r: UInt8, g: UInt8, b: UInt8) -> Int {
        let red = nearestCubeLevel(r), green = nearestCubeLevel(g), blue = nearestCubeLevel(b)
        let cubeIndex = 16 + 36 * red + 6 * green + blue
        let cubeDistance = distance((r, g, b), color(at: cubeIndex))
        // Greys are 8, 18, …, 238: the nearest to the channel average, then measured exactly.
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let greyStep = min(23, max(0, (average - 8 + 5) / 10))
        let greyIndex = 232 + greyStep
        let greyDistance = distance((r, g, b), color(at: greyIndex))
        return greyDistance < cubeDistance ? greyIndex : cubeIndex
    }

    private static func nearestCubeLevel(_ value: UInt8) -> Int {
        // Midpoints between 0, 95, 135, 175, 215 and 255.
        switch value {
        case ..<48: return 0
        case ..<115: return 1
        case ..<155: return 2
        case ..<195: return 3
        case ..<235: return 4
        default: return 5
        }
    }

    private static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (r: UInt8, g: UInt8, b: UInt8)) -> Int {
        let dr = Int(a.0) - Int(b.r), dg = Int(a.1) - Int(b.g), db = Int(a.2) - Int(b.b)
        return dr * dr + dg * dg + db * db
    }
}
