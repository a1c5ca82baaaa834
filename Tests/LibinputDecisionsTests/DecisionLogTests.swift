import LibinputEvents
import Recordings
import TestSupport
import Testing

@testable import LibinputDecisions

/// libinput's log lines of each version read as decisions and thresholds.
struct DecisionLogTests {
    private func read(_ lines: [String]) -> DecisionLog {
        DecisionLog(lines.map { LibinputLogMessage(priority: .debug, text: "event10 - " + $0) })
    }

    @Test func gestureLinesOfEachVersion() {
        let log = read([
            "gesture state GESTURE_STATE_UNKNOWN → GESTURE_EVENT_PINCH → GESTURE_STATE_PINCH",
            "gesture: [2fg] event GESTURE_STATE_UNKNOWN → GESTURE_EVENT_PINCH_START → GESTURE_STATE_PINCH_START",
            "gesture: [2fg] state GESTURE_STATE_UNKNOWN → GESTURE_STATE_PINCH_START",
        ])
        #expect(log.decisions.count == 2)
        #expect(log.decisions[0].to == "GESTURE_STATE_PINCH" && log.decisions[0].fingers == nil)
        #expect(log.decisions[1].event == "GESTURE_EVENT_PINCH_START" && log.decisions[1].fingers == 2)
        #expect(log.unread.isEmpty)
    }

    /// Disable-while-typing: the keyboard libinput paired with the pad, and the typing timer's end,
    /// a palm line of no touch; neither is left unread.
    @Test func typingPairAndItsTimeout() {
        let log = read([
            "palm: dwt activated with ETPS/2 Elantech Touchpad<->AT Translated Set 2 keyboard",
            "palm: keyboard timeout",
            "palm: keyboard timeout refresh",
        ])
        #expect(log.thresholds["event10"]?.typingKeyboard == "AT Translated Set 2 keyboard")
        #expect(log.decisions.count == 2)
        #expect(log.decisions.last?.event == "keyboard timeout refresh")
        #expect(log.decisions.first?.machine == .palm && log.decisions.first?.touch == nil)
        #expect(log.decisions.first?.palmChange == .noted)
        #expect(log.unread.isEmpty)
    }

    @Test func tapPalmThumbAndThresholds() {
        let log = read([
            "tap: touch 0 (TOUCH_BEGIN), tap state TAP_STATE_IDLE → TAP_EVENT_TOUCH → TAP_STATE_TOUCH",
            "palm: touch 1 (TOUCH_UPDATE), palm detected (pressure)",
            "thumb: touch 1, THUMB_STATE_FINGER → THUMB_STATE_JAILED",
            "pressure: begin touch 0",
            "using pressure-based touch detection (8:10)",
            "using size-based touch detection (150:130)",
            "palm: pressure threshold is 130",
            "thumb: enabled thumb detection (area)",
            "gesture: a line no libinput wrote",
        ])
        #expect(log.decisions.map(\.machine) == [.tap, .palm, .thumb, .touchDetection])
        #expect(log.decisions[1].touch == 1 && log.decisions[1].palmChange == .detected(.pressure))
        #expect(log.decisions[3].touchBegunBy == .pressure && log.decisions[0].touchBegunBy == nil)
        #expect(log.thresholds["event10"]?.pressure == 8...10)
        // libinput logs the size range high first.
        #expect(log.thresholds["event10"]?.size == 130...150)
        #expect(log.thresholds["event10"]?.palmPressure == 130)
        #expect(log.thresholds["event10"]?.thumbDetection == "area")
        #expect(log.unread.map(\.text) == ["event10 - gesture: a line no libinput wrote"])
    }

