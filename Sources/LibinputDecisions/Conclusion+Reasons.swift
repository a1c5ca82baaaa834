import Recordings
import TextTables

/// The reasons a conclusion adds where libinput's rules, not its log, tell them: when an edge
/// scroll began, how many fingers clickfinger counted, that a jailed thumb still taps, why
/// fingers at rest made no hold, and what a tap's sequence sent beside it.
extension Conclusion {
    /// Touches set aside, each with its numbers after a colon, joined so that the next reads as
    /// another: "touch 0 as a palm (pressure): …; and touch 1 …"; plain " and " between short ones.
    static func clauses(_ aside: [String]) -> String {
        aside.joined(separator: aside.contains { $0.contains(":") } ? "; and " : " and ")
    }

    /// What else a tap's sequence sent (a hold as the fingers rested, a button of the pad's own),
    /// besides the buttons of the taps the line counts, the last pressed. A pad with buttons of
    /// its own, not a clickpad, keeps their presses from its tap machine (`tp_tap_handle_state`):
    /// only a clickpad's press ends a tap, so such a press and the tap are both sent, which is
    /// said with the line.
    var besideTap: String {
        var reported = analysis.reported
        for _ in 0..<max(tapCount, 1) {
            guard let tap = reported.lastIndex(where: { $0.button != nil }) else { break }
            reported.remove(at: tap)
        }
        let kept =
            " (the touchpad's own button: libinput keeps its presses from the tap machine on a pad that is no "
            + "clickpad, so it sent the press and the tap; "
            + analysis.rules.cite("evdev-mt-touchpad-tap.c", ["1.22.1": 1210, "1.28.1": 1213, "1.31.3": 1221]) + ")"
        // On a clickpad the press would have ended the tap: a button beside one is another's.
        var said = analysis.recording.device.has(property: Evdev.INPUT_PROP_BUTTONPAD)
        let others = reported.map { gesture in
            guard gesture.button != nil, !said else { return gesture.description }
            said = true
            return gesture.description + kept
        }
        return others.isEmpty ? "" : "; it also sent " + others.joined(separator: ", ")
    }

    /// A tap's button sent as the tap machine left `TOUCH_3_RELEASE_2`, with no press of the
    /// pad's button: what made it, where the stretches the tap analysis timed do not.
    func tapSentLate(_ button: UInt32) -> String? {
        guard let (decision, fingers) = tapSentLeavingThreeReleased,
            let time = decision.cause?.time
        else { return nil }
        let name = analysis.reported.first { $0 == .button(button) }?.description ?? ""
        let source = analysis.rules.threeReleasedTap
        // The three counted from the touch that made them three.
        let third =
            analysis.decisions(of: .tap).last {
                LibinputDecision.short($0.to) == "TOUCH_3" && ($0.cause?.time ?? .max) <= time
            }?.cause?.time ?? analysis.sequence.start
        let at = SequenceAnalysis.ms(Double(Int64(time) - Int64(third)) / 1000)
        return "libinput made this a \(fingers)-finger tap (\(name)): two of the three fingers its tap machine "
            + "counted had lifted, and it sent the tap as it left that state (TOUCH_3_RELEASE_2) by "
            + "\(LibinputDecision.short(decision.event)), \(at) ms after the third came down: any event there but a "
            + "thumb's or a palm's lift sends it; \(source)"
    }

    /// A press of the pad's button with two of three fingers the tap machine counted lifted: the
    /// press sent their tap as it left `TOUCH_3_RELEASE_2`, beside the click.
    var tapSentByPress: String? {
        guard let (decision, fingers) = tapSentLeavingThreeReleased,
            LibinputDecision.short(decision.event) == "BUTTON"
        else { return nil }
        let source = analysis.rules.threeReleasedTap
        return "; its tap machine sent a \(fingers)-finger tap too: two of the three fingers it counted had lifted, "
            + "and the press made it leave that state (TOUCH_3_RELEASE_2), which sends the tap; \(source)"
    }

