import AppEvents

/// A stand-in for an app's view hierarchy: named regions with recognizers, fed the app event
/// stream.
///
/// Delivery: a touch goes to the recognizers of the topmost region containing it where it began,
/// for its whole life; a transform or scroll sequence to those of the region under its location
/// at `began`; a hover event to the hover recognizers of the region under the pointer, and to
/// any still hovering elsewhere so they can end. `systemGesture`, `pointerLock` and
/// `relativeMotion` events are ignored: UIKit recognizers never see them (the system keeps
/// 3+-finger swipes; the lock state and locked motion reach apps outside `UIEvent`).
///
/// Arbitration, as UIKit's: recognizers following the same kind of input (touches, transform,
/// scroll) do not recognize simultaneously unless a delegate or
/// ``allowSimultaneousRecognition(_:_:)`` allows it. One that begins or is recognized makes the
/// others still `possible` on that input fail; one that wants to begin while another is already
/// recognizing fails. Hover recognizers take no part: seed 001 runs two on one view, and hover
/// never competes with a click. `require(toFail:)` holds a recognizer's transitions until the
/// other fails. Time comes from event timestamps: timers due before an event fire first, at
/// their own time.
///
/// Cost: while a gesture goes on as it did (the hover moving over one region, a transform or
/// scroll changing, the touches moving on), the surface may take its events itself and hand them
/// to the recognizers when one is read or something else happens (steady runs, below). What a
/// recognizer reports is what handling each event would have left.
public final class Surface: AppEventReceiver {
    // Unchecked exclusivity: driven from one thread, one event at a time, with no overlapping
    // accesses; the run-time checks were a third of the recognizers' instructions (tools/cost).
    /// Its regions, bottom to top.
    @exclusivity(unchecked) public private(set) var regions: [Region] = []
    /// Each region's recognizers, by input and region index. Delivery works on these and on
    /// region indices; listed per input, so that an event visits only the recognizers that may
    /// take it (a transform, 2 of the default surface's 7).
    @exclusivity(unchecked) private var delivery = RecognizersByInput()
    /// The region index each live touch began in (nil: none), oldest first; a few at most, so a list.
    @exclusivity(unchecked) private var touchRegions = OwnedList<LiveTouch>()
    /// The region every live touch began in, when they all began in the same one.
    @exclusivity(unchecked) private var soleTouchRegion: Int?
    /// Changes whenever touches begin or end (and recognizers are added): a recognizer that
    /// found its tracked touches to be the live touches keeps knowing it while this stays.
    @exclusivity(unchecked) private var touchGeneration = 0
    /// The recognizers of one region that moving touches are delivered to: those that took
    /// touches (or nothing) and were live when it was made, in delivery order; for the touch
    /// generation and region of ``movingRecipientsKey``, and only while no recognizer finished
    /// since (nil key). Moves concern only recognizers that track the moving touches, which they
    /// start to at a touch's begin (a new generation); one that stopped processing resumes only
    /// after a reset, once its touches ended (a new generation too). Visiting the finished ones
    /// at every move cost about 20 instructions each (tools/cost).
    @exclusivity(unchecked) private var movingRecipients: RecognizerList = []
    @exclusivity(unchecked) private var movingRecipientsKey: (generation: Int, region: Int)?
    /// Storage for the touches of an event that hit one region when others hit elsewhere.
    @exclusivity(unchecked) private var regionTouches: [Touch] = []
    /// The region index the transform sequence was delivered to at `began`.
    @exclusivity(unchecked) private var latchedTransformRegion: Int?
    /// The region index the scroll sequence was delivered to at `began`.
    @exclusivity(unchecked) private var latchedScrollRegion: Int?
    /// A short list, not a set: a surface allows a few pairs, and hashing one at every
    /// recognition cost about 100 instructions per competitor (tools/cost).
    @exclusivity(unchecked) var simultaneousPairs: [RecognizerPair] = []
    /// Set when a recognizer starts waiting on `require(toFail:)`; cleared once none waits.
    @exclusivity(unchecked) var mayHaveWaiters = false
    /// Set when a recognizer ends, is cancelled or fails, and when a finished one's input ends:
    /// the moments one may reset.
    @exclusivity(unchecked) var mayHaveFinished = false
    /// Whether a recognizer of the surface requires another to fail: without one, a recognition
    /// that competes with none (a hover's) leaves the others as they are.
    @exclusivity(unchecked) var mayHaveFailureRequirements = false
    /// Set when a recognizer arms a timer; cleared once none has a deadline, so that most events
    /// do not ask every recognizer for one.
    @exclusivity(unchecked) var mayHaveTimers = false

    /// Whether the surface takes steady runs, true by default: while the input only repeats what
    /// every recognizer following it did for the event before, the surface takes the events
    /// itself and hands the recognizers the last two when the run ends or one is read. False
    /// visits every recognizer at every event: the reference `compare --check` holds the runs to,
    /// for what an app reads is the same either way.
    @exclusivity(unchecked) public var takesSteadyRuns = true {
        willSet { endSteadyInput() }
    }

