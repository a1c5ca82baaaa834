import LibinputEvents

/// What became of one libinput event in one mode: every event is accounted for.
public enum Disposition: Equatable, Sendable {
    /// It produced at least one app event.
    case emitted
    /// Its content is carried by state that later app events report.
    case merged(String)
    /// It deliberately has no effect on the app, for the reason given.
    case dropped(String)
}

/// Why an event produced no app event: its content lives on in state later events carry, or it
/// has no counterpart in UIKit. A handful, each with its ``Disposition``.
enum SilentReason: Int, CaseIterable, Sendable {
    case deviceBookkeeping, touchscreen, keyState, pointerPosition, buttonMask, scrollSequence, pinchBelowThreshold, systemGestureState

    /// The reason of `event`, which produced nothing. By address: a kind passed by value was
    /// copied first, retaining a device's name and capabilities (tools/cost).
    init(_ event: UnsafePointer<LibinputEvent>) {
        switch event.pointee.kind {
        case .deviceAdded, .deviceRemoved: self = .deviceBookkeeping
        case .keyboardKey: self = .keyState
        case .touchDown, .touchMotion, .touchUp, .touchCancel, .touchFrame: self = .touchscreen
        case .pointerMotion, .pointerMotionAbsolute: self = .pointerPosition
        case .pointerButton: self = .buttonMask
        case .pointerScroll: self = .scrollSequence
        case .gesturePinchBegin, .gesturePinchUpdate, .gesturePinchEnd: self = .pinchBelowThreshold
        case .gestureSwipeBegin, .gestureSwipeUpdate, .gestureSwipeEnd, .gestureHoldBegin, .gestureHoldEnd: self = .systemGestureState
        }
    }

    var disposition: Disposition {
        switch self {
        case .deviceBookkeeping: return .dropped("device bookkeeping")
        case .touchscreen: return .dropped("touchscreen input is not modelled")
        case .keyState: return .merged("modifier and key state of later events")
        case .pointerPosition: return .merged("pointer position")
        case .buttonMask: return .merged("button mask of the click in progress")
        case .scrollSequence: return .merged("scroll sequence")
        case .pinchBelowThreshold: return .merged("pinch state below the transform threshold")
        case .systemGestureState: return .merged("system gesture state")
        }
    }
}

/// Counts of ``Disposition``s, by reason.
public struct Accounting: Equatable, Sendable {
    public private(set) var events = 0
    public private(set) var emitted = 0
    /// Merged events, by reason.
    public var merged: [String: Int] { byReason { if case .merged(let why) = $0 { why } else { nil } } }
    /// Dropped events, by reason.
    public var dropped: [String: Int] { byReason { if case .dropped(let why) = $0 { why } else { nil } } }

    // By reason number: the reasons' texts are made only when read. Counted by text, every silent
    // event (a pointer pushed past the screen edge, a key) built its disposition, searched the
    // reasons so far comparing texts, and released the text, about 100 instructions (tools/cost).
    // Inline storage: an array's count checked its buffer unique first, about 16 instructions
    // per silent event (tools/cost). One slot per SilentReason case
    // (DeliveryModeTests.testEveryReasonIsCountedApart).
    private var silent = InlineArray<8, Int>(repeating: 0)

    /// The same counts, reason by reason.
    public static func == (a: Accounting, b: Accounting) -> Bool {
        a.events == b.events && a.emitted == b.emitted && SilentReason.allCases.allSatisfy { a.silent[$0.rawValue] == b.silent[$0.rawValue] }
    }

    /// Nothing counted yet.
    public init() {}

    /// Wrapping adds: at an event a nanosecond, 2^63 of them take 292 years, and the overflow
    /// checks cost 3 instructions per event (tools/cost).
    mutating func countEmitted() {
        events &+= 1
        emitted &+= 1
    }

    mutating func countSilent(_ reason: SilentReason) {
        events &+= 1
        silent[reason.rawValue] &+= 1
    }

    /// The counts of the reasons whose disposition `text` names, under that name.
    private func byReason(_ text: (Disposition) -> String?) -> [String: Int] {
        var counts: [String: Int] = [:]
        for reason in SilentReason.allCases where silent[reason.rawValue] > 0 {
            if let why = text(reason.disposition) { counts[why, default: 0] += silent[reason.rawValue] }
        }
        return counts
    }
}

