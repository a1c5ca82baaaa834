import Foundation
@testable import GestureSynthesis
import Quirks
import Recordings
import XCTest
import TestSupport

/// The gesture language and the frames it becomes, checked against what a kernel driver emits.
final class SynthesisTests: XCTestCase {
    let devices = Fixtures.directory.appendingPathComponent("devices")
    let evemuDevices = Fixtures.evemu

    func device(_ name: String) throws -> DeviceDescription {
        try RecordingLoader.load(devices.appendingPathComponent(name).path).device
    }

    var asus: DeviceDescription { get throws { try device("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc") } }

    func synthesize(
        _ script: String, on device: DeviceDescription, options: GestureSynthesizer.Options = .init()
    ) throws -> Recording {
        try GestureSynthesizer.synthesize(
            try GestureScript.parse(script, file: "t.gesture"), on: device, options: options, file: "t.gesture")
    }

    func assertRefused(
        _ script: String, on device: DeviceDescription? = nil, _ message: String, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let target = try device ?? asus
        XCTAssertThrowsError(try synthesize(script, on: target), file: file, line: line) { error in
            XCTAssertEqual((error as? RecordingError)?.kind, .badData, file: file, line: line)
            XCTAssertTrue("\(error)".hasPrefix(message), "\(error)", file: file, line: line)
        }
    }

    func testUnitsAndDefaults() throws {
        let script = try GestureScript.parse(
            """
            # comment
            pinch scale=150% angle=0.5rad duration=0.4s at=10,-5mm  # trailing comment
            rotate; swipe fingers=4 direction=up distance=3cm; pause 250; set rate=90Hz jitter=0.1mm seed=3; tap
            """, file: "s")
        XCTAssertEqual(script.statements.map(\.line), [2, 3, 3, 3, 3, 3])
        guard case .pinch(let p) = script.statements[0].action else { return XCTFail("not a pinch") }
        XCTAssertEqual(p.scale, 1.5, accuracy: 1e-12)
        XCTAssertEqual(p.angle, 0.5, accuracy: 1e-12)
        XCTAssertEqual(p.duration, 0.4, accuracy: 1e-12)
        XCTAssertEqual(p.at, .offset(GestureScript.Point(x: 10, y: -5)))
        guard case .pinch(let r) = script.statements[1].action else { return XCTFail("not a rotation") }
        XCTAssertEqual(r.scale, 1)
        XCTAssertEqual(r.angle, .pi / 2, accuracy: 1e-12)
        guard case .translate(4, let travel, _, _, _) = script.statements[2].action else {
            return XCTFail("not a 4-finger swipe")
        }
        XCTAssertEqual(travel.y, -30, accuracy: 1e-9)
        XCTAssertEqual(travel.x, 0, accuracy: 1e-9)
        XCTAssertEqual(script.statements[3].action, .pause(0.25))
        XCTAssertEqual(script.statements[4].action, .set(GestureScript.Settings(rate: 90, jitter: 0.1, seed: 3)))
    }

    /// A scroll's or move's travel: the verb's default when neither axis is given, else the axes
    /// given and 0 for the other (not the default's other axis, which would turn it diagonal).
    func testOneAxisGivenLeavesTheOtherStill() throws {
        let script = try GestureScript.parse(
            "scroll; scroll dx=30mm; move; move dy=10mm; scroll dx=5mm dy=6mm", file: "s")
        let travels = script.statements.map { statement -> [Double] in
            guard case .translate(_, let travel, _, _, _) = statement.action else { return [] }
            return [travel.x, travel.y]
        }
        XCTAssertEqual(travels, [[0, 30], [30, 0], [20, 0], [0, 10], [5, 6]])
    }

    /// A `set` after the last gesture may still time the lift of fingers left resting.
    func testATrailingSetOfTheGapOrRateIsTaken() throws {
        let script = try GestureScript.parse("rest; move dx=5mm; set gap=1s", file: "s")
        XCTAssertEqual(script.statements.last?.action, .set(GestureScript.Settings(gap: 1)))
    }

    func testScriptErrorsNameTheLine() {
        let cases: [(String, String)] = [
            ("tap\npnch", "s:2: unknown gesture \"pnch\""),
            ("pinch scale=-1", "s:1: scale=-1: must be within 0.05 and 20"),
            ("rotate angle=1e-300", "s:1: a rotate whose fingers move under a hundredth of a millimetre"),
            ("pinch scale=1.0000000001", "s:1: a pinch whose fingers move under a hundredth of a millimetre"),
            ("swipe direction=3601deg", "s:1: direction=3601deg: more than ten turns"),
            ("swipe speed=3", "s:1: swipe has no parameter \"speed\""),
            ("scroll dy=30furlongs", "s:1: dy=30furlongs: expected a number with a unit (mm, cm)"),
            ("hold fingers=two", "s:1: fingers=two: expected a whole number from 1 to 5"),
            ("pause", "s:1: pause needs a duration"),
            ("tap at=middle", "s:1: at=middle: expected center"),
            ("set", "s:1: set needs rate="),
            (
                "pinch; set jitter=1mm",
                "s:1: set after the last gesture changes nothing but the gap and rate of a last "
                    + "lift: put it before"
            ),
            ("set rate=5000Hz", "s:1: rate=5000Hz: rate must be within 10 and 1000 Hz"),
            ("set jitter=20mm", "s:1: jitter=20mm: jitter must be within 0 and 10 mm"),
            ("# nothing\n", "s: no gesture in the script"),
            ("pinch 2", "s:1: unexpected \"2\""),
            ("pinch scale=2 scale=3", "s:1: scale= is given twice"),
            ("pinch scale = 2", "s:1: \"=\" has no key before the =: write key=value with no spaces"),
            ("pinch scale =2", "s:1: \"=2\" has no key before the =: write key=value with no spaces"),
            ("pinch scale = 2 angle = 30deg", "s:1: \"=\" has no key before the =: write key=value with no spaces"),
            ("pause 1s 2s", "s:1: unexpected \"2s\""),
            ("pause nan", "s:1: pause nan: not a finite number"),
            ("swipe direction=sideways", "s:1: direction is left, right, up, down or an angle"),
            ("move pressure=hard", "s:1: pressure=hard: expected the device's units (a whole number) or a percentage"),
            ("move pressure=150%", "s:1: pressure=150%: must be within 0% and 100%"),
            ("tap size=-2mm", "s:1: size=-2mm: must not be negative"),
            ("pause 100ms pressure=3", "s:1: pause has no parameter \"pressure\" (it takes duration)"),
            ("rest; lift pressure=1", "s:1: lift has no parameter \"pressure\" (it takes none)"),
            ("rest fingers=6", "s:1: fingers=6: expected a whole number from 1 to 5"),
            ("scroll dy=0", "s:1: a scroll with dx=0 and dy=0 goes nowhere: hold rests fingers still"),
            ("move dx=0mm dy=0cm", "s:1: a move with dx=0 and dy=0 goes nowhere"),
            ("scroll dx=1e-300", "s:1: dx=1e-300: under a hundredth of a millimetre, less than a touchpad's unit"),
            ("swipe distance=0.009mm", "s:1: distance=0.009mm: under a hundredth of a millimetre"),
            ("rotate angle=0", "s:1: a rotate with scale=1 and angle=0 neither spreads nor turns"),
            ("pinch scale=100%", "s:1: a pinch with scale=1 and angle=0"),
        ]
        for (script, message) in cases {
            XCTAssertThrowsError(try GestureScript.parse(script, file: "s"), script) { error in
                XCTAssertTrue("\(error)".hasPrefix(message), "\(script): \(error)")
            }
        }
        // A jitter is a spread, not a move: held to --jitter's rule alone, as --jitter is.
        XCTAssertNoThrow(try GestureScript.parse("set jitter=0.005mm\nswipe", file: "s"))
    }

