@testable import LibinputDecisions
import Quirks
import Recordings
import XCTest

/// How explain reads a pad's frames and axes as libinput does, before any rule weighs them.
final class LibinputReadingTests: XCTestCase {
    private func event(_ type: UInt16, _ code: UInt16, _ value: Int32) -> EvdevEvent {
        EvdevEvent(type: type, code: code, value: value)
    }

    /// Without pressure or size detection, a single-touch pad's finger is a touch only while
    /// BTN_TOUCH is down: hovering by BTN_TOOL_FINGER alone is none, and a second press under the
    /// same hover is a touch of its own (`tp_unhover_fake_touches`).
    func testWithoutPressureATouchIsEachStretchWithBTNTouchDown() {
        let axis = AbsInfo(minimum: 0, maximum: 1000, resolution: 10)
        let device = DeviceDescription(
            name: "single-touch pad",
            codes: [
                Evdev.EV_SYN: [Evdev.SYN_REPORT], Evdev.EV_KEY: [Evdev.BTN_TOUCH, Evdev.BTN_TOOL_FINGER],
                Evdev.EV_ABS: [Evdev.ABS_X, Evdev.ABS_Y],
            ],
            absinfo: [Evdev.ABS_X: axis, Evdev.ABS_Y: axis])
        let key = { (code: UInt16, down: Bool) in self.event(Evdev.EV_KEY, code, down ? 1 : 0) }
        let at = { (x: Int32) in [self.event(Evdev.EV_ABS, Evdev.ABS_X, x), self.event(Evdev.EV_ABS, Evdev.ABS_Y, 500)]
        }
        let steps: [[EvdevEvent]] = [
            [key(Evdev.BTN_TOOL_FINGER, true)] + at(100),
            [key(Evdev.BTN_TOUCH, true)] + at(110),
            at(120),
            [key(Evdev.BTN_TOUCH, false)] + at(130),
            [key(Evdev.BTN_TOUCH, true)] + at(140),
            [key(Evdev.BTN_TOOL_FINGER, false), key(Evdev.BTN_TOUCH, false)],
        ]
        let frames = steps.enumerated().map { n, events in
            EvdevFrame(time: UInt64(n) * 8000, events: events + [event(Evdev.EV_SYN, Evdev.SYN_REPORT, 0)])
        }
        let recording = Recording(device: device, frames: frames)
        XCTAssertEqual(
            recording.fingerTracks.map { $0.points.map(\.frame) }, [[0, 1, 2, 3, 4]], "the kernel's contact")
        let touches = TouchSequence.all(in: recording).flatMap(\.tracks)
        XCTAssertEqual(touches.map { $0.points.map(\.frame) }, [[1, 2], [4]])
        let byPressure = TouchSequence.all(in: recording, pressure: 10...15).flatMap(\.tracks)
        XCTAssertEqual(byPressure.map { $0.points.map(\.frame) }, [[0, 1, 2, 3, 4]], "pressure decides there")
    }

