import Foundation
import LibinputEvents

/// Reading back a capture: the JSON Lines `debug --json` and `replay --json` write (one libinput
/// event per line, ``LibinputEvent/encode(to:)``), or those of `--mode … --json` and
/// `compare --events-out`, whose lines hold the libinput event under `libinput` beside the app
/// events each mode made of it.
extension LibinputEvent {
    /// The `output` a capture's header names: libinput's events (`replay --json`, `debug --json`)
    /// or them with each mode's app events (`--mode … --json`).
    public static let captureOutputs = ["libinputEvents", "modeEvents"]

    /// A line of a capture that holds no libinput event.
    public struct CaptureError: Error, Equatable, Sendable, CustomStringConvertible {
        /// 1-based, counting blank lines.
        public var line: Int
        public var problem: String
        public var description: String { "libinput event line \(line): \(problem)" }
    }

    /// The events of a capture's text, which holds one run; blank lines are skipped.
    public static func events(fromJSONLines text: String) throws(CaptureError) -> [LibinputEvent] {
        var reader = CaptureReader()
        try reader.read(text)
        return try reader.onlyRun()
    }

    /// A capture read a line at a time, as it comes, so that a line that holds no event is
    /// refused when it is read, not once the whole capture is; blank lines (white space alone)
    /// are skipped.
    public struct CaptureReader {
        // JSONDecoder, not JSONSerialization: the latter can be an ulp off on Linux.
        private let decoder = JSONDecoder()
        private var finished: [(line: Int, events: [LibinputEvent])] = []
        private var current: [LibinputEvent] = []
        private var start = 1
        private var closed = false

        public init() {}

        /// Reads every line of `text`, numbered from 1.
        mutating func read(_ text: String) throws(CaptureError) {
            for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                try read(raw, line: i + 1)
            }
        }

        /// Reads `raw`, the capture's line `number` (1-based, counting blank lines).
        public mutating func read(_ raw: Substring, line number: Int) throws(CaptureError) {
            guard raw.utf8.contains(where: { ![32, 9, 13].contains($0) }) else { return }
            let data = Data(raw.utf8)
            var fields: Fields
            do {
                fields = try decoder.decode(Fields.self, from: data)
            } catch {
                throw Self.problem(error, in: data, line: number)
            }
            if fields.type == nil, Self.isHeader(data) {
                guard let header = JSONLines.header(in: raw), header.schemaVersion >= 1 else {
                    throw CaptureError(
                        line: number, problem: "the header's schemaVersion must be a whole number from 1")
                }
                guard header.schemaVersion <= JSONSchema.version else {
                    throw CaptureError(
                        line: number,
                        problem:
                            "written with JSON schema version \(header.schemaVersion); this touchsynth reads up to "
                            + "\(JSONSchema.version)"
                    )
                }
                guard LibinputEvent.captureOutputs.contains(header.output) else {
                    throw CaptureError(
                        line: number,
                        problem:
                            "its header says \(header.output) output, not libinput events (libinputEvents or "
                            + "modeEvents, as debug --json and replay --json write them)")
                }
                return
            }
            if fields.type == nil, let line = try withAppEvents(data, line: number) {
                guard let libinput = line.libinput else {
                    closed = true
                    return
                }
                fields = libinput
            }
            let event = try LibinputEvent.event(fields, line: number)
            if closed, !current.isEmpty {
                finished.append((start, current))
                (current, start) = ([], number)
            }
            closed = false
            current.append(event)
        }

        /// The line in `data` read as a line of `--mode … --json`; nil for an object without its
        /// `libinput` key, which is no such line.
        private func withAppEvents(_ data: Data, line number: Int) throws(CaptureError) -> WithAppEvents? {
            do {
                return try decoder.decode(WithAppEvents.self, from: data)
            } catch DecodingError.keyNotFound(_, let context) where context.codingPath.isEmpty {
                return nil
            } catch {
                throw Self.problem(error, in: data, line: number)
            }
        }

        /// What the decoder's `error` says of the object in `data`, line `number`, in the user's words.
        private static func problem(_ error: any Error, in data: Data, line number: Int) -> CaptureError {
            if case DecodingError.typeMismatch(let type, let context) = error, !context.codingPath.isEmpty {
                // `sizeMm[1]`, `libinput.timeUs`: a list's element by its place, an object's key by its name.
                let key = context.codingPath.enumerated().map { i, part in
                    part.intValue.map { "[\($0)]" } ?? (i == 0 ? "" : ".") + part.stringValue
                }.joined()
                let expected =
                    switch type {
                    case is String.Type: "a string"
                    case is Bool.Type: "true or false"
                    case is [Any].Type: "a list"
                    default: "a number"
                    }
                return CaptureError(line: number, problem: "\(key) is not \(expected)")
            }
            // The decoder says only "not valid JSON" of a number no Swift number holds (1e23 for
            // a time in microseconds): a line that is an object otherwise is said to hold one.
            let parsed = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            return CaptureError(
                line: number,
                problem: parsed is [String: Any]
                    ? "a number out of range for its key (or not whole where a count or a time is)"
                    : parsed == nil ? "not valid JSON" : "not a libinput event object (a JSON object a line)")
        }

