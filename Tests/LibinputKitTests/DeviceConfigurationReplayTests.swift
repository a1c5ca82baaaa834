import Foundation
import GestureSynthesis
import LibinputEventText
import LibinputEvents
import Replays
import Quirks
import Recordings
import XCTest
import TestSupport

/// Each libinput setting `replay`, `compare`, `report`, `view` and `debug` take changes what real
/// libinput makes of a recording, and the change is the one the setting names: each test replays
/// a synthesized recording twice, the setting on and off, and compares libinput's own events.
final class DeviceConfigurationReplayTests: XCTestCase {
    private let pad = Fixtures.root.appendingPathComponent(
        "Tests/Fixtures/devices/touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc"
    ).path

    private func synthesized(_ script: String) throws -> Recording {
        let device = try RecordingLoader.load(pad).device
        var options = GestureSynthesizer.Options()
        options.quirks = LibinputQuirks.load(for: device)
        return try GestureSynthesizer.synthesize(
            try GestureScript.parse(script, file: "-e"), on: device, options: options, file: "-e")
    }

    private func replay(
        _ recording: Recording, _ configure: (inout DeviceConfiguration) -> Void, with others: [Recording] = []
    ) throws -> [LibinputEvent] {
        var options = ReplayOptions()
        configure(&options.configuration)
        options.otherDevices = others.map { .recording($0) }
        return try Replay(.recording(recording), options: options).events
    }

    private func verticalScroll(_ events: [LibinputEvent]) -> Double {
        events.reduce(0) { sum, e in if case .pointerScroll(let s) = e.kind { sum + (s.vertical ?? 0) } else { sum } }
    }

    private func motion(_ events: [LibinputEvent]) -> (count: Int, distance: Double) {
        events.reduce((0, 0)) { acc, e in
            if case .pointerMotion(let dx, let dy, _, _) = e.kind {
                (acc.0 + 1, acc.1 + (dx * dx + dy * dy).squareRoot())
            } else {
                acc
            }
        }
    }

    private func buttons(_ events: [LibinputEvent]) -> [(button: UInt32, pressed: Bool, time: UInt64)] {
        events.compactMap { e in
            if case .pointerButton(let b, let state, _) = e.kind { (b, state == .pressed, e.time) } else { nil }
        }
    }

    /// Natural scrolling flips libinput's scroll sign, and its DEVICE_ADDED says it is on, as
    /// the translator needs to give an app an iPad's sign either way.
    func testNaturalScrollingFlipsTheScrollSign() throws {
        let scroll = try synthesized("scroll fingers=2 dy=25mm duration=500ms")
        let normalEvents = try replay(scroll) { $0.naturalScrolling = false }
        let naturalEvents = try replay(scroll) { $0.naturalScrolling = true }
        let normal = verticalScroll(normalEvents), natural = verticalScroll(naturalEvents)
        XCTAssertGreaterThan(abs(normal), 10)
        XCTAssertEqual(natural, -normal, accuracy: 1e-6)
        func said(_ events: [LibinputEvent]) -> Bool? {
            events.lazy.compactMap { if case .deviceAdded(let info) = $0.kind { info } else { nil } }.first?
                .naturalScrolling
        }
        XCTAssertEqual(said(normalEvents), false)
        XCTAssertEqual(said(naturalEvents), true)
    }

