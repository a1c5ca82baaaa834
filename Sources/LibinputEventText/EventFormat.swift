import Foundation
import LibinputEvents

/// How libinput events are shown in tables: one aligned line each (JSON: `LibinputEvent+JSON.swift`).
public enum EventFormat {
    /// `device  TYPE  +time  details`, the columns `libinput debug-events` uses; the time in
    /// seconds since `timeBase`.
    public static func line(_ e: LibinputEvent, timeBase: TimeBase) -> String {
        let time = timeBase.seconds(e.time)
        let head =
            e.device.padding(toLength: 8, withPad: " ", startingAt: 0) + " "
            + e.typeName.padding(toLength: 26, withPad: " ", startingAt: 0)
            + String(format: "%+9.3fs  ", time)
        return head + details(e.kind)
    }

    /// The event's type and values as `libinput debug-events` prints them, without device or
    /// time: what two streams of the same input are compared on; with more `decimals` than its
    /// two, what tells versions of libinput apart.
    public static func comparable(_ e: LibinputEvent, decimals: Int = 2) -> String {
        e.typeName + " " + details(e.kind, decimals: decimals)
    }

    /// An event's values as `libinput debug-events` prints them: two decimals, or `decimals`
    /// (positions one more, as it prints them).
    public static func details(_ kind: LibinputEvent.Kind, decimals p: Int = 2) -> String {
        switch kind {
        case .deviceAdded(let d):
            return "\(d.name)  [\(d.capabilities.map(\.rawValue).joined(separator: " "))]"
                + (d.sizeMM.map { String(format: "  %.0fx%.0fmm", $0.width, $0.height) } ?? "")
                + (d.libinputVersion.map { "  libinput \($0)" } ?? "")
        case .deviceRemoved:
            return ""
        case .pointerMotion(let dx, let dy, let ux, let uy):
            return String(format: "%6.\(p)f/%6.\(p)f (%+6.\(p)f/%+6.\(p)f)", dx, dy, ux, uy)
        case .pointerMotionAbsolute(let x, let y):
            return String(format: "%6.\(p + 1)f/%6.\(p + 1)f", x, y)
        case .pointerButton(let button, let state, let count):
            return "\(EvdevKeyNames.name(button)) (\(button)) \(state.rawValue), seat count: \(count)"
        case .pointerScroll(let s):
            func axis(_ v: Double?, _ v120: Double?) -> String {
                guard let v else { return "-" }
                return v120.map { String(format: "%.\(p)f/%.1f", v, $0) } ?? String(format: "%.\(p)f", v)
            }
            return
                "vert \(axis(s.vertical, s.vertical120)) horiz \(axis(s.horizontal, s.horizontal120)) "
                + "(\(s.source.rawValue))"
        case .keyboardKey(let key, let state, let count):
            return "\(EvdevKeyNames.name(key)) (\(key)) \(state.rawValue), seat count: \(count)"
        case .touchDown(let slot, let seat, let x, let y), .touchMotion(let slot, let seat, let x, let y):
            return String(format: "%d (%d) %6.\(p + 1)f/%6.\(p + 1)f", slot, seat, x, y)
        case .touchUp(let slot, let seat), .touchCancel(let slot, let seat):
            return "\(slot) (\(seat))"
        case .touchFrame:
            return ""
        case .gestureSwipeBegin(let n), .gesturePinchBegin(let n), .gestureHoldBegin(let n):
            return "\(n)"
        case .gestureSwipeUpdate(let n, let d):
            return String(
                format: "%d %5.\(p)f/%5.\(p)f (%5.\(p)f/%5.\(p)f unaccelerated)", n, d.dx, d.dy, d.unacceleratedDx,
                d.unacceleratedDy)
        case .gesturePinchUpdate(let n, let d, let scale, let angle):
            return String(
                format: "%d %5.\(p)f/%5.\(p)f (%5.\(p)f/%5.\(p)f unaccelerated) %5.\(p)f @ %5.\(p)f", n, d.dx, d.dy,
                d.unacceleratedDx,
                d.unacceleratedDy, scale, angle)
        case .gesturePinchEnd(let n, _, let cancelled), .gestureSwipeEnd(let n, let cancelled),
            .gestureHoldEnd(let n, let cancelled):
            return "\(n)" + (cancelled ? " cancelled" : "")
        case .switchToggle(let which, let state):
            return "switch \(which.debugEventsName) state \(state == .on ? 1 : 0)"
        }
    }

    /// The event as `libinput record --with-libinput` prints it, in the comparable form
    /// `RecordedLibinputEvents` reads (type, then values at two decimals, no time or seat); nil for
    /// the events libinput record does not print (holds) and for device events, which the
    /// comparison leaves out. A scroll is the legacy POINTER_AXIS it
    /// prints, positions are `transformed` to 100 × 100, and keys it hides (KEY_ESC up to
    /// KEY_ZENKAKUHANKAKU) are -1.
    public static func libinputRecordText(_ e: LibinputEvent) -> String? {
        func pair(_ a: Double, _ b: Double) -> String { String(format: "%.2f,%.2f", a, b) }
        func gesture(_ n: Int, _ d: GestureDelta) -> String {
            "nfingers=\(n) delta=\(pair(d.dx, d.dy)) unaccel=\(pair(d.unacceleratedDx, d.unacceleratedDy))"
        }
        let still = GestureDelta(dx: 0, dy: 0, unacceleratedDx: 0, unacceleratedDy: 0)
        let values: String
        switch e.kind {
        case .touchFrame: return e.typeName
        // Devices come and go with the recording, not with what it did; holds are not printed.
        case .deviceAdded, .deviceRemoved, .gestureHoldBegin, .gestureHoldEnd: return nil
        case .keyboardKey(let key, let state, _):
            values = "key=\((1..<85).contains(key) ? -1 : Int(key)) state=\(state.rawValue)"
        case .pointerMotion(let dx, let dy, let ux, let uy):
            values = "delta=\(pair(dx, dy)) unaccel=\(pair(ux, uy))"
        case .pointerMotionAbsolute(let x, let y):
            values = "transformed=\(pair(x * 100, y * 100))"
        case .pointerButton(let button, let state, let count):
            values = "button=\(button) state=\(state.rawValue) seat_count=\(count)"
        case .pointerScroll(let s):
            return "POINTER_AXIS axes=\(pair(s.horizontal ?? 0, s.vertical ?? 0)) source=\(s.source.rawValue)"
        case .touchDown(let slot, let seat, let x, let y), .touchMotion(let slot, let seat, let x, let y):
            values = "slot=\(slot) seat_slot=\(seat) transformed=\(pair(x * 100, y * 100))"
        case .touchUp(let slot, let seat), .touchCancel(let slot, let seat):
            values = "slot=\(slot) seat_slot=\(seat)"
        case .gesturePinchBegin(let n):
            values = gesture(n, still) + " angle_delta=0.00 scale=1.00"
        case .gesturePinchUpdate(let n, let d, let scale, let angle):
            values = gesture(n, d) + String(format: " angle_delta=%.2f scale=%.2f", angle, scale)
        case .gesturePinchEnd(let n, let scale, _):
            values = gesture(n, still) + String(format: " angle_delta=0.00 scale=%.2f", scale)
        case .gestureSwipeBegin(let n), .gestureSwipeEnd(let n, _):
            values = gesture(n, still)
        case .gestureSwipeUpdate(let n, let d):
            values = gesture(n, d)
        case .switchToggle(let which, let state):
            values = "switch=\(which.libinputNumber) state=\(state.rawValue)"
        }
        return e.typeName + " " + values
    }

}
