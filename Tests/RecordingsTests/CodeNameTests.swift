import LibinputEvents
import Recordings
import XCTest

/// Codes without a name in linux/input-event-codes.h's tables here are named in one way.
final class CodeNameTests: XCTestCase {
    /// A key without a name reads alike in a recording's words and in libinput's events: in the
    /// kernel's button ranges as BTN_, elsewhere as KEY_.
    func testAKeyWithoutANameIsNamedAsLibinputsEventsNameIt() {
        XCTAssertEqual(Evdev.codeName(type: Evdev.EV_KEY, code: 0x118), "BTN_0x118")
        XCTAssertEqual(Evdev.codeName(type: Evdev.EV_KEY, code: 0x118), EvdevKeyNames.name(0x118))
        XCTAssertEqual(Evdev.codeName(type: Evdev.EV_KEY, code: 0x55), "KEY_0x55")
        XCTAssertEqual(Evdev.codeName(type: Evdev.EV_KEY, code: 0x161), "KEY_0x161")
        XCTAssertEqual(Evdev.codeName(type: Evdev.EV_KEY, code: 0x2c1), "BTN_0x2c1")
        XCTAssertEqual(Evdev.codeName(type: Evdev.EV_KEY, code: Evdev.BTN_LEFT), "BTN_LEFT")
        XCTAssertEqual(Evdev.codeName(type: Evdev.EV_ABS, code: 0x3f), "ABS_0x3F")
    }
}