    /// The commands pass the settings on: `replay --enable-natural-scrolling` flips the scroll.
    func testTheCommandLineSpellingReachesLibinput() throws {
        let scroll = Fixtures.synthesized.appendingPathComponent("two-finger-scroll.yml").path
        func total(_ options: [String]) throws -> Double {
            let run = runCommand(["replay", "--json", scroll] + options)
            XCTAssertEqual(run.status, 0, run.stderr)
            return verticalScroll(try LibinputEvent.events(fromJSONLines: run.stdout))
        }
        let normal = try total(["--disable-natural-scrolling"])
        XCTAssertNotEqual(normal, 0)
        XCTAssertEqual(try total(["--enable-natural-scrolling"]), -normal, accuracy: 1e-6)

        // A negative pointer speed is a value, as libinput's own tools take it, and slows the pointer.
        let stroke = temporaryPath("stroke.yml")
        try LibinputRecordFormat.write(try synthesized("move dx=40mm dy=0 duration=150ms"))
            .write(toFile: stroke, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: stroke) }
        func travel(_ speed: String) throws -> Double {
            let run = runCommand(["replay", "--json", "--set-speed", speed, stroke])
            XCTAssertEqual(run.status, 0, "\(speed): \(run.stderr)")
            return motion(try LibinputEvent.events(fromJSONLines: run.stdout)).distance
        }
        XCTAssertLessThan(try travel("-0.8"), try travel("0"))
    }

    /// A setting the device lacks is one warning line, tagged with the recording even without
    /// --verbose; --verbose passes libinput's whole log, every line tagged.
    /// `LIBINPUT_FUZZ_*` is where udev's rule puts a touchpad's kernel fuzz; libinput's
    /// hysteresis swallows motion within it, so a large one shortens a slow stroke.
    func testAUdevPropertyReachesLibinput() throws {
        let stroke = try synthesized("move dx=10mm duration=1s")
        func travel(_ properties: [String: String]) throws -> Double {
            var options = ReplayOptions()
            options.udevProperties = properties
            return try Replay(.recording(stroke), options: options).events.reduce(0) { sum, e in
                if case .pointerMotion(_, _, let dx, _) = e.kind { sum + dx } else { sum }
            }
        }
        let plain = try travel([:]), fuzzed = try travel(["LIBINPUT_FUZZ_00": "40", "LIBINPUT_FUZZ_35": "40"])
        XCTAssertGreaterThan(plain, 0)
        XCTAssertLessThan(fuzzed, plain * 0.9, "hysteresis of 40 units took some of the stroke: \(fuzzed) of \(plain)")
    }

    func testLibinputsLogLinesNameTheRecording() throws {
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let lacking = runCommand(["replay", pinch, "--set-scroll-method", "button"])
        XCTAssertEqual(lacking.status, 0, lacking.stderr)
        XCTAssertEqual(
            lacking.stderr,
            "touchsynth: warning: \(pinch): event10 (ETPS/2 Elantech Touchpad): does not offer button scrolling: "
                + "libinput's default kept\n")
        // A mouse has neither tapping nor a click method: each asked for is said, not dropped.
        let mouse = Fixtures.evemu.appendingPathComponent("mice_Apple_Touch_Mouse.evemu").path
        let tapping = runCommand(["replay", mouse, "--enable-tap", "--set-click-method", "clickfinger"])
        XCTAssertEqual(tapping.status, 0, tapping.stderr)
        XCTAssertTrue(
            tapping.stderr.contains("does not offer tapping, the clickfinger click method: libinput's default kept\n"),
            tapping.stderr)
        // The send-events mode is set on touchpads: a mouse replayed alone says it has none, one
        // replayed beside a touchpad, the mode's point, says nothing, whichever is added first.
        let alone = runCommand(["replay", mouse, "--set-sendevents", "disabled"])
        XCTAssertEqual(alone.status, 0, alone.stderr)
        XCTAssertTrue(
            alone.stderr.contains(
                "does not offer the send-events mode disabled (a touchpad's, and no touchpad was added with it): "
                    + "libinput's default kept\n"), alone.stderr)
        for (first, second) in [(pinch, mouse), (mouse, pinch)] {
            let beside = runCommand(
                ["replay", first, "--with", second, "--set-sendevents", "disabled-on-external-mouse"])
            XCTAssertEqual(beside.status, 0, beside.stderr)
            XCTAssertFalse(beside.stderr.contains("send-events"), "the touchpad took the mode: \(beside.stderr)")
        }
        let verbose = runCommand(["replay", pinch, "--verbose"])
        let lines = verbose.stderr.split(separator: "\n")
        XCTAssertGreaterThan(lines.count, 5, verbose.stderr)
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("libinput: \(pinch): ") }, verbose.stderr)
        XCTAssertTrue(lines.contains { $0.contains("is tagged by udev as: Touchpad") }, verbose.stderr)
    }

    /// A device that udev properties asked for make libinput refuse is said with those
    /// properties, which are likely why, beside libinput's own words.
    func testADeviceRefusedWithUdevPropertiesNamesThem() {
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let refused = runCommand(["replay", pinch, "--udev-property", "ID_INPUT_TOUCHPAD=0"])
        XCTAssertEqual(refused.status, 65, refused.stderr)
        XCTAssertTrue(
            refused.stderr.hasSuffix(
                "not using input device '/dev/input/event10' (with the udev properties asked for: "
                    + "ID_INPUT_TOUCHPAD=0)\n"),
            refused.stderr)
    }

    func testEdgeScrollingScrollsAOneFingerMotionAlongTheRightEdge() throws {
        let edge = try synthesized("move dx=0 dy=20mm duration=500ms at=97%,35%")
        let twoFinger = try replay(edge) { $0.scrollMethod = .twoFinger }
        let edgeScroll = try replay(edge) { $0.scrollMethod = .edge }
        // With two-finger scrolling libinput takes a touch starting on the edge for a palm.
        XCTAssertEqual(verticalScroll(twoFinger), 0, "two-finger scrolling: one finger does not scroll")
        XCTAssertGreaterThan(verticalScroll(edgeScroll), 10, "edge scrolling: the finger on the edge scrolls")
        let none = try replay(try synthesized("scroll fingers=2 dy=25mm duration=500ms")) {
            $0.scrollMethod = ScrollMethodNone.value
        }
        XCTAssertEqual(verticalScroll(none), 0, "scroll method none: two fingers do not scroll")
    }

    func testAccelerationProfileAndSpeedChangeThePointersTravel() throws {
        // A fast stroke: the adaptive profile moves it further than the flat one.
        let stroke = try synthesized("move dx=40mm dy=0 duration=150ms")
        let adaptive = motion(try replay(stroke) { $0.accelProfile = .adaptive }).distance
        let flat = motion(try replay(stroke) { $0.accelProfile = .flat }).distance
        XCTAssertGreaterThan(adaptive, flat * 1.1, "adaptive \(adaptive), flat \(flat)")
        let slow = motion(try replay(stroke) { $0.accelSpeed = -0.8 }).distance
        let fast = motion(try replay(stroke) { $0.accelSpeed = 0.8 }).distance
        XCTAssertGreaterThan(fast, slow * 1.5, "speed 0.8: \(fast), speed -0.8: \(slow)")
    }

    func testLeftHandedSwapsTheClickpadsButtonAreas() throws {
        let click = try synthesized("click duration=100ms at=75%,97%")
        let right = buttons(
            try replay(click) {
                $0.leftHanded = false; $0.clickMethod = .buttonAreas
            })
        let left = buttons(
            try replay(click) {
                $0.leftHanded = true; $0.clickMethod = .buttonAreas
            })
        XCTAssertEqual(
            right.map(\.button), [UInt32(Evdev.BTN_RIGHT), UInt32(Evdev.BTN_RIGHT)],
            "the bottom-right area is the right button")
        XCTAssertEqual(
            left.map(\.button), [UInt32(Evdev.BTN_LEFT), UInt32(Evdev.BTN_LEFT)], "left-handed, it is the left button")
    }

    func testMiddleButtonEmulationMakesLeftAndRightTogetherAMiddleClick() throws {
        let mouse = DeviceDescription(
            name: "TouchSynth test mouse", bustype: 0x03, vendor: 0x1234, product: 0x5678,
            codes: [
                Evdev.EV_SYN: [Evdev.SYN_REPORT], Evdev.EV_KEY: [Evdev.BTN_LEFT, Evdev.BTN_RIGHT, Evdev.BTN_MIDDLE],
                Evdev.EV_REL: [Evdev.REL_X, Evdev.REL_Y],
            ])
        let syn = EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0)
        func key(_ code: UInt16, _ value: Int32) -> EvdevEvent {
            EvdevEvent(type: Evdev.EV_KEY, code: code, value: value)
        }
        let chord = Recording(
            device: mouse,
            events: [
                (0, key(Evdev.BTN_LEFT, 1)), (0, key(Evdev.BTN_RIGHT, 1)), (0, syn),
                (100_000, key(Evdev.BTN_LEFT, 0)), (100_000, key(Evdev.BTN_RIGHT, 0)), (100_000, syn),
            ])
        let plain = Set(buttons(try replay(chord) { $0.middleEmulation = false }).map(\.button))
        let emulated = Set(buttons(try replay(chord) { $0.middleEmulation = true }).map(\.button))
        XCTAssertEqual(plain, [UInt32(Evdev.BTN_LEFT), UInt32(Evdev.BTN_RIGHT)])
        XCTAssertEqual(emulated, [UInt32(Evdev.BTN_MIDDLE)])
    }

    /// Tapping left unset is libinput's default: off, but on for a pad without a left button,
    /// where only a setting of off turns it off.
    func testTappingUnsetIsLibinputsDefaultWhichOffTurnsOff() throws {
        var tap = try synthesized("tap fingers=1 duration=60ms")
        XCTAssertEqual(buttons(try replay(tap) { _ in }).count, 0)
        XCTAssertEqual(buttons(try replay(tap) { $0.tapToClick = true }).count, 2)
        tap.device.codes[Evdev.EV_KEY]?.remove(Evdev.BTN_LEFT)
        XCTAssertEqual(buttons(try replay(tap) { _ in }).count, 2, "no left button: libinput taps by default")
        XCTAssertEqual(buttons(try replay(tap) { $0.tapToClick = false }).count, 0)
    }

    func testTapAndDragHoldsTheButtonThroughTheMotionAndDragLockBeyondIt() throws {
        let tapThenDrag = try synthesized("set gap=80ms; tap fingers=1 duration=60ms; move dx=25mm dy=0 duration=400ms")
        let lastMotion = { (events: [LibinputEvent]) in
            events.last { if case .pointerMotion = $0.kind { true } else { false } }?.time ?? 0
        }
        let noDrag = try replay(tapThenDrag) {
            $0.tapToClick = true; $0.tapDrag = false
        }
        let drag = try replay(tapThenDrag) {
            $0.tapToClick = true; $0.tapDrag = true; $0.dragLock = false
        }
        let locked = try replay(tapThenDrag) {
            $0.tapToClick = true; $0.tapDrag = true; $0.dragLock = true
        }
        let noDragRelease = try XCTUnwrap(buttons(noDrag).last { !$0.pressed })
        XCTAssertLessThan(
            noDragRelease.time, lastMotion(noDrag) - 200_000,
            "without tap-and-drag the tap's click ends before the motion")
        let dragRelease = try XCTUnwrap(buttons(drag).last { !$0.pressed })
        XCTAssertGreaterThanOrEqual(
            dragRelease.time, lastMotion(drag), "tap-and-drag holds the button through the motion")
        let lockedRelease = buttons(locked).last { !$0.pressed }?.time ?? .max
        XCTAssertGreaterThan(
            lockedRelease, dragRelease.time + 100_000, "drag lock keeps the button past the finger's lift")
    }

    /// Three fingers moving together swipe; with three-finger drag on (libinput 1.28 and later)
    /// they hold the left button and move the pointer (1.29 on begins a swipe and cancels it 80 ms
    /// in, as they moved under 5 mm). A version without it says so and swipes.
    func testThreeFingerDragHoldsTheButtonWhereTheVersionOffersIt() throws {
        let threeMoving = try synthesized("move fingers=3 dx=30mm duration=1500ms")
        func replay(_ build: LibinputBuild, drag: DeviceConfiguration.ThreeFingerDrag?) throws -> Replay {
            var options = ReplayOptions()
            options.libinput = build
            options.configuration.threeFingerDrag = drag
            return try Replay(.recording(threeMoving), options: options)
        }
        let swiped = { (events: [LibinputEvent]) in
            events.contains { if case .gestureSwipeEnd(_, cancelled: false) = $0.kind { true } else { false } }
        }
        for build in try libinputBuilds(["1.28.1", "1.31.3"]) {
            let plain = try replay(build, drag: nil).events, dragged = try replay(build, drag: .threeFingers).events
            XCTAssertTrue(swiped(plain) && buttons(plain).isEmpty, build.version)
            XCTAssertFalse(swiped(dragged), build.version)
            // The button let go 700 ms after the lift: the replay waits for it.
            XCTAssertEqual(buttons(dragged).map(\.pressed), [true, false], build.version)
        }
        let older = try replay(.system, drag: .threeFingers)
        XCTAssertTrue(swiped(older.events))
        XCTAssertTrue(
            older.report.libinputLog.contains { $0.text.contains("does not offer three-finger drag") },
            "\(older.report.libinputLog.map(\.text))")
    }

    func testDisableWhileTypingIgnoresTheTouchpadWhileTheKeyboardTypes() throws {
        let keyboard = DeviceDescription(
            name: "AT Translated Set 2 keyboard", bustype: 0x11, vendor: 0x01, product: 0x01,
            codes: [Evdev.EV_SYN: [Evdev.SYN_REPORT], Evdev.EV_KEY: Set(1...88)])
        let syn = EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0)
        // KEY_A typed every 80 ms for 1.6 s, while the finger moves twice.
        var typing: [(time: UInt64, event: EvdevEvent)] = []
        for i in 0..<20 {
            let t = UInt64(i) * 80_000
            typing += [
                (t, EvdevEvent(type: Evdev.EV_KEY, code: 30, value: 1)), (t, syn),
                (t + 30_000, EvdevEvent(type: Evdev.EV_KEY, code: 30, value: 0)), (t + 30_000, syn),
            ]
        }
        let strokes = try synthesized("move dx=15mm dy=0 duration=300ms; move dx=15mm dy=0 duration=300ms")
        let ignored = motion(
            try replay(strokes, { $0.disableWhileTyping = true }, with: [Recording(device: keyboard, events: typing)])
        ).count
        let moved = motion(
            try replay(strokes, { $0.disableWhileTyping = false }, with: [Recording(device: keyboard, events: typing)])
        ).count
        XCTAssertGreaterThan(moved, 20)
        XCTAssertLessThan(ignored, moved / 2, "disable-while-typing: \(ignored) motion events against \(moved)")
    }
}

/// `.none` of the scroll method, spelled apart from Optional's own `.none`.
private enum ScrollMethodNone { static let value = DeviceConfiguration.ScrollMethod.none }
