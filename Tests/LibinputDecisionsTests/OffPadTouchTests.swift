import Foundation
import LibinputDecisions
import Recordings
import Replays
import Report
import TestSupport
import XCTest

/// A touch the kernel reported past its own axes' range is said to be off the pad, where its
/// place would read as a negative distance from an edge.
final class OffPadTouchTests: XCTestCase {
    func testATouchLiftedPastTheAxesRangeIsSaidOffThePad() throws {
        let name = "touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events"
        let recording = try RecordingLoader.load(Fixtures.evemu.appendingPathComponent(name).path)
        let explanation = try Replay.explain(recording, named: name, options: ReplayOptions()).explanation
        let extent = try XCTUnwrap(explanation.padExtent)
        let off = ExplanationText.lines(explanation, recording: name).filter { $0.contains("off the pad") }
        // Touch 0 of the second sequence lifted at x = -1.0 mm, left of the x axis's minimum.
        XCTAssertEqual(off.count, 1, "\(off)")
        XCTAssertTrue(off.first?.contains(" up 2.015s at -1.0,26.8 mm") == true, "\(off)")
        XCTAssertTrue(
            off.first?.hasSuffix(
                String(
                    format: "off the pad: the kernel reported it past its axes' range (%.1f × %.1f mm)", extent.x,
                    extent.y)
            ) == true, "\(off)")
    }

    /// A finger that came down and lifted on the pad but crossed past its left side between
    /// (x from 5 mm to -2 mm and back) is off the pad too, for the frames a rule may have read.
    func testATouchOffThePadBetweenItsEndsIsSaidOffThePad() throws {
        let finger = Finger(down: 0, up: 0.6) { t in (5 - 7 * sin(Double.pi * t / 0.6), 25) }
        let recording = try FingerPaths.recording([finger], on: FingerPaths.twoSlots)
        let explanation = try Replay.explain(recording, named: "left", options: ReplayOptions()).explanation
        let touch = try XCTUnwrap(explanation.sequences.first?.touches.first)
        XCTAssertGreaterThan(min(touch.from.x, touch.to.x), 0)
        XCTAssertEqual(touch.offPad, true)
        let lines = ExplanationText.lines(explanation, recording: "left").filter { $0.hasPrefix("  touch ") }
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.contains("; off the pad: the kernel reported it past its axes' range") == true)
    }
}