/// Turns libinput touchpad and mouse events into the events an iPad app gets, in the delivery
/// mode its `UIApplicationSupportsIndirectInputEvents` key selects (docs/indirect-input.md).
///
/// - Compatibility mode (key absent or false): a pinch or rotation becomes two simulated
///   `.direct` touches; clicks and drags are `.direct` touches, like a finger's.
/// - Indirect input mode (key true): a pinch or rotation becomes `transform` events; clicks and
///   drags are `.indirectPointer` touches; nothing is simulated.
/// - Both modes: buttonless motion gives hover touches, two-finger and wheel scrolling give
///   scroll events, swipes, holds and 3+ finger pinches give system-gesture events, and a locked pointer gives
///   relative motion.
///
/// Every event carries the timestamp (libinput's microseconds as seconds, never decreasing) and
/// the seat's current button mask and modifier flags, with one exception: the touch that ends at
/// a button release carries the mask from before the release, so that a recognizer filtering on
/// `event.buttonMask == .secondary` (seed 001) sees the whole click.
///
/// Device removal cancels what that device was doing (and the hover ends once no pointing device
/// is left); `reset(at:)` cancels everything. Touchscreen events are ignored: a touchscreen is
/// direct input, which this translator does not model.
///
/// Choices where UIKit leaves room:
/// - Hover: regionEntered at the first buttonless motion over the window, regionMoved while it
///   moves, regionExited when a motion pushes past a screen edge (see
///   ``PointerState/isInsideScreen``) or the last pointing device goes away. No hover events
///   while a button is held or the pointer is locked.
/// - `tapCount`: see ``Configuration/multiClickInterval`` and ``Configuration/multiClickSlop``.
///   Simulated touches have tapCount 1, hover touches 0.
/// - Wheels: see ``Configuration/wheelSequenceTimeout``.
/// - Three-or-more-finger swipes and holds become ``SystemGestureEvent``s. UIKit keeps swipes for
///   the system (three fingers undo/redo, seed 004; four switch apps) and has no event for a
///   hold, so no app recognizer ever sees them; TouchSynth reports them only so that a
///   diagnostic shows they happened.
/// - A pinch does not move the pointer: the simulated touches' midpoint follows the fingers
///   from the pointer location, and a transform's location is the pointer location.
public final class AppEventTranslator {
    /// Tunables of the translation.
    public struct Configuration: Sendable {
        /// The virtual screen. Default 1440 × 900 points.
        public var screenSize: Size
        /// Distance D between the two simulated touches when a pinch begins. Default 100 points:
        /// about 2 cm on an iPad at ~132 points per inch (100 / 132 in ≈ 1.9 cm), the spread of
        /// two fingertips starting a pinch.
        public var simulatedTouchDistance: Double
        /// Angle of the line from the first simulated touch to the second when a pinch begins,
        /// radians, clockwise positive. Default 0: a horizontal line, first touch on the left.
        public var simulatedTouchStartAngle: Double
        /// Longest gap, seconds, from a click's release to the next press for that press to raise
        /// `tapCount`. Default 0.5 s, macOS's default double-click interval.
        public var multiClickInterval: Double
        /// Farthest, points, a click may move and the next press may land from it and still raise
        /// `tapCount`. Default 8 points.
        public var multiClickSlop: Double
        /// Silence, seconds, after which a wheel (discrete) scroll sequence ends. Default 0.15 s,
        /// longer than the gap between notches of a wheel turned in one go. A wheel sequence
        /// begins at the first wheel event and changes with the following ones; it ends at the
        /// first pointer or gesture event that is not a wheel event, or once this much time has
        /// passed since the last wheel event (noticed on the next event and stamped when the
        /// timeout fell due), or at `flush(at:)`.
        public var wheelSequenceTimeout: Double
        /// Who grants the pointer lock. Default ``PointerLockPolicy/system``.
        public var pointerLockPolicy: PointerLockPolicy

        public init(
            screenSize: Size = .defaultScreen,
            simulatedTouchDistance: Double = 100,
            simulatedTouchStartAngle: Double = 0,
            multiClickInterval: Double = 0.5,
            multiClickSlop: Double = 8,
            wheelSequenceTimeout: Double = 0.15,
            pointerLockPolicy: PointerLockPolicy = .system
        ) {
            self.screenSize = screenSize
            self.simulatedTouchDistance = simulatedTouchDistance
            self.simulatedTouchStartAngle = simulatedTouchStartAngle
            self.multiClickInterval = multiClickInterval
            self.multiClickSlop = multiClickSlop
            self.wheelSequenceTimeout = wheelSequenceTimeout
            self.pointerLockPolicy = pointerLockPolicy
        }
    }

    /// The delivery mode the app's Info.plist key selects.
    public let mode: DeliveryMode
    public let configuration: Configuration
    // Unchecked exclusivity: driven from one thread, one event at a time, with no overlapping
    // accesses; the run-time checks were a fifth of the translator's instructions (tools/cost).
    /// The seat's pointer, buttons, modifiers and pointer lock.
    @exclusivity(unchecked) public private(set) var pointer: PointerState

