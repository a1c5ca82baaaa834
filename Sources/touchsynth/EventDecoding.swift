import Foundation
import LibinputEvents

/// Reads back the JSON Lines `debug --json` writes (``EventFormat/json(_:)``), so a command can
/// run libinput in a mocked-device child and work on its events.
enum EventDecoding {
    struct Malformed: Error, CustomStringConvertible {
        var line: Int
        var problem: String
        var description: String { "libinput event line \(line): \(problem)" }
    }

    static func events(fromJSONLines text: String) throws -> [LibinputEvent] {
        try text.split(separator: "\n").enumerated().map { i, raw in
            guard let object = try JSONSerialization.jsonObject(with: Data(raw.utf8)) as? [String: Any] else {
                throw Malformed(line: i + 1, problem: "not a JSON object")
            }
            return try event(object, line: i + 1)
        }
    }

    static func event(_ o: [String: Any], line: Int) throws -> LibinputEvent {
        func num(_ key: String) throws -> Double {
            guard let v = o[key] as? Double ?? (o[key] as? Int).map(Double.init) else { throw Malformed(line: line, problem: "missing \(key)") }
            return v
        }
        func opt(_ key: String) -> Double? { o[key] as? Double ?? (o[key] as? Int).map(Double.init) }
        func int(_ key: String) throws -> Int { Int(try num(key)) }
        func state() -> ButtonState { (o["state"] as? String) == "pressed" ? .pressed : .released }
        func delta() throws -> GestureDelta {
            GestureDelta(dx: try num("dx"), dy: try num("dy"), unacceleratedDx: try num("dx_unaccelerated"), unacceleratedDy: try num("dy_unaccelerated"))
        }
        guard let type = o["type"] as? String, let device = o["device"] as? String, let time = o["time_us"] as? Int else {
            throw Malformed(line: line, problem: "missing type, device or time_us")
        }
        let fingers = (o["fingers"] as? Int) ?? 0
        let cancelled = (o["cancelled"] as? Bool) ?? false
        let kind: LibinputEvent.Kind
        switch type {
        case "DEVICE_ADDED":
            let size = (o["size_mm"] as? [Double]).flatMap { $0.count == 2 ? (width: $0[0], height: $0[1]) : nil }
            kind = .deviceAdded(DeviceInfo(
                name: o["name"] as? String ?? "", sysname: o["sysname"] as? String ?? device,
                capabilities: Set((o["capabilities"] as? [String] ?? []).compactMap(Capability.init(rawValue:))), sizeMM: size))
        case "DEVICE_REMOVED": kind = .deviceRemoved
        case "POINTER_MOTION":
            kind = .pointerMotion(dx: try num("dx"), dy: try num("dy"), unacceleratedDx: try num("dx_unaccelerated"), unacceleratedDy: try num("dy_unaccelerated"))
        case "POINTER_MOTION_ABSOLUTE": kind = .pointerMotionAbsolute(x: try num("x"), y: try num("y"))
        case "POINTER_BUTTON": kind = .pointerButton(button: UInt32(try int("button")), state: state(), seatCount: UInt32(try int("seat_count")))
        case "POINTER_SCROLL_FINGER", "POINTER_SCROLL_CONTINUOUS", "POINTER_SCROLL_WHEEL":
            let source = Scroll.Source(rawValue: o["source"] as? String ?? "") ?? .finger
            kind = .pointerScroll(Scroll(source: source, vertical: opt("vertical"), horizontal: opt("horizontal"),
                                         vertical120: opt("vertical_v120"), horizontal120: opt("horizontal_v120")))
        case "KEYBOARD_KEY": kind = .keyboardKey(key: UInt32(try int("key")), state: state(), seatCount: UInt32(try int("seat_count")))
        case "TOUCH_DOWN": kind = .touchDown(slot: Int32(try int("slot")), seatSlot: Int32(try int("seat_slot")), x: try num("x"), y: try num("y"))
        case "TOUCH_MOTION": kind = .touchMotion(slot: Int32(try int("slot")), seatSlot: Int32(try int("seat_slot")), x: try num("x"), y: try num("y"))
        case "TOUCH_UP": kind = .touchUp(slot: Int32(try int("slot")), seatSlot: Int32(try int("seat_slot")))
        case "TOUCH_CANCEL": kind = .touchCancel(slot: Int32(try int("slot")), seatSlot: Int32(try int("seat_slot")))
        case "TOUCH_FRAME": kind = .touchFrame
        case "GESTURE_SWIPE_BEGIN": kind = .gestureSwipeBegin(fingers: fingers)
        case "GESTURE_SWIPE_UPDATE": kind = .gestureSwipeUpdate(fingers: fingers, delta: try delta())
        case "GESTURE_SWIPE_END": kind = .gestureSwipeEnd(fingers: fingers, cancelled: cancelled)
        case "GESTURE_PINCH_BEGIN": kind = .gesturePinchBegin(fingers: fingers)
        case "GESTURE_PINCH_UPDATE": kind = .gesturePinchUpdate(fingers: fingers, delta: try delta(), scale: try num("scale"), angleDelta: try num("angle_delta"))
        case "GESTURE_PINCH_END": kind = .gesturePinchEnd(fingers: fingers, scale: try num("scale"), cancelled: cancelled)
        case "GESTURE_HOLD_BEGIN": kind = .gestureHoldBegin(fingers: fingers)
        case "GESTURE_HOLD_END": kind = .gestureHoldEnd(fingers: fingers, cancelled: cancelled)
        default: throw Malformed(line: line, problem: "unknown event type \(type)")
        }
        return LibinputEvent(time: UInt64(time), device: device, kind: kind)
    }
}
