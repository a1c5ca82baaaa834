import LibinputEvents
import Recordings

/// The pointer motion libinput sent in a sequence, and the touches it came from. libinput moves
/// the pointer by the average of the moves of the touches it counts, by their sum while a
/// clickpad is pressed (`tp_get_raw_pointer_motion`): those down and neither a palm nor a thumb
/// set aside, not pinned by a click (until they move 1.5 mm) and not resting on a software
/// button (until they move 5 mm) (`tp_touch_active_for_gesture`).
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
        var pad = Counting(analysis)
        var counted = Set<Int>(), pressedSteps = 0
        for step in steps {
            guard let frame = analysis.recording.frames.indexBeforePartition(where: { $0.time > step.time }) else {
                continue
            }
            pad.advance(to: frame)
            if pad.clickpadPressed { pressedSteps += 1 }
            counted.formUnion(pad.counted(at: frame))
        }
        touches = counted.sorted()
        (self.pressedSteps, stepCount) = (pressedSteps, steps.count)
        source = analysis.rules.cite(
            "evdev-mt-touchpad-gestures.c", ["1.22.1": 193, "1.28.1": 174, "1.31.3": 180])
    }

    /// The touchpad's state frame by frame, as far as which touches libinput counts: the clickpad
    /// pressed and the touches it pinned (`tp_pin_fingers`, `tp_unpin_finger`).
    struct Counting {
        let analysis: SequenceAnalysis
        let clickpad: Bool
        private(set) var clickpadPressed = false
        /// Where each pinned touch was pinned, and at which frame, by its index among the
        /// sequence's tracks.
        private var pins: [Int: (center: PointMM, frame: Int)] = [:]
        /// Each pinned touch let go so far: its track's index, the frame that pinned it and the
        /// frame it had moved far enough in.
        private(set) var letGo: [(track: Int, pinned: Int, frame: Int)] = []
        private var next: Int

        init(_ analysis: SequenceAnalysis) {
            self.analysis = analysis
            clickpad = analysis.recording.device.has(property: Evdev.INPUT_PROP_BUTTONPAD)
            next = analysis.sequence.frames.lowerBound
        }

        /// Where `track` was at `frame`, when it was down.
        private func point(_ track: FingerTrack, at frame: Int) -> PointMM? {
            let i = frame - track.points[0].frame
            return track.points.indices ~= i ? track.points[i].mm : nil
        }

        /// Applies the frames up to `frame`: in each, pinned touches that moved
        /// ``RuleBook/unpinDistance`` are let go,
        /// then a clickpad's press pins every touch down.
        mutating func advance(to frame: Int) {
            let frames = analysis.recording.frames, tracks = analysis.sequence.tracks
            while next <= frame, next < frames.count {
                for (i, pin) in pins {
                    if let at = point(tracks[i], at: next), at.distance(to: pin.center) >= analysis.rules.unpinDistance
                    {
                        pins[i] = nil
                        letGo.append((i, pin.frame, next))
                    }
                }
                let wasPressed = clickpadPressed
                for event in frames[next].events where event.type == Evdev.EV_KEY && event.code == Evdev.BTN_LEFT {
                    clickpadPressed = clickpad && event.value != 0
                }
                if clickpadPressed && !wasPressed {
                    for (i, track) in tracks.enumerated() {
                        if let at = point(track, at: next) { pins[i] = (at, next) }
                    }
                }
                next += 1
            }
        }

        /// The slots of the touches libinput counts at `frame`: begun, neither pinned nor inactive
        /// for its gestures (``SequenceAnalysis/inactiveForGesture(at:)``).
        func counted(at frame: Int) -> [Int] {
            let inactive = analysis.inactiveForGesture(at: frame)
            return analysis.sequence.tracks.indices.filter { i in
                let track = analysis.sequence.tracks[i]
                return !analysis.sequence.isHovering(i) && point(track, at: frame) != nil
                    && !inactive.contains(track.slot) && pins[i] == nil
            }.map { analysis.sequence.tracks[$0].slot }
        }
    }

    /// `12.3 mm unaccelerated in all, from touch 0`, and for several touches how libinput combined
    /// them: the path's length, which a finger going back and forth makes longer than its touch's
    /// distance from where it began.
    var text: String {
        let amount = travel > 0 && travel < 0.05 ? "under 0.1" : SequenceAnalysis.mm(travel)
        let distance = amount + (inMM ? " mm" : " units") + " unaccelerated in all"
        guard let last = touches.last else { return distance }
        guard touches.count > 1 else { return distance + ", from touch \(last)" }
        let listed = SequenceAnalysis.touches(touches)
        let combined =
            switch pressedSteps {
            case 0: "the average of the moves of \(listed)"
            case stepCount: "the sum of the moves of \(listed), which libinput adds while a clickpad is pressed"
            default: "the average of the moves of \(listed), their sum while the clickpad was pressed"
            }
        return distance + ", " + combined + " (\(source))"
    }
}
