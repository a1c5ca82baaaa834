import Foundation
import LibinputDecisions
import Recordings
import Replays
import TestSupport
import XCTest

/// A finger whose pressure falls below libinput's end threshold and rises past its begin one
/// while the kernel's contact goes on is two touches to libinput, with no finger down between
/// (`tp_unhover_pressure`); and an edge palm that stays one is told why.
final class TouchBegunAgainTests: XCTestCase {
    private func explained(_ recording: Recording) throws -> Explanation {
        try Replay.explain(recording, named: "fixture", options: ReplayOptions()).explanation
    }

    /// A finger moving right whose pressure dips to 20 (the P50's touches end below 25) from
    /// 0.4 s to 0.55 s: libinput ends its touch and begins another, each moving the pointer.
    func testATouchPressureEndedAndBeganAgainIsTwoTouches() throws {
        try assertTwoTouches(dip: 0.4..<0.55)
    }

    /// A dip of one frame (8 ms at 125 Hz): the touch begun in the next frame is the second's.
    func testATouchEndedForOneFrameIsTwoTouches() throws {
        try assertTwoTouches(dip: 0.4..<0.405)
    }

    private func assertTwoTouches(dip: Range<Double>) throws {
        var finger = Finger.moving(0, 1, x: 20, y: 25, dx: 1, dy: 0, speed: 40)
        finger.pressing = { dip.contains($0) ? 20 : 60 }
        let explanation = try explained(try FingerPaths.recording([finger], on: FingerPaths.twoSlots))
        // libinput began touch 0, ended it and began it again, by pressure.
        let detections = explanation.sequences.flatMap(\.decisions).filter {
            $0.touchBegunBy == .pressure || $0.touchEndedBy == .pressure
        }
        XCTAssertEqual(detections.map { $0.touchEndedBy != nil }, [false, true, false], "\(detections.map(\.text))")
        guard explanation.sequences.count == 2, detections.count == 3 else {
            return XCTFail("\(explanation.sequences.map(\.touches))")
        }
        let (first, second) = (explanation.sequences[0], explanation.sequences[1])
        XCTAssertEqual(first.touches.map(\.touch), [0])
        XCTAssertEqual(second.touches.map(\.touch), [0])
        let (ended, begun) = (try XCTUnwrap(first.touches.first), try XCTUnwrap(second.touches.first))
        // Each touch is from the frame libinput began it to the one it ended it in, or the lift.
        XCTAssertEqual(ended.down, detections[0].cause?.time)
        XCTAssertEqual(ended.up, detections[1].cause?.time)
        XCTAssertEqual(begun.down, detections[2].cause?.time)
        XCTAssertEqual(Double(ended.up), 400_000, accuracy: 8_000)
        XCTAssertEqual(Double(begun.down), dip.upperBound * 1e6, accuracy: 8_000)
        for sequence in explanation.sequences {
            XCTAssertTrue(sequence.conclusion.hasPrefix("libinput made this pointer motion"), sequence.conclusion)
        }
    }

    /// The finger comes down again 2 mm from the left side and moves straight down: libinput takes
    /// the new touch for an edge palm, which it lets go only if it leaves the zone within 200 ms (or
    /// another finger comes).
    func testAnEdgePalmBegunAgainSaysWhyItStayedOne() throws {
        var finger = Finger(down: 0, up: 1.2) { t in t < 0.3 ? (30 - 28 * t / 0.3, 20) : (2, 20 + 20 * (t - 0.3)) }
        finger.pressing = { (0.3..<0.4).contains($0) ? 20 : 60 }
        let explanation = try explained(try FingerPaths.recording([finger], on: FingerPaths.twoSlots))
        let palm = try XCTUnwrap(explanation.sequences.last, "\(explanation.sequences.map(\.conclusion))")
        XCTAssertEqual(explanation.sequences.count, 2)
        XCTAssertTrue(
            palm.conclusion.contains(
                "it stayed one: it was still in the edge zone when it had been down 200 ms (2.0 mm from the side), "
                    + "and libinput lets an edge palm go only if it leaves the zone within 200 ms, going any way but "
                    + "north or south, or when another finger, no palm, is down beside it; "
                    + "src/evdev-mt-touchpad.c:979, 1057 (libinput 1.22.1)"),
            palm.conclusion)
    }

    /// The first sequence explained of `script` performed on the description `device`.
    private func firstSequence(of script: String, on device: String) throws -> SequenceExplanation {
        let recording = try FingerPaths.synthesized(script, on: Fixtures.devices.appendingPathComponent(device))
        return try XCTUnwrap(try explained(recording).sequences.first)
    }

    /// A palm 4.5 mm from the side of a 5.6 mm zone that leaves it by a move under 2 mm each way,
    /// right and down: libinput's octants for it hold S, which is not sideways.
    func testAnEdgePalmLeavingTheWrongWayStaysOne() throws {
        let sequence = try firstSequence(
            of: "set jitter=0; move dx=1.8mm dy=1.8mm at=-29.7mm,0mm duration=250ms",
            on: "touchpads_SynPS2_Synaptics_TouchPad.desc")
        XCTAssertTrue(
            sequence.conclusion.contains(
                "it stayed one: it left the zone within 200 ms, but going E+SE+S from where it began by libinput's "
                    + "compass octants (a move under 2 mm each way is three), and S is not sideways"),
            sequence.conclusion)
        XCTAssertFalse(sequence.decisions.contains { $0.text.contains("released") }, "\(sequence.decisions)")
    }

    /// A touch 3.25 mm from the top, inside a zone of 3.31 mm: told with the decimals that keep it
    /// from reading as the zone's own edge, the zone with as many.
    func testADistanceBesideItsZoneIsToldApartFromIt() throws {
        let sequence = try firstSequence(
            of: "set jitter=0; move dx=10mm at=0,-29.85mm duration=300ms",
            on: "touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc")
        XCTAssertTrue(
            sequence.findings.contains {
                $0.text.contains("began 3.25 mm from the top, inside the 3.31 mm top edge zone")
            },
            "\(sequence.findings.map(\.text))")
        // Where it still was when it stayed a palm is told with the same decimals.
        XCTAssertFalse(sequence.conclusion.contains("(3.3 mm from the top)"), sequence.conclusion)
        XCTAssertTrue(sequence.conclusion.contains(" mm from the top), and libinput lets"), sequence.conclusion)
    }

    /// A palm that leaves the zone in time but steeply, lifted before the 200 ms are up: its
    /// direction is still why it stayed one, though libinput's timeout never came.
    func testAnEdgePalmLeavingSteeplyAndLiftedInTimeSaysItsDirection() throws {
        let sequence = try firstSequence(
            of: "set jitter=0; move dx=3mm dy=12mm at=-29.7mm,0mm duration=150ms",
            on: "touchpads_SynPS2_Synaptics_TouchPad.desc")
        XCTAssertTrue(sequence.conclusion.contains("as a palm (edge)"), sequence.conclusion)
        let stayed = "it stayed one: it left the zone within 200 ms, but going "
        XCTAssertTrue(sequence.conclusion.contains(stayed), sequence.conclusion)
        XCTAssertTrue(sequence.conclusion.contains(" is not sideways: "), sequence.conclusion)
    }
}
