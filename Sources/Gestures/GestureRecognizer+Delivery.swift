import AppEvents

/// Whether an event's touches include ones that begin, or ones that end or are cancelled.
struct TouchSetChange: OptionSet {
    let rawValue: UInt8
    static let began = TouchSetChange(rawValue: 1)
    static let ended = TouchSetChange(rawValue: 2)
}

/// How a ``Surface`` hands events to a recognizer. Each path keeps the bookkeeping (which touches
/// or which transform/scroll/hover it follows) even when the recognizer does not process the
/// event, so that it knows when its input is over and it may reset.
///
/// A rejected event (a `shouldReceive` hook said no) is not processed, but if it ends the input
/// the recognizer was following, the recognizer is cancelled (or fails if it had not begun):
/// it would otherwise wait forever for an end it will never see.
extension GestureRecognizer {
    /// Whether a touches event with `changes` concerns the recognizer at all; the surface asks
    /// before ``receiveTouches(_:changes:of:)``, inline, so that the recognizers an event does not
    /// concern (most of them once a gesture is under way) cost no call.
    @inline(__always) func mayReceiveTouches(_ changes: TouchSetChange) -> Bool {
        // One that stopped processing only waits for its touches to end; moves change nothing it
        // will look at again (its tracked touches are all gone before it resets).
        (source == nil || source == .touches) && (isLive || !changes.isEmpty)
    }

    /// `touches`: the event's touches that hit this recognizer's region; `changes`: whether any
    /// touch of the event begins or ends; `liveTouches`: the surface's touch generation when
    /// `touches` are all its live touches in the order they began. Only when
    /// ``mayReceiveTouches(_:)`` says so.
    ///
    /// Inline, the usual event's path only: the surface's delivery loop runs it without the
    /// call, whose set-up served the general path (tools/cost: 15 K instructions on the minute).
    @inline(__always) func receiveTouches(_ touches: [Touch], changes: TouchSetChange, of event: AppEvent, liveTouches: Int? = nil) {
        if changes.isEmpty && isLive && follows(touches, liveTouches: liveTouches) {
            // Most events: the same touches move, listed as they are tracked. Every one is
            // relevant and delivered, none begins or ends; the general path would find that out
            // by searching and copying lists.
            guard accepts(event, delegate: activeDelegate) else { return }
            adopt(event)
            moveTrackedTouches(to: touches)
            touchesChanged(at: event.timestamp)
            didHandle(touchCount: trackedTouches.count)
        } else {
            receiveChangedTouches(touches, changes: changes, of: event)
        }
    }

    /// ``receiveTouches(_:changes:of:)`` for the other events: touches begin or end, or they are
    /// not all the tracked ones in order.
    private func receiveChangedTouches(_ touches: [Touch], changes: TouchSetChange, of event: AppEvent) {
        // A gesture's first touch, or the tracked touches in order with some ending: a click's
        // press and release. Every touch is relevant and delivered, and none needs a search. The
        // first test is isRelevant(_:) with nothing tracked, spelled out: the call cost each click
        // about 200 instructions (tools/cost).
        if isLive && !mayRefuseEvents && activeDelegate == nil {
            if trackedTouches.isEmpty && touches.count == 1 && touches[0].phase == .began && allows(touches[0].type) {
                handleTouches(touches, changes: changes, of: event, tracking: .first)
                return
            }
            if !changes.contains(.began) && followsInOrder(touches) {
                handleTouches(touches, changes: changes, of: event, tracking: .inOrder)
                return
            }
        }
        // Closures, not the method itself: a method reference captures (retains) the recognizer.
        // The event's own list when every touch is relevant (most events): binding it to a name
        // of its own retained and released it (tools/cost).
        if touches.allSatisfy({ isRelevant($0) }) {
            receiveRelevantTouches(touches, changes: changes, of: event)
        } else {
            let relevant = touches.filter { isRelevant($0) }
            if !relevant.isEmpty { receiveRelevantTouches(relevant, changes: changes, of: event) }
        }
    }

    /// `touches`: the event's touches that concern the recognizer, at least one. Inline, as
    /// ``handleTouches(_:changes:of:tracking:)``: one body for the three steps saved each
    /// recognizer about 30 instructions per touch that began or ended (tools/cost).
    @inline(__always) private func receiveRelevantTouches(_ touches: [Touch], changes: TouchSetChange, of event: AppEvent) {
        guard isLive else {
            freezeTouchLocations()
            track(touches)
            setSource(.touches)
            if changes.contains(.ended) { dropLiftedTouches() }
            return
        }
        let delegate = activeDelegate
        guard accepts(event, delegate: delegate) else {
            freezeTouchLocations()
            let wasFollowing = !trackedTouches.isEmpty
            trackedTouches.removeAll { tracked in
                touches.contains { $0.id == tracked.id && ($0.phase == .ended || $0.phase == .cancelled) }
            }
            if wasFollowing && trackedTouches.isEmpty {
                source = nil
                cancelOrFail(at: event.timestamp)
            }
            return
        }
        if let delegate, changes.contains(.began) {
            let delivered = touches.filter { $0.phase != .began || delegate.gestureRecognizer(self, shouldReceive: $0) }
            if !delivered.isEmpty { handleTouches(delivered, changes: changes, of: event) }
        } else {
            handleTouches(touches, changes: changes, of: event)
        }
    }

