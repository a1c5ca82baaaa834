import Foundation
import LibinputEvents
import Recordings

/// Reads back the JSON Lines `debug --json` writes (``EventFormat/json(_:)``), so a command can
/// run libinput in a mocked-device child and work on its events.
enum EventDecoding {
    struct Malformed: Error, CustomStringConvertible {
        var line: Int
        var problem: String
        var description: String { "libinput event line \(line): \(problem)" }
    }

    /// The events of a capture: lines of `debug --json` or `replay --json`, or of `--mode … --json`
    /// (and `compare --events-out`), whose lines hold the libinput event under `libinput` beside
    /// the app events each mode made of it. Blank lines are skipped.
    static func events(fromJSONLines text: String) throws -> [LibinputEvent] {
        // JSONDecoder, not JSONSerialization: the latter can be an ulp off on Linux.
        let decoder = JSONDecoder()
        var events: [LibinputEvent] = []
        // Numbered before blank lines are skipped, so that an error names the file's line.
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !raw.isEmpty {
            let data = Data(raw.utf8)
            var fields: Fields
            do {
                fields = try decoder.decode(Fields.self, from: data)
            } catch {
                throw Malformed(line: i + 1, problem: "not a libinput event object")
            }
            if fields.type == nil, let line = try? decoder.decode(WithAppEvents.self, from: data) {
                guard let libinput = line.libinput else { continue }
                fields = libinput
            }
            events.append(try event(fields, line: i + 1))
        }
        return events
    }

    /// A line of `--mode … --json`: the libinput event, and app events that are not read back.
    struct WithAppEvents: Decodable {
        /// Null on the stream's last line, which holds the end's app events and the accounting.
        var libinput: Fields?

        private enum Key: CodingKey { case libinput }

        /// Refuses an object without the key, which a null value does not.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            guard container.contains(.libinput) else {
                throw DecodingError.keyNotFound(Key.libinput, .init(codingPath: [], debugDescription: "not a line of --mode … --json"))
            }
            libinput = try container.decodeIfPresent(Fields.self, forKey: .libinput)
        }
    }

    /// Every key `debug --json` writes for a libinput event; which are present depends on the type.
    struct Fields: Decodable {
        var type: String?
        var device: String?
        var time_us: Int?
        var fingers: Int?
        var cancelled: Bool?
        var name: String?
        var sysname: String?
        var capabilities: [String]?
        var size_mm: [Double]?
        var state: String?
        var source: String?
        var dx, dy, dx_unaccelerated, dy_unaccelerated, x, y, scale, angle_delta: Double?
        var vertical, horizontal, vertical_v120, horizontal_v120: Double?
        var button, key, seat_count, slot, seat_slot: Int?
    }

    static func event(_ f: Fields, line: Int) throws -> LibinputEvent {
        func need<T>(_ value: T?, _ key: String) throws -> T {
            guard let value else { throw Malformed(line: line, problem: "missing \(key)") }
            return value
        }
        func state() -> ButtonState { f.state == "pressed" ? .pressed : .released }
        func delta() throws -> GestureDelta {
            GestureDelta(dx: try need(f.dx, "dx"), dy: try need(f.dy, "dy"),
                         unacceleratedDx: try need(f.dx_unaccelerated, "dx_unaccelerated"), unacceleratedDy: try need(f.dy_unaccelerated, "dy_unaccelerated"))
        }
        guard let type = f.type, let device = f.device, let time = f.time_us else {
            throw Malformed(line: line, problem: "missing type, device or time_us")
        }
        // libinput's clock starts at boot: a time before it is no capture's.
        guard time >= 0 else { throw Malformed(line: line, problem: "negative time_us \(time)") }
        let fingers = f.fingers ?? 0
        let cancelled = f.cancelled ?? false
        let kind: LibinputEvent.Kind
        switch type {
        case "DEVICE_ADDED":
            let size = f.size_mm.flatMap { $0.count == 2 ? (width: $0[0], height: $0[1]) : nil }
            kind = .deviceAdded(DeviceInfo(
                name: f.name ?? "", sysname: f.sysname ?? device,
                capabilities: CapabilitySet((f.capabilities ?? []).compactMap(Capability.init(rawValue:))), sizeMM: size))
        case "DEVICE_REMOVED": kind = .deviceRemoved
        case "POINTER_MOTION":
            kind = .pointerMotion(dx: try need(f.dx, "dx"), dy: try need(f.dy, "dy"),
                                  unacceleratedDx: try need(f.dx_unaccelerated, "dx_unaccelerated"), unacceleratedDy: try need(f.dy_unaccelerated, "dy_unaccelerated"))
        case "POINTER_MOTION_ABSOLUTE": kind = .pointerMotionAbsolute(x: try need(f.x, "x"), y: try need(f.y, "y"))
        case "POINTER_BUTTON":
            kind = .pointerButton(button: UInt32(clamping: try need(f.button, "button")), state: state(), seatCount: UInt32(clamping: try need(f.seat_count, "seat_count")))
        case "POINTER_SCROLL_FINGER", "POINTER_SCROLL_CONTINUOUS", "POINTER_SCROLL_WHEEL":
            let source = Scroll.Source(rawValue: f.source ?? "") ?? .finger
            kind = .pointerScroll(Scroll(source: source, vertical: f.vertical, horizontal: f.horizontal,
                                         vertical120: f.vertical_v120, horizontal120: f.horizontal_v120))
        case "KEYBOARD_KEY":
            kind = .keyboardKey(key: UInt32(clamping: try need(f.key, "key")), state: state(), seatCount: UInt32(clamping: try need(f.seat_count, "seat_count")))
        case "TOUCH_DOWN":
            kind = .touchDown(slot: Int32(clamping: try need(f.slot, "slot")), seatSlot: Int32(clamping: try need(f.seat_slot, "seat_slot")), x: try need(f.x, "x"), y: try need(f.y, "y"))
        case "TOUCH_MOTION":
            kind = .touchMotion(slot: Int32(clamping: try need(f.slot, "slot")), seatSlot: Int32(clamping: try need(f.seat_slot, "seat_slot")), x: try need(f.x, "x"), y: try need(f.y, "y"))
        case "TOUCH_UP": kind = .touchUp(slot: Int32(clamping: try need(f.slot, "slot")), seatSlot: Int32(clamping: try need(f.seat_slot, "seat_slot")))
        case "TOUCH_CANCEL": kind = .touchCancel(slot: Int32(clamping: try need(f.slot, "slot")), seatSlot: Int32(clamping: try need(f.seat_slot, "seat_slot")))
        case "TOUCH_FRAME": kind = .touchFrame
        case "GESTURE_SWIPE_BEGIN": kind = .gestureSwipeBegin(fingers: fingers)
        case "GESTURE_SWIPE_UPDATE": kind = .gestureSwipeUpdate(fingers: fingers, delta: try delta())
        case "GESTURE_SWIPE_END": kind = .gestureSwipeEnd(fingers: fingers, cancelled: cancelled)
        case "GESTURE_PINCH_BEGIN": kind = .gesturePinchBegin(fingers: fingers)
        case "GESTURE_PINCH_UPDATE":
            kind = .gesturePinchUpdate(fingers: fingers, delta: try delta(), scale: try need(f.scale, "scale"), angleDelta: try need(f.angle_delta, "angle_delta"))
        case "GESTURE_PINCH_END": kind = .gesturePinchEnd(fingers: fingers, scale: try need(f.scale, "scale"), cancelled: cancelled)
        case "GESTURE_HOLD_BEGIN": kind = .gestureHoldBegin(fingers: fingers)
        case "GESTURE_HOLD_END": kind = .gestureHoldEnd(fingers: fingers, cancelled: cancelled)
        default: throw Malformed(line: line, problem: "unknown event type \(type)")
        }
        return LibinputEvent(time: UInt64(time), device: device, kind: kind)
    }
}

