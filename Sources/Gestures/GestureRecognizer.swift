import AppEvents

/// The recognizers this module provides, by the names a ``SurfaceDescription`` uses.
public enum GestureKind: String, Codable, Sendable, CaseIterable {
    case pinch, rotation, pan, hover, tap, longPress
}

/// Why ``GestureRecognizer/location(ofTouch:)`` has no answer.
public enum GestureRecognizerError: Error, Equatable, Sendable {
    /// The gesture is driven by a transform or scroll event, which has no touches (UIKit raises).
    case noTouches
    /// `index` is not below the number of touches counted.
    case touchIndexOutOfRange(index: Int, numberOfTouches: Int)
}

/// The input a recognizer follows; it follows one at a time.
enum InputSource: CaseIterable, Sendable {
    case touches, transform, scroll, hover
}

/// `UIGestureRecognizer`: the state machine, the event and touch filters and what every
/// recognizer reports. Subclasses here implement the concrete gestures; a ``Surface`` delivers
/// events and arbitrates between recognizers.
///
/// State machine, as UIKit's: a continuous gesture goes `possible → began → changed* → ended`
/// (or `cancelled`); a discrete one goes `possible → recognized` (the same value as `ended`);
/// either may go `possible → failed`. After `ended`, `cancelled` or `failed` it resets to
/// `possible` once the input it followed is over (all its touches lifted, the transform or scroll
/// ended, the pointer left).
open class GestureRecognizer {
    /// `UIGestureRecognizer.State`.
    public enum State: String, Sendable {
        case possible, began, changed, ended, cancelled, failed

        /// A discrete gesture's success: the same state as `ended`, as in UIKit.
        public static var recognized: State { .ended }

        var isTerminal: Bool { self == .ended || self == .cancelled || self == .failed }
    }

    // Unchecked exclusivity: driven from one thread, one event at a time, with no overlapping
    // accesses; the run-time checks were a third of the recognizers' instructions (tools/cost).
    /// Identifies the recognizer within its region in records and reports.
    @exclusivity(unchecked) public var name: String
    /// Which recognizer this is, as reports and descriptions name it.
    public let kind: GestureKind
    /// Where it is in the state machine; `possible` again once its input is over.
    @exclusivity(unchecked) public internal(set) var state: State = .possible
    /// From the last event the recognizer handled (not the one a `shouldReceive` hook is asked about).
    @exclusivity(unchecked) public internal(set) var buttonMask: ButtonMask = []
    /// From the last event the recognizer handled (not the one a `shouldReceive` hook is asked about).
    @exclusivity(unchecked) public internal(set) var modifierFlags: ModifierFlags = []
    /// Centroid of its touches, or the location of the transform, scroll or hover event it handled last.
    public var location: Point {
        withSurface { $0.catchUpSteadyInput() }
        return locationsAreTracked ? trackedCentroid : handledLocation
    }
    /// Touch types it accepts; touches of other types are never delivered to it. Default both.
    @exclusivity(unchecked) public var allowedTouchTypes: Set<TouchType> = [.direct, .indirectPointer] {
        // The events a steady run took are handed over under the types they came under.
        willSet { withSurface { $0.endSteadyInput() } }
        didSet {
            allowsDirect = allowedTouchTypes.contains(.direct)
            allowsIndirectPointer = allowedTouchTypes.contains(.indirectPointer)
            followsLiveTouches = Self.unknownFollowing
        }
    }
    /// The app's say over what it receives and with whom it recognizes; held weakly, as UIKit's.
    @exclusivity(unchecked) public weak var delegate: (any GestureRecognizerDelegate)? {
        // A delegate is asked about every event, from the next on: the events a steady run took
        // are handed over first, without asking it, and no run is taken while it is set.
        willSet { withSurface { $0.endSteadyInput() } }
        didSet { hasHadDelegate = hasHadDelegate || delegate != nil }
    }
    /// Whether a delegate was ever set: until then, ``activeDelegate`` skips loading the weak
    /// reference, which goes through the runtime.
    @exclusivity(unchecked) private var hasHadDelegate = false