    @exclusivity(unchecked) private var hover = HoverTracker()
    @exclusivity(unchecked) private var pointerTouch: PointerTouchTracker
    @exclusivity(unchecked) private var pinch: PinchGesture?
    /// The live pinch's device; apart from the gesture, whose copies then retain nothing.
    @exclusivity(unchecked) private var pinchDevice: String?
    @exclusivity(unchecked) private var simulatedTouches: SimulatedTouchPair?
    @exclusivity(unchecked) private var scroll: ScrollSequencer
    @exclusivity(unchecked) private var systemGesture = SystemGestureTracker()
    /// Devices that move the pointer or make gestures; the hover ends when the last one goes.
    /// A short list, not a set: a laptop has one or two, and hashing a name at a device's arrival
    /// was a tenth of what a recording of a single tap cost (tools/cost).
    @exclusivity(unchecked) private var pointerDevices: [String] = []
    @exclusivity(unchecked) private var nextTouchID = 1
    /// Microseconds; never goes back, so neither do the events' timestamps.
    @exclusivity(unchecked) private var clock: UInt64 = 0
    /// The device of the last pointer or gesture event, or the pointing device added last: known
    /// to be in `pointerDevices`.
    @exclusivity(unchecked) private var lastPointerDevice: String?
    /// The app events of the current call, returned at its end; unused while a receiver takes them.
    @exclusivity(unchecked) private var output: [AppEvent] = []
    /// Takes the current call's app events as they are made, in the calls given one; set only
    /// for the length of such a call, which keeps it alive, so it needs no reference count.
    @exclusivity(unchecked) private var receiver: Unmanaged<AppEventReceiver>?
    /// Whether the current call made an app event.
    @exclusivity(unchecked) private var emittedInCall = false
    /// Storage for the touch list of a call's first touches event, reused by later calls; apart
    /// from the others' (a call rarely makes more than one), so that the usual event reaches its
    /// list without going through a list of lists (tools/cost).
    @exclusivity(unchecked) private var touchList: [Touch] = []
    /// Storage for the touch lists of a call's further touches events.
    @exclusivity(unchecked) private var moreTouchLists: [[Touch]] = []
    @exclusivity(unchecked) private var touchListsUsed = 0

    /// - Precondition: the configuration's sizes, distances and durations are finite, the screen
    ///   and D positive, the others not negative.
    public init(mode: DeliveryMode, configuration: Configuration = Configuration()) {
        let c = configuration
        precondition(c.screenSize.width > 0 && c.screenSize.height > 0 && c.screenSize.width.isFinite && c.screenSize.height.isFinite, "screen size must be positive")
        precondition(c.simulatedTouchDistance > 0 && c.simulatedTouchDistance.isFinite, "simulated touch distance must be positive")
        precondition(c.simulatedTouchStartAngle.isFinite, "start angle must be finite")
        precondition(c.multiClickInterval >= 0 && c.multiClickInterval < 1e6, "multi-click interval must be a sane duration")
        precondition(c.multiClickSlop >= 0 && c.multiClickSlop.isFinite, "multi-click slop must not be negative")
        precondition(c.wheelSequenceTimeout >= 0 && c.wheelSequenceTimeout < 1e6, "wheel timeout must be a sane duration")
        self.mode = mode
        self.configuration = configuration
        pointer = PointerState(screenSize: c.screenSize, lockPolicy: c.pointerLockPolicy)
        pointerTouch = PointerTouchTracker(multiClick: .init(interval: UInt64((c.multiClickInterval * 1e6).rounded()), slop: c.multiClickSlop))
        scroll = ScrollSequencer(wheelTimeout: UInt64((c.wheelSequenceTimeout * 1e6).rounded()))
        // Storage for a first touch list and the first devices at set-up rather than at the first
        // event that needs it: a collection's first storage also has the Swift runtime build its
        // type's metadata (tools/cost).
        touchList.reserveCapacity(2)
        pointerDevices.reserveCapacity(2)
    }

    /// The touch type of clicks, drags and hover in this mode.
    public var pointerTouchType: TouchType { mode.pointerTouchType }

    // MARK: Input

    /// Translates one libinput event into the app events it causes (often none).
    ///
    /// The returned array, and the touch lists in it, reuse the translator's storage from call to
    /// call: a caller that lets go of them before the next call costs no allocation (one that
    /// keeps them gets copies, as with any array).
    public func translate(_ event: LibinputEvent) -> [AppEvent] {
        withUnsafePointer(to: event) { translate(at: $0) }
        return output
    }