    /// Palm lines of each libinput version, as a change to the touch: only `palm detected` sets
    /// it aside, and both wordings of a release let it go.
    @Test func palmLinesAsChanges() {
        let log = read([
            "palm: touch 0 (TOUCH_BEGIN), palm detected (edge)",
            "palm: touch 0 released, out of edge zone",
            "palm: touch 1 (TOUCH_UPDATE), palm detected (touch size)",
            "palm: touch 1 is no longer palm, multiple fingers",
            "palm: touch 2 size exceeded",
            "palm: touch 2: palm-tap detected",
            "palm: touch 3 (TOUCH_BEGIN), palm detected (a newer reason)",
            "touch-size: end touch 3",
        ])
        #expect(
            log.decisions.map(\.palmChange) == [
                .detected(.edge), .released("out of edge zone"), .detected(.touchSize), .released("multiple fingers"),
                .noted, .noted,
                .detected(PalmReason(rawValue: "a newer reason")), nil,
            ])
        #expect(log.decisions.map(\.touch) == [0, 0, 1, 1, 2, 2, 3, 3])
        #expect(log.decisions.allSatisfy { $0.touchBegunBy == nil })
    }

    /// A lid's and tablet mode's pairing with the pad, and each suspending and resuming it. The
    /// suspension lasts while either holds it: libinput logs the lid opening, but resumes the pad
    /// only once tablet mode is off too.
    @Test func switchLinesAndTheSuspensionTheyMake() {
        let lines = [
            (nil, "lid: activated for ETPS/2 Elantech Touchpad<->Lid Switch"),
            (nil, "tablet-mode: activated for ETPS/2 Elantech Touchpad<->Intel HID switches"),
            (100, "lid: suspending touchpad"), (200, "tablet-mode: suspending touchpad"),
            (300, "lid: resume touchpad"), (400, "tablet-mode: resume touchpad"),
            (500, "lid: resume touchpad"), (600, "tablet-mode: suspending touchpad"),
        ]
        let log = DecisionLog(
            lines.map { time, text in
                LibinputLogMessage(
                    priority: .debug, text: "event10 - " + text,
                    cause: time.map { .frame(device: 1, index: 0, time: UInt64($0)) })
            })
        #expect(log.thresholds["event10"]?.lidSwitch == "Lid Switch")
        #expect(log.thresholds["event10"]?.tabletModeSwitch == "Intel HID switches")
        #expect(log.decisions.map(\.machine) == Array(repeating: .suspend, count: 6))
        #expect(log.decisions.first?.summary == "suspend: SUSPEND_LID → suspended")
        #expect(
            log.decisions.map { $0.suspension?.trigger } == [.lid, .tabletMode, .lid, .tabletMode, .lid, .tabletMode])
        let timeline = SwitchTimeline(decisions: log.decisions, events: [], from: 0)
        #expect(
            timeline.suspensions == [
                SwitchTimeline.Suspension(trigger: .lid, from: 100, until: (400, .tabletMode)),
                SwitchTimeline.Suspension(trigger: .tabletMode, from: 600),
            ])
    }

    /// libinput closing the pad as it sets it up and opening it again at a frame, by TouchSynth's
    /// lines: read apart from the decisions, and made the stretches the pad was closed; another
    /// device's are not. A mouse is external on USB or Bluetooth only.
    @Test func closingAndOpeningTheDeviceMakeItsClosures() {
        let line = { (device: String, text: String, time: UInt64?) in
            LibinputLogMessage(
                priority: .info, text: "\(device) - " + text,
                cause: time.map { .frame(device: 1, index: 0, time: $0) }, isTouchSynths: true)
        }
        let log = DecisionLog([
            line("event10", LibinputLogMessage.deviceClosed, nil),
            line("event11", LibinputLogMessage.deviceClosed, 200),
            line("event10", LibinputLogMessage.deviceReopened, 300),
            line("event10", LibinputLogMessage.sendEventsSet(.disabledOnExternalMouse), nil),
        ])
        #expect(log.decisions.isEmpty && log.unread.isEmpty)
        #expect(log.access.map(\.closed) == [true, true, false])
        #expect(log.sendEvents == ["event10": .disabledOnExternalMouse])
        let mouse = LibinputEvent(
            time: 0, device: "event11",
            kind: .deviceAdded(DeviceInfo(name: "Mouse", sysname: "event11", capabilities: [.pointer], sizeMM: nil)))
        let timeline = SendEventsTimeline(
            mode: .disabledOnExternalMouse, took: log.sendEvents, access: log.access, events: [mouse],
            buses: ["event11": 0x05], pad: "event10")
        #expect(timeline.closed == [SendEventsTimeline.Closed(from: 0, until: 300)])
        #expect(timeline.taken && timeline.suspendedAtSetUp)
        #expect(timeline.externalMice.map(\.node) == ["event11"])
        let ps2 = SendEventsTimeline(
            mode: .disabledOnExternalMouse, access: [], events: [mouse], buses: ["event11": 0x11], pad: "event10")
        #expect(ps2.externalMice.isEmpty, "a PS/2 mouse is not external")
        #expect(ps2.otherMice == [SendEventsSetting.Mouse(name: "Mouse", node: "event11", bus: Bus.ps2)])
        #expect(!ps2.taken && !ps2.maySuspend, "no line said libinput took the mode")
    }

    /// A lid shut before the recording's first frame (a `--with` file that starts earlier) was
    /// shut as the fingers came down, until it opened.
    @Test func aSwitchTurnedBeforeTheRecordingStartedCounts() {
        let toggle = { (time: UInt64, state: SwitchState) in
            LibinputEvent(time: time, device: "event11", kind: .switchToggle(.lid, state: state))
        }
        let timeline = SwitchTimeline(
            decisions: [], events: [toggle(500, .on), toggle(3_000, .off)], from: 1_000)
        #expect(timeline.wasOn(.lid, from: 0, to: 100))
        #expect(timeline.wasOn(.lid, from: 1_000, to: 1_500))
        #expect(!timeline.wasOn(.lid, from: 2_000, to: 2_100), "opened at 2 ms")
        #expect(!timeline.wasOn(.tabletMode, from: 0, to: 100))
    }

    @Test func compassOctantsAsLibinputTellsThem() {
        let east = CompassDirection(x: 5, y: 0), west = CompassDirection(x: -5, y: 0)
        let southEast = CompassDirection(x: 5, y: 5)
        #expect(east.name == "E" && west.name == "W")
        #expect(!east.isSame(as: west))
        #expect(east.isSame(as: southEast))
        // Short movements are vague: three octants round the axis.
        #expect(CompassDirection(x: 1, y: 0).name == "NE+E+SE")
        // North-west and north touch across the wrap.
        #expect(CompassDirection(x: -5, y: -5).isSame(as: CompassDirection(x: 0, y: -5)))
        // The pair that makes two moves the same way, though no octant is in both, by name.
        let northish = CompassDirection(x: 1, y: -1), westish = CompassDirection(x: -1, y: 0)
        #expect(northish.isSame(as: westish) && northish.octants & westish.octants == 0)
        #expect(northish.neighbours(of: westish).map { [$0.0, $0.1] } == ["N", "NW"])
        #expect(east.neighbours(of: west) == nil)
    }
}