    /// A semi-MT pad reports a box around the fingers: a pinch or a swipe asked of it is written,
    /// and said to reach apps as no gesture, as libinput gives such a pad none; a scroll is not.
    func testAPinchOnASemiMTPadIsSaidToMakeNoGesture() throws {
        let alps = try device("touchpads_AlpsPS2_ALPS_GlidePoint.desc")
        let made = try synthesize("pinch scale=2\nscroll dy=10mm\nswipe fingers=3 distance=20mm spacing=10mm", on: alps)
        XCTAssertEqual(made.notes.count, 2, "\(made.notes)")
        XCTAssertTrue(made.notes[0].hasPrefix("line 1: AlpsPS/2 ALPS GlidePoint is semi-MT"), made.notes[0])
        XCTAssertTrue(made.notes[0].hasSuffix("no pinch on it, and two fingers scroll"), made.notes[0])
        XCTAssertTrue(made.notes[1].hasPrefix("line 3: "), made.notes[1])
        XCTAssertEqual(try synthesize("pinch scale=2", on: try asus).notes, [])
    }

    /// Like statements on a line earn one note with their count, not one each; another line's
    /// like statement its own.
    func testANoteRepeatedOnALineIsSaidOnceWithItsCount() throws {
        let synaptics = try device("touchpads_SynPS2_Synaptics_TouchPad.desc")
        let notes = try synthesize("pinch scale=2; pinch scale=2; pinch scale=2\npinch scale=2", on: synaptics).notes
        XCTAssertEqual(notes.count, 2, "\(notes)")
        let once = try synthesize("pinch scale=2", on: synaptics).notes
        XCTAssertEqual(once.count, 1, "\(once)")
        XCTAssertEqual(notes.first, (once.first ?? "") + " (3 times)")
        XCTAssertEqual(notes.last, once.first?.replacingOccurrences(of: "line 1: ", with: "line 2: "))
    }

    /// Fingers landing in the place of one resting (two rests at the default place) are said;
    /// fingers landing apart from it are not.
    func testAFingerLandingOnOneRestingIsSaid() throws {
        let stacked = try synthesize("rest; rest\nmove dx=20mm at=top", on: try asus).notes
        XCTAssertEqual(
            stacked,
            [
                "line 1: the rest's finger lands 0.0 mm from one resting, in its place: libinput may read the two as "
                    + "another gesture (--verify says which); give one of them another at="
            ])
        XCTAssertEqual(try synthesize("rest at=left; rest at=right\ntap", on: try asus).notes, [])
    }

    /// A recording starts at its first event, so a pause before the first gesture is said to
    /// delay nothing; one between gestures is the wait it asks for.
    func testAPauseBeforeTheFirstGestureIsSaidToDelayNothing() throws {
        let leading = try synthesize("set rate=100Hz; pause 1s; tap", on: try asus)
        XCTAssertEqual(leading.notes, ["line 1: a pause before the first gesture delays nothing"])
        let between = try synthesize("tap; pause 1s; tap", on: try asus)
        XCTAssertEqual(between.notes, [])
        let times = between.frames.map(\.time)
        XCTAssertGreaterThan(zip(times, times.dropFirst()).map { $1 - $0 }.max() ?? 0, 1_000_000)
    }