    /// A surface of `regions`, later ones on top.
    public init(regions: [Region] = []) {
        super.init()
        // At set-up rather than at the first touch that hits one region when others hit elsewhere:
        // a list's first storage also has the Swift runtime build its type's metadata (tools/cost).
        regionTouches.reserveCapacity(2)
        movingRecipients.reserveCapacity(8)
        replayTouches.reserveCapacity(4)
        regions.forEach(addRegion)
    }

    deinit {
        // A region added to a later surface belongs to that one now.
        for region in regions where region.surface === self { region.surface = nil }
    }

    /// Adds `region` on top of the existing ones.
    public func addRegion(_ region: Region) {
        // One taken from another surface takes the events that surface took for it along.
        region.surface?.endSteadyInput()
        region.surface = self
        regions.append(region)
        recognizersChanged()
    }

    /// Rebuilds ``gestureRecognizers`` after a region or recognizer was added.
    func recognizersChanged() {
        endSteadyInput()
        delivery = RecognizersByInput(regions)
        touchGeneration &+= 1
        movingRecipientsKey = nil
        gestureRecognizers = regions.flatMap(\.gestureRecognizers)
        allRecognizers = OwnedList(capacity: gestureRecognizers.count)
        for recognizer in gestureRecognizers { allRecognizers.append(Unmanaged.passUnretained(recognizer)) }
        // One may arrive with a timer armed: looked for now, while building, rather than at the
        // first event, which every recording paid for (tools/cost).
        mayHaveTimers = earliestDeadline() != nil
        mayHaveFailureRequirements = gestureRecognizers.contains { $0.hasFailureRequirements }
    }

    /// The region called `name`, if any.
    public func region(named name: String) -> Region? {
        regions.first { $0.name == name }
    }

    /// Every recognizer, region by region, in delivery order (kept, not rebuilt per event).
    @exclusivity(unchecked) public private(set) var gestureRecognizers: [GestureRecognizer] = []
    /// ``gestureRecognizers`` unretained, for the loops of arbitration, timers and settling: over
    /// the strong list each visit retained and released the recognizer, half of what deciding
    /// on a recognition cost, and an array of them was itself retained for every loop (tools/cost).
    @exclusivity(unchecked) private var allRecognizers = OwnedList<Unmanaged<GestureRecognizer>>()

    /// Hands `body` each recognizer in delivery order, unretained.
    @inline(__always) func forEachRecognizer(_ body: (GestureRecognizer) -> Void) {
        // By index, each read where the list is now: an app's delegate, asked in arbitration, may
        // add a recognizer, which replaces the list's storage.
        var index = 0
        while index < allRecognizers.count {
            allRecognizers[index]._withUnsafeGuaranteedRef(body)
            index += 1
        }
    }

    /// Each recognizer's record, in delivery order.
    public var records: [GestureRecord] {
        gestureRecognizers.map(\.record)
    }

    /// The topmost region containing `point`.
    public func hitTest(_ point: Point) -> Region? {
        hitTestIndex(point).map { regions[$0] }
    }

    // Inline: every hover event asks, and its call cost about a third of the search (tools/cost).
    @inline(__always) private func hitTestIndex(_ point: Point) -> Int? {
        regions.lastIndex { $0.frame.contains(point) }
    }

    /// Lets `a` and `b` recognize simultaneously, as a delegate answering yes would, leaving
    /// their `delegate` free for the app.
    public func allowSimultaneousRecognition(_ a: GestureRecognizer, _ b: GestureRecognizer) {
        let pair = RecognizerPair(a, b)
        if !simultaneousPairs.contains(pair) { simultaneousPairs.append(pair) }
    }

    /// The timestamp of the last event handled, if any.
    @exclusivity(unchecked) public private(set) var lastEventTimestamp: Double?

    /// Delivers one event; events must come in timestamp order.
    override public func handle(_ event: AppEvent) {
        // Two calls of their own, chosen here: the steady hover's move, taken inside this
        // function, had every event save the registers the general path uses (tools/cost).
        // The hover's run apart: in the function of the others, the choice among them and their
        // larger frame cost each hover about 13 instructions more (tools/cost).
        if steadyInput == .none {
            handleInGeneral(event)
        } else if steadyInput == .hover {
            handleWhileHoverIsSteady(event)
        } else {
            handleWhileSteady(event)
        }
    }

    /// An event while the hover is steady: a move the run takes, or the end of it.
    @inline(never) private func handleWhileHoverIsSteady(_ event: AppEvent) {
        if takeSteadyHover(event) { return }
        endSteadyInput()
        handleInGeneral(event)
    }

    /// An event during a steady run of transforms, scrolls or moves: one the run takes, or the
    /// end of it.
    @inline(never) private func handleWhileSteady(_ event: AppEvent) {
        switch steadyInput {
        case .transform: if takeSteadyTransform(event) { return }
        case .scroll: if takeSteadyScroll(event) { return }
        case .moves: if takeSteadyMove(event) { return }
        case .hover, .none: break
        }
        if steadyRun.count == 0 { steadyPause = Self.steadyRunRetry }
        endSteadyInput()
        handleInGeneral(event)
    }

