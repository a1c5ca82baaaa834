import Foundation
import LibinputDecisions
import Recordings
import Replays
import Report
import TestSupport
import XCTest

/// A pad that matches its slots to the contacts by position may hand a moving finger to the slot
/// of a contact coming down, and back as one of them lifts: explain says which touch the finger
/// was, as libinput takes the slots as they come.
final class SlotHandoverTests: XCTestCase {
    /// A finger moving right at 100 mm/s, 25 mm from the top.
    private static func mover(_ t: Double) -> (x: Double, y: Double) { (10 + 100 * t, 25) }
    /// Where the second contact rests, 6 mm behind where the finger was at 0.3 s.
    private static let contact = (x: 34.0, y: 25.0)

    func testAMovingFingerHandedToANewContactsSlotIsThatTouch() throws {
        // As the pad reports it: slot 0 jumps to the new contact at 0.3 s while slot 1 comes down
        // on the finger's path, and slot 0 takes the finger back as slot 1 ends at 0.5 s.
        let handed = Finger(down: 0, up: 0.8) { t in (0.3..<0.5).contains(t) ? Self.contact : Self.mover(t) }
        let taking = Finger(down: 0.3, up: 0.5) { t in Self.mover(t) }
        let touches = try touches(of: [handed, taking])
        let second = try XCTUnwrap(touches.first { $0.touch == 1 })
        // Frames come every 8 ms: slot 0's last place before 0.3 s was the finger's at 0.296 s.
        let last = Self.mover((0.3 * 125).rounded(.down) / 125)
        let stepDown = ((last.x - Self.contact.x) * (last.x - Self.contact.x)).squareRoot()
        let taken = try XCTUnwrap(second.takenFrom)
        XCTAssertEqual(taken.touch, 0)
        XCTAssertEqual(taken.step, stepDown, accuracy: 0.1)
        XCTAssertEqual(try XCTUnwrap(taken.offHeading), 0, accuracy: 0.1)
        let back = try XCTUnwrap(second.handedTo)
        XCTAssertEqual(back.touch, 0)
        XCTAssertEqual(back.step, Self.mover(0.5).x - Self.contact.x, accuracy: 0.1)
        XCTAssertNil(touches.first { $0.touch == 0 }?.takenFrom)
        XCTAssertNil(touches.first { $0.touch == 0 }?.handedTo)
    }

    func testAFingerThatKeepsItsSlotIsNoHandover() throws {
        let touches = try touches(of: [
            Finger(down: 0, up: 0.8) { t in Self.mover(t) },
            Finger.resting(0.3, 0.5, x: Self.contact.x, y: Self.contact.y),
        ])
        XCTAssertEqual(touches.count, 2)
        XCTAssertEqual(touches.compactMap(\.takenFrom), [])
        XCTAssertEqual(touches.compactMap(\.handedTo), [])
    }

    /// A contact that came down too light to begin a touch, and pressed later, came down before
    /// the frame libinput began it: a step of another touch at that frame is no handover.
    func testAContactThatHoveredFirstIsNoHandover() throws {
        var handed = Finger(down: 0, up: 0.8) { t in (0.34..<0.5).contains(t) ? Self.contact : Self.mover(t) }
        handed.pressure = 60
        var light = Finger(down: 0.3, up: 0.5) { t in Self.mover(t) }
        light.pressing = { t in t < 0.34 ? 10 : 60 }
        let touches = try touches(of: [handed, light])
        let second = try XCTUnwrap(touches.first { $0.touch == 1 })
        // Frames come every 8 ms: the first to press is the one at 0.344 s.
        let pressed = UInt64(((0.34 * 125).rounded(.up) / 125 * 1e6).rounded())
        XCTAssertEqual(second.down, pressed, "libinput began it as it pressed")
        XCTAssertNil(second.takenFrom)
    }

    /// The hp8470p's two-finger scroll: at 1.351 s slot 0 steps 11.7 mm back (x from 2340 to 1628
    /// and y 66 units, at the 61 units per mm of a pad 69.8 mm wide) as slot 1 comes down on its
    /// path, and the touch line says so.
    func testARecordedHandoverIsToldOnTheTouchsLine() throws {
        let name = "touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events"
        let recording = try RecordingLoader.load(Fixtures.evemu.appendingPathComponent(name).path)
        let explanation = try Replay.explain(recording, named: name, options: ReplayOptions()).explanation
        let lines = ExplanationText.lines(explanation, recording: name).filter {
            $0.hasPrefix("  touch 1: down 1.351s")
        }
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(
            lines.first?.contains(
                "; by its path, it was the finger touch 0 had been: it came down 1.9 mm from where touch 0 was "
                    + "heading, as touch 0 stepped 11.7 mm away to a new contact") == true, "\(lines)")
    }

    private func touches(of fingers: [Finger]) throws -> [TouchSummary] {
        let recording = try FingerPaths.recording(fingers, on: FingerPaths.twoSlots)
        let explanation = try Replay.explain(recording, named: "handover", options: ReplayOptions()).explanation
        return explanation.sequences.flatMap(\.touches)
    }
}
