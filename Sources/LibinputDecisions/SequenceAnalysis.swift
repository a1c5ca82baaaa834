import LibinputEventText
import LibinputEvents
import Recordings

/// One touch sequence weighed against one libinput version's rules.
struct SequenceAnalysis {
    let sequence: TouchSequence
    let number: Int
    let decisions: [LibinputDecision]
    let reported: [ReportedGesture]
    let thresholds: DeviceThresholds
    let rules: RuleBook
    let recording: Recording

    var explained: SequenceExplanation {
        let touches = sequence.tracks.map(summary)
        let gestures = GestureAnalysis(analysis: self)
        let findings = tapFindings(touches) + pressureFindings(touches) + gestures.findings
        return SequenceExplanation(
            number: number, start: sequence.start, end: sequence.end, touches: touches, decisions: decisions,
            reported: reported, findings: findings,
            conclusion: Conclusion(analysis: self, touches: touches, findings: findings, gestures: gestures).line)
    }

    /// The decisions of `machine`, about `touch` when given.
    func decisions(of machine: LibinputDecision.Machine, touch: Int? = nil) -> [LibinputDecision] {
        decisions.filter { $0.machine == machine && (touch == nil || $0.touch == touch) }
    }

    /// The time of the frame after `frame`: when a finger last down in `frame` had lifted.
    private func liftTime(after frame: Int) -> UInt64 {
        recording.frames[min(frame + 1, recording.frames.count - 1)].time
    }

    private func summary(_ track: FingerTrack) -> TouchSummary {
        let first = track.points[0], last = track.points[track.points.count - 1]
        return TouchSummary(
            touch: track.slot, down: first.time, up: liftTime(after: last.frame), from: first.mm, to: last.mm,
            travel: track.points.map { $0.mm.distance(to: first.mm) }.max() ?? 0,
            peakPressure: track.points.compactMap(\.pressure).max().map(Int.init))
    }

    // MARK: taps

    /// Each touch of a sequence the tap machine logged for: its time down against the tap
    /// timeout, its travel against the tap motion threshold.
    private func tapFindings(_ touches: [TouchSummary]) -> [Finding] {
        guard !decisions(of: .tap).isEmpty else { return [] }
        return touches.flatMap { touch -> [Finding] in
            let taps = decisions(of: .tap, touch: touch.touch)
            let held = Double(touch.up - touch.down) / 1000
            let timedOut = decisions(of: .tap).contains {
                $0.event == "TAP_EVENT_TIMEOUT" && ($0.cause?.time ?? .max) < touch.up
                    && ($0.cause?.time ?? 0) >= touch.down
            }
            let moved = taps.contains { $0.event == "TAP_EVENT_MOTION" }
            return [
                Finding(
                    rule: .tapTime, time: touch.up, touch: touch.touch, value: held, limit: rules.tapTimeout,
                    unit: "ms", exceeds: held > rules.tapTimeout, agreesWithLog: (held > rules.tapTimeout) == timedOut,
                    text: "touch \(touch.touch) was down \(Self.ms(held)) ms, "
                        + (held > rules.tapTimeout ? "longer than" : "within") + " the \(Self.ms(rules.tapTimeout)) ms of a tap",
                    source: rules.source(.tapTime)),
                Finding(
                    rule: .tapTravel, time: touch.up, touch: touch.touch, value: touch.travel,
                    limit: rules.tapMotionThreshold, unit: "mm", exceeds: touch.travel > rules.tapMotionThreshold,
                    agreesWithLog: taps.isEmpty ? nil : (touch.travel > rules.tapMotionThreshold) == moved,
                    text: "touch \(touch.touch) moved \(Self.mm(touch.travel)) mm, "
                        + (touch.travel > rules.tapMotionThreshold ? "more than" : "within")
                        + " the \(Self.mm(rules.tapMotionThreshold)) mm a tap may move",
                    source: rules.source(.tapTravel)),
            ]
        }
    }

    // MARK: pressure

    /// Each touch's peak pressure against the thresholds libinput logged: a palm by pressure,
    /// and a touch too light to begin.
    private func pressureFindings(_ touches: [TouchSummary]) -> [Finding] {
        touches.flatMap { touch -> [Finding] in
            guard let peak = touch.peakPressure else { return [] }
            var findings: [Finding] = []
            if let limit = thresholds.palmPressure {
                let palm = decisions(of: .palm, touch: touch.touch).contains { $0.event?.contains("pressure") == true }
                findings.append(
                    Finding(
                        rule: .palmPressure, time: touch.down, touch: touch.touch, value: Double(peak),
                        limit: Double(limit), unit: "units", exceeds: peak >= limit, agreesWithLog: (peak >= limit) == palm,
                        text: "touch \(touch.touch) pressed at most \(peak), "
                            + (peak >= limit ? "reaching" : "below") + " the palm threshold \(limit)",
                        source: rules.source(.palmPressure)))
            }
            if let range = thresholds.pressure {
                let began = decisions(of: .touchDetection, touch: touch.touch).contains { $0.event == "pressure begin" }
                findings.append(
                    Finding(
                        rule: .touchPressure, time: touch.down, touch: touch.touch, value: Double(peak),
                        limit: Double(range.upperBound), unit: "units", exceeds: peak > range.upperBound,
                        agreesWithLog: (peak > range.upperBound) == began,
                        text: "touch \(touch.touch) pressed at most \(peak): "
                            + (peak > range.upperBound
                                ? "above \(range.upperBound), a touch" : "never above \(range.upperBound), no touch"),
                        source: rules.source(.touchPressure)))
            }
            return findings
        }
    }

    static func ms(_ value: Double) -> String { String(Int(value.rounded())) }

    static func mm(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))"
    }
}