    /// Every event a steady hover does not take.
    @inline(never) private func handleInGeneral(_ event: AppEvent) {
        lastEventTimestamp = event.timestamp
        fireTimers(upTo: event.timestamp)
        // The usual events matched first: touches that move, chosen here, indirect input mode's
        // transforms, and hover events. The switch loaded every kind's payload before choosing,
        // and a call to the general path first cost about 20 instructions per move (tools/cost).
        if case .touches(let touches) = event.payload, let region = regionOfMovingTouches(touches) {
            deliverMoves(touches, to: region, of: event)
            if mayBeginSteadyRun(of: .touches) { beginSteadyMoves(in: region, of: event) }
        } else if case .transform(let transform) = event.payload {
            deliverTransform(transform, of: event)
            if transform.phase == .began { steadyPause = Self.steadyRunWait }
            if let region = latchedTransformRegion { beginSteadyGesture(.transform, in: region, of: event) }
        } else if case .hover(let touch) = event.payload {
            // Delivered here, not in a function of its own: the optimizer kept that a call even
            // when asked to inline it, about 25 instructions per hover event (tools/cost).
            let hit = touch.phase == .regionExited ? nil : hitTestIndex(touch.location)
            // Every region's hover recognizers in one run, each entry's region beside it: a range
            // looked up per region cost about 20 instructions per hover event (tools/cost).
            let all = delivery.hoverEntries
            var slot = all.lowerBound
            while slot < all.upperBound {
                let isInside = delivery.regionOfEntry[slot] == hit
                delivery.entries[slot]._withUnsafeGuaranteedRef { recognizer in
                    if isInside || recognizer.source == .hover {
                        recognizer.receiveHover(at: touch.location, of: event, isInside: isInside)
                    }
                }
                slot += 1
            }
            // Before settling: the hover becomes steady only when there is nothing to settle.
            if touch.phase == .regionMoved, let hit { beginSteadyHover(in: hit, of: event) }
        } else {
            deliverOther(event)
            if case .scroll(let scroll) = event.payload, let region = latchedScrollRegion {
                if scroll.phase == .began { steadyPause = Self.steadyRunWait }
                beginSteadyGesture(.scroll, in: region, of: event)
            }
        }
        // settle's own checks, asked here first: most events need no call (inlining settle instead
        // cost more, tools/cost).
        if mayHaveWaiters || mayHaveFinished { settle(at: event.timestamp) }
    }

    // MARK: Steady runs

    /// While the hover moves on within one region, a transform or a scroll changes, or the live
    /// touches move on, and every recognizer that follows that input would only do again what it
    /// did for the event before, with nothing to ask or wait for, the surface takes such events
    /// itself: a steady run. It checks that each is such an event with the same masks, and that
    /// it passes the checks of the recognizers with a threshold to watch (``SteadyCheck``), keeps
    /// the last two and counts the rest, and visits no recognizer until something else happens
    /// (``endSteadyInput()``) or one is read (``catchUpSteadyInput()``). Then it replays the
    /// last two through the usual delivery, and each gesture in progress counts the other events
    /// as the changes they were: what a recognizer holds after such events (the touches' last
    /// locations, the last value, the velocity between the last two) depends on those two alone.
    /// A hover's run keeps only the last location. A hover event cost the surface about 140
    /// instructions, two thirds of them visiting the recognizers, and one taken costs about 60;
    /// a compatibility-mode pinch update about 450 and one taken about 200; an indirect input
    /// mode transform about 340 and one taken about 100 (tools/cost).
    private enum SteadyInput {
        case none, hover, transform, scroll, moves
    }
    @exclusivity(unchecked) private var steadyInput = SteadyInput.none
    /// Whether a steady run is on (for tests: what the recognizers read is the same either way).
    var isInSteadyRun: Bool { steadyInput != .none }
    @exclusivity(unchecked) private var steadyRun = SteadyRun()
    /// What each event of the run must pass for the recognizers with a threshold to watch.
    @exclusivity(unchecked) private var steadyChecks = OwnedList<SteadyCheck>(capacity: 8)
    @exclusivity(unchecked) private var steadyTransforms = LastTwo(TransformEvent(phase: .changed, scale: 1, rotation: 0, location: .zero))
    @exclusivity(unchecked) private var steadyScrolls = LastTwo(ScrollEvent(phase: .changed, type: .continuous, delta: .zero, translation: .zero, location: .zero))
    @exclusivity(unchecked) private var steadyMoves = SteadyMoves()
    /// The recognizer that refused the last run of transforms, scrolls or moves (unretained, as
    /// the surface's lists hold it: none is ever removed), the input, the touch generation and
    /// the state it refused in.
    @exclusivity(unchecked) private var steadyRefusal: SteadyRefusal?
    /// Events to let go by before looking for such a run again: after one that took none, or a
    /// transform, scroll or touch that began.
    @exclusivity(unchecked) private var steadyPause = 0
    /// The events of a new sequence let go by before a run is looked for: a run pays for
    /// itself from its third event (it hands the last two over as they came), and two-finger
    /// taps and short scrolls, a few events each, paid for runs of one or two (tools/cost).
    private static let steadyRunWait = 2
    /// The events let go by after a run that took none: the rotation of a pinch nearing its
    /// threshold ended each run at its first move (tools/cost).
    private static let steadyRunRetry = 4
    /// The list a replayed move's touches are handed over in.
    @exclusivity(unchecked) private var replayTouches: [Touch] = []

