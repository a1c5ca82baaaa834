import Foundation
@testable import GestureSynthesis
import Recordings
import TestSupport
import XCTest

/// Lengths a script leaves out shrink to fit a small pad, clear of its edges and of libinput's
/// palm edge zones; lengths it gives are kept.
final class DefaultLengthTests: XCTestCase {
    func device(_ name: String) throws -> Recording {
        try RecordingLoader.load(Fixtures.devices.appendingPathComponent(name).path)
    }

    /// `script` on `device` with the settings that suit it: its quirks give a pad without a
    /// resolution the size libinput takes it for.
    func synthesize(_ script: String, on device: Recording) throws -> Recording {
        try GestureSynthesizer.synthesize(
            try GestureScript.parse(script, file: "t.gesture"), on: device.device,
            options: GestureSynthesizer.Options(for: device), file: "t.gesture")
    }

    /// The farthest a finger of `recording` gets from the pad's centre across and down, mm.
    func reach(_ recording: Recording) throws -> (x: Double, y: Double) {
        let pad = try GestureSynthesizer.Pad(recording.device, quirks: .load(for: recording.device), file: "t")
        func farthest(_ code: UInt16, _ axis: AbsInfo, _ unitsPerMM: Double) -> Double {
            let centre = (Double(axis.minimum) + Double(axis.maximum)) / 2
            let values = recording.frames.flatMap(\.events).filter { $0.type == Evdev.EV_ABS && $0.code == code }
            return values.map { abs(Double($0.value) - centre) / unitsPerMM }.max() ?? 0
        }
        return (
            farthest(Evdev.ABS_MT_POSITION_X, pad.x, pad.unitsPerMM.x),
            farthest(Evdev.ABS_MT_POSITION_Y, pad.y, pad.unitsPerMM.y)
        )
    }

    /// Before, a bare `swipe` left 9 of the 17 bundled touchpads and a `pinch` 2.
    func testTheDefaultsOfTwoAndThreeFingersFitEveryBundledTouchpad() throws {
        let pads = try FileManager.default.contentsOfDirectory(atPath: Fixtures.devices.path)
            .filter { $0.hasPrefix("touchpads_") }.sorted()
        XCTAssertGreaterThan(pads.count, 10)
        for name in pads {
            let pad = try device(name)
            for script in ["pinch", "rotate", "swipe", "scroll", "hold fingers=3", "move fingers=3"] {
                do {
                    _ = try synthesize(script, on: pad)
                } catch {
                    // A pad that cannot count the fingers is refused for that, not for its size.
                    XCTAssertTrue("\(error)".contains("cannot report"), "\(name): \(script): \(error)")
                }
            }
        }
    }

    /// On a 71.4 mm pad, whose side palm edge zones reach 5.7 mm in, a swipe's row of three
    /// fingers (36 mm) travelling 40 mm reaches 38 mm from the centre: at 78 % it reaches 29.6 mm,
    /// inside the 30 mm between the zones; at 79 % it would not be.
    func testShrunkDefaultsKeepClearOfThePalmEdgeZonesAndSaySo() throws {
        let alps = try device("touchpads_AlpsPS2_ALPS_GlidePoint.2-finger-tap.desc")
        let swipe = try synthesize("swipe", on: alps)
        XCTAssertEqual(
            swipe.notes.filter { $0.contains("shrink") },
            [
                "line 1: the swipe's default distance and spacing shrink to 78 % (31.2 mm, 14.0 mm) to keep its "
                    + "fingers 3 mm from the edges of the 71.4 × 50.0 mm pad and out of libinput's palm edge zones "
                    + "(5.7 mm from each side; tp_init_palmdetect_edge, src/evdev-mt-touchpad.c) (lengths given are "
                    + "kept)"
            ])
        let reach = try reach(swipe)
        XCTAssertLessThanOrEqual(reach.x, 71.4 / 2 - 5.7 + 0.1, "\(reach)")
        XCTAssertGreaterThan(reach.x, 71.4 / 2 - 5.7 - 0.4, "shrunk no more than it must: \(reach)")
        // On a pad too small for the zones' clearance at half, the defaults keep the fingers on it.
        let small = try device("touchpads_ETPS2_Elantech_Touchpad.desc")
        XCTAssertTrue(
            try synthesize("swipe", on: small).notes.contains {
                $0.hasSuffix("to keep its fingers on the 41.3 × 22.7 mm pad (lengths given are kept)")
            })
        // libinput's quirks call the bcm5974 Apple's: from 1.24 it has no zones, which the note says.
        let apple = try device("touchpads_bcm5974.three-finger-click.desc")
        XCTAssertTrue(
            try synthesize("swipe fingers=4", on: apple).notes.contains {
                $0.contains("src/evdev-mt-touchpad.c, which from libinput 1.24.0 sets none on an Apple touchpad)")
            })
    }

    func testGivenLengthsAreKept() throws {
        let alps = try device("touchpads_AlpsPS2_ALPS_GlidePoint.2-finger-tap.desc")
        XCTAssertThrowsError(try synthesize("swipe distance=60mm spacing=18mm", on: alps)) { error in
            XCTAssertEqual(
                "\(error)",
                "t.gesture:1: the swipe leaves the touchpad: a finger reaches +48.0, +0.0 mm from the centre of a "
                    + "71.4 × 50.0 mm pad")
        }
        // Only the spacing was left out: it alone shrinks, the 40 mm travel stays.
        let swipe = try synthesize("swipe distance=40mm", on: alps)
        XCTAssertTrue(swipe.notes.contains { $0.contains("the swipe's default spacing shrinks to") }, "\(swipe.notes)")
        // Its ends travel ±20 mm; at 55 % of 18 mm, the row reaches 9.9 mm either side of its middle.
        XCTAssertEqual(try reach(swipe).x, 29.9, accuracy: 0.2)
        // What no shrinking helps is refused, and says so.
        let small = try device("touchpads_ETPS2_Elantech_Touchpad.desc")
        XCTAssertThrowsError(try synthesize("swipe direction=up", on: small)) { error in
            XCTAssertTrue(
                "\(error)".hasSuffix("; with its left-out distance and spacing at half, it would too"), "\(error)")
        }
        // A distance given is not said to be left out: only the spacing is.
        XCTAssertThrowsError(try synthesize("swipe direction=up distance=40mm", on: small)) { error in
            XCTAssertTrue("\(error)".hasSuffix("; with its left-out spacing at half, it would too"), "\(error)")
        }
    }
}
