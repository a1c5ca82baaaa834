import DesktopEvents
import Foundation
import TestSupport
import WaylandClient
import XCTest

/// The Wayland client on a real compositor: sway, headless (no outputs, no input devices), run
/// as an unprivileged user as sway requires.
final class WaylandClientTests: XCTestCase {
    func testTheClientBindsTheGesturesAndShowsItsWindow() throws {
        let client = try WaylandClient(display: try startSway())
        XCTAssertNotNil(client.globals["zwp_pointer_gestures_v1"])
        try client.openWindow(title: "touchsynth test")
        XCTAssertTrue(client.windowShown)
        XCTAssertEqual(client.bound.gesturesVersion, min(client.globals["zwp_pointer_gestures_v1"] ?? 0, 3))
        XCTAssertGreaterThanOrEqual(client.bound.pointerVersion, 5)
        // The run ends when its stop descriptor is readable.
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]); close(ends[1]) }
        XCTAssertEqual(write(ends[1], "x", 1), 1)
        var events = 0
        try client.run(stoppingOn: ends[0]) { _ in events += 1 }
        XCTAssertEqual(events, 0, "no pointer on a headless seat")
    }

    func testNoCompositorIsOneSentence() {
        XCTAssertThrowsError(try WaylandClient(display: temporaryPath("no-such-socket"))) { error in
            let error = error as? WindowSystemError
            XCTAssertEqual(error?.kind, .unavailable)
            XCTAssertTrue(error?.message.hasPrefix("no Wayland compositor at ") == true, "\(String(describing: error))")
        }
    }
}