    /// `pressure=` and `size=` set every finger of their gesture, on the multi-touch axes and on
    /// the single-touch emulation's pressure (the same share of its range); the next gesture
    /// presses as fingers do again.
    func testPressureAndSizeAreTheGesturesOwn() throws {
        let recording = try synthesize("move pressure=150 size=20mm; move pressure=50%; tap", on: try asus)
        func values(_ code: UInt16) -> [Int32] {
            recording.frames.flatMap(\.events).filter { $0.type == Evdev.EV_ABS && $0.code == code }.map(\.value)
        }
        let ordinary = try XCTUnwrap(GestureSynthesizer.Pad(try asus, file: "t").pressure(Evdev.ABS_MT_PRESSURE))
        // Repeats are dropped, as evdev drops them: each value is the first of a gesture.
        XCTAssertEqual(values(Evdev.ABS_MT_PRESSURE).filter { $0 != 0 }, [150, 128, ordinary])
        XCTAssertEqual(values(Evdev.ABS_PRESSURE).filter { $0 != 0 }, [150, 128, ordinary], "its range is the same")
        // 20 mm through the pad's 31 units a millimetre, then an 8 mm finger again.
        XCTAssertEqual(values(Evdev.ABS_MT_TOUCH_MAJOR), [620, 248])
        try assertRefused("move pressure=300", "t.gesture:1: pressure=300 is outside ABS_MT_PRESSURE's range, 0 to 255")
        try assertRefused("move pressure=-1", "t.gesture:1: pressure=-1 is outside ABS_MT_PRESSURE's range, 0 to 255")
        XCTAssertEqual(recording.notes, [])
        // A pad with slots but pressure on ABS_PRESSURE alone: written, and said to reach no rule of libinput's.
        let hp = try synthesize(
            "tap\nmove pressure=5", on: try device("touchpads_SynPS2_Synaptics_TouchPad.hp8470p.desc"))
        XCTAssertEqual(hp.notes.count, 1)
        XCTAssertTrue(hp.notes[0].hasPrefix("line 2: pressure= reaches ABS_PRESSURE alone"), hp.notes[0])
        // Without a resolution, a finger's 8 mm is the resolution libinput assumes, as size= is.
        let bcm = try device("touchpads_bcm5974.three-finger-click.desc")
        XCTAssertEqual(bcm.absinfo[Evdev.ABS_MT_TOUCH_MAJOR].map(\.resolution), 0)
        let majors = try synthesize("tap; tap size=8mm; tap size=9mm", on: bcm).frames.flatMap(\.events)
            .filter { $0.code == Evdev.ABS_MT_TOUCH_MAJOR && $0.type == Evdev.EV_ABS }.map(\.value)
        // A protocol A pad repeats its contacts each frame: the first two taps' values are one.
        XCTAssertEqual(Set(majors).count, 2, "the default and 8 mm alike, 9 mm more: \(Set(majors))")
        try assertRefused(
            "tap\nhold size=90mm", "t.gesture:2: size=90mm is 2790 units, beyond ABS_MT_TOUCH_MAJOR's maximum, 2445")
        try assertRefused(
            "tap size=10mm", on: try device("touchpads_SynPS2_Synaptics_TouchPad.hp8470p.desc"),
            "t.gesture:1: SynPS/2 Synaptics TouchPad has no contact size axis (ABS_MT_TOUCH_MAJOR)")
    }

    /// A resting finger lands in the first slot and stays there, unmoved, while the next gestures'
    /// fingers come and go in the slots after it, each pressing as its own statement says; the
    /// tool keys count them all; `lift` lifts it, and the script's end lifts what still rests.
    func testRestingFingersStayThroughTheGesturesThatFollow() throws {
        let recording = try synthesize("rest at=bottom-left pressure=150; move dx=20mm; lift; rest; tap", on: try asus)
        var slot: Int32 = 0
        var slotEvents: [Int32: [EvdevEvent]] = [:]
        var tools: [(UInt16, Int32)] = []
        for event in recording.frames.flatMap(\.events) {
            if event.type == Evdev.EV_ABS && event.code == Evdev.ABS_MT_SLOT { slot = event.value }
            if event.type == Evdev.EV_ABS && event.code >= Evdev.ABS_MT_TOUCH_MAJOR && event.code != Evdev.ABS_MT_SLOT {
                slotEvents[slot, default: []].append(event)
            }
            if event.type == Evdev.EV_KEY && [Evdev.BTN_TOOL_FINGER, Evdev.BTN_TOOL_DOUBLETAP].contains(event.code) {
                tools.append((event.code, event.value))
            }
        }
        func values(_ slot: Int32, _ code: UInt16) -> [Int32] {
            (slotEvents[slot] ?? []).filter { $0.code == code }.map(\.value)
        }
        // The palm: down, unmoved, up at `lift`; then the second rest, up at the end.
        XCTAssertEqual(values(0, Evdev.ABS_MT_TRACKING_ID), [100, -1, 102, -1])
        XCTAssertEqual(values(0, Evdev.ABS_MT_POSITION_X).count, 2, "each rest lands once and never moves")
        XCTAssertEqual(values(0, Evdev.ABS_MT_PRESSURE).first, 150)
        // The moving finger and the tap, beside them.
        XCTAssertEqual(values(1, Evdev.ABS_MT_TRACKING_ID), [101, -1, 103, -1])
        XCTAssertNotEqual(values(1, Evdev.ABS_MT_PRESSURE).first, 150)
        XCTAssertGreaterThan(values(1, Evdev.ABS_MT_POSITION_X).count, 30)
        XCTAssertEqual(
            tools.filter { $0.1 == 1 }.map(\.0),
            [
                Evdev.BTN_TOOL_FINGER, Evdev.BTN_TOOL_DOUBLETAP, Evdev.BTN_TOOL_FINGER, Evdev.BTN_TOOL_FINGER,
                Evdev.BTN_TOOL_DOUBLETAP, Evdev.BTN_TOOL_FINGER,
            ])
        XCTAssertEqual(recording.frames.last?.events.contains { $0.code == Evdev.BTN_TOUCH && $0.value == 0 }, true)
        try assertRefused("lift", "t.gesture:1: nothing rests on the pad to lift")
        // The resting fingers' lift at the end is held to a replay's 24 hours too.
        try assertRefused(
            "rest" + String(repeating: "\npause 3600s", count: 24), "t.gesture:25: the script runs past 24 hours")
        try assertRefused(
            "rest fingers=3\nswipe fingers=3",
            "t.gesture:2: the swipe's 3 fingers beside 3 resting make 6: a touchpad "
                + "counts at most 5")
    }