/// libinput's motion hysteresis, as `evdev_hysteresis` holds a touch.
struct MotionHysteresisTests {
    private let device: DeviceDescription = {
        var axes: [UInt16: AbsInfo] = [:]
        axes[Evdev.ABS_MT_POSITION_X] = AbsInfo(minimum: 0, maximum: 3100, fuzz: 0, flat: 0, resolution: 31)
        axes[Evdev.ABS_MT_POSITION_Y] = AbsInfo(minimum: 0, maximum: 2100, fuzz: 0, flat: 0, resolution: 32)
        return DeviceDescription(
            name: "pad", bustype: 0, vendor: 0, product: 0, version: 0, codes: [Evdev.EV_ABS: Set(axes.keys)],
            absinfo: axes)
    }()

    private func track(_ points: [(Double, Double)]) -> FingerTrack {
        FingerTrack(
            slot: 0, trackingID: 1,
            points: points.enumerated().map { TrackPoint(time: UInt64($0) * 8000, x: $1.0, y: $1.1, frame: $0) })
    }

    @Test func aTouchStaysWithinTheMarginAndFollowsAtItsEdge() throws {
        let hysteresis = try #require(MotionHysteresis(device: device))
        // A quarter of the resolution: 7 units (0.23 mm) across, 8 (0.25 mm) down.
        let held = hysteresis.applied(to: track([(10, 10), (10.1, 10), (10, 12)]), from: 0).held.points
        #expect(held[1].x == 10 && held[1].y == 10)
        #expect(held[2].x == 10 && abs(held[2].y - (12 - 0.25)) < 0.04)
        // Before the frame it is turned on at, a touch is where its frames say.
        let untouched = hysteresis.applied(to: track([(10, 10), (10.1, 10)]), from: 5).held.points
        #expect(untouched[1].x == 10.1)
    }

