import Foundation

/// The sine and the cosine of `x`, radians, in one go: what placing compatibility mode's
/// simulated touches needs at every pinch update that turns. Foundation's `sin` and `cos` each
/// reduce the angle and evaluate their series, about 130 instructions for the two; this reduces
/// once and evaluates both, about a third of that (tools/cost). Results are within 2 ulp of
/// Foundation's (tested); beyond ±800,000 rad, and for infinities and NaN, they are Foundation's.
func sineCosine(_ x: Double) -> (sin: Double, cos: Double) {
    // Zero exactly, keeping its sign (the series would turn -0 into +0).
    if x == 0 { return (x, 1) }
    // Within π/4 already, as the pair of a pinch that turned less than 45° from the default
    // horizontal start: nothing to reduce (about 27 instructions fewer, tools/cost).
    if abs(x) <= 0x1.921fb54442d18p-1 { return series(x) }
    // 2^19 quadrants: the three-part π/2 below keeps the reduction exact up to there.
    guard abs(x) < 800_000 else { return (sin(x), cos(x)) }
    // The nearest quadrant, k, rounded to nearest by the 1.5 × 2^52 trick: adding it leaves no
    // fraction bits (exact for |x · 2/π| < 2^51).
    let roundingShift = 0x1.8p52
    let k = (x * (2 / Double.pi) + roundingShift) - roundingShift
    // x - k·π/2 in |r| ≤ π/4 (Cody and Waite): π/2 in three parts, the first two with 33
    // significant bits, so that k times each is exact for |k| < 2^20.
    let r = ((x - k * 0x1.921fb544p0) - k * 0x1.0b4611a6p-34) - k * 0x1.3198a2e037073p-69
    let (s, c) = series(r)
    switch Int(k) & 3 {
    case 0: return (s, c)
    case 1: return (c, -s)
    case 2: return (-s, -c)
    default: return (-c, s)
    }
}

/// The sine and the cosine of `r`, |r| ≤ π/4.
@inline(__always) private func series(_ r: Double) -> (sin: Double, cos: Double) {
    let r2 = r * r
    // Polynomials in r² of degree 5, Chebyshev fits on [0, (π/4)²] (tools/fit-sine-cosine): within
    // 1 ulp of the correctly rounded values over |r| ≤ π/4, with two terms fewer each than the
    // Taylor series to r^17 and r^18 they replace (about 4 instructions per call, tools/cost).
    let sinSeries = -0.16666666666666666 + r2 * (0.008333333333330948 + r2 * (-0.00019841269836758574
        + r2 * (2.755731610255244e-06 + r2 * (-2.5051131845003624e-08 + r2 * 1.5918129294866608e-10))))
    let cosSeries = 0.041666666666666664 + r2 * (-0.0013888888888887398 + r2 * (2.480158729876569e-05
        + r2 * (-2.7557317271729793e-07 + r2 * (2.08761462684032e-09 + r2 * -1.1382632425521717e-11))))
    return (r + r * r2 * sinSeries, 1 - r2 / 2 + r2 * r2 * cosSeries)
}
