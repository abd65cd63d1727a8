import Zoetrope

/// What transparent pixels are shown over.
public enum TerminalBackground: Sendable, Hashable {
    /// The terminal's own background shows through: renderers with an alpha channel (kitty, iTerm2)
    /// pass alpha on; sixel leaves transparent pixels undrawn; the ANSI renderers treat alpha below
    /// 128 as transparent and anything else as opaque.
    case terminal
    /// A grey checkerboard, as image editors show transparency.
    case checkerboard
    /// A solid colour.
    case color(r: UInt8, g: UInt8, b: UInt8)

    /// The checkerboard's two greys.
    public static let checkerLight: UInt8 = 0x99
    /// The checkerboard's darker grey.
    public static let checkerDark: UInt8 = 0x66

    /// Parses `terminal`, `checker` (or `checkerboard`) or `#RRGGBB`.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "terminal": self = .terminal
        case "checker", "checkerboard": self = .checkerboard
        default:
            let digits = Array(argument.utf8)
            guard digits.count == 7, digits[0] == UInt8(ascii: "#"),
                  let value = Int(String(decoding: digits[1...], as: UTF8.self), radix: 16) else { return nil }
            self = .color(r: UInt8(value >> 16 & 0xFF), g: UInt8(value >> 8 & 0xFF), b: UInt8(value & 0xFF))
        }
    }

    /// `frame` composited over this background: unchanged for ``terminal``, fully opaque otherwise.
    /// Checkerboard squares are `squareSize` pixels wide, the top-left one light.
    public func apply(to frame: RGBAImage, squareSize: Int) -> RGBAImage {
        if case .terminal = self { return frame }
        if frame.isOpaque { return frame }
        let square = max(1, squareSize)
        var pixels = frame.pixels // copied on the first write, as the frame is shared
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let p = (y * frame.width + x) * 4
                let alpha = Int(pixels[p + 3])
                if alpha == 255 { continue }
                let under: (UInt8, UInt8, UInt8)
                switch self {
                case .terminal: return frame
                case .color(let r, let g, let b): under = (r, g, b)
                case .checkerboard:
                    let grey = (x / square + y / square) % 2 == 0 ? Self.checkerLight : Self.checkerDark
                    under = (grey, grey, grey)
                }
                pixels[p] = Self.over(pixels[p], under.0, alpha: alpha)
                pixels[p + 1] = Self.over(pixels[p + 1], under.1, alpha: alpha)
                pixels[p + 2] = Self.over(pixels[p + 2], under.2, alpha: alpha)
                pixels[p + 3] = 255
            }
        }
        return RGBAImage(width: frame.width, height: frame.height, pixels: pixels)
    }

    /// `top` over an opaque `bottom`: (top·a + bottom·(255 − a)) / 255, rounded to nearest.
    static func over(_ top: UInt8, _ bottom: UInt8, alpha: Int) -> UInt8 {
        UInt8((Int(top) * alpha + Int(bottom) * (255 - alpha) + 127) / 255)
    }
}