    /// Translates one libinput event and hands each app event it causes to `receiver` as soon as
    /// it is made, in order. Nothing is stored, so no event is copied into an array and out again:
    /// what a pipeline feeding recognizers wants (`Comparison` streams this way).
    public func translate(_ event: LibinputEvent, to receiver: AppEventReceiver) {
        self.receiver = .passUnretained(receiver)
        // The output stays empty while a receiver takes the events.
        _ = translate(event)
        self.receiver = nil
    }

    /// ``translate(_:to:)`` for each of `events` in order: a recording replayed, or a stream
    /// compared. Cheaper than a call per event from outside: an event passed to a function in
    /// another module is copied first (its device name, its enum payload: a tenth of what
    /// `compare` spent), while this loop reads each in place.
    public func translate(contentsOf events: [LibinputEvent], to receiver: AppEventReceiver) {
        self.receiver = .passUnretained(receiver)
        events.withUnsafeBufferPointer { events in
            guard let first = events.baseAddress else { return }
            for index in events.indices { translate(at: first + index) }
        }
        self.receiver = nil
    }

    /// Takes the event by address, so that it is read where it lies, never copied whole. Inline:
    /// a call of its own that chose between the two below cost about 5 instructions per hover
    /// event (tools/cost). Each of them is a call of its own: `tools/cost --by-event` counts each
    /// libinput event's instructions per call of one or the other.
    @inline(__always) private func translate(at event: UnsafePointer<LibinputEvent>) {
        if case .pointerMotion = event.pointee.kind { translateMotion(event) } else { translateNonMotion(event) }
    }

    /// A pointer motion: a buttonless one, the usual, in one step (``translateHoverMotion(_:)``).
    @inline(never) private func translateMotion(_ event: UnsafePointer<LibinputEvent>) {
        if !translateHoverMotion(event) { translateInGeneral(event) }
    }

    /// Every event but a pointer motion. Not ``translateInGeneral(_:)`` itself, which
    /// ``translateMotion(_:)`` calls too: `--by-event` would lose the calls within calls.
    @inline(never) private func translateNonMotion(_ event: UnsafePointer<LibinputEvent>) {
        translateInGeneral(event)
    }

    /// Every event the one-step hover (``translateHoverMotion(_:)``) does not take.
    @inline(never) private func translateInGeneral(_ event: UnsafePointer<LibinputEvent>) {
        startCall(at: event.pointee.time)
        // The events that come many to a gesture are matched one by one first: a switch over
        // every kind copied the whole event out and took several kinds' payloads apart before
        // choosing, about 50 instructions per event (tools/cost).
        if case .gesturePinchUpdate(let fingers, let delta, let scale, let angleDelta) = event.pointee.kind, fingers < 3 {
            pointerActivity(of: event)
            pinchUpdate(delta, scale: scale, angleDelta: angleDelta)
        } else if case .pointerScroll(let scroll) = event.pointee.kind {
            pointerActivity(of: event, isWheel: scroll.source == .wheel)
            // Emitted here rather than through `emit(_: ScrollEvent?)`: its calls, with and without
            // an event, cost each scroll event about 40 instructions (tools/cost).
            if let end = self.scroll.endUnlessContinued(by: scroll, of: event, location: pointer.location) { emit(.scroll(end)) }
            if let next = self.scroll.follow(scroll, of: event, time: clock, location: pointer.location) { emit(.scroll(next)) }
        } else if case .pointerMotion(let dx, let dy, let unacceleratedDx, let unacceleratedDy) = event.pointee.kind {
            pointerActivity(of: event)
            motion(dx: dx, dy: dy, unaccelerated: (unacceleratedDx, unacceleratedDy))
        } else if case .gestureSwipeUpdate(_, let delta) = event.pointee.kind {
            pointerActivity(of: event)
            // As a scroll's, emitted here rather than through `emit(_: SystemGestureEvent?)`.
            if let update = systemGesture.update(.swipe, dx: delta.dx, dy: delta.dy) { emit(.systemGesture(update)) }
        } else {
            translateOther(event)
        }
        // Most events emit: no disposition to build or count by reason.
        account(silentReason: emittedInCall ? nil : SilentReason(event))
    }

    /// Notes and counts what became of the event just translated: `silentReason`, or nil when
    /// it emitted. The one place both event paths account for an event.
    @inline(__always) private func account(silentReason: SilentReason?) {
        lastSilentReason = silentReason
        if let silentReason { accounting.countSilent(silentReason) } else { accounting.countEmitted() }
    }

