import AppEvents

/// The transitions `require(toFail:)` holds back: a begin, an end (a discrete recognition, or a
/// continuous gesture's end while its begin waits), or both.
struct PendingTransitions {
    var began = false
    var ended = false

    var isEmpty: Bool { !began && !ended }
}

/// The state machine of docs/recognizer-states.md: which changes are allowed, the hold
/// `require(toFail:)` puts on a begin or recognition, and the record of every change.
extension GestureRecognizer {
    /// Whether it still processes input; a discrete recognition waiting on `require(toFail:)` is complete.
    var isLive: Bool {
        (state == .possible || state == .began || state == .changed) && !pending.ended
    }

    /// Began from its own point of view, whether or not that is still held back.
    public var isInProgress: Bool { state == .began || state == .changed || pending.began }

    /// Following input now, or part-way through a gesture.
    var isInvolved: Bool { source != nil || !pending.isEmpty || isAwaitingInput }

    /// The recognizers it requires to fail that still exist.
    var requiredToFail: [GestureRecognizer] {
        failureRequirements.compactMap(\.recognizer)
    }

    /// Whether `require(toFail: other)` was called.
    func requires(toFail other: GestureRecognizer) -> Bool {
        failureRequirements.contains { $0.recognizer === other }
    }

    /// Asks for a state change at `time`: the allowed ones of the diagram happen (a begin or a
    /// recognition once the surface allows it); the others are ignored, so a failed recognizer
    /// stays failed until it resets. A failure records `reason`, a cancellation before the
    /// gesture began fails it for ``FailureReason/cancelled``.
    func transition(to newState: State, at time: Double, because reason: FailureReason? = nil) {
        switch (state, newState) {
        case (.possible, .began), (.possible, .ended):
            if pending.isEmpty {
                requestRecognition(newState, at: time)
            } else if newState == .ended && pending.began {
                pending.ended = true
            }
        case (.possible, .failed), (.possible, .cancelled):
            pending = PendingTransitions()
            enter(.failed, at: time, because: newState == .cancelled ? .cancelled : reason)
        case (.began, .changed), (.changed, .changed),
            (.began, .ended), (.changed, .ended),
            (.began, .cancelled), (.changed, .cancelled):
            enter(newState, at: time)
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
            transition(to: isInProgress ? .ended : .failed, at: time, because: .endedBeforeMoving)
        case .cancelled:
            transition(to: .cancelled, at: time)
        }
    }

    /// The input it followed ended or was cancelled without it processing the end, for `reason`.
    func cancelOrFail(at time: Double, because reason: FailureReason) {
        transition(to: state == .possible ? .failed : .cancelled, at: time, because: reason)
    }

    /// Applies the transitions `require(toFail:)` held back, now that the surface decided.
    func resolvePending(_ decision: RecognitionDecision, at time: Double) {
        switch decision {
        case .wait:
            break
        case .fail(let winner, let required):
            lose(to: winner, required: required, at: time)
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
        switch attachedRegion?.owningSurface?.decision(for: self) ?? .proceed {
        case .proceed: recognize(newState, at: time)
        case .wait:
            pending = PendingTransitions(began: newState == .began, ended: newState == .ended)
            attachedRegion?.owningSurface?.needsSettling = true
        case .fail(let winner, let required): lose(to: winner, required: required, at: time)
        }
    }

    /// Fails because `winner` won arbitration; the record says who won.
    func lose(to winner: GestureRecognizer, required: Bool, at time: Double) {
        var loss = ArbitrationLoss(region: winner.region?.name ?? "", name: winner.name, time: time, required: required)
        if let all = winner.region?.owningSurface?.gestureRecognizers,
            let index = all.firstIndex(where: { $0 === winner })
        {
            loss.occurrence = RecognizerPath.paths(of: all)[index].occurrence
        }
        arbitrationLosses.append(loss)
        pending = PendingTransitions()
        enter(.failed, at: time, because: .lostArbitration)
    }

    private func recognize(_ newState: State, at time: Double) {
        if let (input, touch) = requestedStart {
            requestedStart = nil
            starts.append(
                InteractionStart(
                    input: input, time: time, touchType: touch.type, isSimulated: touch.isSimulated,
                    location: touch.location, liftDelay: time - touch.startTime))
        }
        enter(newState, at: time)
        attachedRegion?.owningSurface?.didRecognize(self, at: time)
    }

    /// Enters `newState` and records it: a discrete recognition as `recognized`, a run of
    /// `changed` as one entry, a failure with its `reason`.
    private func enter(_ newState: State, at time: Double, because reason: FailureReason? = nil) {
        let recorded: RecordedState
        switch (state, newState) {
        case (.possible, .ended): recorded = .recognized
        case (_, .began): recorded = .began
        case (_, .changed): recorded = .changed
        case (_, .ended): recorded = .ended
        case (_, .cancelled): recorded = .cancelled
        default: recorded = .failed
        }
        let continuesRun = state == .changed && newState == .changed
        if recorded.isActivation || recorded == .failed {
            let eventLocation = source == nil || source == .touches ? nil : location
            let input = ActivationInput(
                time: time, followed: trackedTouches, eventLocation: eventLocation,
                failure: recorded == .failed ? reason : nil)
            if recorded == .failed { failureInputs.append(input) } else { activationInputs.append(input) }
        }
        currentState = newState
        transitions.enter(recorded, at: time, continuingRun: continuesRun)
        if newState != .failed { finalValues = currentValues }
        if newState.isTerminal { attachedRegion?.owningSurface?.needsSettling = true }
        if newState == .failed {
            requestedStart = nil
            attachedRegion?.owningSurface?.reevaluateWaiters(at: time)
        }
    }
}

/// The state changes a recognizer's record reports, a run of `changed` as one entry.
struct Transitions {
    private(set) var list: [GestureTransition] = []

    /// `state` entered at `time`, or one more change of the run that ends the list when
    /// `continuingRun`.
    mutating func enter(_ state: RecordedState, at time: Double, continuingRun: Bool) {
        if continuingRun, let last = list.indices.last {
            list[last].count += 1
        } else {
            list.append(GestureTransition(state: state, time: time))
        }
    }

    /// Keeps only the last entry, which a run of `changed` may still extend.
    mutating func forgetAllButLast() {
        list = Array(list.suffix(1))
    }
}
