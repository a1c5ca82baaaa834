import DesktopEvents
import Foundation
import TestSupport
import WaylandClient
import XCTest

/// The Wayland client on a real compositor: sway, headless (no outputs, no input devices), run
/// as an unprivileged user as sway requires.
final class WaylandClientTests: XCTestCase {
    /// Starts sway headless in a runtime folder of its own; returns its socket's path once a
    /// client can connect to it.
    private func startSway() throws -> String {
        let sway = try XCTUnwrap(findExecutable("sway"), "sway is not installed (tools/test installs it)")
        let setpriv = try XCTUnwrap(findExecutable("setpriv"), "setpriv (util-linux) is not installed")
        // sway refuses root, and only root can start it as another user here.
        try requireTier(getuid() == 0, "root, to start sway as an unprivileged user", source: "which CI runs as")
        let runtime = temporaryPath("wayland")
        try FileManager.default.createDirectory(
            atPath: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        XCTAssertEqual(chown(runtime, 65534, 65534), 0)
        let process = try Running([
            setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "env", "XDG_RUNTIME_DIR=\(runtime)",
            "WLR_BACKENDS=headless", "WLR_RENDERER=pixman", sway, "-c", "/dev/null",
        ])
        addTeardownBlock {
            process.kill()
            try? FileManager.default.removeItem(atPath: runtime)
        }
        // sway makes its socket as it starts, and listens on it a moment later: wait until a
        // client connects.
        var socket: String?
        waitUntil(whileRunning: process.pid) {
            let sockets = ((try? FileManager.default.contentsOfDirectory(atPath: runtime)) ?? []).filter {
                $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock")
            }
            socket = sockets.first.map { runtime + "/" + $0 }
            return socket.map { (try? WaylandClient(display: $0)) != nil } ?? false
        }
        XCTAssertTrue(process.isRunning, "sway ended as it started")
        return try XCTUnwrap(socket)
    }

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

    /// `debug --wayland --device NODE` on a recording's mocked device beside headless sway, which
    /// has no input devices of its own: every gesture libinput made the window did not receive,
    /// and each is said so.
    func testBothSidesSayWhatTheWindowDidNotReceive() throws {
        let (result, output, unreceived) = try debugBesideMockedSession("--wayland", "WAYLAND_DISPLAY", try startSway())
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = output.filter { $0.hasPrefix("libinput: ") }
        XCTAssertEqual(
            lines.filter { $0.contains("pinch") }.first,
            "libinput: 2-finger pinch; the window received nothing: the compositor kept it, or the pointer was not "
                + "over the window")
        XCTAssertEqual(lines, unreceived.map { Substring($0.line) })
    }
}
