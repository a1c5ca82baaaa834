import Foundation
import XCTest
import TestSupport

/// `click button=right` and `button=middle` come out of real libinput as that button on pads of
/// each click method: a clickpad reading the button by where it is pressed (buttonareas), one
/// reading it by the fingers pressing (clickfinger, an Apple pad's default), and a pad with
/// buttons of its own; `--verify` finds them as asked.
final class ClickButtonTests: XCTestCase {
    func testARightOrMiddleClickIsThatButtonOnEveryKindOfPad() throws {
        let devices = Fixtures.directory.appendingPathComponent("devices")
        let file = temporaryPath("button-click.yml")
        defer { try? FileManager.default.removeItem(atPath: file) }
        for pad in [
            "touchpads_Logitech_Rechargeable_Touchpad_T650.desc", "touchpads_bcm5974.three-finger-click.desc",
            "touchpads_SynPS2_Synaptics_TouchPad.desc",
            // 66.2 mm tall: its button area is 15 % of that, under 10 mm.
            "touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc",
        ] {
            let desc = devices.appendingPathComponent(pad).path
            for (script, code) in [("click button=right", 273), ("click button=middle dx=10mm duration=300ms", 274)] {
                let made = runCommand(["synthesize", "--verify", "-e", script, "--desc", desc, "-o", file])
                XCTAssertEqual(made.status, 0, made.stderr)
                XCTAssertEqual(made.stderr, "", "\(pad): \(script)")
                let replayed = runCommand(["replay", "--json", file])
                let pressed = try jsonLines(replayed.stdout).filter { $0["type"] as? String == "POINTER_BUTTON" }
                    .compactMap { $0["button"] as? Int }
                XCTAssertEqual(pressed, [code, code], "\(pad): \(script)")
            }
        }
    }

    /// On a pad with buttons of its own, a click that does not move presses the button alone, as a
    /// thumb does: libinput's tap machine passes over such a press, so a finger beside it would
    /// be a second click with tapping on; a click-and-drag keeps its finger, which moves the
    /// pointer. `--verify` counts the presses.
    func testAStillClickOnAPadWithButtonsIsOnePressWithTappingOn() throws {
        let file = temporaryPath("still-click.yml")
        defer { try? FileManager.default.removeItem(atPath: file) }
        for pad in [
            "touchpads_Logitech_Wireless_Touchpad.desc", "touchpads_ETPS2_Elantech_Touchpad.Dell-Inspiron-7520.desc",
        ] {
            let desc = Fixtures.directory.appendingPathComponent("devices/" + pad).path
            for (script, code) in [("click", 272), ("click button=right", 273), ("click dx=10mm", 272)] {
                let made = runCommand([
                    "synthesize", "--verify", "--enable-tap", "-e", script, "--desc", desc, "-o", file,
                ])
                XCTAssertEqual(made.status, 0, made.stderr)
                XCTAssertEqual(made.stderr, "", "\(pad): \(script)")
                let replayed = try jsonLines(runCommand(["replay", "--enable-tap", "--json", file]).stdout)
                let pressed = replayed.filter { $0["type"] as? String == "POINTER_BUTTON" }.compactMap {
                    $0["button"] as? Int
                }
                XCTAssertEqual(pressed, [code, code], "\(pad): \(script)")
                let moved = replayed.contains { $0["type"] as? String == "POINTER_MOTION" }
                XCTAssertEqual(moved, script.contains("dx="), "\(pad): \(script)")
            }
        }
    }

    /// The button chooses the fingers and the place: a script that gives them too, or a button of
    /// no name, is refused at its line.
    func testTheButtonIsRefusedBesideFingersOrAPlace() throws {
        let desc = Fixtures.directory.appendingPathComponent("devices/touchpads_SynPS2_Synaptics_TouchPad.desc").path
        for (script, message) in [
            (
                "click button=right fingers=2",
                "button=right chooses the fingers, their spacing and the place that make a right click on the "
                    + "pad: leave out fingers="
            ),
            ("click at=left button=middle", "leave out at="),
            ("click button=back", "button=back: expected left, right or middle"),
            ("click button=right spacing=50mm", "leave out spacing="),
        ] {
            let refused = runCommand(["synthesize", "-e", script, "--desc", desc])
            XCTAssertEqual(refused.status, 65, script)
            XCTAssertTrue(refused.stderr.hasPrefix("touchsynth: -e:1: "), refused.stderr)
            XCTAssertTrue(refused.stderr.hasSuffix(message + "\n"), refused.stderr)
        }
        // A clickpad's right click is where or how many fingers press, which a resting finger changes.
        let clickpad = Fixtures.directory.appendingPathComponent("devices/touchpads_bcm5974.three-finger-click.desc")
            .path
        let resting = runCommand(["synthesize", "-e", "rest; click button=right", "--desc", clickpad])
        XCTAssertEqual(resting.status, 65, resting.stderr)
        XCTAssertTrue(
            resting.stderr.hasSuffix(
                "a right click on bcm5974 is made by where or with how many fingers it presses, which the 1 finger "
                    + "resting would change: lift them first\n"), resting.stderr)
    }
}
