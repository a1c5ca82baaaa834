import TextTables

/// What a gesture's closing line adds of the gesture's own course: the pointer its held finger
/// moved, the scroll a pinch began as, and the gestures a new finger count ended.
extension Conclusion {
    /// The scroll libinput sent before it turned the gesture a pinch, which an app gets as a
    /// scroll, and why it began one; empty where it sent none.
    func scrolledFirst(_ outcome: GestureAnalysis.Outcome) -> String {
        let pinched = outcome.decision.cause?.time ?? 0
        guard outcome.state == .pinch,
            analysis.gestureSent.contains(where: { $0.gesture == .scroll && $0.time <= pinched }),
            let scroll = gestures.outcomes.last(where: {
                $0.state == .scroll && ($0.decision.cause?.time ?? 0) < pinched
            })
        else { return "" }
        return "; it had made a scroll first, and sent scroll events until it turned pinch"
            + (scroll.deciding.map { ", because " + $0.text } ?? "")
    }

    /// The pointer motion a hold's finger made while libinput kept that hold (`HOLD_AND_MOTION`),
    /// from then on, and why it kept it.
    func motionBesideHold(_ outcome: GestureAnalysis.Outcome) -> String {
        guard outcome.state == .hold, analysis.reported.contains(.motion), let held = outcome.decision.cause?.time,
            let kept = findings.first(where: { $0.rule == .holdAndMotion && !$0.exceeds && $0.time >= held })
        else { return "" }
        let motion = PointerMotion(analysis.motion.filter { $0.time >= kept.time }, in: analysis)?.text
        return "; it also moved the pointer" + (motion.map { " (\($0))" } ?? "") + ": " + kept.text
    }

    /// The gestures to `outcome`, it too, that a new finger count ended (libinput cancels a pinch,
    /// swipe or hold and ends a scroll), and why: the reported list says "cancelled", and
    /// otherwise only the numbers would say why. The rule is said once.
    func endedByCount(upTo outcome: GestureAnalysis.Outcome) -> String {
        let upTo = gestures.outcomes.prefix { $0.decision != outcome.decision } + [outcome]
        let endings = upTo.compactMap { gesture in
            gesture.endedByCount.flatMap { wasReported(gesture.state) ? (gesture, $0) : nil }
        }
        let wait = SequenceAnalysis.ms(analysis.rules.fingerSwitchTimeout)
        return endings.enumerated().map { index, entry in
            let (gesture, ending) = entry
            let ended = gesture.state == .scroll ? "ended" : "cancelled"
            let what =
                gesture.decision == outcome.decision
                ? "libinput \(ended) it"
                : "before it, libinput \(ended) \(Self.article(gesture.state, fingers: gesture.fingers))"
            return "; \(what) when \(ending.what) and the new count, "
                + "\(TextTable.counted(ending.fingers, "finger")), lasted \(wait) ms"
                + (index == 0 ? " (libinput ends a gesture at a new finger count that lasts \(wait) ms)" : "")
        }.joined()
    }
}
