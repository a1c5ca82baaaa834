import Quirks
import Recordings
import TestSupport
import XCTest

/// The quirks a file gives a device, its lines cut as libinput's parser cuts them.
final class QuirksSectionsTests: XCTestCase {
    /// `parse_file` (src/quirks.c) drops a `#` and what follows, with the blanks before it: a
    /// comment after a match or a value is no part of it.
    func testACommentAfterAValueIsNoPartOfIt() throws {
        let pad = try RecordingLoader.load(
            Fixtures.devices.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path
        ).device
        let text = """
            [Elantech pads] # this laptop's
            MatchName=*Elantech Touchpad*\t# by name
            AttrSizeHint=100x60 # mm
            AttrPressureRange=10:8#no blank before it
            """
        let quirks = LibinputQuirks.applying([text], to: pad)
        XCTAssertEqual(quirks.sizeHint?.width, 100)
        XCTAssertEqual(quirks.sizeHint?.height, 60)
        XCTAssertEqual(quirks.pressureRange?.high, 10)
        XCTAssertEqual(quirks.pressureRange?.low, 8)
    }
}