    /// Processes `touches`, which the recognizer takes: it tracks them and reports their change.
    /// `tracking`: what is known of them against the tracked touches.
    @inline(__always) private func handleTouches(_ touches: [Touch], changes: TouchSetChange, of event: AppEvent, tracking: Tracking = .unknown) {
        adopt(event)
        switch tracking {
        case .first:
            trackedTouches.append(TrackedTouch(touches[0]))
        case .inOrder:
            moveTrackedTouches(to: touches)
        case .unknown:
            track(touches)
        }
        setSource(.touches)
        if changes.contains(.ended) {
            // The lifted touches are dropped once the event is handled: their locations, which
            // it reports until the next one, are copied out first.
            locationsAreTracked = false
            updateTouchLocations()
        } else {
            // Read from the tracked touches until they next change, as after a move: copying them
            // out cost each recognizer about 50 instructions per touch that began (tools/cost).
            locationsAreTracked = true
        }
        if changes.contains(.ended) && touches.contains(where: { $0.phase == .cancelled }) {
            cancelOrFail(at: event.timestamp)
        } else {
            touchesChanged(at: event.timestamp)
        }
        didHandle()
        if changes.contains(.ended) { dropLiftedTouches() }
    }

    /// ``followsInOrder(_:)``, remembered while `touches` are the surface's live touches and
    /// those do not change (generation `liveTouches`): the tracked touches change only when
    /// touches begin or end, and the check was about 30 instructions per recognizer per event
    /// (tools/cost).
    @inline(__always) private func follows(_ touches: [Touch], liveTouches: Int?) -> Bool {
        guard let liveTouches else { return followsInOrder(touches) }
        if followsLiveTouches.generation != liveTouches {
            followsLiveTouches = (liveTouches, followsInOrder(touches))
        }
        return followsLiveTouches.follows
    }

    /// Whether `touches` are the tracked touches, in their order, all of an allowed type; never
    /// for an empty list, which the general path ignores (and which has no centroid). Inline, as
    /// ``moveTrackedTouches(to:)``: the usual event runs both, and their calls cost each
    /// recognizer about 25 instructions per event (tools/cost).
    @inline(__always) private func followsInOrder(_ touches: [Touch]) -> Bool {
        guard !touches.isEmpty && touches.count == trackedTouches.count else { return false }
        let tracked = trackedTouches.elements
        return touches.withUnsafeBufferPointer { touches in
            for index in touches.indices {
                guard touches[index].id == tracked[index].id && allows(touches[index].type) else { return false }
            }
            return true
        }
    }

    /// Moves the tracked touches to `moves` (the tracked touches in order); ``touchLocations`` and
    /// ``location`` are then read from them.
    @inline(__always) private func moveTrackedTouches(to moves: [Touch]) {
        let tracked = trackedTouches.mutableElements
        moves.withUnsafeBufferPointer { moves in
            // Two touches, a pinch's, written straight: the loop the optimizer unrolls by two
            // spent as much again on its set-up (tools/cost).
            if tracked.count == 2 {
                tracked[0].update(with: moves[0])
                tracked[1].update(with: moves[1])
            } else {
                for index in tracked.indices { tracked[index].update(with: moves[index]) }
            }
        }
        locationsAreTracked = true
    }

    /// ``touchLocations`` and ``location`` from the tracked touches, copied out: they may change
    /// otherwise than by a move before the next event is handled (touches lifted, touches of
    /// events not processed).
    func updateTouchLocations() {
        // Overwritten in place while the number of touches stays: emptying an array costs more
        // than the rest of this bookkeeping.
        if touchLocations.count != trackedTouches.count {
            touchLocations.removeAll()
            for _ in 0..<trackedTouches.count { touchLocations.append(.zero) }
        }
        // The centroid in the same pass (``location`` sums the same way while locations are tracked).
        var sum = Point.zero
        let tracked = trackedTouches.elements
        let locations = touchLocations.mutableElements
        for index in tracked.indices {
            locations[index] = tracked[index].location
            sum = sum.adding(tracked[index].location)
        }
        handledLocation = sum.scaled(by: 1 / Double(trackedTouches.count))
    }