    /// Fingers the kernel cannot place: a gesture's beside resting fingers that fill the slots is
    /// counted by a tool key alone, said in a note; on a semi-MT pad the single-touch axes follow
    /// the first finger, not the box's corner; a protocol A pad's pressure= is said to reach only
    /// what libinput reads before 1.29.
    func testWhatTheKernelCannotPlaceIsSaid() throws {
        let twoSlots = try device("touchpads_SynPS2_Synaptics_TouchPad.desc")
        let crowded = try synthesize("tap\nrest fingers=2; move", on: twoSlots)
        XCTAssertEqual(
            crowded.notes,
            [
                "line 2: SynPS/2 Synaptics TouchPad tracks 2 fingers at a time and 2 rest on it, so a finger of "
                    + "the move has no position: the kernel counts it by a BTN_TOOL_* key alone"
            ])
        let semiMT = try device("touchpads_AlpsPS2_ALPS_GlidePoint.desc")
        let beside = try synthesize("rest at=75%,50%; move at=25%,50% dx=10mm", on: semiMT)
        let xs = Set(
            beside.frames.flatMap(\.events).filter { $0.type == Evdev.EV_ABS && $0.code == Evdev.ABS_X }.map(\.value))
        XCTAssertEqual(xs.count, 1, "ABS_X stays on the resting finger: \(xs)")
        let apple = try device("touchpads_bcm5974.three-finger-click.desc")
        let pressed = try synthesize("move pressure=200", on: apple)
        XCTAssertEqual(pressed.notes.count, 1)
        XCTAssertTrue(pressed.notes[0].contains("libinput reads it before 1.29"), pressed.notes[0])
        // libinput reads a protocol A pad with one slot before 1.29, and makes it no gesture.
        var before = GestureSynthesizer.Options()
        before.libinput = "1.22.1"
        let swiped = try synthesize("swipe fingers=3 distance=20mm", on: apple, options: before)
        XCTAssertEqual(
            swiped.notes,
            [
                "line 1: bcm5974 reports its contacts without slots (MT protocol A), which libinput 1.22.1 reads "
                    + "as one slot: libinput makes no swipe on it"
            ])
        var after = GestureSynthesizer.Options()
        after.libinput = "1.31.3"
        XCTAssertEqual(try synthesize("swipe fingers=3 distance=20mm", on: apple, options: after).notes, [])
        // Five fingers make no gesture on any pad.
        XCTAssertEqual(
            try synthesize("swipe fingers=5 distance=15mm spacing=10mm", on: asus).notes,
            [
                "line 1: libinput's gesture machine makes no gesture of more than 4 fingers (tp_gesture_post_events): "
                    + "the swipe's 5 make no swipe"
            ])
        // Four fingers tap nothing: libinput's tap machine gives up at the fourth.
        XCTAssertEqual(
            try synthesize("tap fingers=4", on: asus).notes,
            [
                "line 1: libinput's tap machine taps with at most 3 fingers, and gives a tap up at a fourth "
                    + "(tp_tap_touch3_handle_event): the tap's 4 make no button, tapping on or off"
            ])
        XCTAssertEqual(try synthesize("tap fingers=3", on: asus).notes, [])
    }

    /// On a pad with buttons of its own, a still one-finger click presses the button alone; fingers
    /// asked for by number still land.
    func testAStillClickOnAPadWithButtonsLandsOnlyTheFingersAskedFor() throws {
        let dell = try device("touchpads_ETPS2_Elantech_Touchpad.Dell-Inspiron-7520.desc")
        func touches(_ script: String) throws -> Bool {
            try synthesize(script, on: dell).frames.contains { frame in
                frame.events.contains { $0.type == Evdev.EV_KEY && $0.code == Evdev.BTN_TOUCH }
            }
        }
        XCTAssertFalse(try touches("click"))
        XCTAssertTrue(try touches("click fingers=2"))
        XCTAssertTrue(try touches("click dx=10mm"))
    }

    /// A finger of a gesture of several landing below the thumb line (85 % of the height) of a
    /// clickpad 50 mm tall or more is said; one finger moving, a click, and a pad with buttons of
    /// its own are not.
    func testAFingerLandingBelowTheThumbLineIsSaid() throws {
        // The ASUS clickpad is 66.2 mm tall: its thumb line 56.3 mm down, 23.2 mm below the centre.
        let low = try synthesize("pinch fingers=3 separation=50mm scale=0.6", on: asus).notes
        XCTAssertEqual(low.count, 1, "\(low)")
        XCTAssertTrue(
            low[0].hasPrefix("line 1: the pinch's lowest finger lands 3.4 mm below libinput's thumb line (85 % "),
            low[0])
        XCTAssertEqual(try synthesize("pinch fingers=3 separation=40mm scale=0.6", on: asus).notes, [])
        XCTAssertEqual(try synthesize("move at=50%,95% dx=20mm", on: asus).notes, [])
        XCTAssertEqual(try synthesize("click at=50%,95%", on: asus).notes, [])
        let dell = try device("touchpads_ETPS2_Elantech_Touchpad.Dell-Inspiron-7520.desc")
        XCTAssertEqual(try synthesize("scroll at=50%,92% dx=20mm", on: dell).notes, [])
        XCTAssertTrue(try synthesize("scroll at=50%,92% dx=20mm", on: asus).notes.first?.contains("thumb") == true)
    }

    /// A click holds the button for its duration, to the frame; the next gesture lands a frame
    /// after the last lifted even with no gap; a script past what a replay reads is refused.
    func testTimesAreTheScriptsOwn() throws {
        func pressed(_ recording: Recording) -> [UInt64] {
            recording.frames.filter { $0.events.contains { $0.code == 272 } }.map(\.time)
        }
        let click = try synthesize("click duration=200ms", on: asus)
        let times = pressed(click)
        XCTAssertEqual(times.count, 2)
        XCTAssertEqual(times[1] - times[0], 200_000)
        let taps = try synthesize("set gap=0; tap; tap", on: asus)
        XCTAssertEqual(Set(taps.frames.map(\.time)).count, taps.frames.count, "one frame per instant")
        let day = "tap; " + String(repeating: "pause 3600s; ", count: 24) + "tap"
        try assertRefused(day, "t.gesture:1: the script runs past 24 hours")
    }

