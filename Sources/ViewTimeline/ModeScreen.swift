import AppEvents
import Gestures
import LibinputEvents

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
    /// Each lane's state (the order of ``ViewScene/lanes``): possible, began, changed,
    /// recognized, ended, cancelled or failed.
    public var lanes: [String]
    /// The app events this step delivered, a short phrase each.
    public var events: [String] = []
}

/// One touch as the page draws it.
public struct ViewTouch: Equatable, Sendable {
    public var id: Int
    public var x: Double
    public var y: Double
    public var phase: String
    /// direct or indirectPointer.
    public var type: String
    /// One of compatibility mode's simulated pair.
    public var simulated: Bool
}

/// A lane's state change: a recognizer's state entered, or a context menu opened or drag began.
public struct LaneChange: Equatable, Sendable {
    public var mode: DeliveryMode
    /// Index into ``ViewScene/lanes``.
    public var lane: Int
    /// The state entered (began, recognized, …), or `menu` / `drag` for an interaction's start.
    public var state: String
    /// Seconds since the timeline's time base (``TimeBase``).
    public var time: Double
    /// An activation in one mode only: the recognizer began or was recognized and the other
    /// mode's did not within ``ModeScreen/accidentalWindow`` before or after. Live, the flag comes
    /// once the window has passed, as a second change with the activation's time; a
    /// ``ViewTimeline`` moves it onto the activation itself.
    public var accidental: Bool
}

/// One delivery mode's app: its translator and a fresh surface, stepped one libinput event at a time.
final class ModeScreen {
    /// How long another mode's activation of the same recognizer counts as the same gesture.
    static let accidentalWindow = 1.0

    let mode: DeliveryMode
    private var translator: AppEventTranslator
    private let surface: Surface
    /// How many of each recognizer's transitions were read (0 or 1): the surface forgets them and
    /// the interaction starts once read, but the last transition, which a run of `changed` may
    /// still extend.
    private var seenTransitions: [Int]
    /// When each lane last began or was recognized, seconds on the events' clock.
    private(set) var lastActivation: [Double?]
    private(set) var state: ModeState

    init(mode: DeliveryMode, configuration: AppEventTranslator.Configuration, surface: Surface) {
        self.mode = mode
        translator = AppEventTranslator(mode: mode, configuration: configuration)
        self.surface = surface
        let count = surface.gestureRecognizers.count
        seenTransitions = Array(repeating: 0, count: count)
        lastActivation = Array(repeating: nil, count: count)
        state = ModeState(pointer: translator.pointerLocation, buttons: "", lanes: Array(repeating: "possible", count: count))
    }

    /// Whether `lane` began or was recognized within ``accidentalWindow`` before `time`.
    func activated(_ lane: Int, near time: Double) -> Bool {
        lastActivation[lane].map { time - $0 <= Self.accidentalWindow && time >= $0 } ?? false
    }

    /// The lanes: each recognizer as "region/name", in delivery order.
    var lanes: [(name: String, kind: String)] {
        surface.gestureRecognizers.map { ("\($0.region?.name ?? "")/\($0.name)", $0.kind.rawValue) }
    }

    /// Translates `event`, delivers its app events and returns the lane changes it caused, with
    /// their times (seconds on the events' clock), not yet flagged.
    func step(_ event: LibinputEvent) -> [(lane: Int, state: String, time: Double)] {
        deliver(translator.translate(event))
    }

    /// Ends what only a later event could end (an open wheel sequence) and fires due timers.
    func finish(at time: UInt64) -> [(lane: Int, state: String, time: Double)] {
        let changes = deliver(translator.flush(at: time))
        surface.finish(at: Double(time) / 1e6)
        return changes + collectChanges()
    }

    private func deliver(_ events: [AppEvent]) -> [(lane: Int, state: String, time: Double)] {
        if state.touches.allSatisfy({ $0.phase == "ended" || $0.phase == "cancelled" }) { state.touches = [] }
        if state.transform?.phase == .ended || state.transform?.phase == .cancelled { state.transform = nil }
        if state.scroll?.phase == .ended || state.scroll?.phase == .cancelled { state.scroll = nil }
        if state.system?.phase == .ended || state.system?.phase == .cancelled { state.system = nil }
        state.events = events.map(AppEventFormat.short)
        for event in events {
            surface.handle(event)
            switch event.payload {
            case .touches(let touches):
                state.touches = touches.map {
                    ViewTouch(id: $0.id.rawValue, x: $0.location.x, y: $0.location.y, phase: $0.phase.rawValue,
                              type: $0.type.rawValue, simulated: $0.isSimulated)
                }
            case .transform(let t): state.transform = t
            case .scroll(let s): state.scroll = s
            case .systemGesture(let g): state.system = g
            default: break
            }
        }
        state.pointer = translator.pointerLocation
        state.region = translator.pointerRegion.map { PointerRegion.path($0.region.identifier, in: $0.view) }
        state.style = translator.pointerRegion.map { "\($0.region.style)" }
        state.buttons = translator.pointer.buttonMask.isEmpty ? "" : "\(translator.pointer.buttonMask)"
        return collectChanges()
    }

    /// The transitions and interaction starts each recognizer's record gained since the last call.
    private func collectChanges() -> [(lane: Int, state: String, time: Double)] {
        var changes: [(lane: Int, state: String, time: Double)] = []
        for (lane, recognizer) in surface.gestureRecognizers.enumerated() {
            let record = recognizer.record
            for transition in record.transitions.dropFirst(seenTransitions[lane]) {
                changes.append((lane, transition.state.rawValue, transition.time))
                if transition.state == .began || transition.state == .recognized { lastActivation[lane] = transition.time }
            }
            for start in record.starts {
                changes.append((lane, recognizer.kind == .drag ? "drag" : "menu", start.time))
            }
            state.lanes[lane] = Self.laneState(recognizer, last: record.transitions.last?.state)
            // Forgetting keeps the last transition, already read here.
            seenTransitions[lane] = min(record.transitions.count, 1)
        }
        // What was read is forgotten, so that a live view keeps constant memory however long it runs.
        surface.forgetHistory()
        return changes
    }

    private static func laneState(_ recognizer: GestureRecognizer, last: RecordedState?) -> String {
        switch recognizer.state {
        case .possible: "possible"
        case .ended: last == .recognized ? "recognized" : "ended"
        default: recognizer.state.rawValue
        }
    }
}