    /// ``delegate``, for delivery and arbitration, which ask it on every event.
    var activeDelegate: (any GestureRecognizerDelegate)? { hasHadDelegate ? delegate : nil }
    /// The region it is attached to (UIKit's `view`); nil once that region is gone, as a weak
    /// reference would be.
    public internal(set) var region: Region? {
        get { regionReference?.takeUnretainedValue() }
        set { regionReference = newValue.map(Unmanaged.passUnretained) }
    }
    // Unretained, for the reasons `Region.surfaceReference` gives; the region clears this when
    // it goes away.
    @exclusivity(unchecked) private var regionReference: Unmanaged<Region>?

    // The set, as flags: asked for every touch of every event, where hashing showed up (perf).
    @exclusivity(unchecked) private var allowsDirect = true
    @exclusivity(unchecked) private var allowsIndirectPointer = true

    /// Whether ``allowedTouchTypes`` has `type`.
    func allows(_ type: TouchType) -> Bool {
        type == .direct ? allowsDirect : allowsIndirectPointer
    }

    /// Locations of the touches counted at the last handled event, in the order they began,
    /// unless ``locationsAreTracked``.
    @exclusivity(unchecked) var touchLocations = OwnedList<Point>()
    /// ``location`` unless ``locationsAreTracked``.
    @exclusivity(unchecked) var handledLocation: Point = .zero
    /// Whether the touches counted at the last handled event are the tracked touches as they are
    /// now: after an event the recognizer handled that moved them or began some, the locations
    /// are read from them rather than copied out (tools/cost). Cleared before the tracked touches
    /// change any other way (``freezeTouchLocations()`` copies the locations out first), and when
    /// other input replaces the locations.
    @exclusivity(unchecked) var locationsAreTracked = false
    @exclusivity(unchecked) var source: InputSource? {
        // A finished recognizer resets once its input is over: the surface looks only then.
        didSet { if source == nil && oldValue != nil && state.isTerminal { withSurface { $0.mayHaveFinished = true } } }
    }
    /// Touches it follows; those that ended are dropped after the event that ended them.
    @exclusivity(unchecked) var trackedTouches = OwnedList<TrackedTouch>()
    /// Whether the tracked touches are, in order and all allowed, the surface's live touches of
    /// the touch generation given (see ``Surface``); a generation no surface has yet when unknown.
    @exclusivity(unchecked) var followsLiveTouches = unknownFollowing
    static let unknownFollowing = (generation: -1, follows: false)
    /// Transitions held back until the recognizers it requires to fail have failed.
    @exclusivity(unchecked) var pending = PendingTransitions()
    @exclusivity(unchecked) private var failureRequirements: [WeakRecognizer] = []
    @exclusivity(unchecked) private var startsNewGesture = true
    @exclusivity(unchecked) private var log: GestureRecord
    /// Times `changed` was entered again since the log's last transition, itself a `changed`:
    /// added to that entry only when the state next changes otherwise or the record is read, so
    /// that most events leave the log alone.
    @exclusivity(unchecked) private var repeatedChanges = 0

    init(kind: GestureKind, name: String) {
        self.kind = kind
        self.name = name
        log = GestureRecord(region: "", name: name, kind: kind)
        // Storage for the first few dozen gestures (1.5 KB), at set-up rather than as they come:
        // a list's first storage also has the Swift runtime build its type's metadata, about 10 K
        // instructions per element type, and each doubling of a short list cost about 600, a
        // click's worth of transitions; the first storage past 1 KB also had glibc sort its
        // freed small blocks, 20 K to 30 K once (tools/cost on real mouse recordings).
        log.transitions.reserveCapacity(64)
        let type = ObjectIdentifier(Swift.type(of: self))
        mayRefuseEvents = !Self.builtInTypes.contains { ObjectIdentifier($0) == type }
        mayHaveDeadline = Swift.type(of: self).setsTimers
    }