    /// A buttonless motion in one step: the commonest event, the one that moves the hover within
    /// the screen, first; then the others (pushing past the screen's edge, which a long session
    /// pressed against one does hundreds of times, entering or leaving it). False, having changed
    /// nothing, for any other event or state. The general path does the same for them through
    /// half a dozen calls and the checks every kind needs, about 50 instructions more per hover
    /// and 100 more per push past the edge (tools/cost).
    @inline(__always) private func translateHoverMotion(_ event: UnsafePointer<LibinputEvent>) -> Bool {
        // What the general path would find: the device already the last pointing one, no wheel
        // sequence to end, no button held, the pointer unlocked.
        guard case .pointerMotion(let dx, let dy, _, _) = event.pointee.kind,
              event.pointee.device == lastPointerDevice, !scroll.isDiscreteLive, pointer.buttonMask.isEmpty,
              !pointer.lock.isLocked else { return false }
        // The call started in each branch, not before them: ahead of the hover's checks it cost
        // about 8 instructions per hover (tools/cost).
        if let target = pointer.onScreenTarget(dx: dx, dy: dy), let touch = hover.move(to: target, type: pointerTouchType) {
            startCall(at: event.pointee.time, hoverOnly: true)
            pointer.move(toOnScreen: target)
            emit(.hover(touch))
            account(silentReason: nil)
        } else {
            // The general path's motion, unlocked, with no button held.
            startCall(at: event.pointee.time, hoverOnly: true)
            pointer.moveUnlocked(dx: dx, dy: dy)
            followHover()
            account(silentReason: emittedInCall ? nil : .pointerPosition)
        }
        return true
    }

    /// The kinds ``translateInGeneral(_:)`` does not match first.
    private func translateOther(_ event: UnsafePointer<LibinputEvent>) {
        let device = event.pointee.device
        // Matched before the switch, which copied the whole kind out first (tools/cost).
        if case .deviceAdded(let info) = event.pointee.kind {
            // The device noted as the last pointing one so that its first event does not hash its
            // name again: a short recording has few other events (tools/cost).
            if info.capabilities.contains(.pointer) || info.capabilities.contains(.gesture) { notePointerDevice(device) }
            return
        }
        switch event.pointee.kind {
        case .deviceAdded:
            break  // Translated above.
        case .deviceRemoved:
            removeDevice(device)
        case .keyboardKey(let key, let state, _):
            pointer.setKey(key, state, device: device)
        case .touchDown, .touchMotion, .touchUp, .touchCancel, .touchFrame:
            break
        case .pointerMotionAbsolute(let x, let y):
            pointerActivity(of: event)
            if !pointer.lock.isLocked {
                pointer.moveAbsolute(x: x, y: y)
                followPointer()
            }
        case .pointerButton(let button, let state, _):
            pointerActivity(of: event)
            self.button(button, state, device: device)
        case .gesturePinchBegin(let fingers) where fingers >= 3:
            pointerActivity(of: event)
            beginSystemGesture(.pinch, fingers: fingers, device: device)
        case .gesturePinchUpdate(let fingers, let delta, let scale, _) where fingers >= 3:
            pointerActivity(of: event)
            emit(systemGesture.update(.pinch, dx: delta.dx, dy: delta.dy, scale: scale))
        case .gesturePinchEnd(let fingers, _, let cancelled) where fingers >= 3:
            pointerActivity(of: event)
            emit(systemGesture.end(.pinch, cancelled: cancelled))
        case .gesturePinchBegin:
            pointerActivity(of: event)
            pinchBegin(device: device)
        case .gesturePinchEnd(_, _, let cancelled):
            // libinput's end scale is the last update's, which the gesture already holds.
            pointerActivity(of: event)
            pinchFinish(cancelled: cancelled)
        case .gestureSwipeBegin(let fingers):
            pointerActivity(of: event)
            beginSystemGesture(.swipe, fingers: fingers, device: device)
        case .gestureSwipeEnd(_, let cancelled):
            pointerActivity(of: event)
            emit(systemGesture.end(.swipe, cancelled: cancelled))
        case .gestureHoldBegin(let fingers):
            pointerActivity(of: event)
            beginSystemGesture(.hold, fingers: fingers, device: device)
        case .gestureHoldEnd(_, let cancelled):
            pointerActivity(of: event)
            emit(systemGesture.end(.hold, cancelled: cancelled))
        case .pointerMotion, .pointerScroll, .gestureSwipeUpdate, .gesturePinchUpdate:
            // Matched first (a pinch update with 3 or more fingers has its case above).
            break
        }
    }

    /// What became of the last event translated.
    public var lastDisposition: Disposition { lastSilentReason?.disposition ?? .emitted }
    /// Why the last event translated emitted nothing; nil when it emitted.
    @exclusivity(unchecked) private var lastSilentReason: SilentReason?
    /// What became of every event translated.
    @exclusivity(unchecked) public private(set) var accounting = Accounting()

