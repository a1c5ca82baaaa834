import Foundation

/// The sine and the cosine of `x`, radians, in one go: what placing compatibility mode's
/// simulated touches needs at every pinch update that turns. Foundation's `sin` and `cos` each
/// reduce the angle and evaluate their series, about 130 instructions for the two; this reduces
/// once and evaluates both, about a third of that (tools/cost). Results are within 2 ulp of
/// Foundation's (tested); beyond ±800,000 rad, and for infinities and NaN, they are Foundation's.
func sineCosine(_ x: Double) -> (sin: Double, cos: Double) {
    // 2^19 quadrants: the three-part π/2 below keeps the reduction exact up to there.
    guard abs(x) < 800_000 else { return (sin(x), cos(x)) }
    // Zero exactly, keeping its sign (the series would turn -0 into +0).
    if x == 0 { return (x, 1) }
    // The nearest quadrant, k, rounded to nearest by the 1.5 × 2^52 trick: adding it leaves no
    // fraction bits (exact for |x · 2/π| < 2^51).
    let roundingShift = 0x1.8p52
    let k = (x * (2 / Double.pi) + roundingShift) - roundingShift
    // x - k·π/2 in |r| ≤ π/4 (Cody and Waite): π/2 in three parts, the first two with 33
    // significant bits, so that k times each is exact for |k| < 2^20.
    let r = ((x - k * 0x1.921fb544p0) - k * 0x1.0b4611a6p-34) - k * 0x1.3198a2e037073p-69
    let r2 = r * r
    // Taylor series to r^17 and r^18: at |r| = π/4 the first terms left out are below 1e-19.
    let sinSeries = -1.0 / 6 + r2 * (1.0 / 120 + r2 * (-1.0 / 5_040 + r2 * (1.0 / 362_880
        + r2 * (-1.0 / 39_916_800 + r2 * (1.0 / 6_227_020_800 + r2 * (-1.0 / 1_307_674_368_000
        + r2 * (1.0 / 355_687_428_096_000)))))))
    let cosSeries = 1.0 / 24 + r2 * (-1.0 / 720 + r2 * (1.0 / 40_320 + r2 * (-1.0 / 3_628_800
        + r2 * (1.0 / 479_001_600 + r2 * (-1.0 / 87_178_291_200 + r2 * (1.0 / 20_922_789_888_000
        + r2 * (-1.0 / 6_402_373_705_728_000)))))))
    let s = r + r * r2 * sinSeries
    let c = 1 - r2 / 2 + r2 * r2 * cosSeries
    switch Int(k) & 3 {
    case 0: return (s, c)
    case 1: return (c, -s)
    case 2: return (-s, -c)
    default: return (-c, s)
    }
}