    /// A transform or scroll event of the sequence this recognizer's region is latched to;
    /// `process` is handed the recognizer (a closure capturing it would retain it).
    func receiveGesture(_ kind: InputSource, phase: GesturePhase, at eventLocation: Point, of event: AppEvent, process: (GestureRecognizer) -> Void) {
        guard source == nil || source == kind else { return }
        let ends = phase == .ended || phase == .cancelled
        guard isLive else {
            setSource(ends ? nil : kind)
            return
        }
        guard accepts(event, delegate: activeDelegate) else {
            if ends && source == kind {
                source = nil
                cancelOrFail(at: event.timestamp)
            }
            return
        }
        adopt(event)
        setSource(ends ? nil : kind)
        locationsAreTracked = false
        if !touchLocations.isEmpty { touchLocations.removeAll() }
        handledLocation = eventLocation
        if phase == .cancelled {
            cancelOrFail(at: event.timestamp)
        } else {
            process(self)
        }
        didHandle()
    }

    /// A hover event, its touch at `location`; `isInside` tells whether the pointer is over this
    /// recognizer's region (and that region is the topmost one there). The location rather than
    /// the touch: the surface copied the whole touch out of the event for it, about 10
    /// instructions per hover event (tools/cost).
    @inline(__always) func receiveHover(at location: Point, of event: AppEvent, isInside: Bool) {
        // The usual one: the pointer moves on over the region of a hover in progress, whose one
        // location moves. What the general path would do, without its checks and calls, which
        // cost about 40 instructions per event (tools/cost). A hover recognizer's `hoverChanged`
        // (internal, so overridden nowhere else) then only enters `changed` again: done here
        // without the dynamic call, about 13 instructions more per event (tools/cost).
        if isInside && movesHoverInOneStep {
            guard accepts(event, delegate: activeDelegate) else { return }
            adopt(event)
            touchLocations[0] = location
            handledLocation = location
            transition(to: .changed, at: event.timestamp)
            didHandle(touchCount: 1)
        } else {
            receiveOtherHover(at: location, of: event, isInside: isInside)
        }
    }

    /// Whether a hover move inside its region only moves its one location and enters `changed`
    /// again (``receiveHover(at:of:isInside:)``'s first path).
    @inline(__always) var movesHoverInOneStep: Bool {
        kind == .hover && source == .hover && state == .changed && pending.isEmpty && !locationsAreTracked && touchLocations.count == 1
    }

    /// ``receiveHover(at:of:isInside:)`` for the other hover events.
    private func receiveOtherHover(at location: Point, of event: AppEvent, isInside: Bool) {
        guard source == nil || source == .hover else { return }
        guard isLive else {
            setSource(isInside ? .hover : nil)
            return
        }
        guard accepts(event, delegate: activeDelegate) else {
            if !isInside && source == .hover {
                source = nil
                cancelOrFail(at: event.timestamp)
            }
            return
        }
        adopt(event)
        setSource(isInside ? .hover : nil)
        freezeTouchLocations()
        // In place while the pointer stays inside (most hover events).
        if isInside && touchLocations.count == 1 {
            touchLocations[0] = location
        } else if !touchLocations.isEmpty || isInside {
            touchLocations.removeAll()
            if isInside { touchLocations.append(location) }
        }
        handledLocation = location
        hoverChanged(isInside: isInside, at: event.timestamp)
        didHandle()
    }

    /// New touches, and those it already follows; others were refused or began elsewhere.
    private func isRelevant(_ touch: Touch) -> Bool {
        allows(touch.type) && (touch.phase == .began) != isTracking(touch.id)
    }

    private func isTracking(_ id: TouchID) -> Bool {
        trackedTouches.contains { $0.id == id }
    }

    /// What a caller of ``handleTouches(_:changes:of:tracking:)`` knows of the touches.
    private enum Tracking {
        /// One touch, which begins; none is tracked.
        case first
        /// The tracked touches, in order.
        case inOrder
        /// Anything else: ``track(_:)`` finds out.
        case unknown
    }

    /// Adds new touches and moves known ones.
    private func track(_ touches: [Touch]) {
        for (offset, touch) in touches.enumerated() {
            // Events usually list the touches in the order they are tracked: no search then.
            if offset < trackedTouches.count && trackedTouches[offset].id == touch.id {
                trackedTouches[offset].update(with: touch)
            } else if let index = trackedTouches.firstIndex(where: { $0.id == touch.id }) {
                trackedTouches[index].update(with: touch)
            } else {
                trackedTouches.append(TrackedTouch(touch))
            }
        }
    }

    /// Sets ``source`` only when it changes: its observer is not free, and most events do not
    /// change it.
    private func setSource(_ newSource: InputSource?) {
        if source != newSource { source = newSource }
    }

    /// Only after an event that ended or cancelled a touch: otherwise every tracked touch is down.
    private func dropLiftedTouches() {
        trackedTouches.removeAll { !$0.isDown }
        if trackedTouches.isEmpty { source = nil }
    }
}
