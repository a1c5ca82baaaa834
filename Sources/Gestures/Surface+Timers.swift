/// Time comes from event timestamps: there are no real timers. Before an event, every timer due
/// by its time fires, earliest first, at its own time, and the surface settles after each.
extension Surface {
    func fireTimers(upTo time: Double) {
        guard nextTimer <= time else { return }
        while let (recognizer, due) = earliestDeadline(), due <= time {
            recognizer.advance(to: due)
            settle(at: due)
        }
    }

    /// `recognizer` armed its timer.
    func timerArmed(by recognizer: GestureRecognizer) {
        if !timed.contains(where: { $0 === recognizer }) { timed.append(recognizer) }
        nextTimer = min(nextTimer, recognizer.timerDeadline ?? .infinity)
    }

    /// The live recognizer whose timer fires first; among equals, the first in delivery order.
    private func earliestDeadline() -> (GestureRecognizer, Double)? {
        timed.removeAll { $0.timerDeadline == nil }
        var earliest: (recognizer: GestureRecognizer, due: Double)?
        for recognizer in timed {
            guard let due = recognizer.deadline else { continue }
            if let first = earliest,
                due > first.due || (due == first.due && !delivers(recognizer, before: first.recognizer))
            {
                continue
            }
            earliest = (recognizer, due)
        }
        nextTimer = earliest?.due ?? .infinity
        return earliest
    }

    /// Whether `a` comes before `b` in delivery order.
    private func delivers(_ a: GestureRecognizer, before b: GestureRecognizer) -> Bool {
        (gestureRecognizers.firstIndex { $0 === a } ?? .max) < (gestureRecognizers.firstIndex { $0 === b } ?? .max)
    }
}