        /// Whether the object in `data` is a header line: it has `output` and no event `type`.
        private static func isHeader(_ data: Data) -> Bool {
            ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?["output"] != nil
        }

        /// The runs read, each with the line it begins at: one, or one per recording where
        /// `compare --events-out` wrote several, each closed by its stream's last line (its
        /// `libinput` null).
        public func runs() -> [(line: Int, events: [LibinputEvent])] {
            current.isEmpty ? finished : finished + [(start, current)]
        }

        /// The events of the one run read (none for a capture without any); a second run is
        /// refused where it begins.
        public func onlyRun() throws(CaptureError) -> [LibinputEvent] {
            let runs = runs()
            guard runs.count <= 1 else {
                throw CaptureError(
                    line: runs[1].line,
                    problem: "a second run begins here (compare --events-out writes one per recording): compare "
                        + "reads each run, diff and bridge check a capture of one")
            }
            return runs.first?.events ?? []
        }
    }

    /// A line of `--mode … --json`: the libinput event, and app events that are not read back.
    private struct WithAppEvents: Decodable {
        /// Null on the stream's last line, which holds the end's app events and the accounting.
        var libinput: Fields?

        private enum Key: CodingKey { case libinput }

        /// Refuses an object without the key, which a null value does not.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            guard container.contains(.libinput) else {
                throw DecodingError.keyNotFound(
                    Key.libinput, .init(codingPath: [], debugDescription: "not a line of --mode … --json"))
            }
            libinput = try container.decodeIfPresent(Fields.self, forKey: .libinput)
        }
    }

    /// Every key `debug --json` writes for a libinput event; which are present depends on the type.
    /// Captures written before `schemaVersion` 2 spelled the keys in snake_case (`time_us`,
    /// `angle_delta`): each key is read under either spelling.
    private struct Fields: Decodable {
        var type: String?
        var device: String?
        var timeUs: Int?
        var fingers: Int?
        var cancelled: Bool?
        var name: String?
        var sysname: String?
        var capabilities: [String]?
        var sizeMm: [Double]?
        var libinputVersion: String?
        var naturalScrolling: Bool?
        var state: String?
        var source: String?
        var `switch`: String?
        var dx, dy, dxUnaccelerated, dyUnaccelerated, x, y, scale, angleDeltaDeg: Double?
        var vertical, horizontal, verticalV120, horizontalV120: Double?
        var button, key, seatCount, slot, seatSlot: Int?
        /// Keys given as `null`, as a number that was not finite is written.
        var nulls: Set<String> = []

        /// The largest motion, position or scroll value an event may carry: libinput's are pixels,
        /// millimetres or scroll units, and no device moves a billion of them in one event.
        static let largestValue = 1e9

        /// What is wrong with a number no libinput could have sent (past ``largestValue``, an angle
        /// change past half a turn, a negative size), which would reach tables as `inf`; nil when none is.
        var outOfRange: String? {
            let values = [
                ("dx", dx), ("dy", dy), ("dxUnaccelerated", dxUnaccelerated), ("dyUnaccelerated", dyUnaccelerated),
                ("x", x), ("y", y), ("scale", scale), ("vertical", vertical), ("horizontal", horizontal),
                ("verticalV120", verticalV120), ("horizontalV120", horizontalV120),
            ]
            if let (key, value) = values.first(where: { abs($0.1 ?? 0) > Self.largestValue }) {
                return "\(key) \(value!) is out of range: no event carries more than 10^9"
            }
            // libinput wraps the change into half a turn either way (src/evdev-mt-touchpad-gestures.c:1225,
            // libinput 1.22.1).
            if let angle = angleDeltaDeg, abs(angle) > 180 {
                return "angleDeltaDeg \(angle) is out of range: libinput's change of angle is within ±180°"
            }
            if let size = sizeMm, size.contains(where: { !(0...Self.largestValue).contains($0) }) {
                return "sizeMm \(size) is out of range: a size is 0 or more, and less than 10^9 mm"
            }
            return nil
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: NamedKey.self)
            var nulls: Set<String> = []
            func value<T: Decodable>(_ name: String, old: String? = nil) throws -> T? {
                for key in [name] + (old.map { [$0] } ?? []) where c.contains(NamedKey(key)) {
                    if try c.decodeNil(forKey: NamedKey(key)) { nulls.insert(name) }
                }
                if let v = try c.decodeIfPresent(T.self, forKey: NamedKey(name)) { return v }
                return try old.flatMap { try c.decodeIfPresent(T.self, forKey: NamedKey($0)) }
            }
            type = try value("type")
            device = try value("device")
            timeUs = try value("timeUs", old: "time_us")
            fingers = try value("fingers")
            cancelled = try value("cancelled")
            name = try value("name")
            sysname = try value("sysname")
            capabilities = try value("capabilities")
            sizeMm = try value("sizeMm", old: "size_mm")
            libinputVersion = try value("libinputVersion", old: "libinput_version")
            naturalScrolling = try value("naturalScrolling")
            state = try value("state")
            source = try value("source")
            `switch` = try value("switch")
            dx = try value("dx")
            dy = try value("dy")
            dxUnaccelerated = try value("dxUnaccelerated", old: "dx_unaccelerated")
            dyUnaccelerated = try value("dyUnaccelerated", old: "dy_unaccelerated")
            x = try value("x")
            y = try value("y")
            scale = try value("scale")
            angleDeltaDeg = try value("angleDeltaDeg", old: "angle_delta")
            vertical = try value("vertical")
            horizontal = try value("horizontal")
            verticalV120 = try value("verticalV120", old: "vertical_v120")
            horizontalV120 = try value("horizontalV120", old: "horizontal_v120")
            button = try value("button")
            key = try value("key")
            seatCount = try value("seatCount", old: "seat_count")
            slot = try value("slot")
            seatSlot = try value("seatSlot", old: "seat_slot")
            self.nulls = nulls
        }
    }

    private static func event(_ f: Fields, line: Int) throws(CaptureError) -> LibinputEvent {
        func need<T>(_ value: T?, _ key: String) throws(CaptureError) -> T {
            guard let value else {
                throw CaptureError(
                    line: line,
                    problem: f.nulls.contains(key) ? "\(key) is null: not a finite number" : "missing \(key)")
            }
            return value
        }
        func state() throws(CaptureError) -> ButtonState {
            let given = try need(f.state, "state")
            guard let state = ButtonState(rawValue: given) else {
                throw CaptureError(line: line, problem: "state \(given) is neither pressed nor released")
            }
            return state
        }
        func delta() throws(CaptureError) -> GestureDelta {
            GestureDelta(
                dx: try need(f.dx, "dx"), dy: try need(f.dy, "dy"),
                unacceleratedDx: try need(f.dxUnaccelerated, "dxUnaccelerated"),
                unacceleratedDy: try need(f.dyUnaccelerated, "dyUnaccelerated"))
        }
        // libinput's scale is the fingers' distance over their first: 0 or more, no distance being below none.
        func scale() throws(CaptureError) -> Double {
            let scale = try need(f.scale, "scale")
            guard scale >= 0 else { throw CaptureError(line: line, problem: "scale \(scale) is no pinch's, 0 or more") }
            return scale
        }
        guard let type = f.type, let device = f.device, let time = f.timeUs else {
            throw CaptureError(line: line, problem: "missing type, device or timeUs")
        }
        // Printed a line each in tables and diffs: none may end its line there.
        for (key, text) in [
            ("device", device), ("name", f.name), ("sysname", f.sysname), ("libinputVersion", f.libinputVersion),
        ] {
            if let text, let problem = OneLineText.breaking(text) {
                throw CaptureError(line: line, problem: "\(key) \(text.debugDescription) holds \(problem)")
            }
        }
        // libinput's clock starts at boot: a time before it is no capture's.
        guard time >= 0 else { throw CaptureError(line: line, problem: "negative timeUs \(time)") }
        let fingers = f.fingers ?? 0
        // No touchpad has more slots than libevdev follows (256), nor fewer than none.
        guard (0...256).contains(fingers) else {
            throw CaptureError(line: line, problem: "fingers \(fingers) is no count of fingers on a touchpad")
        }
        if let problem = f.outOfRange { throw CaptureError(line: line, problem: problem) }
        let cancelled = f.cancelled ?? false
        let kind: LibinputEvent.Kind
        switch type {
        case "DEVICE_ADDED":
            let size = f.sizeMm.flatMap { $0.count == 2 ? (width: $0[0], height: $0[1]) : nil }
            kind = .deviceAdded(
                DeviceInfo(
                    name: f.name ?? "", sysname: f.sysname ?? device,
                    capabilities: CapabilitySet((f.capabilities ?? []).compactMap(Capability.init(rawValue:))),
                    sizeMM: size,
                    libinputVersion: f.libinputVersion, naturalScrolling: f.naturalScrolling))
        case "DEVICE_REMOVED": kind = .deviceRemoved
        case "POINTER_MOTION":
            kind = .pointerMotion(
                dx: try need(f.dx, "dx"), dy: try need(f.dy, "dy"),
                unacceleratedDx: try need(f.dxUnaccelerated, "dxUnaccelerated"),
                unacceleratedDy: try need(f.dyUnaccelerated, "dyUnaccelerated"))
        case "POINTER_MOTION_ABSOLUTE": kind = .pointerMotionAbsolute(x: try need(f.x, "x"), y: try need(f.y, "y"))
        case "POINTER_BUTTON":
            kind = .pointerButton(
                button: UInt32(clamping: try need(f.button, "button")), state: try state(),
                seatCount: UInt32(clamping: try need(f.seatCount, "seatCount")))
        case "POINTER_SCROLL_FINGER", "POINTER_SCROLL_CONTINUOUS", "POINTER_SCROLL_WHEEL":
            // The type names the source; a `source` field, which captures repeat, must agree with it.
            guard let source = Scroll.Source(rawValue: type.dropFirst("POINTER_SCROLL_".count).lowercased()),
                f.source.map({ $0 == source.rawValue }) ?? true
            else {
                throw CaptureError(line: line, problem: "source \(f.source ?? "") does not match \(type)")
            }
            kind = .pointerScroll(
                Scroll(
                    source: source, vertical: f.vertical, horizontal: f.horizontal,
                    vertical120: f.verticalV120, horizontal120: f.horizontalV120))
        case "KEYBOARD_KEY":
            kind = .keyboardKey(
                key: UInt32(clamping: try need(f.key, "key")), state: try state(),
                seatCount: UInt32(clamping: try need(f.seatCount, "seatCount")))
        case "TOUCH_DOWN":
            kind = .touchDown(
                slot: Int32(clamping: try need(f.slot, "slot")),
                seatSlot: Int32(clamping: try need(f.seatSlot, "seatSlot")), x: try need(f.x, "x"),
                y: try need(f.y, "y"))
        case "TOUCH_MOTION":
            kind = .touchMotion(
                slot: Int32(clamping: try need(f.slot, "slot")),
                seatSlot: Int32(clamping: try need(f.seatSlot, "seatSlot")), x: try need(f.x, "x"),
                y: try need(f.y, "y"))
        case "TOUCH_UP":
            kind = .touchUp(
                slot: Int32(clamping: try need(f.slot, "slot")),
                seatSlot: Int32(clamping: try need(f.seatSlot, "seatSlot")))
        case "TOUCH_CANCEL":
            kind = .touchCancel(
                slot: Int32(clamping: try need(f.slot, "slot")),
                seatSlot: Int32(clamping: try need(f.seatSlot, "seatSlot")))
        case "TOUCH_FRAME": kind = .touchFrame
        case "GESTURE_SWIPE_BEGIN": kind = .gestureSwipeBegin(fingers: fingers)
        case "GESTURE_SWIPE_UPDATE": kind = .gestureSwipeUpdate(fingers: fingers, delta: try delta())
        case "GESTURE_SWIPE_END": kind = .gestureSwipeEnd(fingers: fingers, cancelled: cancelled)
        case "GESTURE_PINCH_BEGIN": kind = .gesturePinchBegin(fingers: fingers)
        case "GESTURE_PINCH_UPDATE":
            kind = .gesturePinchUpdate(
                fingers: fingers, delta: try delta(), scale: try scale(),
                angleDelta: try need(f.angleDeltaDeg, "angleDeltaDeg"))
        case "GESTURE_PINCH_END":
            kind = .gesturePinchEnd(fingers: fingers, scale: try scale(), cancelled: cancelled)
        case "GESTURE_HOLD_BEGIN": kind = .gestureHoldBegin(fingers: fingers)
        case "GESTURE_HOLD_END": kind = .gestureHoldEnd(fingers: fingers, cancelled: cancelled)
        case "SWITCH_TOGGLE":
            guard let which = Switch(rawValue: try need(f.switch, "switch")),
                let state = SwitchState(rawValue: try need(f.state, "state"))
            else { throw CaptureError(line: line, problem: "a switch is lid or tabletMode, its state on or off") }
            kind = .switchToggle(which, state: state)
        default: throw CaptureError(line: line, problem: "unknown event type \(type)")
        }
        return LibinputEvent(time: UInt64(time), device: device, kind: kind)
    }
}
