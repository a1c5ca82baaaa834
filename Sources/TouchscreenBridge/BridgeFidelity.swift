import Foundation
import LibinputEvents
import Recordings

/// How faithfully a touchscreen's two touches reproduce the touchpad pinches that made them
/// (`touchsynth bridge check`): each pinch matched with the next two-touch contact, each touch
/// frame with the update whose scale and summed angle it shows, in order.
public enum BridgeFidelity {
    public struct Result: Sendable {
        public var pinches = 0, updates = 0, contacts = 0, frames = 0
        /// Updates that moved the touches but whose frame the reader did not see (lost to SYN_DROPPED
        /// when it fell behind); the frames it did see must still match.
        public var unread = 0
        public var maxScaleError = 0.0, maxAngleError = 0.0
        /// What did not match, one line each; empty when every frame is within the tolerance.
        public var problems: [String] = []
    }

    /// One touch-frame measurement: separation (mm) and the angle of the line between the touches
    /// (radians, clockwise positive in the screen's y-down coordinates).
    struct Pair { var separation: Double; var angle: Double }

    /// The touchpad's pinch events in `capture` and the touchscreen's touch events there, or in
    /// `touchscreen`, a second capture's, compared as ``measure(_:tolerance:)`` compares them. The
    /// two captures' devices are told apart, though their nodes may share a name (the harness's
    /// are all event10).
    public static func measure(
        _ capture: [LibinputEvent], touchscreen: [LibinputEvent]?, tolerance: Double
    ) -> Result {
        let second = (touchscreen ?? []).map { LibinputEvent(time: $0.time, device: "2:" + $0.device, kind: $0.kind) }
        return measure(capture + second, tolerance: tolerance)
    }

