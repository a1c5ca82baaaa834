import Foundation
import LibinputDecisions
import Recordings
import TextTables

/// What a synthesized recording carries that libinput will not see, said as notes
/// (``Recordings/Recording/notes``): the kernel reports what the script asked, as a real pad would.
extension GestureSynthesizer.Pad {
    /// A gesture whose fingers find no slot beside `resting` ones: the kernel keeps the slots it
    /// has for the fingers already down, and counts the others by a tool key, without a position.
    func unplacedNote(_ contact: GestureSynthesizer.Contact, resting: Int, verb: String) -> String? {
        let own = contact.samples.map(\.points.count).max() ?? 0
        let placed: Bool
        switch tracking {
        case .multitouch, .singleTouch: placed = own == 0 || resting + own <= trackedTouches
        case .semiMT, .protocolA: placed = true
        }
        guard !placed else { return nil }
        let unplaced = min(own, resting + own - trackedTouches)
        let tracks = TextTable.counted(trackedTouches, "finger")
        let rest = resting == 0 ? "" : resting == 1 ? " and 1 rests on it" : " and \(resting) rest on it"
        return "\(device.name) tracks \(tracks) at a time\(rest), so "
            + (unplaced == 1 ? "a finger of the \(verb) has" : "\(unplaced) fingers of the \(verb) have")
            + " no position: the kernel counts " + (unplaced == 1 ? "it" : "them") + " by a BTN_TOOL_* key alone"
    }

    /// Why a gesture reaches apps as none: libinput makes none of more than four fingers (a
    /// pinch, swipe or hold), and none on a pad of one slot or a semi-MT one
    /// (``Recordings/DeviceDescription/libinputMakesGestures(version:)``, `tp_init_gesture`): a
    /// single-touch pad, one that reports the box around the fingers, or a protocol A pad that
    /// `libinput` before 1.29 reads with one slot. There a pinch of two fingers scrolls, a pinch
    /// or swipe of more makes nothing, and a hold makes none. A tap of more than three fingers makes
    /// no button (``LibinputDecisions/TapMachine/mostFingers``).
    func noGestureNote(_ action: GestureScript.Action, libinput: String?) -> String? {
        let gestureFingers: Int? =
            switch action {
            case .pinch(let pinch): pinch.fingers
            case .translate(let fingers, _, _, _, _) where fingers >= 3: fingers
            case .hold(let fingers, _, _, _): fingers
            default: nil
            }
        if case .tap(let fingers, _, _, _) = action, fingers > TapMachine.mostFingers {
            return
                "libinput's tap machine taps with at most \(TapMachine.mostFingers) fingers, and gives a tap up at a "
                + "fourth (tp_tap_touch3_handle_event): the tap's \(fingers) make no button, tapping on or off"
        }
        if let fingers = gestureFingers, fingers > GestureMachine.mostFingers {
            return "libinput's gesture machine makes no gesture of more than \(GestureMachine.mostFingers) fingers "
                + "(tp_gesture_post_events): the \(action.verb)'s \(fingers) make no \(action.verb)"
        }
        guard device.libinputMakesGestures(version: libinput) == false else { return nil }
        let reason =
            switch tracking {
            case .semiMT: "\(device.name) is semi-MT (it reports a box around the fingers, not each one)"
            case .protocolA:
                "\(device.name) reports its contacts without slots (MT protocol A), which libinput "
                    + "\(libinput ?? "") reads as one slot"
            case .singleTouch:
                "\(device.name) has no slots (it reports where one finger is, and counts the others by "
                    + "BTN_TOOL_* keys)"
            case .multitouch(let slots): "\(device.name) has \(slots) slot\(slots == 1 ? "" : "s")"
            }
        switch action {
        case .pinch(let pinch):
            return reason + ": libinput makes no pinch on it, and "
                + (pinch.fingers == 2 ? "two fingers scroll" : "more fingers make nothing")
        case .translate(let fingers, _, _, _, _) where fingers >= 3: return reason + ": libinput makes no swipe on it"
        // Its hold gestures are on where its other gestures are (`tp->gesture.hold_enabled`).
        case .hold: return reason + ": libinput makes no hold on it"
        default: return nil
        }
    }

    /// Why libinput would discard a move of the gesture as a jump (``FrameJumps``): the first
    /// move it weighs after the fingers land is measured against none, and a script's fingers
    /// start at full speed.
    func jumpNote(_ contact: GestureSynthesizer.Contact, verb: String, libinput: String?) -> String? {
        var jumps = FrameJumps()
        for sample in contact.samples {
            jumps.frame(seenByLibinput(sample.points, libinput: libinput), at: sample.time)
        }
        return jumps.note(
            "the \(verb)'s fingers move", context: ", from a standing start", logged: device.libinputLogsTouchJumps)
    }

    /// How near fingers may land to one resting before they are said to share its place: a
    /// fingertip's contact is about 10 mm across, mm.
    static let landingApart = 5.0

    /// A gesture whose fingers land on one resting, nearer than ``landingApart`` (two `rest`s,
    /// or a `rest` and the next gesture, both at the default place): two touches in one place,
    /// which no hand makes, and which libinput may read as another gesture.
    func landingNote(
        _ contact: GestureSynthesizer.Contact, resting: [GestureSynthesizer.Touching], verb: String
    )
        -> String?
    {
        let landing = contact.samples.first?.points ?? []
        let nearest = landing.flatMap { p in resting.map { hypot($0.point.x - p.x, $0.point.y - p.y) } }.min()
        guard let nearest, nearest < Self.landingApart else { return nil }
        return "the \(verb)'s finger lands " + String(format: "%.1f", nearest)
            + " mm from one resting, in its place: libinput may read the two as another gesture (--verify says "
            + "which); give one of them another at="
    }