    /// The recognizers this module provides, none of which overrides ``shouldReceive(_:)``.
    private static let builtInTypes: [GestureRecognizer.Type] = [
        PinchGestureRecognizer.self, RotationGestureRecognizer.self, PanGestureRecognizer.self,
        TapGestureRecognizer.self, LongPressGestureRecognizer.self, HoverGestureRecognizer.self,
    ]
    /// Whether ``shouldReceive(_:)`` may say no: only in a subclass of the app's. The built-in
    /// recognizers skip the dynamic call, which cost each about 10 instructions per event
    /// (tools/cost).
    let mayRefuseEvents: Bool

    /// Touches counted at the last handled event, ending ones included; 0 when driven by transform
    /// or scroll events, 1 for a hover.
    public var numberOfTouches: Int { locationsAreTracked ? trackedTouches.count : touchLocations.count }

    /// `location(ofTouch:in:)`.
    /// - Throws: ``GestureRecognizerError/noTouches`` when driven by a transform or scroll event.
    public func location(ofTouch index: Int) throws -> Point {
        withSurface { $0.catchUpSteadyInput() }
        let count = numberOfTouches
        guard count > 0 else { throw GestureRecognizerError.noTouches }
        guard (0..<count).contains(index) else {
            throw GestureRecognizerError.touchIndexOutOfRange(index: index, numberOfTouches: count)
        }
        return locationsAreTracked ? trackedTouches[index].location : touchLocations[index]
    }

    /// Centroid of the tracked touches, summed in order as ``updateTouchLocations()`` does.
    private var trackedCentroid: Point {
        var sum = Point.zero
        for touch in trackedTouches.elements { sum = sum.adding(touch.location) }
        return sum.scaled(by: 1 / Double(trackedTouches.count))
    }

    /// Copies the tracked touches' locations out into ``touchLocations`` and ``handledLocation``
    /// if they were read from the tracked touches: call before those change other than by a move
    /// of them all. Inline: most calls (every hover event) have nothing to copy.
    @inline(__always) func freezeTouchLocations() {
        if locationsAreTracked {
            updateTouchLocations()
            locationsAreTracked = false
        }
    }

    /// What happened so far, for reports.
    public var record: GestureRecord {
        withSurface { $0.catchUpSteadyInput() }
        var record = log
        record.addChanges(repeatedChanges)
        if repeatedChanges > 0 { record.finalValues = currentValues }
        record.name = name
        record.region = region?.name ?? ""
        return record
    }

    /// Whether the surface may take its hover moves inside its region for it
    /// (``Surface/catchUpSteadyInput()``): they move it in one step, with nothing to ask.
    var isSteadilyHovering: Bool {
        movesHoverInOneStep && activeDelegate == nil && !mayRefuseEvents && !startsNewGesture
    }

    /// `moves` hover moves inside its region taken by the surface, the last to `location`: what
    /// ``receiveHover(at:of:isInside:)``'s first path does for each, the masks and the record's
    /// touch count unchanged.
    func catchUpHover(moves: Int, to location: Point) {
        touchLocations[0] = location
        handledLocation = location
        repeatedChanges += moves
    }

    /// For subclasses: whether to process `event`, asked before the delegate and before the
    /// recognizer copies the event's buttonMask and modifierFlags. Default true.
    open func shouldReceive(_ event: AppEvent) -> Bool { true }

    /// `require(toFail:)`: this recognizer may begin or be recognized only once `other` failed,
    /// and fails if `other` begins or is recognized. Meanwhile its transitions wait.
    public func require(toFail other: GestureRecognizer) {
        failureRequirements.append(WeakRecognizer(other))
        withSurface { $0.mayHaveFailureRequirements = true }
    }

    /// Fires what this recognizer's timers would have fired up to `time` (events carry the clock;
    /// there are no real timers), e.g. a long press still held at the end of a stream.
    public func advance(to time: Double) {
        while let due = deadline, due <= time {
            deadlineReached(at: due)
        }
    }

