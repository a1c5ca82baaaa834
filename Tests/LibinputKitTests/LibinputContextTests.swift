import Foundation
import LibinputKit
import XCTest
import TestSupport

/// LibinputKit's contexts: what is not a device node, and libinput's settings (the udev seat
/// backend on a mocked device needs a process of its own: MockedProgramTests).
final class LibinputContextTests: XCTestCase {
    /// What is not an input device node is named for what it is, not with libinput's "Invalid path".
    func testAFileOrDirectoryGivenAsADeviceIsNamedForWhatItIs() throws {
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-out.yml").path
        for command in ["debug", "devices"] {
            let file = runCommand([command, "--device", pinch])
            XCTAssertEqual(file.status, 65, file.stderr)
            XCTAssertEqual(
                file.stderr,
                "touchsynth: \(pinch): a file, not an input device node (a recording is replayed with `touchsynth "
                    + "replay`)\n"
            )
            let directory = runCommand([command, "--device", Fixtures.synthesized.path])
            XCTAssertEqual(directory.status, 66, directory.stderr)
            XCTAssertEqual(
                directory.stderr, "touchsynth: \(Fixtures.synthesized.path): a directory, not an input device node\n")
            let null = runCommand([command, "--device", "/dev/null"])
            XCTAssertEqual(null.status, 65, null.stderr)
            XCTAssertEqual(
                null.stderr,
                "touchsynth: /dev/null: a character device of another driver (major 1), not an input device node\n")
        }
    }

    /// A node whose device is gone (one an unplugged device left, or made by hand) is said alike by
    /// the commands that open nodes through libinput and by `record`, which reads it directly;
    /// libinput alone calls it an "Invalid path".
    func testANodeWithoutADeviceIsSaidAlikeByEveryCommand() throws {
        let node = temporaryPath("event-stale")
        // Major 13 (input), minor 95 (no device): the node an unplug leaves in /dev/input opens so.
        try requireTier(
            mknod(node, S_IFCHR | 0o600, dev_t(13 << 8 | 95)) == 0, "mknod of a device node (CAP_MKNOD)",
            source: "which root has, as CI runs")
        for command in ["debug", "devices", "record"] {
            let result = runCommand([command, "--device", node])
            XCTAssertEqual(result.status, 66, result.stderr)
            XCTAssertEqual(
                result.stderr, "touchsynth: \(node): no device behind this node (one removed, or a node made by hand)\n"
            )
        }
    }

    /// A seat with no device this user can read ends `debug` and `view` at once with the reason, as
    /// it ends `devices`, rather than waiting silently for a Ctrl-C; a table's header heads nothing
    /// then, and the view's address is not told.
    func testASeatWithoutDevicesIsSaidAtOnce() throws {
        for command in [["debug"], ["devices"], ["debug", "--mode", "both"], ["view"]] {
            let result = runCommand(command + ["--seat", "touchsynth-no-such-seat"])
            XCTAssertEqual(result.status, 69, result.stderr)
            XCTAssertEqual(result.stdout, "", "\(command)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        }
    }

    /// With no input device at all (a container or a VM), the commands that look for the one
    /// touchpad say so as `devices` does, rather than that no touchpad was found.
    func testNoInputDeviceAtAllIsSaidAlikeByEveryCommand() throws {
        try XCTSkipIf(LibinputContext.hasEventNodes, "this machine has input devices")
        let out = temporaryPath("none.yml")
        let devices = runCommand(["devices"])
        XCTAssertEqual(devices.status, 69, devices.stderr)
        XCTAssertTrue(devices.stderr.contains("no input devices"), devices.stderr)
        for command in [["debug", "--explain"], ["record", "-o", out]] {
            let result = runCommand(command)
            XCTAssertEqual(result.status, devices.status, "\(command)")
            XCTAssertEqual(result.stderr, devices.stderr, "\(command)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    /// libinput leaves tap-to-click off; `--enable-tap` turns it on, and a one-finger tap clicks.
    func testEnableTapTurnsATapIntoAClick() throws {
        let tap = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-tap-\(UUID().uuidString).yml"
        ).path
        defer { try? FileManager.default.removeItem(atPath: tap) }
        let desc = Fixtures.evemu.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path
        let made = runCommand(["synthesize", "-e", "tap fingers=1", "--desc", desc, "-o", tap])
        XCTAssertEqual(made.status, 0, made.stderr)
        func buttons(_ extra: [String]) throws -> [String] {
            let result = runCommand(["replay", "--json", tap] + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            return try jsonLines(result.stdout).filter { $0["type"] as? String == "POINTER_BUTTON" }.map {
                "\($0["button"]!) \($0["state"]!)"
            }
        }
        XCTAssertEqual(try buttons([]), [])
        XCTAssertEqual(try buttons(["--enable-tap"]), ["272 pressed", "272 released"])
    }
}