    /// Whether `event` may continue the run: the same masks, nothing armed, waiting or finished.
    @inline(__always) private func continuesSteadyRun(_ event: AppEvent) -> Bool {
        event.buttonMask == steadyRun.buttonMask && event.modifierFlags == steadyRun.modifierFlags
            && !mayHaveTimers && !mayHaveWaiters && !mayHaveFinished
    }

    /// Whether `event` comes after the last one: a velocity is taken between the last two events
    /// of different times, so a run keeps only events whose times all differ.
    @inline(__always) private func isLater(_ event: AppEvent) -> Bool {
        event.timestamp > lastEventTimestamp ?? .infinity
    }

    /// Notes an event the run took.
    @inline(__always) private func noteSteady(_ event: AppEvent) {
        lastEventTimestamp = event.timestamp
        steadyRun.count &+= 1
    }

    /// Takes `event` if it moves the steady hover on within its region with the same masks.
    @inline(__always) private func takeSteadyHover(_ event: AppEvent) -> Bool {
        guard case .hover(let touch) = event.payload, touch.phase == .regionMoved, continuesSteadyRun(event),
              hitTestIndex(touch.location) == steadyRun.region else { return false }
        noteSteady(event)
        steadyRun.location = touch.location
        return true
    }

    /// Takes `event` if it changes the run's transform and leaves every recognizer that watches
    /// a threshold where it is.
    @inline(__always) private func takeSteadyTransform(_ event: AppEvent) -> Bool {
        guard case .transform(let transform) = event.payload, transform.phase == .changed,
              continuesSteadyRun(event), isLater(event) else { return false }
        for check in steadyChecks.elements where !check.admits(transform) { return false }
        steadyTransforms.append(transform, at: event.timestamp)
        noteSteady(event)
        return true
    }

    /// Takes `event` if it changes the run's scroll, of the same type.
    @inline(__always) private func takeSteadyScroll(_ event: AppEvent) -> Bool {
        guard case .scroll(let scroll) = event.payload, scroll.phase == .changed, scroll.type == steadyRun.scrollType,
              continuesSteadyRun(event), isLater(event) else { return false }
        steadyScrolls.append(scroll, at: event.timestamp)
        noteSteady(event)
        return true
    }

    /// Takes `event` if the live touches move on in the run's region and leave every recognizer
    /// that watches a threshold where it is.
    @inline(always) private func takeSteadyMove(_ event: AppEvent) -> Bool {
        // Always inlined: with the checks' shared tests the optimizer kept it a call of its own,
        // about 10 instructions more per move (tools/cost).
        guard case .touches(let touches) = event.payload, continuesSteadyRun(event), isLater(event),
              regionOfMovingTouches(touches) == steadyRun.region else { return false }
        let isTaken = touches.withUnsafeBufferPointer { touches in
            for check in steadyChecks.elements where !check.admits(moving: touches) { return false }
            steadyMoves.append(touches, at: event.timestamp)
            return true
        }
        guard isTaken else { return false }
        noteSteady(event)
        return true
    }

    /// Starts a run of `input` in region `region` after `event`, delivered.
    private func beginSteadyRun(_ input: SteadyInput, in region: Int, of event: AppEvent) {
        guard takesSteadyRuns else { return }
        steadyRun = SteadyRun(region: region, buttonMask: event.buttonMask, modifierFlags: event.modifierFlags)
        steadyInput = input
    }

    /// After a hover move delivered to the recognizers: the hover is steady from here if every
    /// hover recognizer of `region` now takes such moves in one step, and those elsewhere no
    /// longer follow the hover.
    private func beginSteadyHover(in region: Int, of event: AppEvent) {
        guard !mayHaveTimers && !mayHaveWaiters && !mayHaveFinished else { return }
        var slot = delivery.hoverEntries.lowerBound
        while slot < delivery.hoverEntries.upperBound {
            let isInside = delivery.regionOfEntry[slot] == region
            let isSteady = delivery.entries[slot]._withUnsafeGuaranteedRef { recognizer in
                isInside ? recognizer.isSteadilyHovering : recognizer.source != .hover
            }
            guard isSteady else { return }
            slot += 1
        }
        beginSteadyRun(.hover, in: region, of: event)
    }

    /// After moves delivered to the moving touches' recipients in `region`, when
    /// ``mayBeginSteadyRun(of:)`` says so (asked in the event function: the call it saved each
    /// move of a drag, which no run takes, cost about 20 instructions, tools/cost): a run from
    /// here if each takes such moves steadily.
    private func beginSteadyMoves(in region: Int, of event: AppEvent) {
        steadyChecks.removeAll()
        var index = 0
        while index < movingRecipients.count {
            let recipient = movingRecipients[index]
            switch recipient._withUnsafeGuaranteedRef({ $0.steadiness(for: .touches, liveTouches: touchGeneration) }) {
            case .no:
                steadyRefusal = SteadyRefusal(recipient, input: .touches, generation: touchGeneration)
                return
            case .checked(let check): steadyChecks.append(check)
            case .always: break
            }
            index += 1
        }
        beginSteadyRun(.moves, in: region, of: event)
    }

