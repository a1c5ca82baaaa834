import AppEvents
import Gestures
import LibinputEventText
import LibinputEvents
import ModeComparison

extension ComparisonReport {
    /// What differs between the modes, in plain words, a line per recognizer with unmatched
    /// activations (``ComparisonRow/unmatched``: it activated in one mode only, more often in one,
    /// or in each where the other did not) with the likely cause, told from what it followed at
    /// them, and when and where, its times since `timeBase`; and a line per menu or drag that
    /// started in both modes from different inputs.
    public func differencesInWords(timeBase: TimeBase) -> [String] {
        rows.compactMap { Self.difference(of: $0, timeBase) }
    }

    /// The line of ``differencesInWords(timeBase:)`` for the recognizer at `path`; nil where its
    /// modes do not differ.
    public func differenceInWords(of path: RecognizerPath, timeBase: TimeBase) -> String? {
        rows.first { $0.path == path }.flatMap { Self.difference(of: $0, timeBase) }
    }

    private static func difference(of row: ComparisonRow, _ timeBase: TimeBase) -> String? {
        let modes = row.unmatched.modes
        guard let mode = modes.first else { return row.startsDiffer == true ? Self.startsInWords(row) : nil }
        let (c, i) = (row.compat.transitions.activationTimes.count, row.indirect.transitions.activationTimes.count)
        let verb = row.compat.began + row.indirect.began == 0 ? "was recognized" : "began"
        let named = [(c, "compat mode (key NO)"), (i, "indirect mode (key YES)")]
        guard modes.count == 1 else {
            // Each mode activated where the other did not: the causes of each, in turn.
            let causes = modes.compactMap { mode in
                Self.cause(of: row, in: mode, timeBase).map {
                    (mode == .compatibility ? "compat" : "indirect") + "'s: " + $0
                }
            }
            let (uc, ui) = (row.unmatched.compat.count, row.unmatched.indirect.count)
            return "\(row.recognizer) \(verb) \(Self.times(c)) in \(named[0].1) and \(Self.times(i)) in "
                + "\(named[1].1); \(Self.times(uc)) in compat mode and \(Self.times(ui)) in indirect mode not "
                + "within a second of the other's" + (causes.isEmpty ? "" : "; ") + causes.joined(separator: "; ")
        }
        let (more, fewer) = mode == .compatibility ? (named[0], named[1]) : (named[1], named[0])
        let line =
            "\(row.recognizer) \(verb) \(Self.times(more.0)) in \(more.1) and \(Self.times(fewer.0)) in \(fewer.1)"
        return Self.cause(of: row, in: mode, timeBase).map { line + ": " + $0 } ?? line
    }

    /// Why a row's unmatched activations in `mode` happened, when what the recognizer followed at
    /// each of them tells: the pinch's simulated touches (moved, or held still as a long press),
    /// or a click, whose touch is `direct` in one mode and `indirectPointer` in the other (which a
    /// recognizer's `allowedTouchTypes` may leave out), each told with when and where, both where
    /// some were one and some the other; a pinch recognizer that indirect mode's transforms alone
    /// set off, by where each mode delivered the pinch (``transformCause``); and when the other
    /// mode's recognizer lost arbitration, to which and when.
    private static func cause(of row: ComparisonRow, in mode: DeliveryMode, _ timeBase: TimeBase) -> String? {
        let (summary, other) = mode == .compatibility ? (row.compat, row.indirect) : (row.indirect, row.compat)
        // A loss near an unmatched activation: the other mode's recognizer lost that gesture.
        let losses = other.arbitrationLosses.filter { loss in
            row.unmatchedTimes(in: mode).contains { AccidentalActivationRule.isNear(loss.time, $0...$0) }
        }
        var firstLoss: [String: Double] = [:]
        for loss in losses where firstLoss[loss.winner.description] == nil {
            firstLoss[loss.winner.description] = loss.time
        }
        let otherMode = mode == .compatibility ? "indirect" : "compat"
        let lost =
            firstLoss.isEmpty
            ? nil
            : "in \(otherMode) mode it lost arbitration to "
                + firstLoss.sorted { $0.key < $1.key }.map {
                    $0.key + " at " + timeBase.text(atTimestamp: $0.value)
                }.joined(separator: ", ")
        let unmatched = row.unmatched[mode].compactMap {
            summary.activationInputs.indices.contains($0) ? summary.activationInputs[$0] : nil
        }
        if mode == .indirectInput, summary.followsTransforms, lost == nil, !unmatched.isEmpty,
            unmatched.allSatisfy({ $0.touches == 0 && $0.eventLocation != nil })
        {
            return transformCause(unmatched, indirect: summary, compat: other, timeBase)
        }
        let simulated = unmatched.filter { $0.simulatedTouches > 0 }
        let clicks = unmatched.filter { $0.simulatedTouches == 0 && $0.pointerTouches > 0 }
        // Activations of other input (a finger's touch): the causes of those told say nothing of them.
        guard !unmatched.isEmpty, simulated.count + clicks.count == unmatched.count else { return lost }
        let causes =
            (simulated.isEmpty ? [] : [pinchCause(simulated, row: row, summary: summary, mode: mode, timeBase)])
            + (clicks.isEmpty
                ? [] : [clickCause(clicks, other: other, mode: mode, lost: lost, alone: simulated.isEmpty, timeBase)])
        return causes.joined(separator: "; and ")
    }