    /// Cancels everything live, as after libinput reports lost events (SYN_DROPPED): every
    /// touch, transform, scroll and system gesture gets a cancelled event and the hover exits.
    /// Held buttons and keys are forgotten; caps lock and the pointer lock stay.
    public func reset(at time: UInt64) -> [AppEvent] {
        startCall(at: time)
        pointer.releaseAll()
        cancelPointerTouch()
        pinchFinish(cancelled: true)
        emit(scroll.end(.cancelled, location: pointer.location))
        emit(systemGesture.finish(.cancelled))
        emit(hover.exit(at: pointer.location, type: pointerTouchType))
        return output
    }

    /// Ends a pending wheel sequence at the end of a stream, where no later event will end it.
    /// The end is stamped when the timeout would have fired, or at `time` if that is earlier.
    /// Gestures libinput itself has not ended stay live: use `reset(at:)` to cancel them.
    public func flush(at time: UInt64) -> [AppEvent] {
        startCall(at: time)
        // Asked first, as at each event: most streams end with no wheel sequence live.
        if scroll.isDiscreteLive { emit(scroll.endDiscrete(location: pointer.location)) }
        return output
    }

    /// ``flush(at:)``, handing the event, if any, to `receiver`.
    public func flush(at time: UInt64, to receiver: AppEventReceiver) {
        self.receiver = .passUnretained(receiver)
        _ = flush(at: time)
        self.receiver = nil
    }

    // MARK: Pointer lock

    /// The app's `prefersPointerLocked` changed (`setNeedsUpdateOfPrefersPointerLocked`). Returns
    /// a `.pointerLock` event when the policy's decision changes. `time` defaults to the last
    /// event's.
    public func requestPointerLock(_ prefers: Bool, at time: UInt64? = nil) -> [AppEvent] {
        startCall(at: time ?? clock)
        if pointer.setPrefersPointerLocked(prefers) { emit(.pointerLock(isLocked: pointer.lock.isLocked)) }
        return output
    }

    /// The scene's conditions changed (Slide Over appeared, the app went to the background…).
    /// Returns a `.pointerLock` event when the policy's decision changes. `time` defaults to the
    /// last event's.
    public func updateScene(_ scene: SceneConditions, at time: UInt64? = nil) -> [AppEvent] {
        startCall(at: time ?? clock)
        if pointer.updateScene(scene) { emit(.pointerLock(isLocked: pointer.lock.isLocked)) }
        return output
    }

    // MARK: Pointer

    /// Any pointer or gesture event, `event`: remembers its device and ends a wheel sequence
    /// unless the event is itself a wheel event. Inline, as the other steps every event takes
    /// (startCall, emit, the pinch's update): their calls were a tenth of the translator's
    /// instructions (tools/cost). The device name is compared where it lies: passing it on
    /// retained and released it, about 30 instructions per event (tools/cost).
    @inline(__always) private func pointerActivity(of event: UnsafePointer<LibinputEvent>, isWheel: Bool = false) {
        // Almost always the device of the previous event: skip hashing its name again.
        if event.pointee.device != lastPointerDevice { notePointerDevice(event.pointee.device) }
        // Asked first, so that most events, with no wheel sequence live, build no optional event.
        if !isWheel && scroll.isDiscreteLive { emit(scroll.endDiscrete(location: pointer.location)) }
    }

    private func notePointerDevice(_ device: String) {
        if !pointerDevices.contains(device) { pointerDevices.append(device) }
        lastPointerDevice = device
    }

    /// While the pointer is locked the location is frozen and the motion goes to the app as
    /// relative motion, unaccelerated like `GCMouse`'s deltas (games steer cameras with them),
    /// y down.
    private func motion(dx: Double, dy: Double, unaccelerated: (dx: Double, dy: Double)) {
        if pointer.lock.isLocked {
            emit(.relativeMotion(dx: unaccelerated.dx.finiteOrZero, dy: unaccelerated.dy.finiteOrZero))
            return
        }
        pointer.move(dx: dx, dy: dy)
        followPointer()
    }

    /// A drag moves the click's touch; a buttonless motion moves the hover.
    private func followPointer() {
        // As a scroll's, emitted here rather than through the optional-taking emits.
        if !pointer.buttonMask.isEmpty {
            if let drag = pointerTouch.move(to: pointer.location) { emitTouches(drag) }
            return
        }
        followHover()
    }

    /// The hover follows the pointer: it enters, moves or leaves the screen.
    @inline(__always) private func followHover() {
        if let hover = hover.follow(to: pointer.location, isInside: pointer.isInsideScreen, type: pointerTouchType, newID: newTouchID) {
            emit(.hover(hover))
        }
    }

