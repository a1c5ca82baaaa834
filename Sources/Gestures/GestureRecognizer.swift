import AppEvents

/// Why ``GestureRecognizer/location(ofTouch:)`` has no answer.
public enum GestureRecognizerError: Error, Equatable, Sendable {
    /// The gesture is driven by a transform or scroll event, which has no touches (UIKit raises).
    case noTouches
    /// `index` is not below the number of touches counted.
    case touchIndexOutOfRange(index: Int, numberOfTouches: Int)
}

/// `UIGestureRecognizer`: the state machine, the event and touch filters, and what every
/// recognizer reports. A ``Surface`` delivers events to it and arbitrates between recognizers.
///
/// State machine (docs/recognizer-states.md), as UIKit's: a continuous gesture goes
/// `possible → began → changed* → ended` (or `cancelled`); a discrete one goes
/// `possible → recognized` (the same value as `ended`); either may go `possible → failed`.
/// After `ended`, `cancelled` or `failed` it resets to `possible` once the input it followed is
/// over (all its touches lifted, the transform or scroll ended, the pointer left).
///
/// Writing one: subclass it, name the inputs it takes in `init`, override the hooks for them
/// (``touchesChanged(_:with:)`` or the four UIKit touch phases, ``transformChanged(_:with:)``,
/// ``scrollChanged(_:with:)``, ``hoverChanged(isInside:with:)``), and call
/// ``transition(to:)`` as the gesture goes (``transition(to:startedBy:touch:)`` for a begin or
/// recognition that starts an interaction, ``fail(_:)`` for a failure that says why); override
/// ``reset()`` to clear per-gesture state.
open class GestureRecognizer {
    /// `UIGestureRecognizer.State`.
    public enum State: String, Sendable {
        case possible, began, changed, ended, cancelled, failed

        /// A discrete gesture's success: the same state as `ended`, as in UIKit.
        public static var recognized: State { .ended }

        var isTerminal: Bool { self == .ended || self == .cancelled || self == .failed }
    }

    /// Identifies the recognizer within its region in records and reports.
    public var name: String
    /// Which recognizer this is, as reports and descriptions name it.
    public let kind: GestureKind
    /// The inputs it takes; the surface offers it only events of these.
    public let inputs: InputSources
    /// Where it is in the state machine; `possible` again once its input is over.
    public var state: State { currentState }
    /// From the last event the recognizer handled (not the one a `shouldReceive` hook is asked about).
    public var buttonMask: ButtonMask { handledButtonMask }
    /// From the last event the recognizer handled (not the one a `shouldReceive` hook is asked about).
    public var modifierFlags: ModifierFlags { handledModifierFlags }
    /// Touch types it accepts; touches of other types are never delivered to it. Default both.
    public var allowedTouchTypes = Set(TouchType.allCases) {
        didSet {
            allowsDirect = allowedTouchTypes.contains(.direct)
            allowsIndirectPointer = allowedTouchTypes.contains(.indirectPointer)
        }
    }
    /// The app's say over what it receives and with whom it recognizes; held weakly, as UIKit's.
    public var delegate: (any GestureRecognizerDelegate)? {
        get { delegateBox?.delegate }
        set { delegateBox = newValue.map(WeakDelegate.init) }
    }
    /// The region it is attached to (UIKit's `view`).
    public var region: Region? { attachedRegion }
    /// Touches it follows, in the order they began; those that ended are dropped after the
    /// event that ended them.
    public var trackedTouches: [TrackedTouch] { touches.tracked }
    /// When its timer fires, if one is armed.
    public var timer: Double? { timerDeadline }

    /// The input it follows now, if any.
    var source: InputSource? {
        didSet { if source == nil && state.isTerminal { attachedRegion?.owningSurface?.needsSettling = true } }
    }
    /// ``allowedTouchTypes``, as asked of every touch.
    private var allowsDirect = true
    private var allowsIndirectPointer = true

