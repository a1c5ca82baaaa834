@testable import GestureSynthesis
import LibinputEvents
import Recordings
import XCTest
import TestSupport

/// What libinput made of each statement's stretch, held against what the statement asked, with
/// plain events: the kind and fingers, a pinch's scale and angle within their tolerances.
final class UnlikeAskedTests: XCTestCase {
    /// Where the replay's clock stands at the recording's first frame.
    let base: UInt64 = 1_000_000

    /// An event of libinput's `at` microseconds into the recording.
    func event(_ at: UInt64, _ kind: LibinputEvent.Kind) -> LibinputEvent {
        LibinputEvent(time: base + at, device: "event10", kind: kind)
    }

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
        let asked = pinch(at: base + starts[0], scale: 1.95) + pinch(at: base + starts[1], scale: 1, angle: 88)
        // Within 10 % and 5°, and the swipe missing.
        XCTAssertEqual(
            synthesis.unlikeAsked(in: asked, recordingStart: base, tapping: false),
            ["line 3 asked a 3-finger swipe; libinput made nothing"])
        let off = pinch(at: base + starts[0], scale: 1.72) + pinch(at: base + starts[1], fingers: 3, scale: 1)
        XCTAssertEqual(
            Array(synthesis.unlikeAsked(in: off, recordingStart: base, tapping: false).prefix(2)),
            [
                "line 1 asked a 2-finger pinch ×2.00; libinput's pinch scaled ×1.72 and turned 0.0°",
                "line 2 asked a 2-finger rotation of 90.0°; libinput made a 3-finger pinch",
            ])
    }

    /// A scroll libinput made a pinch of partway is not what was asked, though it scrolled first;
    /// a hold it cancelled and scrolled is not one held; the hold it cancels as any gesture begins
    /// is nothing besides. Gestures sharing a line are told by their place on it.
    func testAGestureBesidesTheOneAskedIsSaid() throws {
        let synthesis = try performed("scroll dy=20mm; hold fingers=2\nswipe fingers=3")
        let starts = synthesis.performed.map(\.start)
        let zero = GestureDelta(dx: 0, dy: 0, unacceleratedDx: 0, unacceleratedDy: 0)
        let scroll = LibinputEvent.Kind.pointerScroll(
            Scroll(source: .finger, vertical: 1, horizontal: nil, vertical120: nil, horizontal120: nil))
        let events =
            [
                event(starts[0], .gestureHoldBegin(fingers: 2)),
                event(starts[0] + 8000, .gestureHoldEnd(fingers: 2, cancelled: true)),
                event(starts[0] + 16000, scroll),
            ] + pinch(at: base + starts[0] + 24000, scale: 0.8) + [
                event(starts[1], .gestureHoldBegin(fingers: 2)),
                event(starts[1] + 8000, .gestureHoldEnd(fingers: 2, cancelled: true)),
                event(starts[1] + 16000, scroll),
                event(starts[2], .gestureHoldBegin(fingers: 3)),
                event(starts[2] + 8000, .gestureHoldEnd(fingers: 3, cancelled: true)),
                event(starts[2] + 16000, .gestureSwipeBegin(fingers: 3)),
                event(starts[2] + 24000, .gestureSwipeEnd(fingers: 3, cancelled: false)),
            ]
        XCTAssertEqual(
            synthesis.unlikeAsked(in: events, recordingStart: base, tapping: false),
            [
                "line 1, gesture 1 on it asked two-finger scrolling; libinput made a 2-finger hold (cancelled), "
                    + "two-finger scrolling, a 2-finger pinch",
                "line 1, gesture 2 on it asked a 2-finger hold; libinput made a 2-finger hold (cancelled), two-finger "
                    + "scrolling",
            ])
    }

    /// A pinch libinput scrolled before it took it for one reaches an app as a scroll too: said,
    /// though its scale is as asked; a pinch alone, after the hold every gesture begins with, is not.
    func testAScrollBeforeAnAskedPinchIsSaid() throws {
        let synthesis = try performed("pinch scale=2\npinch scale=2")
        let starts = synthesis.performed.map(\.start)
        let scroll = LibinputEvent(
            time: base + starts[0] + 4000, device: "event10",
            kind: .pointerScroll(
                Scroll(source: .finger, vertical: 1, horizontal: nil, vertical120: nil, horizontal120: nil)))
        let hold = [
            LibinputEvent(time: base + starts[1], device: "event10", kind: .gestureHoldBegin(fingers: 2)),
            LibinputEvent(
                time: base + starts[1] + 4000, device: "event10", kind: .gestureHoldEnd(fingers: 2, cancelled: true)),
        ]
        let events =
            [scroll] + pinch(at: base + starts[0] + 8000, scale: 2) + hold
            + pinch(at: base + starts[1] + 8000, scale: 2)
        XCTAssertEqual(
            synthesis.unlikeAsked(in: events, recordingStart: base, tapping: false),
            ["line 1 asked a 2-finger pinch ×2.00; libinput made two-finger scrolling, a 2-finger pinch"])
    }

    /// A click asked for the right button, which libinput pressed as the left one, is said; one it
    /// pressed as asked is not; a left click is any button's.
    func testAClickOfAnotherButtonIsSaid() throws {
        let synthesis = try performed("click button=right; click button=middle; click")
        let starts = synthesis.performed.map(\.start)
        func press(_ start: UInt64, _ button: UInt16) -> [LibinputEvent] {
            [.pressed, .released].enumerated().map { i, state in
                LibinputEvent(
                    time: base + start + UInt64(i) * 8000, device: "event10",
                    kind: .pointerButton(button: UInt32(button), state: state, seatCount: 1 - UInt32(i)))
            }
        }
        let events =
            press(starts[0], Evdev.BTN_LEFT) + press(starts[1], Evdev.BTN_MIDDLE) + press(starts[2], Evdev.BTN_RIGHT)
        XCTAssertEqual(
            synthesis.unlikeAsked(in: events, recordingStart: base, tapping: false),
            [
                "line 1, gesture 1 on it asked a right click (BTN_RIGHT); libinput made a BTN_LEFT press"
            ])
    }

    /// A swipe, scroll or motion libinput made the other way than asked is said; one made the
    /// asked way is not, nor a scroll natural scrolling turned, which the device's addition says.
    func testATranslationMadeAnotherWayIsSaid() throws {
        let synthesis = try performed("swipe fingers=3 direction=right\nscroll dy=20mm\nmove dx=-10mm dy=10mm")
        let starts = synthesis.performed.map(\.start)
        func events(swipe: Double, scroll: Double, move: (Double, Double), natural: Bool) -> [LibinputEvent] {
            let added = DeviceInfo(
                name: "pad", sysname: "event10", capabilities: [.pointer, .gesture], sizeMM: (100, 60),
                naturalScrolling: natural)
            let swiped = GestureDelta(dx: swipe * 2, dy: 1, unacceleratedDx: swipe, unacceleratedDy: 0.5)
            let scrolled = Scroll(
                source: .finger, vertical: scroll, horizontal: nil, vertical120: nil, horizontal120: nil)
            return [
                LibinputEvent(time: base - 1, device: "event10", kind: .deviceAdded(added)),
                event(starts[0], .gestureSwipeBegin(fingers: 3)),
                event(starts[0] + 8000, .gestureSwipeUpdate(fingers: 3, delta: swiped)),
                event(starts[0] + 16000, .gestureSwipeEnd(fingers: 3, cancelled: false)),
                event(starts[1], .pointerScroll(scrolled)),
                event(starts[2], .pointerMotion(dx: 0, dy: 0, unacceleratedDx: move.0, unacceleratedDy: move.1)),
            ]
        }
        XCTAssertEqual(
            synthesis.unlikeAsked(
                in: events(swipe: 9, scroll: 4, move: (-3, 3), natural: false), recordingStart: base, tapping: false),
            [])
        XCTAssertEqual(
            synthesis.unlikeAsked(
                in: events(swipe: -9, scroll: -4, move: (3, 3), natural: false), recordingStart: base, tapping: false),
            [
                "line 1 asked a 3-finger swipe moving right; libinput's moved left, 177° off",
                "line 2 asked two-finger scrolling moving down; libinput's moved up, 180° off",
                "line 3 asked pointer motion moving down-left; libinput's moved down-right, 90° off",
            ])
        // Natural scrolling turns the scroll's sign: down is then negative.
        XCTAssertEqual(
            synthesis.unlikeAsked(
                in: events(swipe: 9, scroll: -4, move: (-3, 3), natural: true), recordingStart: base, tapping: false),
            [])
        XCTAssertEqual(
            synthesis.unlikeAsked(
                in: events(swipe: 9, scroll: 4, move: (-3, 3), natural: true), recordingStart: base, tapping: false),
            [
                "line 2 asked two-finger scrolling moving down; libinput's moved up, 180° off "
                    + "(natural scrolling undone)"
            ])
    }
}
