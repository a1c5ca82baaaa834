import LibinputEvents
import Report
import XCTest

/// The live status line fits the terminal whole: a line wider than it would wrap, and the
/// escape that clears it would clear only its last row, leaving the rest on the screen.
final class LiveStatusTests: XCTestCase {
    func testTheWholeLineIsCutToTheTerminalsWidth() {
        var status = LiveStatus()
        let info = DeviceInfo(
            name: "ETPS/2 Elantech Touchpad", sysname: "event10", capabilities: [.pointer, .gesture], sizeMM: nil)
        let delta = GestureDelta(dx: 0, dy: 0, unacceleratedDx: 0, unacceleratedDy: 0)
        for (time, kind) in [
            (0, LibinputEvent.Kind.deviceAdded(info)), (20_000, .gesturePinchBegin(fingers: 2)),
            (28_000, .gesturePinchUpdate(fingers: 2, delta: delta, scale: 1.01, angleDelta: 0.5)),
        ] as [(UInt64, LibinputEvent.Kind)] {
            status.update(with: LibinputEvent(time: time, device: "event10", kind: kind))
        }
        status.pointerRegion = "text/line.3 verticalBeam(20) constrained vertical"
        let full = status.text(width: 500)
        XCTAssertTrue(full.hasSuffix("│ 0.028 s"), full)
        for width in [40, 60, 80] {
            let text = status.text(width: width)
            XCTAssertLessThan(text.count, width, text)
            XCTAssertTrue(text.hasPrefix("▌ event10 ETPS/2"), text)
        }
    }
}
