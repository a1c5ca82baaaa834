import LibinputEventText

/// The one line that closes a sequence's explanation: what libinput made of it, and the number
/// that decided it.
struct Conclusion {
    let analysis: SequenceAnalysis
    let touches: [TouchSummary]
    let findings: [Finding]
    let gestures: GestureAnalysis

    var line: String {
        let made = "libinput made this "
        if let outcome = gestures.outcomes.last(where: { $0.state != "motion" && $0.state != "hold" })
            ?? gestures.outcomes.last
        {
            let what = Self.article(outcome.state, fingers: outcome.fingers)
            let instead = Self.alternative(to: outcome.state, fingers: outcome.fingers).map { ", not \($0)," } ?? ""
            guard let deciding = outcome.deciding else {
                if outcome.state == "hold" {
                    let timer = outcome.fingers > 2 ? "180 ms with 3 or more fingers" : "40 ms with 1 or 2 fingers"
                    return made + what + " because its hold timer fired (\(timer)) before the fingers moved enough "
                        + "for a gesture" + palmsAside
                }
                return made + what + instead + " (" + Self.plain(outcome.decision) + ")" + palmsAside
            }
            let agreement =
                deciding.agreesWithLog == false
                ? "; by the rule recomputed here it would not have been: the frames and libinput disagree" : ""
            return made + what + instead + " because " + deciding.text + agreement + palmsAside
        }
        if let tap = tapLine { return tap + palmsAside }
        if analysis.reported.contains(.motion) { return made + "pointer motion: one finger moved" + palmsAside }
        if !palms.isEmpty { return "libinput ignored " + palms.joined(separator: " and ") }
        if let light = findings.first(where: { $0.rule == .touchPressure && !$0.exceeds }) {
            return "libinput saw no touch: " + light.text
        }
        let reported = analysis.reported.map(\.description)
        return reported.isEmpty
            ? "libinput reported nothing for these touches"
            : made + reported.joined(separator: ", ")
    }

    /// Taps: the time and travel of the touches, when the tap machine ran.
    private var tapLine: String? {
        let times = findings.filter { $0.rule == .tapTime }
        guard !times.isEmpty else {
            if analysis.decisions.isEmpty, touches.count == 1, let t = touches.first,
                Double(t.up - t.down) / 1000 <= analysis.rules.tapTimeout,
                t.travel <= analysis.rules.tapMotionThreshold
            {
                return "libinput sent no tap: tapping is off (libinput's default; --tap turns it on)"
            }
            return nil
        }
        let travels = findings.filter { $0.rule == .tapTravel }
        let tapped = analysis.reported.contains { if case .button = $0 { true } else { false } }
        let against = (times + travels).filter(\.exceeds)
        if tapped { return "libinput made this a tap because " + (times + travels).map(\.text).joined(separator: " and ") }
        if let reason = against.first { return "libinput made this no tap because " + reason.text }
        return "libinput sent no tap, though " + (times + travels).map(\.text).joined(separator: " and ")
    }

    private var palms: [String] {
        analysis.decisions(of: .palm).compactMap { decision in
            guard let touch = decision.touch, let reason = decision.event,
                let detected = reason.wholeMatch(of: /palm detected \((.*)\)/)
            else { return nil }
            let number = findings.first { $0.rule == .palmPressure && $0.touch == touch && $0.exceeds }
            return "touch \(touch) as a palm (\(detected.1))" + (number.map { ": \($0.text)" } ?? "")
        }
    }

    private var palmsAside: String { palms.isEmpty ? "" : "; it ignored " + palms.joined(separator: " and ") }

    private static func article(_ kind: String, fingers: Int) -> String {
        let counted = fingers > 0 ? "\(fingers)-finger " : ""
        switch kind {
        case "motion": return "pointer motion"
        case "hold": return "a \(counted)hold"
        default: return "a \(counted)\(kind)"
        }
    }

    private static func alternative(to kind: String, fingers: Int) -> String? {
        switch kind {
        case "scroll": "a pinch"
        case "pinch": fingers > 2 ? "a swipe" : "a scroll"
        case "swipe": "a pinch"
        default: nil
        }
    }

    private static func plain(_ decision: LibinputDecision) -> String {
        let event = (decision.event ?? "").replacingOccurrences(of: "GESTURE_EVENT_", with: "")
        return "its gesture machine took \(event.lowercased().replacingOccurrences(of: "_", with: " "))"
    }
}