    /// The recognizers it requires to fail that still exist. Asked only when
    /// ``hasFailureRequirements``: most recognizers require none.
    var requiredToFail: [GestureRecognizer] {
        failureRequirements.compactMap(\.recognizer)
    }

    /// Whether it was asked to `require(toFail:)` any recognizer.
    var hasFailureRequirements: Bool { !failureRequirements.isEmpty }

    /// Whether `require(toFail: other)` was called; asked of every recognizer at each
    /// recognition, so it builds no list.
    func requires(toFail other: GestureRecognizer) -> Bool {
        failureRequirements.contains { $0.recognizer === other }
    }

    /// Hands `body` the surface, if any, neither it nor the region retained: a state change
    /// tells the surface through here, and reading them as references retained and released
    /// both, about 80 instructions a time (tools/cost).
    @inline(__always) func withSurface(_ body: (Surface) -> Void) {
        regionReference?._withUnsafeGuaranteedRef { $0.surfaceReference?._withUnsafeGuaranteedRef(body) }
    }

    /// Whether it still processes input; a discrete recognition waiting on `require(toFail:)` is complete.
    @inline(__always) var isLive: Bool {
        (state == .possible || state == .began || state == .changed) && !pending.ended
    }

    /// Began from its own point of view, whether or not that is still held back.
    @inline(__always) var isInProgress: Bool { state == .began || state == .changed || pending.began }

    /// Following input now, or part-way through a gesture.
    var isInvolved: Bool { source != nil || !pending.isEmpty || isAwaitingInput }

    var deadline: Double? { mayHaveDeadline && isLive ? nextDeadline : nil }

    /// Whether the kind ever sets a timer (``nextDeadline``); only those are asked for one, as
    /// the surface does at every event while a timer may be armed (the dynamic calls to the
    /// others cost about 50 instructions a time, tools/cost).
    class var setsTimers: Bool { false }
    /// ``setsTimers``, read once.
    private let mayHaveDeadline: Bool

    // MARK: Steady runs

    /// How the recognizer takes a steady run of `input`'s usual events (a transform's or a
    /// scroll's `changed`, or the live touches moving on), while nothing else happens: for each
    /// it would do what the event before did, and what it then holds depends on the last two
    /// alone (``Surface`` keeps those, counts the others, and hands them over when the run ends
    /// or the recognizer is read). `liveTouches`: the surface's touch generation, for moves.
    final func steadiness(for input: InputSource, liveTouches: Int) -> Steadiness {
        // One following other input ignores the event; one no longer live only notes its source.
        guard source == nil || source == input else { return .always }
        guard isLive else { return source == input ? .always : .no }
        guard source == input, pending.isEmpty, !startsNewGesture, activeDelegate == nil, !mayRefuseEvents else { return .no }
        if input == .touches && followsLiveTouches != (liveTouches, true) { return .no }
        return steadiness(ofUsualEventsOf: input)
    }

    /// ``steadiness(for:liveTouches:)`` for the kind, the recognizer live and following `input`,
    /// with nothing to ask or wait for. Default ``Steadiness/no``: each event may change what it
    /// holds in a way the last two events do not tell (a pan's translation sums its steps).
    func steadiness(ofUsualEventsOf input: InputSource) -> Steadiness { .no }

    /// A steady run of `input` handed over: `count` more events like the last two replayed, each
    /// another `changed` for a gesture in progress (already in `changed`: a run's events change no
    /// state, and the first change after a begin is logged with its time).
    final func addSteadyChanges(_ count: Int, of input: InputSource) {
        if source == input && isLive && state == .changed { repeatedChanges += count }
    }

    // MARK: Overridden by subclasses

    /// The inputs it may take; the surface offers it only events of these.
    var inputs: [InputSource] { [] }

    /// Whether the recognizer follows this scroll event (e.g. its scroll type), asked when it
    /// takes scroll input; only then are the `shouldReceive` hooks asked. Default true.
    func takes(_ scroll: ScrollEvent) -> Bool { true }