    /// A finger of a gesture of several landing below libinput's thumb line on a clickpad tall
    /// enough for it to tell thumbs (``LibinputDecisions/ThumbDetection``): libinput may jail it as
    /// a thumb, and leave it out of the gesture until it moves fast. Not said of one finger, which
    /// a move's speed frees, nor of a click, whose button areas lie there.
    func thumbNote(_ contact: GestureSynthesizer.Contact, action: GestureScript.Action) -> String? {
        switch action {
        case .pinch, .translate(2..., _, _, _, _), .hold(2..., _, _, _): break
        default: return nil
        }
        guard clickMethod != nil, size.height >= ThumbDetection.minimumHeight,
            let lowest = contact.samples.first?.points.map(\.y).max()
        else { return nil }
        // Points are mm from the pad's centre, y growing down.
        let below = lowest - (ThumbDetection.line - 0.5) * size.height
        guard below > 0 else { return nil }
        return "the \(action.verb)'s lowest finger lands " + String(format: "%.1f", below) + " mm below libinput's "
            + "thumb line (" + String(format: "%.0f", ThumbDetection.line * 100) + " % of the pad's height, "
            + "tp_thumb_needs_jail): libinput may take it for a thumb and leave it out of the \(action.verb); an "
            + "at= nearer the pad's top keeps it above the line"
    }

    /// A finger too light for libinput to begin a touch: under the touch threshold
    /// (``GestureSynthesizer/Pad/touchPressure(_:)``) of the pressure axis it reads, it hovers, and
    /// libinput makes nothing of it. Left unsaid where libinput detects touches by no pressure: a
    /// pad whose pressure has a resolution or INPUT_PROP_PRESSUREPAD, a force (`tp_init_pressurepad`,
    /// the property from 1.31); one it detects by size (`AttrTouchSizeRange`); a threshold the
    /// quirk turns off (0:0) or that lies outside the axis; and a semi-MT or protocol A pad, whose
    /// axis depends on the version.
    func lightNote(_ values: GestureSynthesizer.TouchValues, verb: String) -> String? {
        let code: UInt16
        switch tracking {
        case .multitouch: code = Evdev.ABS_MT_PRESSURE
        case .singleTouch: code = Evdev.ABS_PRESSURE
        case .semiMT, .protocolA: return nil
        }
        let pressureMT = device.absinfo[Evdev.ABS_MT_PRESSURE]
        guard device.has(type: Evdev.EV_ABS, code: code), let axis = device.absinfo[code],
            let value = code == Evdev.ABS_MT_PRESSURE
                ? values.perTouch.first(where: { $0.0 == code })?.1 : values.pressure,
            (pressureMT?.resolution ?? 0) == 0, !device.properties.contains(Evdev.INPUT_PROP_PRESSUREPAD),
            !(quirks.touchSizeRange && device.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_TOUCH_MAJOR))
        else { return nil }
        let touch = touchPressure(axis)
        let within = { (v: Int) in Int(axis.minimum) <= v && v <= Int(axis.maximum) }
        guard touch.high != 0 || touch.low != 0, within(touch.high), within(touch.low), Int(value) < touch.high else {
            return nil
        }
        let source =
            quirks.pressureRange == nil
            ? "12 % of \(Evdev.codeName(type: Evdev.EV_ABS, code: code))'s range" : "AttrPressureRange"
        return "the \(verb)'s pressure, \(value), is under libinput's touch threshold, \(touch.high) (\(source); "
            + "tp_init_pressure): its fingers hover, and libinput makes nothing of them"
    }

    /// Why `pressure=` reaches nothing libinput reads on this pad, when it does not: libinput reads
    /// a pad with slots by ABS_MT_PRESSURE alone, and from 1.29 one without slots through mtdev's.
    func unreadPressureNote() -> String? {
        guard !device.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_PRESSURE) else { return nil }
        switch tracking {
        case .multitouch:
            return "pressure= reaches ABS_PRESSURE alone: libinput reads the pressure of a pad with slots from "
                + "ABS_MT_PRESSURE, which \(device.name) has not, and decides nothing by it"
        case .protocolA:
            return "pressure= reaches ABS_PRESSURE alone: libinput reads it before 1.29; from 1.29 it reads "
                + "\(device.name) through mtdev's slots, by ABS_MT_PRESSURE, which it has not"
        case .semiMT, .singleTouch:
            return nil
        }
    }
}

extension GestureSynthesizer {
    /// Why a pinch of three or more fingers would drift: libinput follows only the topmost and the
    /// bottommost (`tp_gesture_handle_state_none`), and on an axis far from vertical those are not
    /// the two either side of the centre, so the centre it measures moves as the fingers spread.
    /// Of a pad that `tracks` fewer than the fingers, or beside fingers resting (first in libinput's
    /// slot order), it says nothing: libinput's pair is then among touches the note does not weigh.
    static func trackedPairNote(
        _ action: GestureScript.Action, _ contact: Contact, tracks: Int, resting: Int
    ) -> String? {
        guard case .pinch(let pinch) = action, pinch.fingers >= 3, resting == 0, tracks >= pinch.fingers,
            let landed = contact.samples.first?.points, landed.count == pinch.fingers
        else { return nil }
        guard Set(GesturePair.followed(ys: landed.map(\.y))) != [0, 1] else { return nil }
        return String(
            format: "libinput follows only the topmost and the bottommost of a pinch's %d fingers "
                + "(tp_gesture_handle_state_none, src/evdev-mt-touchpad-gestures.c); at axis=%gdeg those are not "
                + "the two either side of its centre, so the centre libinput measures moves as they spread and it "
                + "reports the pinch drifting: axis=90deg keeps it still",
            pinch.fingers, pinch.axis * 180 / .pi)
    }
}
