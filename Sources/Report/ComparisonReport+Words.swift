import AppEvents
import Gestures
import LibinputEventText
import LibinputEvents
import ModeComparison

extension ComparisonReport {
    /// What differs between the modes, in plain words, a line per recognizer whose activations
    /// differ: one that activated in one mode only, or more often in one, and the likely cause
    /// when compatibility mode's touches drove it where indirect mode's events carried none.
    public var differencesInWords: [String] {
        rows.compactMap { row in
            let (c, i) = (row.compat.began + row.compat.recognized, row.indirect.began + row.indirect.recognized)
            guard c != i else { return nil }
            let discrete = row.compat.began + row.indirect.began == 0
            let verb = discrete ? "was recognized" : "began"
            var line =
                "\(row.recognizer) \(verb) \(Self.times(c)) in compat mode (key NO) and \(Self.times(i)) in indirect "
                + "mode (key YES)"
            if c > i && row.compat.starts.contains(where: \.isSimulated) {
                line += ": the pinch's simulated touches, held still, were a long press"
            } else if c > i && row.compat.followedSimulatedTouches {
                line +=
                    row.compat.maxNumberOfTouches >= 2
                    ? ": a pinch's two simulated touches set it off, where indirect mode's transform events carry no "
                        + "touches"
                    : ": one of a pinch's two simulated touches landed on it and set it off, where indirect mode's "
                        + "transform events carry no touches"
            } else if c > i && row.compat.maxNumberOfTouches == 1 && row.indirect.maxNumberOfTouches <= 1 {
                line +=
                    ": a click is a direct touch in compat mode, as a finger's, and an indirectPointer touch in "
                    + "indirect mode"
            } else if i > c && row.indirect.starts.contains(where: { $0.touchType == .indirectPointer }) {
                line +=
                    ": in indirect mode the pointer drags at once, where compat mode's click is a finger that must wait"
            }
            return line
        }
    }

    private static func times(_ n: Int) -> String {
        switch n {
        case 0: "never"
        case 1: "once"
        case 2: "twice"
        default: "\(n) times"
        }
    }

    /// The table for `events` (libinput's) on the screen called `screen`, its times since
    /// `timeBase`; when no recognizer did anything in either mode, one line saying what libinput
    /// reported instead of a table of dashes, and the pointer regions, if any.
    public func renderTable(for events: [LibinputEvent], screen: String, timeBase: TimeBase) -> String {
        let idle = rows.allSatisfy { $0.compat.isIdle && $0.indirect.isIdle }
        guard idle else {
            let words = differencesInWords
            let said = words.isEmpty ? "" : "what differs:\n" + words.map { "  " + $0 + "\n" }.joined()
            return renderTable(timeBase: timeBase) + said
        }
        let gestures = ReportedGesture.sequence(of: events)
        var line =
            gestures.isEmpty
            ? "libinput reported nothing a recognizer takes"
            : "libinput reported \(gestures.map(\.inWords).joined(separator: ", ")); no recognizer on the \(screen) "
                + "screen took any of it in either mode"
        if gestures.contains(where: \.isSystemGesture) {
            line +=
                ". iPadOS keeps trackpad swipes and pinches of three or more fingers for itself (Home, App Switcher, "
                + "switching apps)"
        }
        if gestures.contains(where: \.isHold) {
            line += ". A hold is fingers resting, for which UIKit has no event"
        }
        return ([line + "."] + pointerRegionLines(timeBase)).joined(separator: "\n") + "\n"
    }
}
