import AppEvents
import LibinputDecisions

/// The view at one step: after one evdev frame of the pad, or one libinput event and what both
/// modes made of it. The page draws a frame whole; players step through them.
public struct ViewFrame: Equatable, Sendable {
    /// Its place in the timeline, from 0.
    public var index: Int
    /// Seconds since the timeline's time base (``TimeBase``): a replay's first event, or live,
    /// the first step.
    public var time: Double
    /// What the step was: `evdev` (a frame of the pad) or libinput's event type.
    public var source: String
    /// The contacts on the pad after the step.
    public var contacts: [Contact]
    /// libinput's view after the step.
    public var libinput: LibinputPanel
    /// Each mode's app after the step: compatibility, then indirect input.
    public var compat: ModeState
    public var indirect: ModeState
    /// Lane changes this step caused, both modes.
    public var changes: [LaneChange]
    /// Some recognizer is active (began, changed, recognized) in one mode and not the other.
    public var differs: Bool
    /// The modes start to differ here: this step differs and the one before did not. The page's
    /// "next difference" jumps to such a step.
    public var startsDifference: Bool
    /// The decisions libinput's state machines made at this step (a replay explained), in order.
    public var decisions: [DecisionNote] = []
}

extension ModeState {
    /// The lanes whose recognizer is under way or just recognized.
    var activeLanes: [Bool] {
        lanes.map(\.isActive)
    }
}