    /// When and why an edge scroll began to scroll (`EDGE_NEW` to `EDGE`): once the finger had
    /// moved `DEFAULT_SCROLL_THRESHOLD` (3 mm), or at the 300 ms lock timer, which the button-areas
    /// click method turns off (a finger resting in a button area is there to click).
    var edgeScrollStart: String {
        guard let start = analysis.decisions(of: .edgeScroll).first(where: { LibinputDecision.short($0.to) == "EDGE" }),
            let time = start.cause?.time
        else { return "" }
        let after = SequenceAnalysis.ms(Double(Int64(time) - Int64(analysis.sequence.start)) / 1000)
        let file = "evdev-mt-touchpad-edge-scroll.c"
        let timer = analysis.rules.cite(file, ["1.22.1": 94, "1.28.1": 94, "1.31.3": 92])
        switch LibinputDecision.short(start.event) {
        case "TIMEOUT":
            return "; it scrolled \(after) ms after the finger came down, at its 300 ms lock timer, the finger having "
                + "moved under the 3 mm that start a scroll sooner; \(timer)"
        case "POSTED":
            // Where the 3 mm (DEFAULT_SCROLL_THRESHOLD) is checked, the rule that decided.
            let threshold = analysis.rules.cite(file, ["1.22.1": 483, "1.28.1": 483, "1.31.3": 460])
            let off = analysis.clickMethod == .buttonAreas
            return "; it scrolled \(after) ms after the finger came down, once it had moved 3 mm along the edge "
                + "(\(threshold))"
                + (off
                    ? ", its 300 ms lock timer being off with the button-areas click method (a finger resting in a "
                        + "button area is there to click; "
                        + analysis.rules.cite(file, ["1.22.1": 99, "1.28.1": 99, "1.31.3": 97]) + ")"
                    : ", before its 300 ms lock timer (" + timer + ")")
        default: return ""
        }
    }

    /// A finger that began in edge scrolling's strip and left it before it scrolled: libinput's
    /// edge scroll machine gives it up (`EDGE_NEW` to `AREA` by motion, `tp_edge_scroll_handle_edge_new`)
    /// and the touch moves the pointer.
    var edgeStripLeft: String {
        guard analysis.edgeScrolling, let strip = edgeStrip, let size = analysis.padSize,
            let left = analysis.decisions(of: .edgeScroll).first(where: {
                LibinputDecision.short($0.from) == "EDGE_NEW" && LibinputDecision.short($0.to) == "AREA"
            }), let time = left.cause?.time, let frame = GestureAnalysis.frame(of: left, in: analysis),
            let at = analysis.sequence.positions(at: frame)[left.touch ?? 0]?.mm
        else { return "" }
        let after = SequenceAnalysis.ms(Double(Int64(time) - Int64(analysis.sequence.start)) / 1000)
        let away = SequenceAnalysis.mm(
            strip.edge == .right ? size.width - at.x : size.height - at.y, beside: analysis.rules.edgeScrollStrip)
        let source = analysis.rules.cite(
            "evdev-mt-touchpad-edge-scroll.c", ["1.22.1": 180, "1.28.1": 180, "1.31.3": 179])
        return
            "; \(strip.words), and left it \(after) ms later, \(away.value) mm from the \(strip.edge.rawValue) edge, "
            + "before it scrolled (once the finger has moved 3 mm along the edge"
            + (analysis.clickMethod == .buttonAreas ? "" : ", or at 300 ms") + "): libinput's edge scrolling gave the "
            + "touch up to the pointer; \(source)"
    }

    /// The fingers clickfinger counted at the press, where the touches then (palms and thumbs
    /// aside, `tp_clickfinger_set_button`) give the button libinput sent: none counts as one, and
    /// two apart as one.
    var clickfingerCount: String {
        guard let press = analysis.firstButtonPress, let sent = analysis.reported.compactMap(\.button).first else {
            return ""
        }
        let counted = analysis.fingersCounted(at: press, thumbs: \.isIgnored)
        let button: [Int: UInt32] = [0: 0x110, 1: 0x110, 2: 0x111, 3: 0x112]
        if counted == 2, sent == button[1], let apart = twoCountedAsOne(at: press) { return apart }
        guard button[counted] == sent else { return "" }
        return counted == 0
            ? "; here it counted none, every touch set aside, which it takes as one" : "; here it counted \(counted)"
    }

