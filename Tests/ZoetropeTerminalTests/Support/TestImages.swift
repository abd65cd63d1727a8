import Zoetrope

/// Builds an image from rows of (r, g, b, a) pixels.
func makeImage(_ rows: [[(UInt8, UInt8, UInt8, UInt8)]]) -> RGBAImage {
    let width = rows.first?.count ?? 0
    return RGBAImage(width: width, height: rows.count,
                     pixels: rows.flatMap { $0.flatMap { [$0.0, $0.1, $0.2, $0.3] } })
}

/// An image of one colour.
func solidImage(width: Int, height: Int, _ color: (UInt8, UInt8, UInt8, UInt8)) -> RGBAImage {
    makeImage(Array(repeating: Array(repeating: color, count: width), count: height))
}

/// Test output as text, escape characters included, for readable comparisons.
func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
}

let red: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 0, 255)
let green: (UInt8, UInt8, UInt8, UInt8) = (0, 255, 0, 255)
let blue: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 255, 255)
let black: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)
let white: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255)
let clear: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
