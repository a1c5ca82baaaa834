import AppEvents
import Gestures
import LibinputEvents
import ModeComparison

/// What one mode's app sees at one frame: the pointer, the touches delivered, the transform,
/// scroll or system gesture under way, and each recognizer's state.
public struct ModeState: Equatable, Sendable {
    /// Where the app sees the pointer, and the pointer region it is in ("view/region") with the
    /// region's style, as the surface's pointer interactions decide.
    public var pointer: Point
    public var region: String?
    public var style: String?
    /// The buttons the pointer holds.
    public var buttons: String
    /// The touches of the last touches event, with their phases (ended ones until the next step).
    public var touches: [ViewTouch] = []
    /// The transform, scroll or system gesture event last delivered, while its sequence lasts.
    public var transform: TransformEvent?
    public var scroll: ScrollEvent?
    public var system: SystemGestureEvent?
    /// Each lane's state (the order of ``ViewScene/lanes``).
    public var lanes: [LaneState]
    /// The app events this step delivered, a short phrase each.
    public var events: [String] = []
}

/// One touch as the page draws it.
public struct ViewTouch: Equatable, Sendable {
    public var id: Int
    public var x: Double
    public var y: Double
    public var phase: TouchPhase
    /// direct or indirectPointer.
    public var type: TouchType
    /// One of compatibility mode's simulated pair.
    public var simulated: Bool
}

/// What a lane shows: its recognizer's state (a recognized discrete recognizer stays
/// `recognized` until it resets), or a context menu opening or a drag beginning.
public enum LaneState: String, Sendable {
    case possible, began, changed, recognized, ended, cancelled, failed, menu, drag

    /// The recognizer is under way or just finished its gesture.
    var isActive: Bool { self == .began || self == .changed || self == .recognized || self == .ended }

    /// The state a recognizer's record entered.
    init(_ recorded: RecordedState) {
        self =
            switch recorded {
            case .began: .began
            case .changed: .changed
            case .ended: .ended
            case .recognized: .recognized
            case .cancelled: .cancelled
            case .failed: .failed
            }
    }

    /// A recognizer's state as it stands; `ended`, which is also a discrete recognizer's
    /// success, is `recognized` when its record's last transition says so.
    init(_ state: GestureRecognizer.State, last: RecordedState?) {
        self =
            switch state {
            case .possible: .possible
            case .began: .began
            case .changed: .changed
            case .ended: last == .recognized ? .recognized : .ended
            case .cancelled: .cancelled
            case .failed: .failed
            }
    }
}

/// A lane's state change: a recognizer's state entered, or a context menu opened or drag began.
public struct LaneChange: Hashable, Sendable {
    public var mode: DeliveryMode
    /// Index into ``ViewScene/lanes``.
    public var lane: Int
    /// The state entered, or `menu` / `drag` for an interaction's start.
    public var state: LaneState
    /// Seconds since the timeline's time base.
    public var time: Double
    /// An activation the other mode's same recognizer did not match, by
    /// ``ModeComparison/AccidentalActivationRule``: over the whole replay for a timeline; live,
    /// within the rule's window, the flag coming once the window has passed, as a second change
    /// with the activation's time (a ``ViewTimeline`` moves it onto the activation itself).
    public var accidental: Bool
}

/// One delivery mode's app as the view draws it, read from its lane of the model's
/// ``ModeComparison/ModePipeline`` after each step.
final class ModeScreen {
    let mode: DeliveryMode
    /// How many of each recognizer's transitions were read (0 or 1 once forgotten): the surface
    /// forgets them and the interaction starts once read, but the last transition, which a run of
    /// `changed` may still extend.
    private var seenTransitions: [Int]
    /// Whether read history is forgotten, so that a live view keeps constant memory; a timeline
    /// keeps it for the report built from the same run.
    private let forgetsHistory: Bool
    private var readStarts: [Int]
    private(set) var state: ModeState