    /// The tracked touches changed; those ending in this event are still listed.
    func touchesChanged(at time: Double) {}

    func transformChanged(_ transform: TransformEvent, at time: Double) {}

    func scrollChanged(_ scroll: ScrollEvent, at time: Double) {}

    func hoverChanged(isInside: Bool, at time: Double) {}

    /// When a timer would fire; only asked while the recognizer is live.
    var nextDeadline: Double? { nil }

    /// For subclasses: call when `nextDeadline` may have become non-nil, so that the surface
    /// looks for due timers again (it stops looking while none is set).
    func timerArmed() {
        withSurface { $0.mayHaveTimers = true }
    }

    /// The timer fired; the subclass must clear or move `nextDeadline` past `time`.
    func deadlineReached(at time: Double) {}

    /// Part-way through a gesture without any input, e.g. a double tap between its taps.
    var isAwaitingInput: Bool { false }

    var currentValues: GestureValues { GestureValues() }

    /// Clears per-gesture tracking when the recognizer returns to `possible`.
    func reset() {
        state = .possible
        pending = PendingTransitions()
        touchLocations.removeAll()
        locationsAreTracked = false
        startsNewGesture = true
    }

    /// Zeroes the reported values when input for a new gesture arrives; until then they keep
    /// showing the last gesture's, which is what tests and reports want to read.
    func prepareForNewGesture() {}

    // MARK: State changes

    /// Asks for a state change. Invalid changes are ignored (a failed recognizer stays failed
    /// until it resets); beginning or recognizing goes through the surface's arbitration.
    @inline(__always) func transition(to newState: State, at time: Double) {
        // A run of changes, what most events of a gesture are, is counted here, inline: a call
        // for it cost each recognizer about 20 instructions per event (tools/cost). The values
        // are left for `record` to read: in a run of changes they move only together with another
        // `changed` (each recognizer here follows every value change in progress with a
        // transition), so they are the last change's whenever it is read.
        if case .changed = newState, case .changed = state {
            repeatedChanges += 1
        } else {
            requestTransition(to: newState, at: time)
        }
    }

    private func requestTransition(to newState: State, at time: Double) {
        switch (state, newState) {
        case (.possible, .began), (.possible, .ended):
            if pending.isEmpty {
                requestRecognition(newState, at: time)
            } else if newState == .ended && pending.began {
                pending.ended = true
            }
        case (.possible, .failed), (.possible, .cancelled):
            pending = PendingTransitions()
            apply(.failed, at: time)
        case (.began, .changed),
             (.began, .ended), (.changed, .ended),
             (.began, .cancelled), (.changed, .cancelled):
            apply(newState, at: time)
        default:
            break
        }
    }

    /// Maps a transform or scroll phase onto the states: began/changed begin the gesture or change
    /// it, ended ends it (or fails it if it never began), cancelled cancels it.
    /// `movedEnough` holds back the begin until the value passed the recognizer's threshold.
    func follow(_ phase: GesturePhase, at time: Double, movedEnough: Bool = true) {
        switch phase {
        case .began, .changed:
            if isInProgress {
                transition(to: .changed, at: time)
            } else if movedEnough {
                transition(to: .began, at: time)
            }
        case .ended:
            transition(to: isInProgress ? .ended : .failed, at: time)
        case .cancelled:
            transition(to: .cancelled, at: time)
        }
    }

    /// The input it followed ended or was cancelled without it processing the end.
    func cancelOrFail(at time: Double) {
        transition(to: state == .possible ? .failed : .cancelled, at: time)
    }

    /// Applies the transitions `require(toFail:)` held back, now that the surface decided.
    func resolvePending(_ decision: RecognitionDecision, at time: Double) {
        switch decision {
        case .wait:
            break
        case .fail:
            pending = PendingTransitions()
            apply(.failed, at: time)
        case .proceed:
            let queued = pending
            pending = PendingTransitions()
            if queued.began {
                recognize(.began, at: time)
                if queued.ended { transition(to: .ended, at: time) }
            } else if queued.ended {
                recognize(.ended, at: time)
            }
        }
    }