    /// On a multitouch pad that detects touches by neither pressure nor size, BTN_TOUCH decides
    /// too: a slot's contact hovers until the key comes down, and its touch ends when the key goes
    /// up, a frame before its tracking ID does on the HP EliteBook 8470p (`tp_unhover_fake_touches`).
    func testWithoutPressureAMultitouchContactTouchesWhileBTNTouchIsDown() {
        let axis = AbsInfo(minimum: 0, maximum: 1000, resolution: 10)
        let device = DeviceDescription(
            name: "multitouch pad",
            codes: [
                Evdev.EV_SYN: [Evdev.SYN_REPORT],
                Evdev.EV_KEY: [Evdev.BTN_TOUCH, Evdev.BTN_TOOL_FINGER, Evdev.BTN_TOOL_DOUBLETAP],
                Evdev.EV_ABS: [
                    Evdev.ABS_X, Evdev.ABS_Y, Evdev.ABS_MT_SLOT, Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y,
                    Evdev.ABS_MT_TRACKING_ID,
                ],
            ],
            absinfo: [
                Evdev.ABS_X: axis, Evdev.ABS_Y: axis, Evdev.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 1),
                Evdev.ABS_MT_POSITION_X: axis, Evdev.ABS_MT_POSITION_Y: axis,
                Evdev.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
            ])
        let key = { (code: UInt16, down: Bool) in self.event(Evdev.EV_KEY, code, down ? 1 : 0) }
        let at = { (x: Int32) in
            [
                self.event(Evdev.EV_ABS, Evdev.ABS_MT_POSITION_X, x),
                self.event(Evdev.EV_ABS, Evdev.ABS_MT_POSITION_Y, 500),
            ]
        }
        let id = { (value: Int32) in self.event(Evdev.EV_ABS, Evdev.ABS_MT_TRACKING_ID, value) }
        let steps: [[EvdevEvent]] = [
            [id(7)] + at(100) + [key(Evdev.BTN_TOOL_FINGER, true)],
            at(110) + [key(Evdev.BTN_TOUCH, true)],
            at(120),
            at(130) + [key(Evdev.BTN_TOUCH, false)],
            at(140) + [key(Evdev.BTN_TOUCH, true)],
            at(150) + [key(Evdev.BTN_TOUCH, false)],
            [id(-1), key(Evdev.BTN_TOOL_FINGER, false)],
        ]
        let frames = steps.enumerated().map { n, events in
            EvdevFrame(time: UInt64(n) * 8000, events: events + [event(Evdev.EV_SYN, Evdev.SYN_REPORT, 0)])
        }
        let recording = Recording(device: device, frames: frames)
        XCTAssertEqual(
            recording.fingerTracks.map { $0.points.map(\.frame) }, [[0, 1, 2, 3, 4, 5]], "the kernel's contact")
        let touches = TouchSequence.all(in: recording).flatMap(\.tracks)
        XCTAssertEqual(touches.map { $0.points.map(\.frame) }, [[1, 2], [4]])
        XCTAssertEqual(Set(touches.map(\.slot)), [0], "both touches are the slot's")
        let byPressure = TouchSequence.all(in: recording, pressure: 0...0).flatMap(\.tracks)
        XCTAssertEqual(byPressure.map { $0.points.map(\.frame) }, [[0, 1, 2, 3, 4, 5]], "pressure decides there")
    }

    /// A size hint resolves each pair of position axes by its own range, one without a resolution
    /// only (`evdev_fix_abs_resolution`); without a hint, all four take 69 × 50 mm of the axes
    /// touches are measured on, a pair that had its own resolution too (`tp_init_default_resolution`).
    func testEachPairOfAxesIsResolvedAsLibinputResolvesIt() throws {
        let device = DeviceDescription(
            name: "pad",
            absinfo: [
                Evdev.ABS_X: AbsInfo(minimum: 0, maximum: 1280, resolution: 12),
                Evdev.ABS_Y: AbsInfo(minimum: 0, maximum: 800, resolution: 10),
                Evdev.ABS_MT_POSITION_X: AbsInfo(minimum: -4620, maximum: 5140),
                Evdev.ABS_MT_POSITION_Y: AbsInfo(minimum: -150, maximum: 6600),
            ])
        let recording = Recording(device: device, frames: [])
        let sized = QuirksListing(
            text: "quirks debug: property added: AttrSizeHint from [Sized] (sized.quirks)\nAttrSizeHint=104x75",
            dmi: "dmi:*", version: "1.22.1")
        for (quirks, expected) in [(sized, [12, 10, 93, 90]), (nil, [141, 135, 141, 135])] {
            let resolved = recording.withLibinputResolution(quirks, rangeIncludesBothEnds: false).device.absinfo
            let codes = [Evdev.ABS_X, Evdev.ABS_Y, Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y]
            XCTAssertEqual(codes.map { Int(resolved[$0]!.resolution) }, expected, quirks == nil ? "no hint" : "hint")
        }
    }
}
