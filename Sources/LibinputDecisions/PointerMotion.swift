import LibinputEvents
import Recordings

/// The pointer motion libinput sent in a sequence, and the touches it came from. libinput moves
/// the pointer by the average of the moves of the touches it counts (down, neither palm nor a
/// thumb set aside), by their sum while a clickpad is pressed (`tp_get_raw_pointer_motion`).
struct PointerMotion {
    /// One motion event: microseconds into the recording, and its unaccelerated delta, which
    /// libinput gives in device units along the X axis.
    struct Step {
        let time: UInt64
        let dx: Double
        let dy: Double

        /// The step of `event`, a pointer motion at `time` into the recording; nil for another event.
        init?(_ event: LibinputEvent, at time: UInt64) {
            guard case .pointerMotion(_, _, let dx, let dy) = event.kind else { return nil }
            (self.time, self.dx, self.dy) = (time, dx, dy)
        }
    }

    /// How far the pointer went unaccelerated: mm, or device units on a pad without resolution.
    let travel: Double
    let inMM: Bool
    /// The touches libinput counted at one motion event or more, by slot.
    let touches: [Int]
    /// How many of the events came while a clickpad was pressed, when libinput adds the moves.
    let pressedSteps: Int
    private let stepCount: Int
    private let source: String

    /// The motion of `steps` in `analysis`'s sequence; nil when it sent none.
    init?(_ steps: [Step], in analysis: SequenceAnalysis) {
        guard !steps.isEmpty else { return nil }
        let resolution = Double(analysis.recording.positionAxes?.x.resolution ?? 0)
        let units = steps.reduce(0.0) { $0 + ($1.dx * $1.dx + $1.dy * $1.dy).squareRoot() }
        (travel, inMM) = resolution > 0 ? (units / resolution, true) : (units, false)
        let frames = analysis.recording.frames
        let clickpad = analysis.recording.device.has(property: Evdev.INPUT_PROP_BUTTONPAD)
        var counted = Set<Int>(), pressed = false, pressedSteps = 0, scanned = analysis.sequence.frames.lowerBound
        for step in steps {
            guard let frame = frames.indexBeforePartition(where: { $0.time > step.time }) else { continue }
            while scanned <= frame, scanned < frames.count {
                for event in frames[scanned].events where event.type == Evdev.EV_KEY && event.code == Evdev.BTN_LEFT {
                    pressed = event.value != 0
                }
                scanned += 1
            }
            if clickpad && pressed { pressedSteps += 1 }
            let aside = analysis.setAside(at: frame)
            for track in analysis.sequence.tracks where !aside.contains(track.slot) {
                if let first = track.points.first, let last = track.points.last, (first.frame...last.frame) ~= frame {
                    counted.insert(track.slot)
                }
            }
        }
        touches = counted.sorted()
        (self.pressedSteps, stepCount) = (pressedSteps, steps.count)
        source = analysis.rules.cite(
            "evdev-mt-touchpad-gestures.c", ["1.22.1": 193, "1.28.1": 174, "1.31.3": 180])
    }

    /// `12.3 mm unaccelerated, from touch 0`, and for several touches how libinput combined them.
    var text: String {
        let amount = travel > 0 && travel < 0.05 ? "under 0.1" : SequenceAnalysis.mm(travel)
        let distance = amount + (inMM ? " mm" : " units") + " unaccelerated"
        guard let last = touches.last else { return distance }
        guard touches.count > 1 else { return distance + ", from touch \(last)" }
        let listed = "touches " + touches.dropLast().map(String.init).joined(separator: ", ") + " and \(last)"
        let combined =
            switch pressedSteps {
            case 0: "the average of the moves of \(listed)"
            case stepCount: "the sum of the moves of \(listed), which libinput adds while a clickpad is pressed"
            default: "the average of the moves of \(listed), their sum while the clickpad was pressed"
            }
        return distance + ", " + combined + " (\(source))"
    }
}
