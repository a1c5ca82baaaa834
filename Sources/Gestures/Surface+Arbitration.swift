/// The surface's answer to a recognizer that wants to begin or be recognized.
enum RecognitionDecision {
    case proceed
    /// A recognizer it requires to fail may still recognize.
    case wait
    /// `winner`, which it requires to fail (`required`) or competes with, recognized or is recognizing.
    case fail(winner: GestureRecognizer, required: Bool)
}

/// Arbitration (docs/uikit-behaviour.md): recognizers following the same transform or scroll
/// sequence, or a touch in common, do not recognize simultaneously unless a delegate or
/// ``Surface/allowSimultaneousRecognition(_:_:)`` allows it. Two with no touch in common (a
/// simulated pair straddling two regions) both recognize: TouchSynth's reading of UIKit's rule
/// that a recognizer blocks those a touch is delivered to. One that begins or is recognized
/// makes those it competes with that are still `possible` fail, those listed after it that take
/// the same touch in the same event too (UIKit hands a touch to every recognizer before any
/// wins); one that wants to begin while a competitor is already recognizing fails. Hover
/// recognizers take no part: WWDC20 10094 "Handle trackpad and mouse input" runs two on one
/// view, and hover never competes with a click.
/// `require(toFail:)` holds a recognizer's begin or recognition until the other fails, and fails
/// it if the other recognizes.
extension Surface {
    func decision(for recognizer: GestureRecognizer) -> RecognitionDecision {
        var waits = false
        for required in recognizer.requiredToFail {
            switch required.state {
            case .failed, .cancelled:
                continue
            case .possible:
                // One that is not following any input cannot recognize: as good as failed.
                if required.isInvolved { waits = true }
            case .began, .changed, .ended:
                return .fail(winner: required, required: true)
            }
        }
        if waits { return .wait }
        let winner = gestureRecognizers.first { other in
            other !== recognizer && (other.state == .began || other.state == .changed) && compete(recognizer, other)
        }
        return winner.map { .fail(winner: $0, required: false) } ?? .proceed
    }

    /// `recognizer` began or was recognized: the ones competing with it, and those requiring
    /// it to fail, fail unless they already left `possible`.
    func didRecognize(_ recognizer: GestureRecognizer, at time: Double) {
        for other in gestureRecognizers where other !== recognizer && other.state == .possible {
            let required = other.requires(toFail: recognizer)
            if required || compete(recognizer, other) { other.lose(to: recognizer, required: required, at: time) }
        }
    }

    /// Releases or fails the recognizers waiting on others, now that one may have failed.
    func reevaluateWaiters(at time: Double) {
        for waiter in gestureRecognizers where waiter.state == .possible && !waiter.pending.isEmpty {
            waiter.resolvePending(decision(for: waiter), at: time)
        }
    }

    /// After an event or a timer, when a recognizer finished, waits or ended its input: waiters
    /// released or failed, and finished recognizers whose input is over back to `possible`.
    /// While some still wait, every later event settles again.
    func settle(at time: Double) {
        guard needsSettling else { return }
        reevaluateWaiters(at: time)
        needsSettling = gestureRecognizers.contains { !$0.pending.isEmpty }
        for recognizer in gestureRecognizers where recognizer.state.isTerminal && recognizer.source == nil {
            recognizer.reset()
        }
    }

    /// Both follow the same input, not hover (touches: one at least in common), and nobody lets
    /// them recognize together.
    private func compete(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        guard let source = a.source, source != .hover, a.source == b.source else { return false }
        if source == .touches, !a.trackedTouches.contains(where: { t in b.trackedTouches.contains { $0.id == t.id } }) {
            return false
        }
        return !canRecognizeSimultaneously(a, b)
    }

    private func shareAGroup(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        guard let first = simultaneousGroups[ObjectIdentifier(a)], let second = simultaneousGroups[ObjectIdentifier(b)]
        else { return false }
        return first.contains(where: second.contains)
    }

    /// Either delegate saying yes is enough, as in UIKit; the surface's own pairs count as a yes,
    /// and so do recognizers that coordinate as UIKit's interactions do (``GestureRecognizer/coordinates(with:)``).
    private func canRecognizeSimultaneously(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        simultaneousPairs.contains(RecognizerPair(a, b)) || shareAGroup(a, b)
            || a.coordinates(with: b) || b.coordinates(with: a)
            || a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }
}
