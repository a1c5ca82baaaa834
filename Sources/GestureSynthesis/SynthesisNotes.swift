import LibinputDecisions
import Recordings

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
        let tracks = trackedTouches == 1 ? "1 finger" : "\(trackedTouches) fingers"
        let rest = resting == 0 ? "" : resting == 1 ? " and 1 rests on it" : " and \(resting) rest on it"
        return "\(device.name) tracks \(tracks) at a time\(rest), so "
            + (unplaced == 1 ? "a finger of the \(verb) has" : "\(unplaced) fingers of the \(verb) have")
            + " no position: the kernel counts " + (unplaced == 1 ? "it" : "them") + " by a BTN_TOOL_* key alone"
    }

    /// Why a pinch, or a swipe of three or more fingers, reaches apps as no gesture: libinput gives
    /// a semi-MT pad, which reports the box around the fingers, no gesture capability, nor a
    /// protocol A pad that `libinput` before 1.29 reads with one slot (`tp_init_gesture`,
    /// `tp_init_slots`), so two fingers scroll and more make nothing.
    func noGestureNote(_ action: GestureScript.Action, libinput: String?) -> String? {
        let reason: String
        switch tracking {
        case .semiMT:
            reason = "\(device.name) is semi-MT (it reports a box around the fingers, not each one)"
        case .protocolA:
            guard let libinput, LibinputChange.isBefore(libinput, LibinputChange.mtdevPlugin.release) else {
                return nil
            }
            reason =
                "\(device.name) reports its contacts without slots (MT protocol A), which libinput \(libinput) "
                + "reads as one slot"
        case .multitouch, .singleTouch:
            return nil
        }
        switch action {
        case .pinch(let pinch):
            return reason + ": libinput makes no pinch on it, and "
                + (pinch.fingers == 2 ? "two fingers scroll" : "more fingers make nothing")
        case .translate(let fingers, _, _, _, _) where fingers >= 3: return reason + ": libinput makes no swipe on it"
        default: return nil
        }
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