    /// Why the pinches' simulated touches of `inputs` set a recognizer off in compat mode.
    private static func pinchCause(
        _ inputs: [ActivationInput], row: ComparisonRow, summary: ModeSummary, mode: DeliveryMode,
        _ timeBase: TimeBase
    ) -> String {
        let whenAndWhere = " " + Self.whenAndWhere(inputs, timeBase)
        // Simulated touches the rule calls no accident: they are the input of the pinch they are for.
        if mode == .compatibility, row.accidentalIn == nil {
            // What indirect mode's transform did here: failed on it, or went to another region.
            let transform: String
            if let failure = row.indirect.failureInputs.first(where: { failure in
                failure.eventLocation != nil
                    && inputs.contains { AccidentalActivationRule.isNear(failure.time, $0.time...$0.time) }
            }), let pointer = failure.eventLocation {
                transform =
                    "reached it, the pointer at \(pointer), and it failed at "
                    + timeBase.text(atTimestamp: failure.time)
            } else {
                transform = "goes to the region under the pointer and did not reach it"
            }
            return "it takes a pinch in both modes: in compat mode "
                + (inputs.count == 1 ? "the pinch's simulated touches" : "pinches' simulated touches")
                + ", either side of the pointer, began it" + whenAndWhere + "; in indirect mode the transform "
                + transform + "; no accident: the touches are its input"
        }
        let noTouches = ", where indirect mode's transform events carry no touches"
        let heldStill =
            row.kind == .longPress
            || summary.starts.contains { start in start.input == .longPress && inputs.contains { $0.time == start.time }
            }
        let one = inputs.count == 1
        if heldStill {
            let held =
                !one
                ? "pinches' simulated touches, held still, were long presses"
                : inputs[0].simulatedTouches == 1
                    ? "one of the pinch's simulated touches, held still, was a long press"
                    : "the pinch's simulated touches, held still, were a long press"
            return held + whenAndWhere
        }
        return inputs.allSatisfy { $0.simulatedTouches >= 2 }
            ? (one ? "a pinch's two simulated touches" : "pinches' simulated touches") + " set it off" + whenAndWhere
                + noTouches
            : (one ? "one of a pinch's two simulated touches" : "pinches' simulated touches")
                + " landed on it and set it off" + whenAndWhere + noTouches
    }