    private func button(_ code: UInt32, _ state: ButtonState, device: String) {
        let before = pointer.buttonMask
        guard pointer.setButton(code, state, device: device) else { return }
        if before.isEmpty {
            emitTouch(pointerTouch.begin(id: newTouchID(), type: pointerTouchType, button: code, at: pointer.location, time: clock))
        } else if pointer.buttonMask.isEmpty {
            emitTouch(pointerTouch.end(time: clock), buttonMask: before)
        } else {
            emitTouch(pointerTouch.stationary())
        }
    }

    private func cancelPointerTouch() {
        emitTouch(pointerTouch.cancel())
    }

    // MARK: Pinch

    private func pinchBegin(device: String) {
        // A begin while a pinch is live means libinput's end was lost: drop the stale pinch.
        pinchFinish(cancelled: true)
        let gesture = PinchGesture(location: pointer.location)
        pinch = gesture
        pinchDevice = device
        if mode == .indirectInput {
            emit(.transform(TransformEvent(phase: .began, scale: gesture.scale, rotation: gesture.rotation, location: pointer.location)))
        } else {
            let pair = SimulatedTouchPair(
                ids: (newTouchID(), newTouchID()), pinch: gesture,
                distance: configuration.simulatedTouchDistance, startAngle: configuration.simulatedTouchStartAngle
            )
            simulatedTouches = pair
            let touches = pair.began()
            emitTouches(touches.0, touches.1)
        }
    }

    @inline(__always) private func pinchUpdate(_ delta: GestureDelta, scale: Double, angleDelta: Double) {
        pinch?.apply(delta, scale: scale, angleDelta: angleDelta)
        guard let pinch else { return }
        if mode == .indirectInput {
            emit(.transform(TransformEvent(phase: .changed, scale: pinch.scale, rotation: pinch.rotation, location: pointer.location)))
            return
        }
        guard simulatedTouches != nil else { return }
        emitTouches(count: 2) { simulatedTouches?.follow(pinch, into: $0) }
    }

    private func pinchFinish(cancelled: Bool) {
        guard let gesture = pinch else { return }
        pinch = nil
        pinchDevice = nil
        if mode == .indirectInput {
            let phase: GesturePhase = cancelled ? .cancelled : .ended
            emit(.transform(TransformEvent(phase: phase, scale: gesture.scale, rotation: gesture.rotation, location: pointer.location)))
            return
        }
        guard let pair = simulatedTouches else { return }
        simulatedTouches = nil
        let touches = pair.finish(cancelled ? .cancelled : .ended)
        emitTouches(touches.0, touches.1)
    }

    private func beginSystemGesture(_ kind: SystemGestureEvent.Kind, fingers: Int, device: String) {
        let (cancelled, began) = systemGesture.begin(kind, fingers: fingers, device: device)
        emit(cancelled)
        emit(began)
    }

    // MARK: Devices

    /// Cancels what `device` was doing: the click it held a button for, its pinch, scroll and
    /// system gesture. The hover exits when it was the last pointing device.
    private func removeDevice(_ device: String) {
        let heldButtons = pointer.holdsButtons(device)
        pointer.removeDevice(device)
        let wasPointerDevice = pointerDevices.contains(device)
        pointerDevices.removeAll { $0 == device }
        if lastPointerDevice == device { lastPointerDevice = nil }
        if heldButtons { cancelPointerTouch() }
        if pinchDevice == device { pinchFinish(cancelled: true) }
        if scroll.liveDevice == device { emit(scroll.end(.cancelled, location: pointer.location)) }
        if systemGesture.device == device { emit(systemGesture.finish(.cancelled)) }
        if wasPointerDevice && pointerDevices.isEmpty {
            emit(hover.exit(at: pointer.location, type: pointerTouchType))
        }
    }

    // MARK: Time and events

    /// Every public entry point starts here: the clock moves to `time`, the previous call's
    /// storage is taken back, and a wheel sequence that timed out meanwhile ends first.
    /// `hoverOnly`: the call makes only hover events, with no wheel sequence live (the one-step
    /// motion's guard found none), so that neither the touch lists' count nor the wheel's timeout
    /// needs a look: the compiler could not tell, and each hover event paid for both (tools/cost).
    @inline(__always) private func startCall(at time: UInt64, hoverOnly: Bool = false) {
        clock = max(clock, time)
        // The output first: it holds the touch lists, which are unique again once it is empty.
        if !output.isEmpty { output.removeAll(keepingCapacity: true) }
        emittedInCall = false
        if hoverOnly { return }
        touchListsUsed = 0
        if let deadline = scroll.discreteDeadline, clock >= deadline {
            emit(scroll.endDiscrete(location: pointer.location), at: deadline)
        }
    }

