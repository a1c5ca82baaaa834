import Foundation
import LibinputEvents
import LibinputEventText
import Replays
import TestSupport
import XCTest

/// A capture read back: the JSON Lines `replay --json` and `replay --mode both --json` write give
/// the replay's own events, and a line that holds no event is refused at its line.
final class CaptureTests: XCTestCase {
    private let recording = Fixtures.synthesized.appendingPathComponent("pinch-rotate.yml").path

    func testACaptureReadsBackToTheReplaysEvents() throws {
        let replayed = try Replay(.file(recording)).events
        for mode in [[], ["--mode", "both"]] {
            let capture = runCommand(["replay", "--json", recording] + mode)
            XCTAssertEqual(capture.status, 0, capture.stderr)
            XCTAssertEqual(try LibinputEvent.events(fromJSONLines: capture.stdout), replayed, "\(mode)")
        }
    }

    /// libinput's switch events, from a lid closed and opened, through JSON and back.
    func testALidsSwitchEventsReadBack() throws {
        let lid = Fixtures.directory.appendingPathComponent("keyboard/lid-switch.evemu").path
        let replayed = try Replay(.file(lid)).events
        XCTAssertEqual(
            replayed.compactMap {
                if case .switchToggle(let which, let state) = $0.kind { (which, state) } else { nil }
            }
            .map { "\($0.0) \($0.1)" }, ["lid on", "lid off"], "the lid closed twice is one toggle")
        let capture = runCommand(["replay", "--allow-empty", "--json", lid])
        XCTAssertEqual(capture.status, 0, capture.stderr)
        XCTAssertEqual(try LibinputEvent.events(fromJSONLines: capture.stdout), replayed)
    }

