/// A decision as the view and the report's player show it: where on the timeline, which
/// machine reached which state, the decision in words, and the number behind it when one is.
public struct DecisionNote: Equatable, Sendable {
    /// Where it was made: at a frame of the recording's device (its index), or by a timer, a
    /// fault or another device's frame, microseconds into the recording.
    public enum Place: Equatable, Sendable {
        case frame(Int)
        case time(UInt64)
    }

    public var place: Place
    /// The machine's name: `gesture`, `tap`; with the touch for a machine of each touch's
    /// (`palm touch 1`).
    public var machine: String
    /// The state it reached, short (`PINCH_START`), or what a palm or touch line said.
    public var state: String
    /// The decision in words (``LibinputDecision/summary``).
    public var line: String
    /// The recomputed rule that speaks for it, in words, when one does.
    public var why: String?
}

extension Explanation {
    /// Every decision placed in the recording, with the finding made at the same instant about
    /// the same machine as its reason.
    public var notes: [DecisionNote] {
        sequences.flatMap { sequence in
            sequence.decisions.compactMap { decision -> DecisionNote? in
                let place: DecisionNote.Place
                switch decision.cause {
                case .frame(0, let index, _): place = .frame(index)
                // Another device's frame (a key, a lid switch) is placed at its time.
                case .frame(_, _, let time), .timers(let time), .fault(let time): place = .time(time)
                case nil: return nil
                }
                // A palm's, by the rule libinput named; another's, the number taken at its instant
                // (a touch jump's line names no touch; its finding does).
                let why =
                    sequence.findings.finding(forPalm: decision)
                    ?? sequence.findings.last {
                        $0.time == decision.cause?.time && $0.rule.machine == decision.machine
                            && ($0.touch == nil || $0.touch == decision.touch || $0.rule == .touchJump)
                    }
                let perTouch = [.palm, .thumb, .touchDetection, .button, .edgeScroll].contains(decision.machine)
                let machine = decision.machine.rawValue + (perTouch ? decision.touch.map { " touch \($0)" } ?? "" : "")
                return DecisionNote(
                    place: place, machine: machine, state: decision.shortState,
                    line: decision.summary, why: why?.text)
            }
        }
    }
}

extension Rule {
    /// The machine whose decisions the rule is about.
    var machine: LibinputDecision.Machine {
        switch self {
        case .tapTime, .tapTravel, .tapDrag, .tapFakeFingerMotion: .tap
        case .palmPressure, .palmSize, .palmEdge, .typingPalm: .palm
        case .touchPressure, .touchSize: .touchDetection
        case .thumbPosition, .thumbContext, .restingThumb: .thumb
        case .gestureMovement, .gestureSpacing, .gestureDirection, .scrollToPinch, .gestureSupport,
            .gestureFingerLimit, .holdTimer, .holdAndMotion, .fingerSwitch, .gestureFakeFingers,
            .threeFingerDragOrSwipe:
            .gesture
        case .touchJump: .kernelBug
        }
    }
}

extension LibinputDecision {
    /// The prefixes of libinput's state and event names, one per machine.
    private static let prefixes = [
        "GESTURE_STATE_", "GESTURE_EVENT_", "TAP_STATE_", "TAP_EVENT_", "THUMB_STATE_", "BUTTON_STATE_",
        "BUTTON_EVENT_", "EDGE_SCROLL_TOUCH_STATE_", "SCROLL_EVENT_",
    ]

    /// libinput's name of a state or event without its machine's prefix.
    static func short(_ name: String?) -> String {
        let name = name ?? ""
        return prefixes.first(where: name.hasPrefix).map { String(name.dropFirst($0.count)) } ?? name
    }

    /// The state reached, short, or what a palm or touch line said.
    public var shortState: String {
        // A kernel bug's line is a message of two lines, which the decision's summary holds.
        machine == .kernelBug ? "kernel bug" : to.map { Self.short($0) } ?? event ?? text
    }

    /// The decision in words: the machine, the touch or fingers, and the states it went through.
    public var summary: String {
        let touch = self.touch.map { " touch \($0)" } ?? ""
        let fingers = self.fingers.map { " [\($0) fingers]" } ?? ""
        switch machine {
        case .palm, .touchDetection, .kernelBug: return "\(machine.rawValue)\(touch): \(event ?? text)"
        default:
            let steps = [Self.short(from), Self.short(event), Self.short(to)].filter { !$0.isEmpty }
            return "\(machine.rawValue)\(touch)\(fingers): " + steps.joined(separator: " → ")
        }
    }
}