    private func newTouchID() -> TouchID {
        defer { nextTouchID += 1 }
        return TouchID(nextTouchID)
    }

    /// Hands the receiver, or appends to the output, an event with the seat's state, stamped with
    /// the clock, or with `time` for a wheel sequence's timeout: that lies between the last wheel
    /// event and the clock, and nothing was emitted in between, since every call checks the
    /// timeout first.
    @inline(__always) private func emit(_ payload: consuming AppEvent.Payload, buttonMask: ButtonMask? = nil, at time: UInt64? = nil) {
        let event = makeEvent(payload, buttonMask: buttonMask, at: time)
        if let receiver {
            receiver._withUnsafeGuaranteedRef { $0.handle(event) }
        } else {
            output.append(event)
        }
    }

    /// An event of `payload` with the seat's state, stamped with the clock or `time`; the call
    /// has emitted once it is made.
    @inline(__always) private func makeEvent(_ payload: consuming AppEvent.Payload, buttonMask: ButtonMask?, at time: UInt64?) -> AppEvent {
        emittedInCall = true
        return AppEvent(
            timestamp: Double(time ?? clock) / 1e6, buttonMask: buttonMask ?? pointer.buttonMask,
            modifierFlags: pointer.modifierFlags, payload: payload
        )
    }

    private func emit(_ scroll: ScrollEvent?, at time: UInt64? = nil) {
        if let scroll { emit(.scroll(scroll), at: time) }
    }

    private func emit(_ gesture: SystemGestureEvent?) {
        if let gesture { emit(.systemGesture(gesture)) }
    }

    private func emit(_ hover: Touch?) {
        if let hover { emit(.hover(hover)) }
    }

    private func emitTouch(_ touch: Touch?, buttonMask: ButtonMask? = nil) {
        if let touch { emitTouches(touch, buttonMask: buttonMask) }
    }

    /// Emits a touches event of `first` and `second`, if any.
    private func emitTouches(_ first: Touch, _ second: Touch? = nil, buttonMask: ButtonMask? = nil) {
        emitTouches(count: second == nil ? 1 : 2, buttonMask: buttonMask) { list in
            list[0] = first
            if let second { list[1] = second }
        }
    }

    /// Emits a touches event of `count` touches, which `write` puts in place, in a list kept
    /// from call to call (a call emits at most a few touches events, each with its own list).
    /// The list is written in place when it has as many touches already (most events): emptying
    /// and refilling it was 2 % of compatibility mode's instructions (tools/cost).
    @inline(__always) private func emitTouches(count: Int, buttonMask: ButtonMask? = nil, write: (UnsafeMutableBufferPointer<Touch>) -> Void) {
        let index = touchListsUsed
        touchListsUsed += 1
        if index == 0 {
            Self.fill(&touchList, count: count, write)
            if let receiver {
                // Lent to the event and taken back once handled, rather than shared with it: the
                // sharing retained and released the list at every event (tools/cost).
                var lent: [Touch] = []
                swap(&lent, &touchList)
                // Consumed, not copied: the copy was retained for the event and released after,
                // about 48 instructions per event (tools/cost).
                let event = makeEvent(.touches(consume lent), buttonMask: buttonMask, at: nil)
                receiver._withUnsafeGuaranteedRef { $0.handle(event) }
                if case .touches(let list) = (consume event).payload {
                    // Written over, not assigned: the list there is still the empty array the swap
                    // left (a receiver may not call back into the translator), which is immortal,
                    // and releasing it was 18 instructions per event (tools/cost).
                    withUnsafeMutablePointer(to: &touchList) { $0.initialize(to: list) }
                }
            } else {
                emit(.touches(touchList), buttonMask: buttonMask)
            }
        } else {
            if index > moreTouchLists.count { moreTouchLists.append([]) }
            Self.fill(&moreTouchLists[index - 1], count: count, write)
            emit(.touches(moreTouchLists[index - 1]), buttonMask: buttonMask)
        }
    }

    /// Makes `list` `count` touches long (placeholders, for `write` to overwrite) unless it is,
    /// and lets `write` write them in place.
    @inline(__always) private static func fill(_ list: inout [Touch], count: Int, _ write: (UnsafeMutableBufferPointer<Touch>) -> Void) {
        if list.count != count {
            list.removeAll(keepingCapacity: true)
            for _ in 0..<count { list.append(placeholder) }
        }
        list.withUnsafeMutableBufferPointer { write($0) }
    }

    /// What a list holds until it is written: an id no touch has (they start at 1).
    private static let placeholder = Touch(id: TouchID(0), phase: .cancelled, type: .direct, location: .zero, previousLocation: .zero)
}