    /// Why indirect mode's transforms of `inputs` set off a pinch or rotation recognizer that
    /// compat mode's simulated touches did not: the transform goes to the region under the
    /// pointer, each simulated touch to the region under itself, either side of the pointer; told
    /// with what the `compat` recognizer followed of the first pinch's touches while the
    /// `indirect` one followed its transform, and when it failed.
    private static func transformCause(
        _ inputs: [ActivationInput], indirect: ModeSummary, compat: ModeSummary, _ timeBase: TimeBase
    ) -> String {
        let first = inputs[0]
        // The first pinch, from its activation to its end in indirect mode.
        let end = indirect.transitions.first { $0.time >= first.time && $0.state != .began && $0.state != .changed }
        let reached =
            "in indirect mode "
            + (inputs.count == 1 ? "the pinch reached it as a transform " : "pinches reached it as transforms ")
            + whenAndWhere(inputs, timeBase) + ", a transform going to the region under the pointer; in compat mode "
            + "a pinch's two simulated touches, either side of the pointer, each go to the region under itself"
        guard compat.allowedTouchTypes.contains(.direct) else {
            let allowed = compat.allowedTouchTypes.map(\.rawValue).sorted().joined(separator: ", ")
            return reached + ", and its allowedTouchTypes ([\(allowed)]) leave out those direct touches"
        }
        // The failure at that pinch while following some of its simulated touches.
        let failure = compat.failureInputs.first {
            $0.simulatedTouches > 0 && AccidentalActivationRule.isNear($0.time, first.time...(end?.time ?? first.time))
        }
        guard let failure else { return reached + ": neither reached it" }
        let followed =
            failure.simulatedTouches == 1 && failure.starts.count == 1
            ? "only one of them, down at \(failure.starts[0])" : "\(failure.simulatedTouches) of them"
        return reached + ": it followed " + followed + ", and failed at " + timeBase.text(atTimestamp: failure.time)
    }

    /// Why the clicks of `inputs` set a recognizer off in `mode` alone: their touch's type, which
    /// the other mode's recognizer may not take; with `lost`, the other mode's loss, when they are
    /// the row's only cause (`alone`).
    private static func clickCause(
        _ inputs: [ActivationInput], other: ModeSummary, mode: DeliveryMode, lost: String?, alone: Bool,
        _ timeBase: TimeBase
    ) -> String {
        // Where a click was is set off by commas: "the click that set it off at 1.100s, from …, is".
        let placed = inputs.contains { !$0.starts.isEmpty }
        let click =
            (inputs.count == 1 ? "the click that set it off " : "the clicks that set it off ")
            + Self.whenAndWhere(inputs, timeBase) + (placed ? "," : "")
            + (inputs.count == 1
                ? " is a direct touch in compat mode, as a finger's, and an indirectPointer touch in indirect mode"
                : " are direct touches in compat mode, as fingers', and indirectPointer touches in indirect mode")
        // The other mode's click is a touch of the other type, which the recognizer may not take.
        let otherType: TouchType = mode == .compatibility ? .indirectPointer : .direct
        if !other.allowedTouchTypes.contains(otherType) {
            let allowed = other.allowedTouchTypes.map(\.rawValue).sorted().joined(separator: ", ")
            let (these, those) = mode == .compatibility ? ("compat", "indirect") : ("indirect", "compat")
            return click + "; its allowedTouchTypes ([\(allowed)]) leave out \(those) mode's \(otherType.rawValue) "
                + "touch, so only \(these) mode's click reached it"
        }
        guard alone, let lost else { return click + ", and the recognizer took it in one mode only" }
        return lost + " (" + click + ")"
    }

    /// "at 1.931s, from a touch down at (438, 708)": each activation's time since `timeBase` (when
    /// the recognizer acted) and where the touches it followed came down ("from touches down at
    /// (438, 708) and (538, 708)"), or where the pointer was for an event ("the pointer at (720,
    /// 450)"), the first three of several told, "then" between.
    private static func whenAndWhere(_ inputs: [ActivationInput], _ timeBase: TimeBase) -> String {
        let told = inputs.prefix(3).map { input in
            "at " + timeBase.text(atTimestamp: input.time)
                + (input.starts.isEmpty
                    ? input.eventLocation.map { ", the pointer at \($0)" } ?? ""
                    : (input.starts.count == 1 ? ", from a touch down at " : ", from touches down at ")
                        + input.starts.map(\.description).joined(separator: " and "))
        }
        return told.joined(separator: ", then ") + (inputs.count > 3 ? ", and \(inputs.count - 3) more" : "")
    }