    private func requestRecognition(_ newState: State, at time: Double) {
        var decision = RecognitionDecision.proceed
        withSurface { decision = $0.decision(for: self) }
        switch decision {
        case .proceed: recognize(newState, at: time)
        case .wait:
            pending = PendingTransitions(began: newState == .began, ended: newState == .ended)
            withSurface { $0.mayHaveWaiters = true }
        case .fail: apply(.failed, at: time)
        }
    }

    private func recognize(_ newState: State, at time: Double) {
        apply(newState, at: time)
        withSurface { $0.didRecognize(self, at: time) }
    }

    /// Enters `newState`, never `changed` from `changed` (``transition(to:at:)`` counts those).
    private func apply(_ newState: State, at time: Double) {
        // Asked here: most state changes follow no run of changes (a begin, a failure), and the
        // call to find that out cost each about 15 instructions (tools/cost).
        if repeatedChanges > 0 {
            log.addChanges(repeatedChanges)
            repeatedChanges = 0
        }
        let recorded: RecordedState
        switch (state, newState) {
        case (.possible, .ended): recorded = .recognized
        case (_, .began): recorded = .began
        case (_, .changed): recorded = .changed
        case (_, .ended): recorded = .ended
        case (_, .cancelled): recorded = .cancelled
        default: recorded = .failed
        }
        state = newState
        if newState.isTerminal { withSurface { $0.recognizerFinished() } }
        log.transitions.append(GestureTransition(state: recorded, time: time))
        if newState != .failed { log.finalValues = currentValues }
        if newState == .failed { withSurface { $0.didFail(self, at: time) } }
    }

    // MARK: Delivery bookkeeping

    /// The subclass hook and the delegate, in UIKit's order. The caller passes ``delegate``,
    /// loaded once: every load of a weak reference goes through the runtime.
    func accepts(_ event: AppEvent, delegate: (any GestureRecognizerDelegate)?) -> Bool {
        (!mayRefuseEvents || shouldReceive(event)) && (delegate?.gestureRecognizer(self, shouldReceive: event) ?? true)
    }

    /// Takes the event's masks and, for the first input after a reset, starts fresh values.
    func adopt(_ event: AppEvent) {
        buttonMask = event.buttonMask
        modifierFlags = event.modifierFlags
        if startsNewGesture {
            startsNewGesture = false
            prepareForNewGesture()
        }
    }

    /// Updates the record after an event was processed.
    @inline(__always) func didHandle() {
        didHandle(touchCount: numberOfTouches)
    }

    /// ``didHandle()`` when the number of touches is known: the usual event's path has just
    /// moved the tracked touches, and asking ``numberOfTouches`` which list to count cost each
    /// recognizer a few instructions per event (tools/cost).
    @inline(__always) func didHandle(touchCount: Int) {
        log.maxNumberOfTouches = max(log.maxNumberOfTouches, touchCount)
        log.buttonMask = buttonMask
        log.modifierFlags = modifierFlags
    }
}

/// The transitions `require(toFail:)` holds back, in this order: a begin, an end (a discrete
/// recognition, or a continuous gesture's end while its begin waits), or both. Two flags, not a
/// list of states: every event asks about them.
struct PendingTransitions {
    var began = false
    var ended = false

    var isEmpty: Bool { !began && !ended }
}

/// Holds a required-to-fail recognizer without keeping it alive (two may require each other).
private struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?

    init(_ recognizer: GestureRecognizer) {
        self.recognizer = recognizer
    }
}

/// How a recognizer takes a steady run of one input's usual events (``GestureRecognizer/steadiness(for:liveTouches:)``).
enum Steadiness {
    /// Each event may change it: no run while it takes them.
    case no
    /// Every such event leaves it where it is but for its values and one more `changed`.
    case always
    /// So does each event that passes the check.
    case checked(SteadyCheck)
}