    /// Whether to look for a run of `input` after an event: not while something is armed,
    /// waiting or finished, nor while the recognizer that refused the last one is in the state
    /// it refused in, with the same live touches, nor for a few events after a run that took
    /// none or a sequence that began. Such a run would most likely be refused again, or end at
    /// once, and asking every recognizer cost each move of a drag, or before a pinch began, or
    /// while its rotation neared its threshold, about 60 instructions (tools/cost).
    @inline(__always) private func mayBeginSteadyRun(of input: InputSource) -> Bool {
        guard !mayHaveTimers && !mayHaveWaiters && !mayHaveFinished else { return false }
        if steadyPause > 0 {
            steadyPause -= 1
            return false
        }
        if let refusal = steadyRefusal, refusal.input == input, refusal.generation == touchGeneration,
           refusal.recognizer._withUnsafeGuaranteedRef({ $0.state }) == refusal.state {
            return false
        }
        return true
    }

    /// After a transform or scroll `event` delivered to `region`, its sequence still latched
    /// there: a run from here if each recognizer that takes it takes such events steadily.
    private func beginSteadyGesture(_ kind: InputSource, in region: Int, of event: AppEvent) {
        guard mayBeginSteadyRun(of: kind) else { return }
        steadyChecks.removeAll()
        let scroll: ScrollEvent? = if case .scroll(let scroll) = event.payload { scroll } else { nil }
        for index in delivery.range(kind, region: region) {
            let recipient = delivery.entries[index]
            let steadiness = recipient._withUnsafeGuaranteedRef { recognizer in
                if let scroll, !recognizer.takes(scroll) { return Steadiness.always }
                return recognizer.steadiness(for: kind, liveTouches: touchGeneration)
            }
            switch steadiness {
            case .no:
                steadyRefusal = SteadyRefusal(recipient, input: kind, generation: touchGeneration)
                return
            // Only transforms have thresholds to watch.
            case .checked(let check): if kind == .scroll { return } else { steadyChecks.append(check) }
            case .always: break
            }
        }
        if let scroll {
            beginSteadyRun(.scroll, in: region, of: event)
            steadyRun.scrollType = scroll.type
        } else {
            beginSteadyRun(.transform, in: region, of: event)
        }
    }

    /// Hands the events taken so far to the recognizers, leaving the run on: before one is read.
    /// Inline: most reads find nothing to hand over.
    @inline(__always) func catchUpSteadyInput() {
        if steadyInput != .none && steadyRun.count > 0 { catchUpSteadyRun() }
    }

    /// ``catchUpSteadyInput()`` with events to hand over.
    @inline(never) private func catchUpSteadyRun() {
        let count = steadyRun.count
        // Zeroed first: a recognizer read while the events are replayed finds nothing to catch up.
        steadyRun.count = 0
        let replayed = min(count, 2)
        switch steadyInput {
        case .hover:
            var slot = delivery.hoverEntries.lowerBound
            while slot < delivery.hoverEntries.upperBound {
                if delivery.regionOfEntry[slot] == steadyRun.region {
                    delivery.entries[slot]._withUnsafeGuaranteedRef { $0.catchUpHover(moves: count, to: steadyRun.location) }
                }
                slot += 1
            }
        case .transform:
            if replayed == 2 { deliverTransform(steadyTransforms.previous, of: replayedEvent(.transform(steadyTransforms.previous), at: steadyTransforms.previousTime)) }
            deliverTransform(steadyTransforms.last, of: replayedEvent(.transform(steadyTransforms.last), at: steadyTransforms.lastTime))
            addSteadyChanges(count - replayed, of: .transform, to: delivery.entries[delivery.range(.transform, region: steadyRun.region)])
        case .scroll:
            if replayed == 2 { deliverOther(replayedEvent(.scroll(steadyScrolls.previous), at: steadyScrolls.previousTime)) }
            deliverOther(replayedEvent(.scroll(steadyScrolls.last), at: steadyScrolls.lastTime))
            addSteadyChanges(count - replayed, of: .scroll, to: delivery.entries[delivery.range(.scroll, region: steadyRun.region)])
        case .moves:
            if replayed == 2 { replayMove(steadyMoves.previous, at: steadyMoves.previousTime) }
            replayMove(steadyMoves.last, at: steadyMoves.lastTime)
            addSteadyChanges(count - replayed, of: .touches, to: movingRecipients[...])
        case .none:
            break
        }
    }

    /// A move taken, its `touches` at `time`, delivered as it came.
    private func replayMove(_ touches: UnsafeBufferPointer<Touch>, at time: Double) {
        replayTouches.removeAll(keepingCapacity: true)
        replayTouches.append(contentsOf: touches)
        deliverMoves(replayTouches, to: steadyRun.region, of: replayedEvent(.touches(replayTouches), at: time))
    }

    /// An event of the run, with its masks.
    private func replayedEvent(_ payload: AppEvent.Payload, at time: Double) -> AppEvent {
        AppEvent(timestamp: time, buttonMask: steadyRun.buttonMask, modifierFlags: steadyRun.modifierFlags, payload: payload)
    }