    init(lane: ModePipeline.Lane, forgetsHistory: Bool) {
        mode = lane.mode
        self.forgetsHistory = forgetsHistory
        let count = lane.surface?.gestureRecognizers.count ?? 0
        seenTransitions = Array(repeating: 0, count: count)
        readStarts = Array(repeating: 0, count: count)
        state = ModeState(
            pointer: lane.translator.pointerLocation, buttons: "", lanes: Array(repeating: .possible, count: count))
    }

    /// The lanes: each recognizer's path and kind, in delivery order.
    static func lanes(of surface: Surface) -> [(path: RecognizerPath, kind: String)] {
        zip(RecognizerPath.paths(of: surface.gestureRecognizers), surface.gestureRecognizers).map {
            ($0, $1.kind.rawValue)
        }
    }

    /// Reads what the lane's last step delivered and returns the lane changes it caused, with
    /// their times (seconds on the events' clock), not yet flagged, and for an activation what
    /// its recognizer followed at it.
    func read(_ lane: ModePipeline.Lane) -> [Change] {
        if state.touches.allSatisfy(\.phase.isFinal) { state.touches = [] }
        if state.transform?.phase.isFinal == true { state.transform = nil }
        if state.scroll?.phase.isFinal == true { state.scroll = nil }
        if state.system?.phase.isFinal == true { state.system = nil }
        state.events = lane.lastAppEvents.map(AppEventFormat.short)
        for event in lane.lastAppEvents {
            switch event.payload {
            case .touches(let touches):
                state.touches = touches.map {
                    ViewTouch(
                        id: $0.id.rawValue, x: $0.location.x, y: $0.location.y, phase: $0.phase,
                        type: $0.type, simulated: $0.isSimulated)
                }
            case .transform(let t): state.transform = t
            case .scroll(let s): state.scroll = s
            case .systemGesture(let g): state.system = g
            default: break
            }
        }
        let translator = lane.translator
        state.pointer = translator.pointerLocation
        state.region = translator.pointerRegion.map { PointerRegion.path($0.region.identifier, in: $0.view) }
        state.style = translator.pointerRegion.map { "\($0.region.style)" }
        state.buttons = translator.pointer.buttonMask.isEmpty ? "" : "\(translator.pointer.buttonMask)"
        return lane.surface.map(collectChanges) ?? []
    }

    /// A lane change read, not yet flagged; an activation's `input`, what its recognizer followed.
    struct Change {
        var lane: Int
        var state: LaneState
        var time: Double
        var input: ActivationInput?
        /// The recognizer acted (``RecordedState/isActivation``); a menu's or drag's start is no activation.
        var isActivation = false
        /// The recognizer follows transform events, as a pinch's does.
        var followsTransforms = false
    }

    /// The transitions and interaction starts each recognizer's record gained since the last call.
    private func collectChanges(_ surface: Surface) -> [Change] {
        var changes: [Change] = []
        for (lane, recognizer) in surface.gestureRecognizers.enumerated() {
            let record = recognizer.record
            let fresh = record.transitions.dropFirst(seenTransitions[lane])
            // The record's activation inputs end with those of the fresh activations.
            var inputs = record.activationInputs.suffix(fresh.filter(\.state.isActivation).count).makeIterator()
            for transition in fresh {
                let isActivation = transition.state.isActivation
                changes.append(
                    Change(
                        lane: lane, state: LaneState(transition.state), time: transition.time,
                        input: isActivation ? inputs.next() : nil, isActivation: isActivation,
                        followsTransforms: record.followsTransforms))
            }
            for start in record.starts.dropFirst(readStarts[lane]) {
                changes.append(Change(lane: lane, state: recognizer.kind == .drag ? .drag : .menu, time: start.time))
            }
            // One that recognized or ended in this step is possible again already: the step shows
            // the state it reached.
            state.lanes[lane] =
                fresh.last.map { LaneState($0.state) }
                ?? LaneState(recognizer.state, last: record.transitions.last?.state)
            // Forgetting keeps the last transition, already read here.
            seenTransitions[lane] = forgetsHistory ? min(record.transitions.count, 1) : record.transitions.count
            readStarts[lane] = forgetsHistory ? 0 : record.starts.count
        }
        if forgetsHistory { surface.forgetHistory() }
        return changes
    }
}