    /// Three fingers or more lie on an arc: on a pad that tracks two, the tracked middle finger
    /// stays above the tracked end one in every frame, jitter or not, so libinput's untracked
    /// finger, placed at the topmost, never trades places; two fingers stay level.
    func testARowOfThreeKeepsItsMiddleFingerTopmost() throws {
        let twoSlots = try device("touchpads_SynPS2_Synaptics_TouchPad.desc")
        for jitter in ["0", "0.5mm"] {
            let recording = try synthesize(
                "set jitter=\(jitter); swipe fingers=3 distance=20mm spacing=12mm; hold fingers=3", on: twoSlots)
            var slot: Int32 = 0
            var y: [Int32: Int32] = [:]
            var threeDown = false
            var framesSeen = 0
            for frame in recording.frames {
                for event in frame.events {
                    if event.type == Evdev.EV_ABS, event.code == Evdev.ABS_MT_SLOT { slot = event.value }
                    if event.type == Evdev.EV_ABS, event.code == Evdev.ABS_MT_POSITION_Y { y[slot] = event.value }
                    if event.type == Evdev.EV_KEY, event.code == Evdev.BTN_TOOL_TRIPLETAP {
                        threeDown = event.value == 1
                    }
                }
                guard threeDown, let end = y[0], let middle = y[1] else { continue }
                framesSeen += 1
                XCTAssertLessThan(middle, end, "jitter \(jitter): frame at \(frame.time) µs")
            }
            XCTAssertGreaterThan(framesSeen, 30, "jitter \(jitter)")
        }
        // Of four, the second is the top-most, 2 mm above its neighbours; the last is level.
        let four = try synthesize("hold fingers=4", on: try asus)
        var heights: [Int32: Int32] = [:]
        var current: Int32 = 0
        for event in four.frames[0].events where event.type == Evdev.EV_ABS {
            if event.code == Evdev.ABS_MT_SLOT { current = event.value }
            if event.code == Evdev.ABS_MT_POSITION_Y { heights[current] = event.value }
        }
        let perMillimetre = try XCTUnwrap(try asus.absinfo[Evdev.ABS_MT_POSITION_Y]).resolution
        XCTAssertEqual(heights.count, 4)
        XCTAssertEqual(heights.values.min(), heights[1])
        for slot: Int32 in [0, 2] {
            XCTAssertEqual(heights[slot]! - heights[1]!, 2 * perMillimetre, accuracy: 1)
        }
        XCTAssertEqual(heights[3]! - heights[1]!, 4 * perMillimetre, accuracy: 1)
        let scroll = try synthesize("scroll fingers=2", on: twoSlots)
        let ys = Set(scroll.frames[0].events.filter { $0.code == Evdev.ABS_MT_POSITION_Y }.map(\.value))
        XCTAssertEqual(ys.count, 1, "two fingers land level: \(ys)")
    }

    /// Fingers faster than libinput's jump limit are said, with the fastest move scaled to its
    /// 12 ms frame; an ordinary flick is not.
    func testAMoveLibinputWouldTakeForAJumpIsSaid() throws {
        let flick = try synthesize("move dx=40mm duration=20ms", on: try asus)
        XCTAssertEqual(flick.notes.count, 1)
        XCTAssertTrue(
            flick.notes[0].hasPrefix("line 1: the move's fingers move up to 20.0 mm in libinput's 12 ms frame"),
            flick.notes[0])
        XCTAssertEqual(
            try synthesize("move dx=40mm duration=100ms; pinch; swipe fingers=3 distance=30mm", on: asus).notes, [])
    }

    /// A jitter that moves fingers past libinput's jump limit between frames is said, once for
    /// the statement; one that does not is not (VerifiedTravelTests replays both).
    func testAJitterLibinputWouldTakeForJumpsIsSaid() throws {
        let swipe = "swipe fingers=2 direction=right distance=30mm duration=2000ms"
        let jumpy = try synthesize("set jitter=3mm seed=3; " + swipe, on: try asus).notes
        XCTAssertEqual(jumpy.count, 1, "\(jumpy)")
        XCTAssertTrue(jumpy.first?.hasPrefix("line 1: the jitter of 3 mm moves its fingers up to ") == true, "\(jumpy)")
        XCTAssertTrue(jumpy.first?.hasSuffix("; a smaller jitter keeps them") == true, "\(jumpy)")
        XCTAssertEqual(try synthesize("set jitter=0.5mm seed=3; " + swipe, on: try asus).notes, [])
    }

    /// A no-break space, pasted from a page, parts words as a space does.
    func testANoBreakSpacePartsWords() throws {
        XCTAssertEqual(
            try GestureScript.parse("pinch\u{A0}scale=3\u{2003}fingers=3", file: "s").statements.map(\.action),
            try GestureScript.parse("pinch scale=3 fingers=3", file: "s").statements.map(\.action))
    }

    /// A finger under libinput's touch threshold is said: 12 % of the pressure axis's range, or
    /// the quirk's (the ASUS N500JK's puts it at 10); one left at the default, or pressed past
    /// the threshold, is not.
    func testAFingerTooLightToBeginATouchIsSaid() throws {
        let asus = try asus
        XCTAssertEqual(
            try synthesize("move pressure=3", on: asus).notes,
            [
                "line 1: the move's pressure, 3, is under libinput's touch threshold, 30 (12 % of ABS_MT_PRESSURE's "
                    + "range; tp_init_pressure): its fingers hover, and libinput makes nothing of them"
            ])
        XCTAssertEqual(try synthesize("move; move pressure=30", on: asus).notes, [])
        var quirked = GestureSynthesizer.Options()
        quirked.quirks.pressureRange = (high: 10, low: 8)
        let light = try synthesize("move pressure=3; move pressure=10", on: asus, options: quirked).notes
        XCTAssertEqual(light.count, 1, "\(light)")
        XCTAssertTrue(light.first?.contains("threshold, 10 (AttrPressureRange; tp_init_pressure)") == true, "\(light)")
        quirked.quirks.pressureRange = (high: 0, low: 0)
        XCTAssertEqual(try synthesize("move pressure=3", on: asus, options: quirked).notes, [], "detection off")
        // Where libinput detects touches by no pressure: a pressure pad's force, or by size.
        var pressurePad = asus
        pressurePad.absinfo[Evdev.ABS_MT_PRESSURE]?.resolution = 30
        XCTAssertEqual(try synthesize("move pressure=3", on: pressurePad).notes, [], "a pressure pad")
        var bySize = GestureSynthesizer.Options()
        bySize.quirks.touchSizeRange = true
        XCTAssertEqual(try synthesize("move pressure=3", on: asus, options: bySize).notes, [], "by size")
        // A pressure axis whose minimum passes its maximum is said nothing of, not trapped on.
        var inverted = asus
        inverted.absinfo[Evdev.ABS_MT_PRESSURE] = AbsInfo(minimum: 200, maximum: 10)
        XCTAssertEqual(try synthesize("move", on: inverted).notes, [])
    }

