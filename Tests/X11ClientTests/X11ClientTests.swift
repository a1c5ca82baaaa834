import CX11Input
import DesktopEvents
import Foundation
import TestSupport
import X11Client
import XCTest

/// The X11 client on a real X server: Xvfb, whose XInput is the X.Org server's own (2.4 from
/// X.Org 21.1), with its virtual core pointer; gestures need a touchpad and xf86-input-libinput,
/// which the VM tier has.
final class X11ClientTests: XCTestCase {
    func testTheClientAgreesOnXInput24AndSeesThePointerEnter() throws {
        let name = try startXvfb()
        // Another client moves the pointer: where the window will be (with no window manager, the
        // screen), then within it once it is open; its XSync returns once the server has sent the
        // window's events, before the stop.
        let other = try XCTUnwrap(XOpenDisplay(name))
        defer { XCloseDisplay(other) }
        XWarpPointer(other, 0, XDefaultRootWindow(other), 0, 0, 0, 0, 100, 100)
        XSync(other, 0)
        let client = try X11Client(display: name)
        XCTAssertEqual(client.version.major, 2)
        XCTAssertGreaterThanOrEqual(client.version.minor, 4, client.description)
        try client.openWindow(title: "touchsynth test")
        XCTAssertTrue(client.windowShown)
        XWarpPointer(other, 0, XDefaultRootWindow(other), 0, 0, 0, 0, 130, 90)
        XSync(other, 0)
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]); close(ends[1]) }
        XCTAssertEqual(write(ends[1], "x", 1), 1)
        var events: [DesktopPointerEvent] = []
        try client.run(stoppingOn: ends[0]) { events.append($0) }
        XCTAssertEqual(events.first, .enter(x: 100, y: 100), "\(events)")
        XCTAssertTrue(events.contains { if case .motion(_, 130, 90) = $0 { true } else { false } }, "\(events)")
        var libinput: [String] = []
        var mapping = client.makeMapping()
        for event in events { libinput += mapping.map(event).map { "\($0.device) \($0.kind)" } }
        XCTAssertEqual(libinput.first?.hasPrefix("x11 pointerMotion(dx: 30.0, dy: -10.0"), true, "\(libinput)")
    }

    func testNoXServerIsOneSentence() {
        XCTAssertThrowsError(try X11Client(display: "unix:987")) { error in
            let error = error as? WindowSystemError
            XCTAssertEqual(error?.kind, .unavailable)
            XCTAssertEqual(error?.message, "no X server at unix:987: run it in an X session (DISPLAY)")
        }
    }
}