    /// A fake multitouch device (ABS_MT_SLOT with ABS_RESERVED) is measured by ABS_X and ABS_Y,
    /// as libinput measures it, not by its multitouch axes.
    @Test func aFakeMultitouchDeviceIsHeldByItsSingleTouchAxes() throws {
        var fake = device
        fake.absinfo[Evdev.ABS_X] = AbsInfo(minimum: 0, maximum: 310, fuzz: 0, flat: 0, resolution: 3)
        fake.absinfo[Evdev.ABS_Y] = AbsInfo(minimum: 0, maximum: 210, fuzz: 0, flat: 0, resolution: 3)
        fake.absinfo[Evdev.ABS_MT_SLOT] = AbsInfo(minimum: 0, maximum: 1, fuzz: 0, flat: 0, resolution: 0)
        fake.absinfo[0x2e] = AbsInfo(minimum: 0, maximum: 0, fuzz: 0, flat: 0, resolution: 0)
        fake.codes[Evdev.EV_ABS] = Set(fake.absinfo.keys)
        let hysteresis = try #require(MotionHysteresis(device: fake))
        // A quarter of ABS_X's resolution is no whole unit, so a move of 0.2 mm is followed;
        // the multitouch axes' margin (0.23 mm) would have held it.
        let held = hysteresis.applied(to: track([(10, 10), (10.2, 10)]), from: 0).held.points
        #expect(held[1].x > 10)
    }

    /// Where libinput restarts a touch's motion history (the fingers counted changed, or did
    /// the frame before), it takes the point as it is.
    @Test func aResetTakesThePointAsItIs() throws {
        let hysteresis = try #require(MotionHysteresis(device: device))
        let held = hysteresis.applied(to: track([(10, 10), (10.1, 10)]), from: 0, resets: [1]).held.points
        #expect(abs(held[1].x - 10.1) < 1.0 / 31, "the point in whole device units")
    }

    /// libinput holds a contact from its first frame, hovering before it touches: a touch begun
    /// by BTN_TOUCH alone starts where the hover was held, not where the kernel last put it.
    @Test func aTouchIsHeldFromItsHoverOn() throws {
        let desc = Fixtures.devices.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc")
        let pad = try RecordingLoader.load(desc.path).device
        func frame(_ index: Int, _ events: [(UInt16, UInt16, Int32)]) -> EvdevFrame {
            EvdevFrame(
                time: UInt64(index) * 10_000,
                events: events.map { EvdevEvent(type: $0.0, code: $0.1, value: $0.2) }
                    + [EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0)])
        }
        let (position, key) = (Evdev.EV_ABS, Evdev.EV_KEY)
        let recording = Recording(
            device: pad,
            frames: [
                // Hovering: a contact, the tool key, no BTN_TOUCH; then 20 units down, past the 8 of the margin.
                frame(
                    0,
                    [
                        (position, Evdev.ABS_MT_SLOT, 0), (position, Evdev.ABS_MT_TRACKING_ID, 1),
                        (position, Evdev.ABS_MT_POSITION_X, 310),
                        (position, Evdev.ABS_MT_POSITION_Y, 320), (key, Evdev.BTN_TOOL_FINGER, 1),
                    ]),
                frame(1, [(position, Evdev.ABS_MT_POSITION_Y, 340)]),
                // Touching, without a position of its own.
                frame(2, [(key, Evdev.BTN_TOUCH, 1)]),
                frame(
                    3,
                    [
                        (position, Evdev.ABS_MT_TRACKING_ID, -1), (key, Evdev.BTN_TOUCH, 0),
                        (key, Evdev.BTN_TOOL_FINGER, 0),
                    ]),
            ])
        let sequence = try #require(TouchSequence.all(in: recording, hysteresisFrom: 0).first)
        let first = try #require(sequence.tracks.first?.points.first)
        #expect(first.frame == 2)
        // Held 8 units behind the hover's 340, at 332: 10.375 mm of the 32 units a millimetre.
        #expect(abs(first.y - 332.0 / 32) < 0.01, "\(first.y)")
    }

    /// The kernel sends no value an axis keeps, so libinput's point keeps the held value on it:
    /// a move of 0.1 mm down after a held move right stays within the margin.
    @Test func anAxisTheFrameDoesNotMoveKeepsTheHeldValue() throws {
        let hysteresis = try #require(MotionHysteresis(device: device))
        let held = hysteresis.applied(to: track([(10, 10), (11, 10), (11, 10.1)]), from: 0).held.points
        #expect(held[1].x < 11)
        #expect(held[2].x == held[1].x && held[2].y == held[1].y)
    }
}