    /// libinput weighs no move at the frame where the fingers land nor at the next, where it
    /// starts their history again; the move after is weighed against none.
    func testTheFirstMoveWeighedIsTheSecondAfterLanding() {
        var jumps = FrameJumps()
        for (step, seconds) in [(0.0, 0.0), (15, 0.008)] {
            jumps.frame([GestureScript.Point(x: step, y: 0)], at: seconds)
        }
        XCTAssertEqual(jumps.longest, 0, "15 mm in 8 ms, 22.5 mm in 12 ms, at the frame after landing: not weighed")
        jumps.frame([GestureScript.Point(x: 30, y: 0)], at: 0.016)
        XCTAssertEqual(jumps.longest, 22.5, accuracy: 1e-9)
    }

    /// A turn of 180° or more between two frames, which libinput would read as one the other way,
    /// is refused with the shortest duration that reads right (SynthesizedGestureTests replays it).
    func testATurnLibinputWouldReadBackwardsIsRefused() throws {
        try assertRefused(
            "pinch scale=1.2\nrotate angle=3600deg duration=100ms",
            "t.gesture:2: the rotation turns 3600° in 13 frames at 125 Hz, 277° a frame: libinput takes the turn "
                + "between two frames as under 180° either way (tp_gesture_handle_state_pinch, "
                + "src/evdev-mt-touchpad-gestures.c) and would read it turning back; give it duration=164ms or more")
        try assertRefused("rotate angle=-180deg duration=8ms", "t.gesture:1: the rotation turns -180° in 1 frame at")
        XCTAssertNoThrow(try synthesize("rotate angle=179deg duration=8ms", on: asus))
    }

    /// Lines ended by a lone CR are refused, as in recordings, CRLF taken; the settings' and
    /// places' refusals say what is wrong with the whole value.
    func testLineEndsAndValuesAreReadWhole() throws {
        XCTAssertEqual(try GestureScript.parse("pinch\r\ntap\r\n", file: "t.gesture").statements.map(\.line), [1, 2])
        try assertRefused(
            "pinch\rswipe fingers=3 distance=20mm\r",
            "t.gesture:1: its lines end in a carriage return alone (CR, as classic Mac OS wrote them): make them LF")
        try assertRefused("set gap=-100ms", "t.gesture:1: gap=-100ms: must not be negative")
        try assertRefused("set leadin=20mm", "t.gesture:1: leadin=20mm: must be at most 10 mm")
        try assertRefused("tap at=10,20%", "t.gesture:1: at=10,20%: give X and Y both in mm or both in %")
    }

    /// A day of hour-long statements is refused from what they say before a frame is made, at the
    /// statement that crosses it; a pause before the first gesture is not part of the recording.
    func testAScriptPastADayIsRefusedFromItsDurations() throws {
        func refusal(_ text: String) throws -> String? {
            let script = try GestureScript.parse(text, file: "t.gesture")
            do {
                try GestureSynthesizer.refuseOverlong(script, options: .init(), file: "t.gesture")
                return nil
            } catch { return "\(error)" }
        }
        // The floor is never past the recording made, at any rate: hold and tap are rounded to
        // whole frames, which may take half a frame off each.
        for rate in [90, 125, 133] {
            let text = "set rate=\(rate)Hz; hold duration=11ms; pause 2s; tap duration=11ms"
            let script = try GestureScript.parse(text, file: "t.gesture")
            let floor = try XCTUnwrap(GestureSynthesizer.lengthFloors(script, options: .init()).last).seconds
            let made = try XCTUnwrap(try synthesize(text, on: try asus).frames.last).time
            XCTAssertLessThanOrEqual(floor, Double(made) / 1e6, "\(rate) Hz")
        }
        let hours = String(repeating: "hold duration=3600s\n", count: 24)
        XCTAssertEqual(
            try refusal(hours + "tap"),
            "t.gesture:24: the script runs past 24 hours, the longest recording a replay reads")
        XCTAssertNil(try refusal("pause 3600s\n" + String(repeating: "hold duration=3600s\n", count: 23)))
    }

    /// Replays the frames through a model of evdev's per-slot state: nothing is reported twice,
    /// slots are announced only when they change, and the finger-count keys agree with the touches.
    func testFramesAreWhatTheKernelEmits() throws {
        let dev = try asus
        let rec = try synthesize("pinch scale=2; scroll fingers=2; swipe fingers=3; hold fingers=4", on: dev)
        var slot: Int32 = 0
        var values: [Int32: [UInt16: Int32]] = [:]
        var keys: [UInt16: Int32] = [:]
        var active = Set<Int32>()
        let tools = [Evdev.BTN_TOOL_FINGER, Evdev.BTN_TOOL_DOUBLETAP, Evdev.BTN_TOOL_TRIPLETAP, Evdev.BTN_TOOL_QUADTAP]
        for frame in rec.frames {
            XCTAssertTrue(frame.events.last?.isSynReport == true)
            XCTAssertGreaterThan(frame.events.count, 1, "evdev drops empty frames")
            for e in frame.events.dropLast() {
                XCTAssertTrue(dev.has(type: e.type, code: e.code), "\(e) is not a code of the device")
                if e.type == Evdev.EV_ABS, e.code == Evdev.ABS_MT_SLOT {
                    XCTAssertNotEqual(e.value, slot, "slot announced without changing")
                    slot = e.value
                } else if e.type == Evdev.EV_ABS, e.code >= Evdev.ABS_MT_TOUCH_MAJOR {
                    XCTAssertNotEqual(
                        values[slot]?[e.code], e.value,
                        "slot \(slot) repeats \(Evdev.codeName(type: e.type, code: e.code))")
                    values[slot, default: [:]][e.code] = e.value
                    if e.code == Evdev.ABS_MT_TRACKING_ID {
                        if e.value >= 0 { active.insert(slot) } else { active.remove(slot) }
                    }
                    if let info = dev.absinfo[e.code], e.code != Evdev.ABS_MT_TRACKING_ID {
                        XCTAssertTrue((info.minimum...info.maximum).contains(e.value), "\(e) outside the axis range")
                    }
                    if e.code == Evdev.ABS_MT_PRESSURE {
                        let info = try XCTUnwrap(dev.absinfo[e.code])
                        XCTAssertGreaterThan(
                            Double(e.value), Double(info.minimum) + 0.12 * Double(info.maximum - info.minimum),
                            "libinput's touch threshold")
                        XCTAssertLessThanOrEqual(e.value, 130, "libinput's palm threshold")
                    }
                } else if e.type == Evdev.EV_KEY {
                    XCTAssertNotEqual(keys[e.code] ?? 0, e.value, "key repeats its state")
                    keys[e.code] = e.value
                }
            }
            XCTAssertEqual(keys[Evdev.BTN_TOUCH] ?? 0, active.isEmpty ? 0 : 1)
            let on = tools.enumerated().filter { keys[$0.element] == 1 }.map { $0.offset + 1 }
            XCTAssertEqual(on, active.isEmpty ? [] : [active.count], "one BTN_TOOL_* for the finger count")
        }
        XCTAssertTrue(active.isEmpty, "every finger lifts")
    }