    /// "list/contextMenu started in both modes, from different inputs: longPress of simulated
    /// touches in compat mode, secondaryClick in indirect mode".
    private static func startsInWords(_ row: ComparisonRow) -> String {
        func inputs(_ summary: ModeSummary) -> String {
            summary.starts.map { $0.input.rawValue + ($0.isSimulated ? " of simulated touches" : "") }
                .joined(separator: ", ")
        }
        let (compat, indirect) = (inputs(row.compat), inputs(row.indirect))
        guard compat != indirect else {
            return "\(row.recognizer) started in both modes from the same inputs (\(compat)), at different times"
        }
        return "\(row.recognizer) started in both modes, from different inputs: \(compat) in compat mode, "
            + "\(indirect) in indirect mode"
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
    /// reported instead of a table of dashes, and the pointer regions, if any; `width` as
    /// ``renderTable(timeBase:width:)`` takes it.
    public func renderTable(
        for events: [LibinputEvent], screen: String, timeBase: TimeBase, width: Int? = nil
    ) -> String {
        guard let line = nothingTakenInWords(for: events, screen: screen) else {
            let words = differencesInWords(timeBase: timeBase)
            let said = words.isEmpty ? "" : "what differs:\n" + words.map { "  " + $0 + "\n" }.joined()
            let failures = failuresInWords(timeBase: timeBase)
            let why = failures.isEmpty ? "" : "why they failed:\n" + failures.map { "  " + $0 + "\n" }.joined()
            return renderTable(timeBase: timeBase, width: width, legend: true) + said + why
        }
        return ([line] + pointerRegionLines(timeBase)).joined(separator: "\n") + "\n"
    }

    /// What the view and the report say of the modes, as compare says it: what differs, its
    /// times since `timeBase` (by default the first of `events`, as a replay counts them), or,
    /// when no recognizer did anything, the one sentence compare prints instead of its table.
    public func whatDiffersInWords(
        for events: [LibinputEvent], screen: String?, timeBase: TimeBase? = nil
    ) -> [String] {
        nothingTakenInWords(for: events, screen: screen).map { [$0] }
            ?? differencesInWords(timeBase: timeBase ?? TimeBase(of: events))
    }

    /// What the view says under its lanes, as compare under its table: what differs
    /// (``whatDiffersInWords(for:screen:timeBase:)``) and why the recognizers that failed in both
    /// modes failed (``failuresInWords(timeBase:)``), times since the first of `events`.
    public func wordsUnderTable(
        for events: [LibinputEvent], screen: String?
    ) -> (differences: [String], failures: [String]) {
        (whatDiffersInWords(for: events, screen: screen), failuresInWords(timeBase: TimeBase(of: events)))
    }

    /// When no recognizer did anything in either mode, what libinput reported of `events`
    /// instead, in a sentence naming the `screen` (if told); nil when one did.
    public func nothingTakenInWords(for events: [LibinputEvent], screen: String?) -> String? {
        guard rows.allSatisfy({ $0.compat.isIdle && $0.indirect.isIdle }) else { return nil }
        let gestures = ReportedGesture.sequence(of: events)
        var line =
            gestures.isEmpty
            ? "libinput reported nothing a recognizer takes"
            : "libinput reported \(ReportedGesture.inWords(gestures)); no recognizer"
                + (screen.map { " on the \($0) screen" } ?? "") + " took any of it in either mode"
        if gestures.contains(where: \.isSystemGesture) {
            line +=
                ". iPadOS keeps trackpad swipes of three fingers for itself (Home, App Switcher, switching apps); "
                + "TouchSynth gives the system those of more fingers, and pinches of three or more, too"
        }
        if gestures.contains(where: \.isHold) {
            line += ". A hold is fingers resting, for which Apple documents no UIKit event"
        }
        // Why libinput made the input what it did is explain's to say, with its numbers.
        return line + ". `touchsynth explain` of the recording says why libinput decided so."
    }
}
