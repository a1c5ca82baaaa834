import AppEvents
import XCTest

/// The short phrases of tables and snapshots show a value as its decimals do: one that rounds to
/// zero is `0.0`, never `-0.0`, and one that does not keeps its sign.
final class AppEventFormatTests: XCTestCase {
    private func transform(rotationDegrees: Double) -> String {
        let event = TransformEvent(
            phase: .changed, scale: 1.1, rotation: rotationDegrees * .pi / 180, location: Point(x: 1, y: 1))
        return AppEventFormat.short(
            AppEvent(timestamp: 0, buttonMask: [], modifierFlags: [], payload: .transform(event)))
    }

    private func scroll(_ translation: Point) -> String {
        let event = ScrollEvent(
            phase: .changed, type: .continuous, delta: .zero, translation: translation, location: .zero)
        return AppEventFormat.short(AppEvent(timestamp: 0, buttonMask: [], modifierFlags: [], payload: .scroll(event)))
    }

    func testAValueRoundingToZeroHasNoSign() {
        XCTAssertEqual(transform(rotationDegrees: -0.04), "transform changed scale 1.100 rotation 0.0°")
        XCTAssertEqual(transform(rotationDegrees: -0.06), "transform changed scale 1.100 rotation -0.1°")
        XCTAssertTrue(scroll(Point(x: -0.04, y: -89.7)).hasSuffix("Σ(0.0,-89.7)"), scroll(Point(x: -0.04, y: -89.7)))
    }

    func testShownDropsTheSignOnlyOfWhatRoundsToZero() {
        XCTAssertEqual((-0.4).shown(places: 0).sign, .plus)
        XCTAssertEqual((-0.6).shown(places: 0), -0.6)
        XCTAssertEqual((-0.004).shown(places: 2).sign, .plus)
        XCTAssertEqual((-0.0).shown(places: 1).sign, .plus)
    }
}
