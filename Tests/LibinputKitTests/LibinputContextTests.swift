import Foundation
import XCTest
import TestSupport

/// LibinputKit's contexts on a mocked device: the udev seat backend finds it like a real one.
final class LibinputContextTests: XCTestCase {
    func testUdevSeatBackendFindsTheMockedTouchpad() throws {
        let touchsynth = try Fixtures.touchsynth()
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-out.yml").path
        // No --device: `debug` enumerates seat0 through udev, inside the testbed.
        let result = try runProcess([touchsynth, "mock", pinch, "--", touchsynth, "debug", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let events = try jsonLines(result.stdout)
        let added = try XCTUnwrap(events.first)
        XCTAssertEqual(added["type"] as? String, "DEVICE_ADDED")
        XCTAssertEqual(added["name"] as? String, "ETPS/2 Elantech Touchpad")
        XCTAssertEqual(added["sysname"] as? String, "event10")
        XCTAssertEqual(added["capabilities"] as? [String], ["pointer", "gesture"])
        // 3097 units at 31/mm by 2119 at 32/mm.
        let size = try XCTUnwrap(added["sizeMm"] as? [Double])
        XCTAssertEqual(size[0], 3097.0 / 31, accuracy: 0.05)
        XCTAssertEqual(size[1], 2119.0 / 32, accuracy: 0.05)
        XCTAssertTrue(events.contains { $0["type"] as? String == "GESTURE_PINCH_END" })
    }

    func testDevicesListsTheMockedTouchpad() throws {
        let touchsynth = try Fixtures.touchsynth()
        let scroll = Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.two-finger-vert-scroll.events").path
        let result = try runProcess([touchsynth, "mock", scroll, "--", touchsynth, "devices"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Device:        SynPS/2 Synaptics TouchPad"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Kernel:        /dev/input/event10"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Capabilities:  pointer gesture"), result.stdout)
    }

    /// What is not a device node is named for what it is, not with libinput's "Invalid path".
    func testAFileOrDirectoryGivenAsADeviceIsNamedForWhatItIs() throws {
        let touchsynth = try Fixtures.touchsynth()
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-out.yml").path
        for command in ["debug", "devices"] {
            let file = try runProcess([touchsynth, command, "--device", pinch])
            XCTAssertEqual(file.status, 65, file.stderr)
            XCTAssertEqual(file.stderr, "touchsynth: \(pinch): a file, not an input device node (a recording is replayed with `touchsynth replay`)\n")
            let directory = try runProcess([touchsynth, command, "--device", Fixtures.synthesized.path])
            XCTAssertEqual(directory.status, 66, directory.stderr)
            XCTAssertEqual(directory.stderr, "touchsynth: \(Fixtures.synthesized.path): a directory, not an input device node\n")
        }
    }

    /// libinput leaves tap-to-click off; `--enable-tap` turns it on, and a one-finger tap clicks.
    func testEnableTapTurnsATapIntoAClick() throws {
        let touchsynth = try Fixtures.touchsynth()
        let tap = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-tap-\(UUID().uuidString).yml").path
        defer { try? FileManager.default.removeItem(atPath: tap) }
        let desc = Fixtures.evemu.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path
        let made = try runProcess([touchsynth, "synthesize", "-e", "tap fingers=1", "--desc", desc, "-o", tap])
        XCTAssertEqual(made.status, 0, made.stderr)
        func buttons(_ extra: [String]) throws -> [String] {
            let result = try runProcess([touchsynth, "replay", "--json", tap] + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            return try jsonLines(result.stdout).filter { $0["type"] as? String == "POINTER_BUTTON" }.map { "\($0["button"]!) \($0["state"]!)" }
        }
        XCTAssertEqual(try buttons([]), [])
        XCTAssertEqual(try buttons(["--enable-tap"]), ["272 pressed", "272 released"])
    }
}
