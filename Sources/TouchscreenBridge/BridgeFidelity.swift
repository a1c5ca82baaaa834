import Foundation
import LibinputEvents
import Recordings

/// How faithfully a touchscreen's two touches reproduce the touchpad pinches that made them
/// (`touchsynth bridge check`): each pinch matched with the next two-touch contact, each update's
/// scale and summed angle with the touch frames in order.
public enum BridgeFidelity {
    public struct Result: Sendable {
        public var pinches = 0, updates = 0, contacts = 0, frames = 0
        public var maxScaleError = 0.0, maxAngleError = 0.0
        /// What did not match, one line each; empty when every frame is within the tolerance.
        public var problems: [String] = []
    }

    /// One touch-frame measurement: separation (mm) and the angle of the line between the touches
    /// (radians, clockwise positive in the screen's y-down coordinates).
    struct Pair { var separation: Double; var angle: Double }

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
        var summed = 0.0
        for e in events where !touchscreens.contains(e.device) {
            switch e.kind {
            case .gesturePinchBegin: pinches.append([]); summed = 0
            case .gesturePinchUpdate(_, _, let scale, let angleDelta) where !pinches.isEmpty:
                summed += angleDelta * .pi / 180
                pinches[pinches.count - 1].append((scale, summed))
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
            var frame = 1
            var last: (scale: Double, angle: Double) = (1, 0)
            for (k, update) in pinch.enumerated() {
                // The touches' scale and angle since the contact began, and how far they are from the update's.
                let shown = (frame < contact.count ? contact[frame] : nil).map {
                    (scale: $0.separation / reference.separation, angle: remainder($0.angle - reference.angle, 2 * .pi))
                }
                let errors = shown.map {
                    (scale: abs($0.scale - update.scale), angle: abs($0.angle - remainder(update.angle, 2 * .pi)))
                }
                func count(_ errors: (scale: Double, angle: Double)) {
                    result.maxScaleError = max(result.maxScaleError, errors.scale)
                    result.maxAngleError = max(result.maxAngleError, errors.angle)
                }
                if let errors, errors.scale <= tolerance, errors.angle <= tolerance {
                    count(errors)
                    last = update
                    frame += 1
                } else if abs(update.scale - last.scale) > tolerance
                    || abs(remainder(update.angle - last.angle, 2 * .pi)) > tolerance
                {
                    // A frame may be missing only where the touches did not move (the kernel drops it).
                    errors.map(count)
                    result.problems.append(
                        String(
                            format: "pinch %d update %d: scale %.4f angle %.4f rad, touches show %@", n + 1, k + 1,
                            update.scale, update.angle,
                            shown.map { String(format: "scale %.4f angle %.4f", $0.scale, $0.angle) } ?? "no frame"))
                    break
                }
            }
            if frame < contact.count && result.problems.isEmpty {
                result.problems.append(
                    "contact \(n + 1) has \(contact.count - frame) frames more than its pinch's updates")
            }
        }
        return result
    }
}

/// Encoded as `bridge check --json`'s line (docs/json.md, `bridgeCheck`): every count and error.
extension BridgeFidelity.Result: Encodable {
    /// Whether every pinch was reproduced within the tolerance (and there was one).
    public var passed: Bool { problems.isEmpty }

    /// `bridge check`'s text: the first problems, then the counts and the largest errors.
    public func text(tolerance: Double) -> [String] {
        problems.prefix(20).map { "problem: \($0)" } + [
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