/// What an event of a steady run must be to leave a recognizer with a threshold where it is, as
/// plain values: the surface checks each event itself, where a call to the recognizer and the
/// recognizer's own reading of its state cost about 80 instructions a move (tools/cost). Made
/// from the recognizer's state, which no event of the run changes, and its thresholds, whose
/// setters end the run. The tests are the recognizers' own (the static functions below), so
/// that an event the check admits is one the recognizer leaves where it is.
enum SteadyCheck {
    /// Touch `second` lies from touch `first` (their indices in the moving touches) at a squared
    /// distance within `lowSquared...highSquared` (``isLength(_:within:_:)``).
    case pairLength(first: Int, second: Int, lowSquared: Double, highSquared: Double)
    /// The line from touch `first` to touch `second` turned from `reference` by less than
    /// `slope` allows (``isTurn(_:from:within:)``).
    case pairTurn(first: Int, second: Int, reference: Point, slope: Double)
    /// The line from touch `first` to touch `second` is less than a quarter turn from
    /// `reference` (``isWithinQuarterTurn(_:of:)``).
    case pairQuarterTurn(first: Int, second: Int, reference: Point)
    /// The transform's scale (`isScale`) or rotation has not moved `limit` away from `rest`
    /// (``hasMoved(_:from:beyond:)``).
    case transformValue(isScale: Bool, rest: Double, limit: Double)

    /// Whether the live touches moving to `touches` pass.
    @inline(__always) func admits(moving touches: UnsafeBufferPointer<Touch>) -> Bool {
        switch self {
        case let .pairLength(first, second, lowSquared, highSquared):
            return Self.isLength(Self.line(touches, first, second), within: lowSquared, highSquared)
        case let .pairTurn(first, second, reference, slope):
            return Self.isTurn(Self.line(touches, first, second), from: reference, within: slope)
        case let .pairQuarterTurn(first, second, reference):
            return Self.isWithinQuarterTurn(Self.line(touches, first, second), of: reference)
        case .transformValue:
            return false
        }
    }

    /// Whether `transform` passes.
    @inline(__always) func admits(_ transform: TransformEvent) -> Bool {
        guard case let .transformValue(isScale, rest, limit) = self else { return false }
        return !Self.hasMoved(Self.value(of: transform, isScale: isScale), from: rest, beyond: limit)
    }

    /// The line from touch `first` to touch `second`: a ``Segment``'s direction.
    @inline(__always) private static func line(_ touches: UnsafeBufferPointer<Touch>, _ first: Int, _ second: Int) -> Point {
        touches[second].location.subtracting(touches[first].location)
    }

    /// Whether `line`'s squared length lies within `lowSquared...highSquared`.
    @inline(__always) static func isLength(_ line: Point, within lowSquared: Double, _ highSquared: Double) -> Bool {
        let lengthSquared = line.x * line.x + line.y * line.y
        return lowSquared <= lengthSquared && lengthSquared <= highSquared
    }

    /// Whether `line` is less than a quarter turn from `reference` (a positive dot product) and
    /// its cross product with it at most `slope` times the dot product in size.
    @inline(__always) static func isTurn(_ line: Point, from reference: Point, within slope: Double) -> Bool {
        let (cross, dot) = (reference.x * line.y - reference.y * line.x, reference.x * line.x + reference.y * line.y)
        return dot > 0 && abs(cross) <= slope * dot
    }

    /// Whether `line` is less than a quarter turn from `reference`: a positive dot product.
    @inline(__always) static func isWithinQuarterTurn(_ line: Point, of reference: Point) -> Bool {
        reference.x * line.x + reference.y * line.y > 0
    }

    /// A transform's scale (`isScale`) or rotation.
    @inline(__always) static func value(of transform: TransformEvent, isScale: Bool) -> Double {
        isScale ? transform.scale : transform.rotation
    }

    /// Whether `value` moved more than `limit` away from `rest`; a NaN value has not.
    @inline(__always) static func hasMoved(_ value: Double, from rest: Double, beyond limit: Double) -> Bool {
        abs(value - rest) > limit
    }
}
