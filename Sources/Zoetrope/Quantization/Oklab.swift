/// A colour in Oklab, Björn Ottosson's perceptual colour space: `l` is lightness (0 black … 1
/// white), `a` and `b` the green–red and blue–yellow axes. Euclidean distance here follows
/// perceived difference far better than in sRGB, so palettes are built and colours matched in it.
package struct OklabColor: Sendable, Hashable {
    package var l: Float
    package var a: Float
    package var b: Float

    package init(l: Float, a: Float, b: Float) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// The colour of 8-bit sRGB channels (which may be fractional, e.g. a mean).
    package init(red: Float, green: Float, blue: Float) {
        let r = SRGBTransfer.linear(red), g = SRGBTransfer.linear(green), bl = SRGBTransfer.linear(blue)
        let lms0 = Self.cubeRoot(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * bl)
        let lms1 = Self.cubeRoot(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * bl)
        let lms2 = Self.cubeRoot(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * bl)
        l = 0.2104542553 * lms0 + 0.7936177850 * lms1 - 0.0040720468 * lms2
        a = 1.9779984951 * lms0 - 2.4285922050 * lms1 + 0.4505937099 * lms2
        b = 0.0259040371 * lms0 + 0.7827717662 * lms1 - 0.8086757660 * lms2
    }

    /// The nearest 8-bit sRGB colour (out-of-gamut channels clamp).
    package var rgb: (red: UInt8, green: UInt8, blue: UInt8) {
        let lms0 = l + 0.3963377774 * a + 0.2158037573 * b
        let lms1 = l - 0.1055613458 * a - 0.0638541728 * b
        let lms2 = l - 0.0894841775 * a - 1.2914855480 * b
        let c0 = lms0 * lms0 * lms0, c1 = lms1 * lms1 * lms1, c2 = lms2 * lms2 * lms2
        let red = 4.0767416621 * c0 - 3.3077115913 * c1 + 0.2309699292 * c2
        let green = -1.2684380046 * c0 + 2.6097574011 * c1 - 0.3413193965 * c2
        let blue = -0.0041960863 * c0 - 0.7034186147 * c1 + 1.7076147010 * c2
        return (SRGBTransfer.encode(red), SRGBTransfer.encode(green), SRGBTransfer.encode(blue))
    }

    /// The squared Euclidean distance to `other`.
    @inline(__always)
    package func distanceSquared(to other: OklabColor) -> Float {
        let dl = l - other.l, da = a - other.a, db = b - other.b
        return dl * dl + da * da + db * db
    }

    /// ∛x for x ≥ 0: a bit-level first guess refined by Newton steps (no libm in the library).
    @inline(__always)
    static func cubeRoot(_ x: Float) -> Float {
        guard x > 0 else { return 0 }
        var y = Float(bitPattern: x.bitPattern / 3 &+ 0x2A51_4067)
        for _ in 0..<3 { y -= (y * y * y - x) / (3 * y * y) }
        return y
    }
}