    // The state behind the public properties above: internal, so that the module's own accesses
    // are checked for exclusivity when compiled, not at run time.
    var currentState = State.possible
    /// The delegate, in a box only while one is set: most recognizers have none, and loading a
    /// weak reference goes through the runtime.
    var delegateBox: WeakDelegate?
    /// Unowned, not weak: a weakly referenced region (and its surface) takes the runtime's slow
    /// path at every retain. The region clears it when it goes away.
    unowned(safe) var attachedRegion: Region?
    var handledButtonMask: ButtonMask = []
    var handledModifierFlags: ModifierFlags = []
    /// The touches it follows and counts.
    var touches = TouchBookkeeping()
    var timerDeadline: Double?
    /// The time of the event or timer being handled: when ``transition(to:)`` happens.
    var now = 0.0
    /// Transitions held back until the recognizers it requires to fail have failed.
    var pending = PendingTransitions()
    var failureRequirements: [WeakRecognizer] = []
    /// Whether the next input it takes starts a new gesture (``prepareForNewGesture()``).
    var startsNewGesture = true
    /// What the record reports (``record``).
    var transitions = Transitions()
    var maxNumberOfTouches = 0
    var followedSimulatedTouches = false
    var finalValues: GestureValues?
    /// The interactions its begins or recognitions started (``transition(to:startedBy:touch:)``).
    var starts: [InteractionStart] = []
    var arbitrationLosses: [ArbitrationLoss] = []
    /// What it followed at each activation (``ActivationInput``).
    var activationInputs: [ActivationInput] = []
    /// What it followed at each failure.
    var failureInputs: [ActivationInput] = []
    /// What starts the begin or recognition asked for, until it happens or fails.
    var requestedStart: (input: InteractionStart.Input, touch: TrackedTouch)?

    /// A recognizer of `kind` called `name`, taking `inputs`.
    public init(kind: GestureKind, name: String, inputs: InputSources) {
        self.kind = kind
        self.name = name
        self.inputs = inputs
    }

    /// Centroid of its touches, or the location of the transform, scroll or hover event it handled last.
    public var location: Point { touches.location }

    /// Touches counted at the last handled event, ending ones included; 0 when driven by transform
    /// or scroll events, 1 for a hover.
    public var numberOfTouches: Int { touches.counted.count }

    /// `location(ofTouch:in:)`.
    /// - Throws: ``GestureRecognizerError/noTouches`` when driven by a transform or scroll event.
    public func location(ofTouch index: Int) throws -> Point {
        let counted = touches.counted
        guard !counted.isEmpty else { throw GestureRecognizerError.noTouches }
        guard counted.indices.contains(index) else {
            throw GestureRecognizerError.touchIndexOutOfRange(index: index, numberOfTouches: counted.count)
        }
        return counted[index]
    }

    /// What happened so far, for reports.
    public var record: GestureRecord {
        var record = GestureRecord(region: region?.name ?? "", name: name, kind: kind)
        record.transitions = transitions.list
        record.maxNumberOfTouches = maxNumberOfTouches
        record.followedSimulatedTouches = followedSimulatedTouches
        record.followsTransforms = inputs.contains(.transform)
        record.finalValues = finalValues
        record.buttonMask = buttonMask
        record.modifierFlags = modifierFlags
        record.starts = starts
        record.arbitrationLosses = arbitrationLosses
        record.activationInputs = activationInputs
        record.failureInputs = failureInputs
        record.allowedTouchTypes = allowedTouchTypes
        return record
    }

    /// Forgets the transitions (all but the last), interaction starts, arbitration losses and
    /// activation and failure inputs recorded so far, so that a recognizer watched for hours, as in
    /// a live view, keeps constant memory; ``record`` then holds what came after.
    public func forgetHistory() {
        transitions.forgetAllButLast()
        starts.removeAll()
        arbitrationLosses.removeAll()
        activationInputs.removeAll()
        failureInputs.removeAll()
    }

    /// `require(toFail:)`: this recognizer may begin or be recognized only once `other` failed,
    /// and fails if `other` begins or is recognized. Meanwhile its transitions wait.
    public func require(toFail other: GestureRecognizer) {
        failureRequirements.append(WeakRecognizer(other))
    }

    /// Fires what this recognizer's timer would have fired up to `time` (events carry the clock;
    /// there are no real timers), e.g. a long press still held at the end of a stream.
    public func advance(to time: Double) {
        while let due = deadline, due <= time {
            timerDeadline = nil
            now = due
            timerFired(at: due)
        }
    }

    /// When its timer fires, if one is armed and it is live.
    var deadline: Double? { isLive ? timerDeadline : nil }

    /// Whether `touch`'s type is allowed.
    func allows(_ type: TouchType) -> Bool {
        type == .direct ? allowsDirect : allowsIndirectPointer
    }

    /// Arms its timer for `time` (replacing one armed); ``timerFired(at:)`` is called then if the
    /// recognizer is still live. Timers run on the events' clock: the surface fires one due before
    /// an event, at its own time, first.
    public func armTimer(at time: Double) {
        timerDeadline = time
        attachedRegion?.owningSurface?.timerArmed(by: self)
    }

    /// Disarms its timer.
    public func cancelTimer() {
        timerDeadline = nil
    }

    // MARK: Hooks for subclasses

    /// Whether to process `event`, asked before the delegate and before the recognizer copies
    /// the event's buttonMask and modifierFlags. Default true.
    open func shouldReceive(_ event: AppEvent) -> Bool { true }

