/// log₂ without the C maths library (the library links no libm): the exponent, plus log₂ of the
/// significand in [1, 2) from the series of atanh, to about 1e-6. For the encoders' entropy
/// estimates, where speed matters more than the last digit.
@inline(__always)
func binaryLogarithm(_ value: Double) -> Double {
    let significand = value.significand
    let t = (significand - 1) / (significand + 1), t2 = t * t
    let series = t * (1 + t2 * (1.0 / 3 + t2 * (1.0 / 5 + t2 * (1.0 / 7 + t2 * (1.0 / 9 + t2 / 11)))))
    return Double(value.exponent) + series * 2.885_390_081_777_926_8 // 2 / ln 2
}
