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
    /// Whether a touches event with `changes` concerns it: it follows touches or nothing, and it
    /// still processes input or touches begin or end (one that stopped processing only waits
    /// for its touches to end).
    func mayReceiveTouches(_ changes: TouchSetChange) -> Bool {
        (source == nil || source == .touches) && (isLive || !changes.isEmpty)
    }

    /// `touches`: the event's touches that hit this recognizer's region; `changes`: whether any
    /// touch of the event begins or ends.
    func receiveTouches(_ eventTouches: [Touch], changes: TouchSetChange, of event: AppEvent) {
        let followed = touches
        if eventTouches.allSatisfy({ isRelevant($0, followed) }) {
            receiveRelevantTouches(eventTouches, changes: changes, of: event)
        } else {
            let relevant = eventTouches.filter { isRelevant($0, followed) }
            if !relevant.isEmpty { receiveRelevantTouches(relevant, changes: changes, of: event) }
        }
    }

    /// `touches`: the event's touches that concern the recognizer, at least one.
    private func receiveRelevantTouches(_ touches: [Touch], changes: TouchSetChange, of event: AppEvent) {
        guard isLive else {
            self.touches.track(touches, at: event.timestamp)
            source = .touches
            if changes.contains(.ended) { dropLiftedTouches() }
            return
        }
        let delegate = delegateBox?.delegate
        guard accepts(event, delegate: delegate) else {
            if self.touches.stopFollowing(endedIn: touches) {
                source = nil
                cancelOrFail(at: event.timestamp, because: .turnedAway)
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
    private func handleTouches(_ touches: [Touch], changes: TouchSetChange, of event: AppEvent) {
        adopt(event)
        self.touches.handle(touches, at: event.timestamp)
        source = .touches
        let cancelled = changes.contains(.ended) && touches.contains { $0.phase == .cancelled }
        if cancelled {
            touchesCancelled(touches.filter { $0.phase == .cancelled }, with: event)
        } else {
            touchesChanged(touches, with: event)
            deliverPhases(of: touches, with: event)
        }
        didHandle()
        if changes.contains(.ended) { dropLiftedTouches() }
    }

    /// UIKit's touch hooks, each with the touches of its phases, in UIKit's order. When every
    /// touch goes to one hook, as in a gesture's steady motion, it gets the event's own array:
    /// one pass and no allocation for hooks an app may not override.
    private func deliverPhases(of touches: [Touch], with event: AppEvent) {
        func hook(_ touch: Touch) -> Int? {
            switch touch.phase {
            case .began: 0
            case .moved, .stationary: 1
            case .ended: 2
            default: nil
            }
        }
        func call(_ hook: Int, _ part: [Touch]) {
            switch hook {
            case 0: touchesBegan(part, with: event)
            case 1: touchesMoved(part, with: event)
            default: touchesEnded(part, with: event)
            }
        }
        if let first = touches.first.flatMap(hook), touches.allSatisfy({ hook($0) == first }) {
            return call(first, touches)
        }
        for index in 0...2 {
            let part = touches.filter { hook($0) == index }
            if !part.isEmpty { call(index, part) }
        }
    }

    /// A transform or scroll event of the sequence this recognizer's region is latched to;
    /// `process` hands it to the recognizer's hook.
    func receiveGesture(
        _ kind: InputSource, phase: GesturePhase, at eventLocation: Point, of event: AppEvent,
        process: (GestureRecognizer) -> Void
    ) {
        guard processes(kind, ending: phase.isFinal, of: event) else { return }
        touches.count(eventAt: eventLocation)
        if phase == .cancelled {
            cancelOrFail(at: event.timestamp, because: .cancelled)
        } else {
            process(self)
        }
        didHandle()
    }

    /// A hover event, its touch at `location`; `isInside` tells whether the pointer is over this
    /// recognizer's region (and that region is the topmost one there).
    func receiveHover(at location: Point, of event: AppEvent, isInside: Bool) {
        guard processes(.hover, ending: !isInside, of: event) else { return }
        touches.count(hoverAt: location, isInside: isInside)
        hoverChanged(isInside: isInside, with: event)
        didHandle()
    }

    /// Follows an event of input `kind` (transform, scroll or hover) that ends the input if `ends`,
    /// and tells whether to process it: not while following other input; not once no longer live
    /// (it only follows); not if a `shouldReceive` hook rejects it, which cancels or fails the
    /// recognizer when the event ends the input it followed.
    private func processes(_ kind: InputSource, ending ends: Bool, of event: AppEvent) -> Bool {
        guard source == nil || source == kind else { return false }
        guard isLive else {
            source = ends ? nil : kind
            return false
        }
        guard accepts(event, delegate: delegateBox?.delegate) else {
            if ends && source == kind {
                source = nil
                cancelOrFail(at: event.timestamp, because: .turnedAway)
            }
            return false
        }
        adopt(event)
        source = ends ? nil : kind
        return true
    }

    /// The subclass hook, then `delegate` (the recognizer's, loaded once): TouchSynth's order.
    private func accepts(_ event: AppEvent, delegate: (any GestureRecognizerDelegate)?) -> Bool {
        shouldReceive(event) && (delegate?.gestureRecognizer(self, shouldReceive: event) ?? true)
    }

    /// Takes the event's masks and time and, for the first input after a reset, starts fresh values.
    private func adopt(_ event: AppEvent) {
        handledButtonMask = event.buttonMask
        handledModifierFlags = event.modifierFlags
        now = event.timestamp
        if startsNewGesture {
            startsNewGesture = false
            prepareForNewGesture()
        }
    }

    /// Updates the record after an event was processed (its masks are the recognizer's).
    private func didHandle() {
        maxNumberOfTouches = max(maxNumberOfTouches, numberOfTouches)
        if !followedSimulatedTouches { followedSimulatedTouches = trackedTouches.contains(where: \.isSimulated) }
    }

    /// A touch of an allowed type that is new or already `followed`.
    private func isRelevant(_ touch: Touch, _ followed: TouchBookkeeping) -> Bool {
        allows(touch.type) && followed.isRelevant(touch)
    }

    /// Only after an event that ended or cancelled a touch: otherwise every tracked touch is down.
    private func dropLiftedTouches() {
        if touches.dropLifted() { source = nil }
    }
}