    /// The run's events not replayed, `count`, as changes of those in progress among `recipients`.
    private func addSteadyChanges(_ count: Int, of input: InputSource, to recipients: ArraySlice<Unmanaged<GestureRecognizer>>) {
        guard count > 0 else { return }
        for recipient in recipients { recipient._withUnsafeGuaranteedRef { $0.addSteadyChanges(count, of: input) } }
    }

    /// Catches up and ends the steady run: before any other event, when recognizers or regions
    /// are added or a region moves to another surface, when a delegate or allowed touch types
    /// are set, and at the stream's end.
    func endSteadyInput() {
        catchUpSteadyInput()
        steadyInput = .none
    }

    /// Indirect input mode's pinches and rotations.
    @inline(__always) private func deliverTransform(_ transform: TransformEvent, of event: AppEvent) {
        // The closure captures the time, not the event: capturing it would copy it.
        let time = event.timestamp
        deliverGesture(.transform, phase: transform.phase, at: transform.location, of: event, scroll: nil) {
            $0.transformChanged(transform, at: time)
        }
    }

    /// The events ``handle(_:)`` does not match first, and a steady run's scrolls replayed. A
    /// call of its own: inlined, its frame was set up for every event (tools/cost).
    @inline(never) private func deliverOther(_ event: AppEvent) {
        switch event.payload {
        case .touches(let touches):
            deliverTouches(touches, of: event)
        case .scroll(let scroll):
            let time = event.timestamp
            deliverGesture(.scroll, phase: scroll.phase, at: scroll.location, of: event, scroll: scroll) {
                $0.scrollChanged(scroll, at: time)
            }
        case .hover, .transform, .systemGesture, .pointerLock, .relativeMotion:
            // The first two are delivered in handle(_:); recognizers never see the others.
            break
        }
    }

    /// Ends a stream: fires every timer due by `time` (a long press still held, a tap waiting
    /// for a double tap to fail). Gestures whose input never ended stay as they are.
    public func finish(at time: Double) {
        endSteadyInput()
        fireTimers(upTo: time)
        settle(at: time)
    }

    // MARK: Delivery

    /// Touches that begin or end, or are not the live touches in order.
    private func deliverTouches(_ touches: [Touch], of event: AppEvent) {
        // One pass over the touches: whether they all lie in one region, and whether any begins
        // or ends (most events only move touches, which recognizers that stopped processing skip).
        var changes = TouchSetChange()
        var firstRegion: Int??
        var oneRegion = true
        for touch in touches {
            switch touch.phase {
            case .began:
                changes.insert(.began)
                touchRegions.removeAll { $0.id == touch.id }
                touchRegions.append(LiveTouch(id: touch.id, region: hitTestIndex(touch.location)))
            case .ended, .cancelled:
                changes.insert(.ended)
            default:
                break
            }
            let index = region(ofTouch: touch.id)
            if firstRegion == nil { firstRegion = index } else if firstRegion != index { oneRegion = false }
        }
        if oneRegion {
            if let index = firstRegion ?? nil {
                deliver(touches, to: index, changes: changes, of: event)
            }
        } else {
            for index in regions.indices {
                regionTouches.removeAll(keepingCapacity: true)
                for touch in touches where region(ofTouch: touch.id) == index { regionTouches.append(touch) }
                if !regionTouches.isEmpty { deliver(regionTouches, to: index, changes: changes, of: event) }
            }
        }
        if changes.contains(.ended) {
            for touch in touches where touch.phase == .ended || touch.phase == .cancelled {
                touchRegions.removeAll { $0.id == touch.id }
            }
        }
        if !changes.isEmpty {
            soleTouchRegion = Self.soleRegion(of: touchRegions)
            touchGeneration &+= 1
            if changes.contains(.began) { steadyPause = Self.steadyRunWait }
        }
    }

    /// The region of an event whose touches are the live touches in the order they began, none
    /// beginning or ending, all begun in one region: the usual event, which needs no search.
    @inline(__always) private func regionOfMovingTouches(_ touches: [Touch]) -> Int? {
        guard let region = soleTouchRegion, touches.count == touchRegions.count else { return nil }
        let live = touchRegions.elements
        return touches.withUnsafeBufferPointer { touches in
            for index in touches.indices {
                let touch = touches[index]
                guard touch.id == live[index].id && (touch.phase == .moved || touch.phase == .stationary) else { return nil }
            }
            return region
        }
    }

    private static func soleRegion(of touches: borrowing OwnedList<LiveTouch>) -> Int? {
        guard let region = touches.elements.first?.region else { return nil }
        return touches.contains { $0.region != region } ? nil : region
    }

    // Inline: the optimizer left it a call of its own once, 2 % of compatibility mode (tools/cost).
    @inline(__always) private func deliver(_ touches: [Touch], to region: Int, changes: TouchSetChange, of event: AppEvent) {
        // Counted by hand: iterating the range checked each index against it as well (tools/cost).
        let range = delivery.range(.touches, region: region)
        var index = range.lowerBound
        while index < range.upperBound {
            delivery.entries[index]._withUnsafeGuaranteedRef { recognizer in
                if recognizer.mayReceiveTouches(changes) {
                    recognizer.receiveTouches(touches, changes: changes, of: event)
                }
            }
            index += 1
        }
    }