    /// Why clickfinger took the two fingers down at `press` for one (`tp_clickfinger_within_distance`):
    /// further apart than two fingers clicking together, or, more than 20 mm apart up and down on a
    /// pad 50 mm tall or more, one in its bottom 20 mm and the other not (a thumb resting below a
    /// finger); nil when neither.
    private func twoCountedAsOne(at press: Int) -> String? {
        let aside = analysis.setAside(at: press, thumbs: \.isIgnored)
        let down = analysis.sequence.positions(at: press).filter { !aside.contains($0.key) }
            .sorted { $0.key < $1.key }.map(\.value)
        guard down.count == 2, let y = analysis.recording.positionAxes?.y, y.resolution > 0 else { return nil }
        let (dx, dy) = (abs(down[0].x - down[1].x), abs(down[0].y - down[1].y))
        let file = "evdev-mt-touchpad-buttons.c"
        let apart = "; here two fingers were down, \(SequenceAnalysis.mm(dx)) × \(SequenceAnalysis.mm(dy)) mm apart"
        if dx > 40 || dy > 30 {
            return apart + ", wider than the 40 × 30 mm of two fingers clicking together, so it counted one; "
                + analysis.rules.cite(file, ["1.22.1": 1084, "1.28.1": 1136, "1.31.3": 1097])
        }
        // The pad's height in whole mm, as libinput divides its range (from 1.25 counting both ends).
        let oneEnd = LibinputChange.isBefore(analysis.rules.version, LibinputChange.widerWithoutResolution.release)
        let range = Int(y.maximum) - Int(y.minimum) + (oneEnd ? 0 : 1)
        let bottom = Double(Int(y.maximum) - Int(y.minimum)) / Double(y.resolution) - 20
        guard dy > 20, range / Int(y.resolution) >= 50, (down[0].y > bottom) != (down[1].y > bottom) else {
            return nil
        }
        return apart + ", more than 20 mm up and down with one in the pad's bottom 20 mm and the other above it, "
            + "as a thumb resting below a finger on a pad 50 mm tall or more, so it counted one; "
            + analysis.rules.cite(file, ["1.22.1": 1104, "1.28.1": 1156, "1.31.3": 1117])
    }

    /// A thumb set aside in a tap whose states all leave it to tapping: only a suppressed, a
    /// pinch's or a dead thumb is no part of a tap (`tp_thumb_ignored_for_tap`).
    var thumbsThatTap: String {
        let thumbs = Set(analysis.decisions(of: .thumb).compactMap(\.touch)).sorted().filter { touch in
            let states = analysis.decisions(of: .thumb, touch: touch).compactMap(\.thumbState)
            return states.contains { $0 != .finger } && !states.contains(where: \.isIgnoredForTap)
        }
        guard !thumbs.isEmpty else { return "" }
        let which =
            TextTable.word("touch", "touches", for: thumbs.count) + " "
            + thumbs.map(String.init).joined(separator: ", ")
        return "; \(which) still tapped: libinput leaves a thumb out of a tap only when it suppressed it, took it "
            + "from a pinch or found it dead, not a jailed one; "
            + analysis.rules.cite("evdev-mt-touchpad-tap.c", ["1.22.1": 1255, "1.28.1": 1258, "1.31.3": 1262])
    }

    /// Whether the touches lifted before the tap timer would have fired, had the tap machine run:
    /// it restarts at every touch-down and lift but the last, and at every finger counted by a key
    /// alone coming or going (``TapAnalysis/timed(downs:lifts:lastUp:untracked:moved:rules:)``).
    var beatsTapTimer: Bool {
        guard let first = touches.map(\.down).min(), let lastUp = touches.map(\.up).max() else { return false }
        let untracked = analysis.sequence.untrackedFingerChanges.map { analysis.recording.frames[$0].time }
            .filter { (first...lastUp).contains($0) }
        return TapAnalysis.timed(
            downs: touches.map(\.down), lifts: touches.map(\.up), lastUp: lastUp, untracked: untracked, moved: nil,
            rules: analysis.rules
        ).exit == .tap
    }

    /// How long the touches were down, from the first down to the last up, in ms; nil without touches.
    var downMilliseconds: Double? {
        guard let last = touches.map(\.up).max(), let first = touches.map(\.down).min() else { return nil }
        return Double(last - first) / 1000
    }

    /// Why fingers that rested past the hold timer made no hold: libinput turns holds on only
    /// where it makes pinches and swipes, not on a semi-MT or one-slot pad (`tp_init_gesture`).
    var noHold: String? {
        let device = analysis.recording.device
        let fingers = analysis.sequence.mostFingers
        guard analysis.reported.isEmpty, !analysis.rules.hasGestures(device), fingers > 0,
            let rested = downMilliseconds
        else { return nil }
        let limit = analysis.rules.holdTimeout(fingers: fingers)
        guard rested >= limit else { return nil }
        let why =
            device.has(property: Evdev.INPUT_PROP_SEMI_MT)
            ? "it is semi-MT (it reports the box around two fingers, not each finger)" : "it has one slot"
        return (fingers == 1 ? "the finger" : "the \(fingers) fingers")
            + " rested \(SequenceAnalysis.ms(rested)) ms, past the hold timer's "
            + "\(SequenceAnalysis.ms(limit)) ms, but libinput makes no hold on this touchpad, as no pinch or swipe: "
            + why + "; "
            + analysis.rules.cite("evdev-mt-touchpad-gestures.c", ["1.22.1": 1523, "1.28.1": 2221, "1.31.3": 2415])
    }
}