    func testALineThatHoldsNoEventIsRefusedAtItsLine() throws {
        let capture = runCommand(["replay", "--json", recording])
        let lines = capture.stdout.split(separator: "\n").count
        XCTAssertThrowsError(try LibinputEvent.events(fromJSONLines: capture.stdout + "\n[1, 2]\n")) { error in
            XCTAssertEqual((error as? LibinputEvent.CaptureError)?.line, lines + 2, "\(error)")
            XCTAssertEqual(
                (error as? LibinputEvent.CaptureError)?.problem, "not a libinput event object (a JSON object a line)")
        }
        // Broken JSON is said to be that, not an object of another kind.
        XCTAssertThrowsError(try LibinputEvent.events(fromJSONLines: "{\"type\": ")) { error in
            XCTAssertEqual((error as? LibinputEvent.CaptureError)?.problem, "not valid JSON")
        }
        let newer = #"{"output": "libinputEvents", "schemaVersion": \#(JSONSchema.version + 1)}"#
        XCTAssertThrowsError(try LibinputEvent.events(fromJSONLines: newer)) { error in
            XCTAssertEqual((error as? LibinputEvent.CaptureError)?.line, 1, "\(error)")
        }
        // A header's version that is no version is said to be one, not taken for an event.
        for version in [#""4""#, "4.5", "0", "-1"] {
            let header = #"{"output": "libinputEvents", "schemaVersion": \#(version)}"#
            XCTAssertThrowsError(try LibinputEvent.events(fromJSONLines: header), version) { error in
                XCTAssertEqual(
                    "\(error)", "libinput event line 1: the header's schemaVersion must be a whole number from 1")
            }
        }
        // A device's node or name that would end its line in a table or a diff (or write escapes to
        // the terminal) is refused, naming the key.
        let named = #"{"type": "DEVICE_ADDED", "device": "event10", "timeUs": 1, "name": "pad\u001b[31m"}"#
        XCTAssertThrowsError(try LibinputEvent.events(fromJSONLines: named)) { error in
            XCTAssertEqual(
                (error as? LibinputEvent.CaptureError)?.problem,
                #"name "pad\u{1B}[31m" holds a control character, U+001B"#)
        }
        let version = #"{"type": "DEVICE_ADDED", "device": "event10", "timeUs": 1, "libinputVersion": "1.22\n"}"#
        XCTAssertThrowsError(try LibinputEvent.events(fromJSONLines: version)) { error in
            XCTAssertEqual(
                (error as? LibinputEvent.CaptureError)?.problem,
                #"libinputVersion "1.22\n" holds a control character, U+000A"#)
        }
        let removed = #"{"type": "DEVICE_REMOVED", "device": "event10\n", "timeUs": 1}"#
        XCTAssertThrowsError(try LibinputEvent.events(fromJSONLines: removed)) { error in
            XCTAssertEqual(
                (error as? LibinputEvent.CaptureError)?.problem,
                #"device "event10\n" holds a control character, U+000A"#)
        }
        // A pinch's scale is 0 or more, whatever the fingers did.
        for scale in ["-1", "-0.5"] {
            let end = #"{"type": "GESTURE_PINCH_END", "device": "event10", "timeUs": 1, "fingers": 2, "scale": "#
            XCTAssertThrowsError(try LibinputEvent.events(fromJSONLines: end + scale + "}"), scale) { error in
                XCTAssertEqual(
                    (error as? LibinputEvent.CaptureError)?.problem, "scale \(Double(scale)!) is no pinch's, 0 or more")
            }
        }
        // A number no libinput sends is refused at its line, not shown as `rotation inf°`.
        let pinchUpdate =
            #"{"type": "GESTURE_PINCH_UPDATE", "device": "event10", "timeUs": 1, "fingers": 2, "scale": 1, "dx": 0, "#
            + #""dy": 0, "dxUnaccelerated": 0, "dyUnaccelerated": 0, "angleDeltaDeg": "#
        XCTAssertEqual(try LibinputEvent.events(fromJSONLines: pinchUpdate + "-12.5}").count, 1)
        for (line, problem) in [
            (
                pinchUpdate + "1e308}",
                "angleDeltaDeg 1e+308 is out of range: libinput's change of angle is within ±180°"
            ),
            (
                pinchUpdate.replacingOccurrences(of: #""dx": 0"#, with: #""dx": 1e308"#) + "0}",
                "dx 1e+308 is out of range: no event carries more than 10^9"
            ),
            (
                #"{"type": "DEVICE_ADDED", "device": "event10", "timeUs": 1, "sizeMm": [-1, 50]}"#,
                "sizeMm [-1.0, 50.0] is out of range: a size is 0 or more, and less than 10^9 mm"
            ),
        ] {
            XCTAssertThrowsError(try LibinputEvent.events(fromJSONLines: line), line) { error in
                XCTAssertEqual((error as? LibinputEvent.CaptureError)?.problem, problem)
            }
        }
        // A finger count no touchpad has is refused, not compared as a gesture of that many.
        func hold(_ fingers: String) -> String {
            #"{"type": "GESTURE_HOLD_BEGIN", "device": "event10", "timeUs": 1, "fingers": "# + fingers + "}"
        }
        XCTAssertEqual(try LibinputEvent.events(fromJSONLines: hold("2")).count, 1)
        for fingers in ["-3", "99999999999"] {
            XCTAssertThrowsError(try LibinputEvent.events(fromJSONLines: hold(fingers)), fingers) { error in
                XCTAssertEqual((error as? LibinputEvent.CaptureError)?.line, 1, "\(error)")
            }
        }
        // A number written as null was not finite: said so, not taken for a missing key.
        let end = #"{"type": "GESTURE_PINCH_END", "device": "event10", "timeUs": 1, "fingers": 2, "scale": null}"#
        XCTAssertThrowsError(try LibinputEvent.events(fromJSONLines: end)) { error in
            XCTAssertEqual("\(error)", "libinput event line 1: scale is null: not a finite number")
        }
        let update =
            #"{"type": "GESTURE_PINCH_UPDATE", "device": "event10", "time_us": 1, "fingers": 2, "scale": 1, "#
            + #""dx": 0, "dy": 0, "dx_unaccelerated": 0, "dy_unaccelerated": 0, "angle_delta": null}"#
        XCTAssertThrowsError(try LibinputEvent.events(fromJSONLines: update)) { error in
            XCTAssertEqual("\(error)", "libinput event line 1: angleDeltaDeg is null: not a finite number")
        }
        // A value of the wrong kind is named, a list's element by its place; a number no key's type
        // holds is said to be one.
        let added = #"{"type": "DEVICE_ADDED", "device": "event10", "timeUs": 1, "name": "pad", "sysname": "event10", "#
        for (fields, problem) in [
            (#""capabilities": "pointer"}"#, "capabilities is not a list"),
            (#""capabilities": ["pointer"], "sizeMm": [100, "wide"]}"#, "sizeMm[1] is not a number"),
        ] {
            XCTAssertThrowsError(try LibinputEvent.events(fromJSONLines: added + fields), problem) { error in
                XCTAssertEqual("\(error)", "libinput event line 1: \(problem)")
            }
        }
        func begin(_ time: String) -> String {
            #"{"type": "GESTURE_PINCH_BEGIN", "device": "event10", "timeUs": "# + time + #", "fingers": 2}"#
        }
        for (time, problem) in [
            (#""1""#, "timeUs is not a number"),
            ("1e23", "a number out of range for its key (or not whole where a count or a time is)"),
            ("1.5", "a number out of range for its key (or not whole where a count or a time is)"),
        ] {
            XCTAssertThrowsError(try LibinputEvent.events(fromJSONLines: begin(time)), time) { error in
                XCTAssertEqual("\(error)", "libinput event line 1: \(problem)")
            }
            // The same in a line of `--mode both --json`, its event under `libinput`: not "missing".
            let mode = #"{"compat": [], "indirect": [], "libinput": "# + begin(time) + "}"
            XCTAssertThrowsError(try LibinputEvent.events(fromJSONLines: mode), time) { error in
                XCTAssertEqual(
                    "\(error)", "libinput event line 1: \(problem.hasPrefix("timeUs") ? "libinput." : "")\(problem)")
            }
        }
    }

    /// A scroll's type names its source, which a line need not repeat and may not contradict; a
    /// button's or key's state is pressed or released, and nothing else reads as either.
    func testAScrollsTypeNamesItsSourceAndAStateIsOneOfTwo() throws {
        let wheel = #"{"type": "POINTER_SCROLL_WHEEL", "device": "event3", "timeUs": 1, "vertical": 15, "#
        let read = try LibinputEvent.events(fromJSONLines: wheel + #""verticalV120": 120}"#)
        guard case .pointerScroll(let scroll) = read.first?.kind else { return XCTFail("\(read)") }
        XCTAssertEqual(scroll.source, .wheel)
        let button = #"{"type": "POINTER_BUTTON", "device": "event3", "timeUs": 1, "button": 272, "seatCount": 1"#
        for (line, problem) in [
            (wheel + #""source": "finger"}"#, "source finger does not match POINTER_SCROLL_WHEEL"),
            (button + #", "state": "down"}"#, "state down is neither pressed nor released"),
            (button + "}", "missing state"),
        ] {
            XCTAssertThrowsError(try LibinputEvent.events(fromJSONLines: line), problem) { error in
                XCTAssertEqual("\(error)", "libinput event line 1: \(problem)")
            }
        }
    }
}