    /// Whether it follows this scroll event (e.g. its scroll type), asked when it takes scroll
    /// input; only then are the `shouldReceive` hooks asked. Default true.
    open func takes(_ scroll: ScrollEvent) -> Bool { true }

    /// The touches it follows changed: `touches` are the event's touches it was handed, and
    /// ``trackedTouches`` all those it follows, ending ones still listed. Not called for an
    /// event that cancels a touch (``touchesCancelled(_:with:)``). The built-in recognizers do
    /// their work here, on the whole event at once; the default does nothing.
    open func touchesChanged(_ touches: [Touch], with event: AppEvent) {}

    /// Touches that began, after ``touchesChanged(_:with:)``: a subclass of a built-in recognizer
    /// that overrides it, as a UIKit subclass overrides `touchesBegan(_:with:)`, reads the state
    /// and values the event left.
    open func touchesBegan(_ touches: [Touch], with event: AppEvent) {}

    /// Touches that moved or stayed while others changed, after ``touchesBegan(_:with:)``.
    open func touchesMoved(_ touches: [Touch], with event: AppEvent) {}

    /// Touches that lifted, after ``touchesMoved(_:with:)``.
    open func touchesEnded(_ touches: [Touch], with event: AppEvent) {}

    /// An event cancelled touches it follows. The default cancels the gesture, or fails it if it
    /// had not begun.
    open func touchesCancelled(_ touches: [Touch], with event: AppEvent) {
        cancelOrFail(at: event.timestamp, because: .cancelled)
    }

    /// A transform event of the sequence its region is latched to; not called for a cancelled one,
    /// which cancels or fails the recognizer.
    open func transformChanged(_ transform: TransformEvent, with event: AppEvent) {}

    /// A scroll event of the sequence its region is latched to; not called for a cancelled one,
    /// which cancels or fails the recognizer.
    open func scrollChanged(_ scroll: ScrollEvent, with event: AppEvent) {}

    /// A hover event: `isInside` tells whether the pointer is over its region (and that region
    /// is the topmost one there).
    open func hoverChanged(isInside: Bool, with event: AppEvent) {}

    /// Its timer (``armTimer(at:)``) fired, at `time`; it is disarmed first.
    open func timerFired(at time: Double) {}

    /// Whether it recognizes together with `other` whatever the delegates say, as UIKit's
    /// interactions coordinate among themselves. Default false.
    func coordinates(with other: GestureRecognizer) -> Bool { false }

    /// Part-way through a gesture without any input, e.g. a double tap between its taps.
    open var isAwaitingInput: Bool { false }

    /// The values it reports (scale, rotation, translation), recorded at each state change.
    open var currentValues: GestureValues { GestureValues() }

    /// Back to `possible` once a finished gesture's input is over; subclasses clear their
    /// per-gesture state and call `super`.
    open func reset() {
        currentState = .possible
        pending = PendingTransitions()
        timerDeadline = nil
        touches.forgetCount()
        startsNewGesture = true
        requestedStart = nil
    }

    /// Input for a new gesture arrived: subclasses zero the values they report, which until
    /// then keep showing the last gesture's, as tests and reports want to read them.
    open func prepareForNewGesture() {}

    /// Moves the state machine to `newState` at the time of the event or timer being handled;
    /// invalid changes are ignored, and a begin or recognition goes through the surface's
    /// arbitration (docs/recognizer-states.md).
    public func transition(to newState: State) {
        transition(to: newState, at: now)
    }

    /// Fails the gesture, as ``transition(to:)`` to `failed` does, saying why: the record keeps
    /// the reason (``ActivationInput/failure``), and reports and the testing kit tell it.
    public func fail(_ reason: FailureReason) {
        transition(to: .failed, at: now, because: reason)
    }

    /// Asks for a begin or recognition, as ``transition(to:)``, that starts an interaction by
    /// `input` with `touch` (a context menu opening, a drag beginning): the record lists the
    /// start (``GestureRecord/starts``) when the begin or recognition happens, at its time, and
    /// not if it fails instead.
    public func transition(to newState: State, startedBy input: InteractionStart.Input, touch: TrackedTouch) {
        requestedStart = (input, touch)
        transition(to: newState, at: now)
    }
}

/// Holds a recognizer's delegate without keeping it alive, as UIKit does.
final class WeakDelegate {
    weak var delegate: (any GestureRecognizerDelegate)?

    init(_ delegate: any GestureRecognizerDelegate) {
        self.delegate = delegate
    }
}

/// Holds a required-to-fail recognizer without keeping it alive (two may require each other).
struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?

    init(_ recognizer: GestureRecognizer) {
        self.recognizer = recognizer
    }
}
