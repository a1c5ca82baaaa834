import LibinputEvents
import XCTest

/// Seconds and milliseconds in libinput's microseconds.
final class MicrosecondsTests: XCTestCase {
    /// The microsecond nearest, not the one below: 1.001 s is 1000999.99… µs in binary.
    func testTimesNameTheMicrosecondNearest() {
        XCTAssertEqual(Microseconds.of(seconds: 1.001), 1_001_000)
        XCTAssertEqual(Microseconds.of(milliseconds: 0.0015), 2)
        XCTAssertEqual(Microseconds.of(milliseconds: 180), 180_000)
    }

    /// A library caller's time out of range is held to it, not a trap.
    func testTimesOutOfRangeAreHeldToIt() {
        XCTAssertEqual(Microseconds.of(seconds: -1), 0)
        XCTAssertEqual(Microseconds.of(seconds: .nan), 0)
        XCTAssertEqual(Microseconds.of(seconds: .infinity), .max)
        XCTAssertEqual(Microseconds.of(seconds: 1e300), .max)
    }
}
