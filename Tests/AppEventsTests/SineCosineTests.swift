import Foundation
@testable import AppEvents
import XCTest

/// ``sineCosine(_:)`` against Foundation's `sin` and `cos`, which it replaces where the simulated
/// touches are placed.
final class SineCosineTests: XCTestCase {
    /// Distance in units in the last place of the larger of the two.
    private func ulps(_ a: Double, _ b: Double) -> Double {
        a == b ? 0 : abs(a - b) / max(a.ulp, b.ulp)
    }

    private func assertClose(_ x: Double, file: StaticString = #filePath, line: UInt = #line) {
        let (s, c) = sineCosine(x)
        XCTAssertLessThanOrEqual(ulps(s, sin(x)), 2, "sin(\(x))", file: file, line: line)
        XCTAssertLessThanOrEqual(ulps(c, cos(x)), 2, "cos(\(x))", file: file, line: line)
    }

    func testWithinTwoUlpsOfFoundationAcrossTheReducedRange() {
        // A fixed sequence (a 64-bit LCG), so that a failure names the same angles every run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for bound in [1.0, 10, 1_000, 799_999] {
            for _ in 0..<50_000 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let unit = Double(state >> 11) / Double(1 << 53)
                assertClose((unit * 2 - 1) * bound)
            }
        }
    }

    func testNearMultiplesOfHalfPiWhereTheReductionCancels() {
        for k in -20_000...20_000 {
            let base = Double(k) * .pi / 2
            for offset in [0, 1e-12, -1e-12, 1e-6] { assertClose(base + offset) }
        }
    }

    func testEitherSideOfAQuarterTurnWhereReductionStarts() {
        for quarter in [Double.pi / 4, -.pi / 4] {
            var x = quarter
            for _ in 0..<1_000 { x = x.nextDown }
            for _ in 0..<2_000 {
                assertClose(x)
                x = x.nextUp
            }
        }
    }

    func testSpecialValuesAndTheFoundationFallback() {
        let negativeZero = sineCosine(-0.0)
        XCTAssertEqual(negativeZero.sin, 0)
        XCTAssertEqual(negativeZero.sin.sign, .minus, "sin(-0) is -0")
        XCTAssertEqual(negativeZero.cos, 1)
        XCTAssertEqual(sineCosine(1e-300).sin, 1e-300)
        for x in [Double.infinity, -.infinity, .nan] {
            XCTAssertTrue(sineCosine(x).sin.isNaN && sineCosine(x).cos.isNaN, "\(x)")
        }
        for x in [800_000, -1e6, 1e300] {
            XCTAssertEqual(sineCosine(x).sin, sin(x), "beyond the reduced range, Foundation's")
            XCTAssertEqual(sineCosine(x).cos, cos(x))
        }
    }
}
