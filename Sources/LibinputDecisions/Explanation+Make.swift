import LibinputEventText
import LibinputEvents
import Recordings

extension Explanation {
    /// Explains a replay of `recording` on libinput `version`: its `events` (times on libinput's
    /// clock, the recording's first frame at `recordingStart`) and its debug `log`, each line
    /// with the cause the harness stamped it with.
    public init(
        recording: Recording, events: [LibinputEvent], log: [LibinputLogMessage], recordingStart: UInt64,
        version: String
    ) {
        let read = DecisionLog(log)
        let rules = RuleBook(version: version)
        let sequences = TouchSequence.all(in: recording)
        let starts = sequences.map(\.start) + [.max]
        let startFrames = sequences.map(\.frames.lowerBound) + [.max]
        // A line belongs to the sequence its frame is in, or, for a timer, the sequence it fired
        // after; a line before the first sequence to the first.
        func sequenceIndex(of cause: LibinputLogCause) -> Int {
            switch cause {
            case .frame(let device, let index, _) where device == 0:
                return startFrames.lastIndex { $0 <= index } ?? 0
            default:
                return starts.lastIndex { $0 <= cause.time } ?? 0
            }
        }
        var decisions = Array(repeating: [LibinputDecision](), count: sequences.count)
        var unattributed = 0
        for decision in read.decisions {
            guard let cause = decision.cause, !sequences.isEmpty else {
                unattributed += 1
                continue
            }
            decisions[min(sequenceIndex(of: cause), sequences.count - 1)].append(decision)
        }
        var eventsBySequence = Array(repeating: [LibinputEvent](), count: sequences.count)
        for event in events where event.time >= recordingStart && !sequences.isEmpty {
            let time = event.time - recordingStart
            eventsBySequence[max(0, starts.lastIndex { $0 <= time } ?? 0)].append(event)
        }
        let device = recording.device.name
        let thresholds = read.thresholds.values.first ?? DeviceThresholds()
        self.init(
            libinputVersion: version, device: device, thresholds: thresholds,
            sequences: sequences.enumerated().map { n, sequence in
                SequenceAnalysis(
                    sequence: sequence, number: n + 1, decisions: decisions[n],
                    reported: ReportedGesture.sequence(of: eventsBySequence[n]), thresholds: thresholds,
                    rules: rules, recording: recording
                ).explained
            },
            unreadLines: read.unread.map(\.text), unattributed: unattributed, recordingStart: recordingStart,
            timeBase: TimeBase(of: events))
    }
}
