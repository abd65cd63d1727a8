/// x^y for x > 0 without the C maths library, accurate to about 1e-13 relative: 2^(y·log₂ x) with
/// both parts from series. For the lossy encoder's quality mapping, whose integer quantisers
/// must come out as libwebp's `pow` gives them.
func power(_ base: Double, _ exponent: Double) -> Double {
    guard base > 0 else { return exponent == 0 ? 1 : 0 }
    return binaryExponential(exponent * preciseBinaryLogarithm(base))
}

/// log₂ of a positive finite value: the exponent plus log₂ of the significand in [1, 2) from the
/// atanh series, carried far enough (|t| ≤ 1/3) for double precision.
func preciseBinaryLogarithm(_ value: Double) -> Double {
    let significand = value.significand
    let t = (significand - 1) / (significand + 1), t2 = t * t
    var term = t, series = 0.0
    for k in stride(from: 1, through: 35, by: 2) {
        series += term / Double(k)
        term *= t2
    }
    return Double(value.exponent) + series * 2.885_390_081_777_926_8 // 2 / ln 2
}

/// 2^x: the integer part as an exponent, the fraction from the exponential series.
func binaryExponential(_ x: Double) -> Double {
    guard x > -1000 else { return 0 }
    guard x < 1000 else { return .infinity }
    let whole = x.rounded(.down)
    let y = (x - whole) * 0.693_147_180_559_945_309_4 // fraction · ln 2, in [0, 0.7)
    var term = 1.0, sum = 1.0
    for k in 1...20 {
        term *= y / Double(k)
        sum += term
    }
    return sum * Double(sign: .plus, exponent: Int(whole), significand: 1)
}