    /// The usual event: the live touches move, all begun in `region`. Handed to
    /// ``movingRecipients``, made anew when stale.
    @inline(__always) private func deliverMoves(_ touches: [Touch], to region: Int, of event: AppEvent) {
        if movingRecipientsKey?.generation != touchGeneration || movingRecipientsKey?.region != region {
            movingRecipients.removeAll(keepingCapacity: true)
            for index in delivery.range(.touches, region: region) {
                let entry = delivery.entries[index]
                if entry._withUnsafeGuaranteedRef({ $0.mayReceiveTouches([]) }) { movingRecipients.append(entry) }
            }
            movingRecipientsKey = (touchGeneration, region)
        }
        let generation = touchGeneration
        var index = 0
        while index < movingRecipients.count {
            movingRecipients[index]._withUnsafeGuaranteedRef { recognizer in
                // Checked again: one may have finished since the list was made.
                if recognizer.mayReceiveTouches([]) {
                    recognizer.receiveTouches(touches, changes: [], of: event, liveTouches: generation)
                }
            }
            index += 1
        }
    }

    /// A recognizer ended, was cancelled or failed: the moving touches' recipients are remade
    /// at the next move.
    func recognizerFinished() {
        mayHaveFinished = true
        movingRecipientsKey = nil
    }

    private func region(ofTouch id: TouchID) -> Int? {
        touchRegions.firstIndex { $0.id == id }.flatMap { touchRegions[$0].region }
    }

    /// `scroll`: the event's scroll, which a recognizer may not take (``GestureRecognizer/takes(_:)``).
    private func deliverGesture(_ kind: InputSource, phase: GesturePhase, at location: Point, of event: AppEvent, scroll: ScrollEvent?, process: (GestureRecognizer) -> Void) {
        let latched = phase == .began ? nil : (kind == .transform ? latchedTransformRegion : latchedScrollRegion)
        let target = latched ?? hitTestIndex(location)
        let latch = phase == .ended || phase == .cancelled ? nil : target
        if kind == .transform { latchedTransformRegion = latch } else { latchedScrollRegion = latch }
        guard let target else { return }
        for index in delivery.range(kind, region: target) {
            delivery.entries[index]._withUnsafeGuaranteedRef { recognizer in
                if let scroll, !recognizer.takes(scroll) { return }
                recognizer.receiveGesture(kind, phase: phase, at: location, of: event, process: process)
            }
        }
    }

    // MARK: Time

    /// Most events come with no timer armed: asked inline, so that they pay no call.
    @inline(__always) private func fireTimers(upTo time: Double) {
        if mayHaveTimers { fireDueTimers(upTo: time) }
    }

    private func fireDueTimers(upTo time: Double) {
        while mayHaveTimers {
            guard let (recognizer, due) = earliestDeadline() else {
                mayHaveTimers = false
                return
            }
            guard due <= time else { return }
            recognizer._withUnsafeGuaranteedRef { $0.advance(to: due) }
            settle(at: due)
        }
    }

    /// Unretained, as the surface's list holds it: asked at every event while a timer may be armed.
    private func earliestDeadline() -> (Unmanaged<GestureRecognizer>, Double)? {
        var earliest: (Unmanaged<GestureRecognizer>, Double)?
        forEachRecognizer { recognizer in
            if let due = recognizer.deadline, due < earliest?.1 ?? .infinity { earliest = (.passUnretained(recognizer), due) }
        }
        return earliest
    }

    /// Releases or fails recognizers waiting on others, and resets those whose gesture and input
    /// are over. Most events change no state: then there is nothing to scan.
    private func settle(at time: Double) {
        if mayHaveWaiters { reevaluateWaiters(at: time) }
        guard mayHaveFinished else { return }
        mayHaveFinished = false
        var didReset = false
        forEachRecognizer { recognizer in
            if recognizer.state.isTerminal && recognizer.source == nil {
                recognizer.reset()
                didReset = true
            }
        }
        if didReset { movingRecipientsKey = nil }
    }
}

/// Recognizers that their regions keep alive (none is ever removed), listed without reference
/// counting: a delivery loop over strong references retained and released every recognizer it
/// visited, 7 % of compatibility mode's instructions (tools/cost).
typealias RecognizerList = [Unmanaged<GestureRecognizer>]

/// The recognizers that take each input, region by region, in one flat list. Delivery reads a
/// region's entries in place by index: iterating a list of its own, as an element of a list of
/// lists, retained and released that list at every event (tools/cost).
struct RecognizersByInput {
    /// By input, then by region, then in the region's order.
    private(set) var entries: RecognizerList = []
    /// The region index of each entry.
    private(set) var regionOfEntry: [Int] = []
    /// Where the hover recognizers of every region lie in ``entries``, region after region.
    private(set) var hoverEntries = 0..<0
    /// Where each input's recognizers of each region lie in ``entries``, by input then region.
    private var ranges: [Range<Int>] = []
    private var regionCount = 0

    init() {}