    func testFramesComeAtTheReportRate() throws {
        let rec = try synthesize("scroll duration=400ms", on: try asus)
        let gaps = Set(zip(rec.frames, rec.frames.dropFirst()).map { $1.time - $0.time })
        XCTAssertEqual(gaps, [8000], "125 Hz")
        var options = GestureSynthesizer.Options()
        options.rate = 80
        let slower = try synthesize("scroll duration=400ms", on: try asus, options: options)
        XCTAssertEqual(Set(zip(slower.frames, slower.frames.dropFirst()).map { $1.time - $0.time }), [12500])
        XCTAssertEqual(slower.reportRate ?? 0, 80, accuracy: 1e-9, "a recording tells its own rate")
    }

    /// After the lead-in, the fingers' separation grows by exactly the requested factor and
    /// their line turns by the requested angle, in millimetres through the resolution.
    func testPinchGeometryAfterTheLeadIn() throws {
        let dev = try asus
        let rec = try synthesize("pinch scale=1.8 angle=40deg", on: dev)
        let rx = Double(try XCTUnwrap(dev.absinfo[Evdev.ABS_MT_POSITION_X]).resolution)
        let ry = Double(try XCTUnwrap(dev.absinfo[Evdev.ABS_MT_POSITION_Y]).resolution)
        var slot: Int32 = 0
        var pos: [Int32: (x: Double, y: Double)] = [:]
        var poses: [(d: Double, a: Double, moved: Double)] = []
        var start: [Int32: (x: Double, y: Double)] = [:]
        for frame in rec.frames.dropLast() {
            for e in frame.events where e.type == Evdev.EV_ABS {
                if e.code == Evdev.ABS_MT_SLOT { slot = e.value }
                if e.code == Evdev.ABS_MT_POSITION_X { pos[slot, default: (0, 0)].x = Double(e.value) / rx }
                if e.code == Evdev.ABS_MT_POSITION_Y { pos[slot, default: (0, 0)].y = Double(e.value) / ry }
            }
            if start.isEmpty { start = pos }
            let a = pos[0]!, b = pos[1]!
            let moved = min(hypot(a.x - start[0]!.x, a.y - start[0]!.y), hypot(b.x - start[1]!.x, b.y - start[1]!.y))
            poses.append((hypot(b.x - a.x, b.y - a.y), atan2(b.y - a.y, b.x - a.x), moved))
        }
        // libinput decides once both fingers moved 1.5 mm: that frame is where scale 1 and angle 0 are.
        let decided = try XCTUnwrap(poses.firstIndex { $0.moved >= 1.5 })
        XCTAssertLessThan(poses[decided - 1].moved, 1.5)
        let last = try XCTUnwrap(poses.last)
        XCTAssertEqual(last.d / poses[decided].d, 1.8, accuracy: 0.02)
        let turn = remainder(last.a - poses[decided].a, 2 * .pi) * 180 / .pi
        XCTAssertEqual(turn, 40, accuracy: 0.5)
    }