    /// The touchpad's pinch events and the touchscreen's touch events in `events` (a touchscreen
    /// is a device with the touch capability), compared; `tolerance` bounds the scale's error and
    /// the angle's, in radians.
    public static func measure(_ events: [LibinputEvent], tolerance: Double) -> Result {
        var sizes: [String: (width: Double, height: Double)] = [:]
        var touchscreens: Set<String> = []
        for e in events {
            if case .deviceAdded(let info) = e.kind, info.capabilities.contains(.touch) {
                touchscreens.insert(e.device)
                if let size = info.sizeMM { sizes[e.device] = size }
            }
        }
        // Pinches: each update's absolute scale and summed angle (radians).
        var pinches: [[(scale: Double, angle: Double)]] = []
        var total = PinchTotal()
        for e in events where !touchscreens.contains(e.device) {
            switch e.kind {
            case .gesturePinchBegin: pinches.append([]); total = PinchTotal()
            case .gesturePinchUpdate(_, _, let scale, let angleDelta) where !pinches.isEmpty:
                total.add(scale: scale, angleDelta: angleDelta)
                pinches[pinches.count - 1].append((total.scale, total.angle * .pi / 180))
            default: break
            }
        }
        // Contacts: the touch frames while exactly two touches are down, in mm.
        var contacts: [[Pair]] = []
        var down: [Int32: (x: Double, y: Double)] = [:]
        var inContact = false
        for e in events where touchscreens.contains(e.device) {
            let size = sizes[e.device] ?? (1, 1)
            switch e.kind {
            case .touchDown(let slot, _, let x, let y), .touchMotion(let slot, _, let x, let y):
                down[slot] = (x * size.width, y * size.height)
            case .touchUp(let slot, _), .touchCancel(let slot, _):
                down[slot] = nil
            case .touchFrame:
                if down.count == 2 {
                    let p = down.sorted { $0.key < $1.key }.map(\.value)
                    let pair = Pair(
                        separation: hypot(p[1].x - p[0].x, p[1].y - p[0].y),
                        angle: atan2(p[1].y - p[0].y, p[1].x - p[0].x))
                    if !inContact { contacts.append([]); inContact = true }
                    contacts[contacts.count - 1].append(pair)
                } else if down.count < 2 {
                    inContact = false
                }
            default: break
            }
        }
        var result = Result(
            pinches: pinches.count, updates: pinches.reduce(0) { $0 + $1.count }, contacts: contacts.count,
            frames: contacts.reduce(0) { $0 + $1.count })
        if pinches.isEmpty {
            result.problems.append("no touchpad pinch in the events: nothing to check")
        } else if pinches.count != contacts.count {
            result.problems.append("\(pinches.count) pinches but \(contacts.count) two-touch contacts")
        }
        for (n, (pinch, contact)) in zip(pinches, contacts).enumerated() {
            guard let reference = contact.first else { continue }
            // The touches' scale and angle since the contact began, per frame after the first.
            let shown = contact.dropFirst().map {
                (scale: $0.separation / reference.separation, angle: remainder($0.angle - reference.angle, 2 * .pi))
            }
            func errors(_ s: (scale: Double, angle: Double), _ u: (scale: Double, angle: Double)) -> (Double, Double) {
                (abs(s.scale - u.scale), abs(remainder(s.angle - u.angle, 2 * .pi)))
            }
            func within(_ e: (Double, Double)) -> Bool { e.0 <= tolerance && e.1 <= tolerance }
            func count(_ e: (Double, Double)) {
                result.maxScaleError = max(result.maxScaleError, e.0)
                result.maxAngleError = max(result.maxAngleError, e.1)
            }
            // Each frame read shows an update after the last one shown: a reader that falls
            // behind loses frames (the kernel's SYN_DROPPED), never reorders or invents them.
            let problems = result.problems.count
            var matched: [Int] = []
            for (i, frame) in shown.enumerated() {
                let from = matched.last.map { $0 + 1 } ?? 0
                guard let k = pinch.indices.dropFirst(from).first(where: { within(errors(frame, pinch[$0])) }) else {
                    let said = String(
                        format: "pinch %d frame %d: touches show scale %.4f angle %.4f rad, ", n + 1, i + 2,
                        frame.scale, frame.angle)
                    guard from < pinch.count else {
                        result.problems.append(said + "after the pinch's last update (\(pinch.count) updates)")
                        break
                    }
                    count(errors(frame, pinch[from]))
                    result.problems.append(
                        said
                            + String(
                                format: "matching no update from update %d on (scale %.4f angle %.4f rad)", from + 1,
                                pinch[from].scale, pinch[from].angle))
                    break
                }
                count(errors(frame, pinch[k]))
                matched.append(k)
            }
            guard result.problems.count == problems else { continue }
            // Updates that moved the touches but whose frame was not read back; the pinch's end
            // must be, as the kernel hands a reader that lost frames the device's current state.
            var previous: (scale: Double, angle: Double) = (1, 0)
            let shownUpdates = Set(matched)
            for (k, update) in pinch.enumerated() {
                let moved = !within(errors(update, previous))
                if moved && !shownUpdates.contains(k) { result.unread += 1 }
                if moved || shownUpdates.contains(k) { previous = update }
            }
            // The last frame read, as it shows the touches (the first frame's when no other was read).
            let last = shown.last ?? (scale: 1, angle: 0)
            if let end = pinch.last, !within(errors(last, end)) {
                result.problems.append(
                    String(
                        format: "pinch %d ends at scale %.4f angle %.4f rad, but the touches' last frame shows "
                            + "scale %.4f angle %.4f", n + 1, end.scale, end.angle, last.scale, last.angle))
            }
        }
        return result
    }
}

/// Encoded as `bridge check --json`'s line (docs/json.md, `bridgeCheck`): every count and error.
extension BridgeFidelity.Result: Encodable {
    /// Whether every pinch was reproduced within the tolerance (and there was one).
    public var passed: Bool { problems.isEmpty }

    /// `bridge check`'s text: the first problems, the frames not read back, then the counts and the
    /// largest errors.
    public func text(tolerance: Double) -> [String] {
        problems.prefix(20).map { "problem: \($0)" }
            + (unread == 0
                ? []
                : [
                    "note: \(unread) of the updates that moved the touches have no frame read back: a reader that "
                        + "falls behind loses frames (SYN_DROPPED); the frames read still match"
                ])
            + [
                String(
                    format: "%d pinches (%d updates), %d two-touch contacts (%d frames): max scale error %.2e, "
                        + "max angle error %.2e rad (tolerance %.0e)",
                    pinches, updates, contacts, frames, maxScaleError, maxAngleError, tolerance)
            ]
    }
}

/// A frame the bridge writes, as `bridge --json` prints it (docs/json.md, `bridgeFrames`): its
/// events as `[type, code, value]`, SYN_REPORT left out.
public struct WrittenFrame: Encodable {
    public var timeUs: UInt64
    public var device: String
    public var events: [[Int]]

    public init(_ frame: [EvdevEvent], at time: UInt64, on device: String) {
        timeUs = time
        self.device = device
        events = frame.filter { $0.type != Evdev.EV_SYN }.map { [Int($0.type), Int($0.code), Int($0.value)] }
    }
}