    init(_ regions: [Region]) {
        regionCount = regions.count
        ranges = Array(repeating: 0..<0, count: InputSource.allCases.count * regions.count)
        for input in InputSource.allCases {
            let inputStart = entries.count
            for (index, region) in regions.enumerated() {
                let start = entries.count
                entries += region.gestureRecognizers.filter { $0.inputs.contains(input) }.map(Unmanaged.passUnretained)
                regionOfEntry += repeatElement(index, count: entries.count - start)
                ranges[Self.position(input, region: index, regionCount: regionCount)] = start..<entries.count
            }
            if input == .hover { hoverEntries = inputStart..<entries.count }
        }
    }

    /// Where `input`'s recognizers of the region at `region` lie in ``entries``.
    func range(_ input: InputSource, region: Int) -> Range<Int> {
        ranges[Self.position(input, region: region, regionCount: regionCount)]
    }

    /// Where the range of `input`'s recognizers of the region at `region` is in ``ranges``.
    private static func position(_ input: InputSource, region: Int, regionCount: Int) -> Int {
        // A switch, not raw values: with an Int raw type the delivery loops ran about 10
        // instructions longer per event (tools/cost).
        let inputIndex: Int
        switch input {
        case .touches: inputIndex = 0
        case .transform: inputIndex = 1
        case .scroll: inputIndex = 2
        case .hover: inputIndex = 3
        }
        return inputIndex * regionCount + region
    }
}

/// An unordered pair of recognizers, by identity.
struct RecognizerPair: Equatable {
    private let first: ObjectIdentifier
    private let second: ObjectIdentifier

    init(_ a: GestureRecognizer, _ b: GestureRecognizer) {
        let (x, y) = (ObjectIdentifier(a), ObjectIdentifier(b))
        first = min(x, y)
        second = max(x, y)
    }
}

/// A live touch and the region index it began in (nil: none).
struct LiveTouch {
    let id: TouchID
    let region: Int?
}

/// A steady run's region, the masks its events carry, and the events taken since the
/// recognizers last caught up; a hover's last location, a scroll's type.
private struct SteadyRun {
    var region = 0
    var buttonMask: ButtonMask = []
    var modifierFlags: ModifierFlags = []
    var count = 0
    var location = Point.zero
    var scrollType = ScrollType.continuous
}

/// A recognizer that refused a steady run of `input`, with the touch generation and its state then.
private struct SteadyRefusal {
    let recognizer: Unmanaged<GestureRecognizer>
    let input: InputSource
    let generation: Int
    let state: GestureRecognizer.State

    init(_ recognizer: Unmanaged<GestureRecognizer>, input: InputSource, generation: Int) {
        self.recognizer = recognizer
        self.input = input
        self.generation = generation
        state = recognizer._withUnsafeGuaranteedRef { $0.state }
    }
}

/// The last two values of a steady run of transforms or scrolls, with their times.
private struct LastTwo<Value> {
    private(set) var last: Value
    private(set) var lastTime = 0.0
    private(set) var previous: Value
    private(set) var previousTime = 0.0

    /// Both `placeholder` until values come.
    init(_ placeholder: Value) {
        last = placeholder
        previous = placeholder
    }

    mutating func append(_ value: Value, at time: Double) {
        previous = last
        previousTime = lastTime
        last = value
        lastTime = time
    }
}

/// The touches of the last two moves of a steady run, copied: the event's own list is the
/// translator's, written anew for its next event. Room for two moves side by side, so that a
/// move is copied in place (a list's checks and copy cost about 55 instructions a move,
/// tools/cost).
private struct SteadyMoves: ~Copyable {
    private var storage: UnsafeMutablePointer<Touch>
    /// Touches a move may have before the storage grows.
    private var capacity = 4
    /// Touches per move.
    private var count = 0
    private var lastIsSecond = false
    private(set) var lastTime = 0.0
    private(set) var previousTime = 0.0

    init() {
        storage = .allocate(capacity: 2 * capacity)
    }

    deinit {
        storage.deallocate()
    }

    /// The last move's touches.
    var last: UnsafeBufferPointer<Touch> { UnsafeBufferPointer(start: slot(second: lastIsSecond), count: count) }
    /// The touches of the move before the last.
    var previous: UnsafeBufferPointer<Touch> { UnsafeBufferPointer(start: slot(second: !lastIsSecond), count: count) }

    @inline(__always) mutating func append(_ touches: UnsafeBufferPointer<Touch>, at time: Double) {
        if touches.count > capacity { grow(to: touches.count) }
        previousTime = lastTime
        lastTime = time
        lastIsSecond.toggle()
        // Touches hold no references: written as plain memory, over what lay there.
        let slot = slot(second: lastIsSecond)
        for index in touches.indices { (slot + index).initialize(to: touches[index]) }
        count = touches.count
    }

    @inline(__always) private func slot(second: Bool) -> UnsafeMutablePointer<Touch> {
        second ? storage + capacity : storage
    }

    /// Room for moves of `touches` touches. Nothing is kept: the moves of a run all have as many
    /// touches, so it grows at a run's first move, and the run reads the one before only once a
    /// second move has been written.
    @inline(never) private mutating func grow(to touches: Int) {
        storage.deallocate()
        storage = .allocate(capacity: 2 * touches)
        capacity = touches
    }
}
