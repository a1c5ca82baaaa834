import Foundation
import LibinputEvents

/// How libinput events are shown: one aligned table line each, or one JSON object each.
enum EventFormat {
    /// `device  TYPE  +time  details`, the columns `libinput debug-events` uses.
    static func line(_ e: LibinputEvent, start: UInt64) -> String {
        let time = Double(Int64(e.time) - Int64(start)) / 1e6
        let head = e.device.padding(toLength: 8, withPad: " ", startingAt: 0) + " "
            + e.typeName.padding(toLength: 26, withPad: " ", startingAt: 0)
            + String(format: "%+9.3fs  ", time)
        return head + details(e.kind)
    }

    static func details(_ kind: LibinputEvent.Kind) -> String {
        switch kind {
        case .deviceAdded(let d):
            return "\(d.name)  [\(d.capabilities.map(\.rawValue).joined(separator: " "))]"
                + (d.sizeMM.map { String(format: "  %.0fx%.0fmm", $0.width, $0.height) } ?? "")
        case .deviceRemoved:
            return ""
        case .pointerMotion(let dx, let dy, let ux, let uy):
            return String(format: "%6.2f/%6.2f (%+6.2f/%+6.2f)", dx, dy, ux, uy)
        case .pointerMotionAbsolute(let x, let y):
            return String(format: "%6.3f/%6.3f", x, y)
        case .pointerButton(let button, let state, let count):
            return "\(buttonName(button)) (\(button)) \(state.rawValue), seat count: \(count)"
        case .pointerScroll(let s):
            func axis(_ v: Double?, _ v120: Double?) -> String {
                guard let v else { return "-" }
                return v120.map { String(format: "%.2f/%.1f", v, $0) } ?? String(format: "%.2f", v)
            }
            return "vert \(axis(s.vertical, s.vertical120)) horiz \(axis(s.horizontal, s.horizontal120)) (\(s.source.rawValue))"
        case .keyboardKey(let key, let state, let count):
            return "key \(key) \(state.rawValue), seat count: \(count)"
        case .touchDown(let slot, let seat, let x, let y), .touchMotion(let slot, let seat, let x, let y):
            return String(format: "%d (%d) %6.3f/%6.3f", slot, seat, x, y)
        case .touchUp(let slot, let seat), .touchCancel(let slot, let seat):
            return "\(slot) (\(seat))"
        case .touchFrame:
            return ""
        case .gestureSwipeBegin(let n), .gesturePinchBegin(let n), .gestureHoldBegin(let n):
            return "\(n)"
        case .gestureSwipeUpdate(let n, let d):
            return String(format: "%d %5.2f/%5.2f (%5.2f/%5.2f unaccelerated)", n, d.dx, d.dy, d.unacceleratedDx, d.unacceleratedDy)
        case .gesturePinchUpdate(let n, let d, let scale, let angle):
            return String(format: "%d %5.2f/%5.2f (%5.2f/%5.2f unaccelerated) %5.2f @ %5.2f", n, d.dx, d.dy, d.unacceleratedDx, d.unacceleratedDy, scale, angle)
        case .gesturePinchEnd(let n, _, let cancelled), .gestureSwipeEnd(let n, let cancelled), .gestureHoldEnd(let n, let cancelled):
            return "\(n)" + (cancelled ? " cancelled" : "")
        }
    }

    static func buttonName(_ code: UInt32) -> String {
        let names: [UInt32: String] = [0x110: "BTN_LEFT", 0x111: "BTN_RIGHT", 0x112: "BTN_MIDDLE", 0x113: "BTN_SIDE", 0x114: "BTN_EXTRA"]
        return names[code] ?? "BTN_0x\(String(code, radix: 16))"
    }

    /// Every field of the event; doubles at full precision.
    static func json(_ e: LibinputEvent) -> JSON {
        var pairs: [(String, JSON)] = [("time_us", .int(Int64(e.time))), ("device", .string(e.device)), ("type", .string(e.typeName))]
        func opt(_ v: Double?) -> JSON { v.map { JSON.number($0) } ?? .null }
        func delta(_ d: GestureDelta) -> [(String, JSON)] {
            [("dx", .number(d.dx)), ("dy", .number(d.dy)), ("dx_unaccelerated", .number(d.unacceleratedDx)), ("dy_unaccelerated", .number(d.unacceleratedDy))]
        }
        switch e.kind {
        case .deviceAdded(let d):
            pairs += deviceFields(d)
        case .deviceRemoved, .touchFrame:
            break
        case .pointerMotion(let dx, let dy, let ux, let uy):
            pairs += [("dx", .number(dx)), ("dy", .number(dy)), ("dx_unaccelerated", .number(ux)), ("dy_unaccelerated", .number(uy))]
        case .pointerMotionAbsolute(let x, let y):
            pairs += [("x", .number(x)), ("y", .number(y))]
        case .pointerButton(let button, let state, let count):
            pairs += [("button", .int(Int64(button))), ("state", .string(state.rawValue)), ("seat_count", .int(Int64(count)))]
        case .pointerScroll(let s):
            pairs += [("source", .string(s.source.rawValue)), ("vertical", opt(s.vertical)), ("horizontal", opt(s.horizontal)),
                      ("vertical_v120", opt(s.vertical120)), ("horizontal_v120", opt(s.horizontal120))]
        case .keyboardKey(let key, let state, let count):
            pairs += [("key", .int(Int64(key))), ("state", .string(state.rawValue)), ("seat_count", .int(Int64(count)))]
        case .touchDown(let slot, let seat, let x, let y), .touchMotion(let slot, let seat, let x, let y):
            pairs += [("slot", .int(Int64(slot))), ("seat_slot", .int(Int64(seat))), ("x", .number(x)), ("y", .number(y))]
        case .touchUp(let slot, let seat), .touchCancel(let slot, let seat):
            pairs += [("slot", .int(Int64(slot))), ("seat_slot", .int(Int64(seat)))]
        case .gestureSwipeBegin(let n), .gesturePinchBegin(let n), .gestureHoldBegin(let n):
            pairs += [("fingers", .int(Int64(n)))]
        case .gestureSwipeUpdate(let n, let d):
            pairs += [("fingers", .int(Int64(n)))] + delta(d)
        case .gesturePinchUpdate(let n, let d, let scale, let angle):
            pairs += [("fingers", .int(Int64(n)))] + delta(d) + [("scale", .number(scale)), ("angle_delta", .number(angle))]
        case .gesturePinchEnd(let n, let scale, let cancelled):
            pairs += [("fingers", .int(Int64(n))), ("scale", .number(scale)), ("cancelled", .bool(cancelled))]
        case .gestureSwipeEnd(let n, let cancelled), .gestureHoldEnd(let n, let cancelled):
            pairs += [("fingers", .int(Int64(n))), ("cancelled", .bool(cancelled))]
        }
        return .object(pairs)
    }

    static func deviceFields(_ d: DeviceInfo) -> [(String, JSON)] {
        [("name", .string(d.name)), ("sysname", .string(d.sysname)),
         ("capabilities", .array(d.capabilities.map { .string($0.rawValue) })),
         ("size_mm", d.sizeMM.map { .array([.number($0.width), .number($0.height)]) } ?? .null)]
    }

    static func deviceJSON(_ d: DeviceInfo) -> JSON { .object(deviceFields(d)) }
}
