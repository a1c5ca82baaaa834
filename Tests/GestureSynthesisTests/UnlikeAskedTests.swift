@testable import GestureSynthesis
import LibinputEvents
import Recordings
import XCTest
import TestSupport

/// What libinput made of each statement's stretch, held against what the statement asked, with
/// plain events: the kind and fingers, a pinch's scale and angle within their tolerances.
final class UnlikeAskedTests: XCTestCase {
    func performed(_ script: String) throws -> Synthesis {
        let desc = Fixtures.directory.appendingPathComponent(
            "devices/touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc")
        return try GestureSynthesizer.perform(
            try GestureScript.parse(script, file: "t"), on: try RecordingLoader.load(desc.path).device, file: "t")
    }

    func pinch(at time: UInt64, fingers: Int = 2, scale: Double, angle: Double = 0) -> [LibinputEvent] {
        let zero = GestureDelta(dx: 0, dy: 0, unacceleratedDx: 0, unacceleratedDy: 0)
        return [
            LibinputEvent(time: time, device: "event10", kind: .gesturePinchBegin(fingers: fingers)),
            LibinputEvent(
                time: time + 8000, device: "event10",
                kind: .gesturePinchUpdate(fingers: fingers, delta: zero, scale: scale, angleDelta: angle)),
            LibinputEvent(
                time: time + 16000, device: "event10",
                kind: .gesturePinchEnd(fingers: fingers, scale: scale, cancelled: false)),
        ]
    }

    func testEachStatementIsHeldAgainstItsOwnStretch() throws {
        let synthesis = try performed("pinch scale=2\nrotate angle=90deg\nswipe fingers=3")
        let starts = synthesis.performed.map(\.start)
        XCTAssertEqual(starts.first, 0, "the recording begins with the first statement")
        XCTAssertEqual(starts, starts.sorted())
        XCTAssertEqual(synthesis.performed.map(\.end).dropLast(), starts.dropFirst())
        let base: UInt64 = 1_000_000
        let asked = pinch(at: base + starts[0], scale: 1.95) + pinch(at: base + starts[1], scale: 1, angle: 88)
        // Within 10 % and 5°, and the swipe missing.
        XCTAssertEqual(
            synthesis.unlikeAsked(in: asked, recordingStart: base, tapping: false),
            ["line 3: the swipe asked a 3-finger swipe; libinput made nothing"])
        let off = pinch(at: base + starts[0], scale: 1.72) + pinch(at: base + starts[1], fingers: 3, scale: 1)
        XCTAssertEqual(
            Array(synthesis.unlikeAsked(in: off, recordingStart: base, tapping: false).prefix(2)),
            [
                "line 1: the pinch asked a 2-finger pinch ×2.00; libinput's pinch scaled ×1.72 and turned 0.0°",
                "line 2: the rotation asked a 2-finger pinch ×1.00 turning 90°; libinput made a 3-finger pinch",
            ])
    }
}
