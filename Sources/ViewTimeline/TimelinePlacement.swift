import LibinputDecisions
import LibinputEvents

/// Where each step's lane changes and libinput's decisions go, worked out on the steps' times
/// and changes alone: a timeline held whole (``ViewTimeline/run``) and one written as it is made
/// (`ViewTimeline.writeJSON(title:…)`) place them alike.
struct TimelinePlacement {
    /// Each step's time, lane changes and decisions, in step order.
    private let times: [Double]
    private var changes: [[LaneChange]]
    private var decisions: [[DecisionNote]]

    /// The steps' `times` and `changes` as the model made them: each accidental activation
    /// flagged on the change that activated, and each change moved to the first step at or after
    /// its time. libinput's `decisions` placed: one made reading a frame of the pad at that
    /// frame's step (`padSteps`), a timer's at the first step at or after it, the events it made;
    /// with no `recordingStart` (nothing delivered) none.
    init(
        times: [Double], changes: [[LaneChange]], decisions notes: [DecisionNote], padSteps: [Int],
        recordingStart: UInt64?, timeBase: TimeBase
    ) {
        self.times = times
        self.changes = changes
        decisions = Array(repeating: [], count: times.count)
        flagAtActivation()
        placeAtTheirTimes()
        guard let recordingStart, !times.isEmpty else { return }
        for note in notes {
            switch note.place {
            case .frame(let index) where index < padSteps.count: decisions[padSteps[index]].append(note)
            case .frame: break
            // Its time is the replay's already (``Explanation``, played at the speed).
            case .time(let micros):
                decisions[firstStep(atOrAfter: timeBase.seconds(recordingStart + micros) - 1e-9)].append(note)
            }
        }
    }

    /// `frame` with the changes and decisions of its step (``ViewFrame/index``).
    func apply(to frame: inout ViewFrame) {
        (frame.changes, frame.decisions) = (changes[frame.index], decisions[frame.index])
    }

    /// Each lane change at the first step at or after its time: one a recognizer's timer made (a
    /// tap recognized once its wait is over) is read at the next event, later.
    private mutating func placeAtTheirTimes() {
        // Times are seconds from two clocks' arithmetic: a microsecond apart is the same instant.
        for f in changes.indices.dropFirst() {
            let previous = times[f - 1] - 1e-6
            let late = changes[f].filter { $0.time < previous }
            guard !late.isEmpty else { continue }
            changes[f].removeAll { $0.time < previous }
            for change in late {
                let at = firstStep(atOrAfter: change.time - 1e-6)
                // After the step's changes at or before it, in time order.
                let after = changes[at].lastIndex { $0.time <= change.time }.map { $0 + 1 } ?? 0
                changes[at].insert(change, at: after)
            }
        }
    }

    /// The first step at or after `seconds`; the last when none is.
    private func firstStep(atOrAfter seconds: Double) -> Int {
        Swift.min(times.partitioningIndex { $0 >= seconds }, times.count - 1)
    }

    /// Each accidental activation flagged on the change that activated, where the model, deciding
    /// as it went, could only flag it a window later with a second change.
    private mutating func flagAtActivation() {
        // A change and its flag differ only by the flag.
        var activations: [LaneChange: (step: Int, change: Int)] = [:]
        func key(_ c: LaneChange) -> LaneChange {
            LaneChange(mode: c.mode, lane: c.lane, state: c.state, time: c.time, accidental: false)
        }
        for f in changes.indices {
            // The second changes go first, so that an original in the same step keeps its flag.
            let flags = changes[f].filter(\.accidental)
            changes[f].removeAll(where: \.accidental)
            for (i, change) in changes[f].enumerated() { activations[key(change)] = (f, i) }
            for change in flags {
                if let original = activations[key(change)] { changes[original.step][original.change].accidental = true }
            }
        }
    }
}
