/// The surface's answer to a recognizer that wants to begin or be recognized.
enum RecognitionDecision {
    case proceed
    /// A recognizer it requires to fail may still recognize.
    case wait
    /// A recognizer it requires to fail recognized, or a competing one is already recognizing.
    case fail
}

extension Surface {
    func decision(for recognizer: GestureRecognizer) -> RecognitionDecision {
        // Most require none: asked first, without the call for an empty list (tools/cost).
        if recognizer.hasFailureRequirements {
            var waits = false
            for required in recognizer.requiredToFail {
                switch required.state {
                case .failed, .cancelled:
                    continue
                case .possible:
                    // One that is not following any input cannot recognize: as good as failed.
                    if required.isInvolved { waits = true }
                case .began, .changed, .ended:
                    return .fail
                }
            }
            if waits { return .wait }
        }
        // A hover's entry was looked for among the others, about 150 instructions (tools/cost).
        guard canCompete(recognizer) else { return .proceed }
        var prevented = false
        forEachRecognizer { other in
            if !prevented && other !== recognizer && (other.state == .began || other.state == .changed) {
                prevented = compete(recognizer, other)
            }
        }
        return prevented ? .fail : .proceed
    }

    /// `recognizer` began or was recognized: the ones competing with it, and those requiring
    /// it to fail, fail unless they already left `possible`.
    func didRecognize(_ recognizer: GestureRecognizer, at time: Double) {
        // Each hover's entry made no other fail in a surface where none requires another to:
        // not looked for, about 150 instructions (tools/cost).
        guard mayHaveFailureRequirements || canCompete(recognizer) else { return }
        forEachRecognizer { other in
            if other !== recognizer && other.state == .possible && (other.requires(toFail: recognizer) || compete(recognizer, other)) {
                other.transition(to: .failed, at: time)
            }
        }
    }

    func didFail(_ recognizer: GestureRecognizer, at time: Double) {
        reevaluateWaiters(at: time)
    }

    func reevaluateWaiters(at time: Double) {
        guard mayHaveWaiters else { return }
        forEachRecognizer { waiter in
            if waiter.state == .possible && !waiter.pending.isEmpty { waiter.resolvePending(decision(for: waiter), at: time) }
        }
        var waiting = false
        forEachRecognizer { if !$0.pending.isEmpty { waiting = true } }
        mayHaveWaiters = waiting
    }

    /// Both follow the same kind of input (hover aside) and nobody lets them recognize together.
    func compete(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        guard canCompete(a), a.source == b.source else { return false }
        return !canRecognizeSimultaneously(a, b)
    }

    /// Whether `recognizer` may compete with any other (``compete(_:_:)``): it follows input,
    /// and not hover, which any number of recognizers follow together.
    @inline(__always) private func canCompete(_ recognizer: GestureRecognizer) -> Bool {
        if let source = recognizer.source { source != .hover } else { false }
    }

    /// Either delegate saying yes is enough, as in UIKit; the surface's own pairs count as a yes.
    func canRecognizeSimultaneously(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        simultaneousPairs.contains(RecognizerPair(a, b))
            || a.activeDelegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.activeDelegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }
}