    func testJitterIsSeededAndReproducible() throws {
        let dev = try asus
        let a = try synthesize("set jitter=0.2mm seed=7; hold fingers=2", on: dev)
        let b = try synthesize("set jitter=0.2mm seed=7; hold fingers=2", on: dev)
        let c = try synthesize("set jitter=0.2mm seed=8; hold fingers=2", on: dev)
        let still = try synthesize("hold fingers=2", on: dev)
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a.frames, c.frames)
        XCTAssertEqual(still.frames.count, 2, "still fingers: landing and lift only")
        XCTAssertGreaterThan(a.frames.count, 30, "jittering fingers report every frame")
    }

    /// A two-slot pad reports a third finger the way the kernel does: two touches and BTN_TOOL_TRIPLETAP.
    func testMoreFingersThanSlotsUseTheToolKeys() throws {
        let rec = try synthesize(
            "swipe fingers=3", on: try device("touchpads_SynPS2_Synaptics_TouchPad.lenovo-p50.desc"))
        let events = rec.frames.flatMap(\.events)
        XCTAssertEqual(
            events.filter { $0.code == Evdev.ABS_MT_TRACKING_ID && $0.type == Evdev.EV_ABS && $0.value >= 0 }.count, 2)
        XCTAssertTrue(events.contains(EvdevEvent(type: Evdev.EV_KEY, code: Evdev.BTN_TOOL_TRIPLETAP, value: 1)))
    }

    /// A pad without slots but with multitouch axes (protocol A) repeats every contact each
    /// frame, each closed by SYN_MT_REPORT, and closes its contacts with a lone one; its
    /// single-touch axes, with ranges of their own, follow the first contact. Apple's quirks'
    /// size hint sets its millimetres, as libinput reads them.
    func testAProtocolAPadReportsEveryContactEachFrame() throws {
        let apple = try device("touchpads_bcm5974.three-finger-click.desc")
        let quirks = LibinputQuirks.load(for: apple)
        XCTAssertNotNil(quirks.sizeHint)
        var options = GestureSynthesizer.Options()
        options.quirks = quirks
        let rec = try synthesize("hold fingers=3 duration=100ms", on: apple, options: options)
        func reports(_ frame: EvdevFrame) -> Int {
            frame.events.filter { $0.type == Evdev.EV_SYN && $0.code == Evdev.SYN_MT_REPORT }.count
        }
        XCTAssertEqual(rec.frames.dropLast().map(reports), Array(repeating: 3, count: rec.frames.count - 1))
        XCTAssertEqual(reports(try XCTUnwrap(rec.frames.last)), 1, "the lift: no contact")
        XCTAssertFalse(
            rec.frames.flatMap(\.events).contains { $0.code == Evdev.ABS_MT_SLOT && $0.type == Evdev.EV_ABS })
        let single = try XCTUnwrap(apple.absinfo[Evdev.ABS_X])
        let x = rec.frames[0].events.filter { $0.type == Evdev.EV_ABS && $0.code == Evdev.ABS_X }.map(\.value)
        XCTAssertEqual(x.count, 1)
        XCTAssertTrue((single.minimum...single.maximum).contains(x[0]), "ABS_X in its own range")
    }

    /// A semi-mt pad reports the bounding box of the touches in its two slots.
    func testSemiMTReportsTheBoundingBox() throws {
        let rec = try synthesize(
            "rotate angle=90 duration=200ms", on: try device("touchpads_AlpsPS2_ALPS_GlidePoint.desc"))
        var slot: Int32 = 0
        var x: [Int32: Int32] = [:], y: [Int32: Int32] = [:]
        for frame in rec.frames.dropLast() {
            for e in frame.events where e.type == Evdev.EV_ABS {
                if e.code == Evdev.ABS_MT_SLOT { slot = e.value }
                if e.code == Evdev.ABS_MT_POSITION_X { x[slot] = e.value }
                if e.code == Evdev.ABS_MT_POSITION_Y { y[slot] = e.value }
            }
            XCTAssertLessThanOrEqual(x[0]!, x[1]!)
            XCTAssertLessThanOrEqual(y[0]!, y[1]!, "slot 0 is the top-left corner, slot 1 the bottom-right")
        }
    }

    func testDevicesThatCannotPerformAGestureAreNamed() throws {
        try assertRefused(
            "tap\npinch", on: try device("touchpads_AlpsPS2-ALPS-DualPoint-TouchPad-non-MT.doubletap.desc"),
            "t.gesture:2: AlpsPS/2 ALPS DualPoint TouchPad tracks 1 touch and has no BTN_TOOL_DOUBLETAP: it cannot "
                + "report 2 fingers"
        )
        try assertRefused(
            "hold fingers=4", on: try device("touchpads_SynPS2_Synaptics_TouchPad.hp8470p.desc"),
            "t.gesture:1: SynPS/2 Synaptics TouchPad tracks 2 touches and has no BTN_TOOL_QUADTAP")
        try assertRefused("scroll dy=80mm", "t.gesture:1: the scroll leaves the touchpad")
        try assertRefused("tap at=200,0", "t.gesture:1: the tap leaves the touchpad")
    }

    /// Without a resolution, millimetres are libinput's: the pad is 69 × 50 mm.
    func testNoResolutionMeansLibinputsDefaultSize() throws {
        let dev = try device("touchpads_SynPS2_Synaptics_TouchPad.hp8470p.desc")
        XCTAssertEqual(dev.absinfo[Evdev.ABS_MT_POSITION_X]?.resolution, 0)
        let pad = try GestureSynthesizer.Pad(dev, file: "t")
        // libinput divides the range by 69 × 50 mm in whole units, so the pad is a little larger.
        let x = try XCTUnwrap(dev.absinfo[Evdev.ABS_MT_POSITION_X]),
            y = try XCTUnwrap(dev.absinfo[Evdev.ABS_MT_POSITION_Y])
        let (rx, ry) = (Int(x.maximum - x.minimum), Int(y.maximum - y.minimum))
        XCTAssertEqual(pad.size.width, Double(rx) / Double(rx / 69), accuracy: 1e-9)
        XCTAssertEqual(pad.size.height, Double(ry) / Double(ry / 50), accuracy: 1e-9)
        XCTAssertGreaterThan(pad.size.width, 69)
    }

    /// libinput's quirks: matching sections (never DMI ones) set the resolution and pressure it uses.
    func testQuirksGiveTheResolutionAndPressureLibinputUses() throws {
        let dell = try device("touchpads_ETPS2_Elantech_Touchpad.Dell-Inspiron-7520.desc")
        let texts = [
            """
            [Elantech Touchpads]
            MatchName=*Elantech Touchpad*
            AttrResolutionHint=31x31
            AttrPressureRange=10:8

            [One laptop]
            MatchName=*Elantech Touchpad*
            MatchDMIModalias=dmi:*svnDell*
            AttrPressureRange=99:90
            """,
            """
            [Some USB pad]
            MatchBus=usb
            MatchUdevType=touchpad
            AttrResolutionHint=5x5
            [PS/2 touchpads]
            MatchBus=ps2
            MatchUdevType=touchpad
            AttrPalmPressureThreshold=60
            """,
        ]
        let quirks = LibinputQuirks.applying(texts, to: dell)
        XCTAssertEqual(quirks.resolutionHint?.x, 31)
        XCTAssertEqual(quirks.pressureRange?.high, 10, "a DMI section names a machine, not this description")
        XCTAssertEqual(quirks.palmPressureThreshold, 60)
        let pad = try GestureSynthesizer.Pad(dell, quirks: quirks, file: "t")
        XCTAssertEqual(pad.size.width, 2940.0 / 31, accuracy: 1e-9)
        let pressure = try XCTUnwrap(pad.pressure(Evdev.ABS_PRESSURE))
        XCTAssertGreaterThan(pressure, 10)
        XCTAssertLessThan(pressure, 60)
        if FileManager.default.fileExists(atPath: LibinputQuirks.systemDirectory) {
            XCTAssertEqual(
                LibinputQuirks.load(for: dell).resolutionHint?.y, 31, "Debian's libinput quirks for Elantech pads")
        }
    }

    /// A synthesized recording written as libinput record YAML reads back the same.
    func testLibinputRecordYAMLRoundTrips() throws {
        let desc = try RecordingLoader.load(
            evemuDevices.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path)
        let script = try GestureScript.parse("pinch scale=1.7 angle=30deg", file: "pinch.gesture")
        let pinch = try GestureSynthesizer.synthesize(script, on: desc.device, file: "pinch.gesture")
        let text = LibinputRecordFormat.write(pinch)
        let back = try LibinputRecordFormat.parse(text, file: "roundtrip.yml")
        XCTAssertEqual(back.frames, pinch.frames)
        XCTAssertEqual(back.device.codes, pinch.device.codes)
        XCTAssertEqual(back.device.absinfo, pinch.device.absinfo)
        XCTAssertEqual(back.device.properties, pinch.device.properties)
        XCTAssertEqual(back.device.name, pinch.device.name)
    }
}