/// A file named on the command line that holds a recording or a `--json` capture, told apart by
/// content (a capture's JSON Lines begin with `{`) before either is loaded.
struct RecordingOrCapture {
    let path: String
    /// Whether the file holds a capture rather than a recording.
    let isCapture: Bool
    /// A pipe's content, read once; nil for a regular file, read where it lies.
    private let text: String?

    /// Looks into `path`: a pipe (`<(…)`, `-` for standard input) has nothing left for a second reading,
    /// so one that is not a regular file is read whole here; a regular file's first bytes are
    /// read, and the loader of its kind then streams its lines.
    init(path: String) throws(RecordingError) {
        self.path = path
        var status = stat()
        if path == standardInputPath || (stat(path, &status) == 0 && status.st_mode & S_IFMT != S_IFREG) {
            let text = try readText(path, of: "a recording or a libinput capture", mayBeLong: true)
            self.text = text
            isCapture = Self.isCapture(text.utf8.prefix(64))
        } else {
            try checkReadable(path)
            text = nil
            isCapture = Self.isCapture(Self.start(of: path))
        }
    }

    /// The recording the file holds.
    func recording() throws(RecordingError) -> Recording {
        if let text { return try RecordingLoader.load(text: text, file: path) }
        return try RecordingLoader.load(path)
    }

    /// The events of the capture the file holds.
    func capture() throws(RecordingError) -> [LibinputEvent] {
        let lines = if let text { text } else { try readText(path, of: "a libinput capture", mayBeLong: true) }
        return try events(fromJSONLines: lines, file: path)
    }

    /// The first bytes of a regular file.
    private static func start(of path: String) -> Data {
        guard let handle = FileHandle(forReadingAtPath: path) else { return Data() }
        defer { try? handle.close() }
        return ((try? handle.read(upToCount: 64)) ?? nil) ?? Data()
    }

    private static func isCapture(_ start: some Sequence<UInt8>) -> Bool {
        String(decoding: Array(start), as: UTF8.self).drop { $0.isWhitespace }.first == "{"
    }
}

/// The events of a `--json` capture file; a missing (66), unreadable (77) or malformed (65,
/// with file and line) file ends the program with a one-line error.
func loadEventStream(_ path: String) -> [LibinputEvent] {
    reportingErrors { () throws(RecordingError) in
        try events(fromJSONLines: try readText(path, of: "a libinput capture", mayBeLong: true), file: path)
    }
}

/// The events of a `--json` capture's text, read from `file`; a malformed line is bad data
/// (65) naming file and line.
private func events(fromJSONLines text: String, file: String) throws(RecordingError) -> [LibinputEvent] {
    do {
        return try EventDecoding.events(fromJSONLines: text)
    } catch let error as EventDecoding.Malformed {
        throw RecordingError(.badData, file: file, line: error.line, error.problem)
    } catch {
        throw RecordingError(.badData, file: file, "\(error)")
    }
}
