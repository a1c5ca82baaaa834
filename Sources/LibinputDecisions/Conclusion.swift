import LibinputEventText
import Recordings

/// The one line that closes a sequence's explanation: what libinput made of it, and the number
/// that decided it.
struct Conclusion {
    let analysis: SequenceAnalysis
    let touches: [TouchSummary]
    let findings: [Finding]
    let gestures: GestureAnalysis
    /// The tap machine's runs in the sequence, in order (``taps`` speaks for them).
    let tapRuns: [TapAnalysis]

    let made = "libinput made this "

    /// The finding the line rests on, when one decided it.
    var deciding: Finding? {
        if taps.logged == .tap { return taps.findings.first { $0.rule == .tapTime } }
        if let outcome = settled { return outcome.deciding }
        if let support = unsupportedGesture { return support }
        if let limit = fingerLimit { return limit }
        if taps.logged != nil { return taps.findings.first { [.tapTime, .tapTravel].contains($0.rule) && $0.exceeds } }
        // In the order ``line`` tells them: the palms libinput took by the rules it named first.
        return analysis.decisions(of: .palm).lazy.compactMap { findings.finding(forPalm: $0) }.first
            ?? findings.first { [.palmPressure, .palmSize, .palmEdge, .thumbPosition].contains($0.rule) && $0.exceeds }
            ?? findings.first { ($0.rule == .touchPressure || $0.rule == .touchSize) && !$0.exceeds }
            ?? (analysis.reported.isEmpty && noClickfingerButton == nil ? unfiredHold : nil)
    }

    var line: String {
        let unclicked = analysis.reported.isEmpty ? "" : noClickfingerButton.map { "; " + $0 } ?? ""
        let typing = analysis.typingStop ?? analysis.shortcutTyping
        let switches = analysis.suspensionChange.map { "; " + $0 } ?? ""
        let unplugged = analysis.unplugging.flatMap { $0.before ? nil : "; " + $0.words } ?? ""
        let held = analysis.tapHeldMotionBack.map { "; " + $0 } ?? ""
        let dragEnded = threeFingerDragLetGo.map { "; " + $0 } ?? ""
        return closing + unclicked + held + dragEnded + (typing.map { "; " + $0 } ?? "") + switches + droppedButtons
            + unplugged
    }

    private var closing: String {
        if let unplugging = analysis.unplugging, unplugging.before {
            return "libinput reported nothing: " + unplugging.words
        }
        if analysis.reported.isEmpty, let suspended = analysis.suspendedThroughout ?? analysis.closedThroughout {
            return "libinput reported nothing: " + suspended
        }
        if let lost = analysis.lostToDroppedEvents { return lost }
        if taps.logged == .tap { return tapLine + otherTapRuns + besideTap + palmsAside + thumbsThatTap }
        // A hold the fingers made resting before they pressed is said after the click.
        let click = analysis.reported.compactMap(\.button).first
        if !(click != nil && settled?.state == .hold), let gesture = gestureLine {
            return gesture + swipedNotDragged + palmsAside + uncountedRests
        }
        let motion = PointerMotion(analysis.motion, in: analysis)?.text
        // A button no press made is a tap's, which the tap machine sent on leaving a state.
        if let click, analysis.firstButtonPress == nil, let late = tapSentLate(click) {
            return late + besideTap + palmsAside
        }
        // A drag's button is the tap's before it, in this sequence (a palm resting) or the last.
        if click == nil || analysis.firstButtonPress == nil, taps.afterTap == .drag,
            let drag = taps.findings.first(where: { $0.rule == .tapDrag })
        {
            return made + "a tap-and-drag: " + drag.text + (motion.map { "; the pointer moved " + $0 } ?? "")
                + otherTapRuns + noHoldWhileDragging + palmsAside
        }
        // A click is what the hand did, whatever the pointer did meanwhile; what else the
        // sequence sent (a hold before, the motion) is said after it.
        if let click {
            let button = analysis.reported.first { $0 == .button(click) }?.description ?? ""
            // The press ends the hold just before it, not an earlier one.
            let pressed = analysis.reported.firstIndex(of: .button(click)) ?? analysis.reported.endIndex
            let endedHold = analysis.reported[..<pressed].lastIndex { $0.isHold }
            let holdEnded = analysis.holdEndedByPress.map { " (\($0))" } ?? ""
            // The motion last, as its numbers follow it.
            let others =
                analysis.reported.indices.filter {
                    ![.button(click), .motion].contains(analysis.reported[$0])
                }.map { analysis.reported[$0].description + ($0 == endedHold ? holdEnded : "") }
                + (analysis.reported.contains(.motion) ? ["pointer motion" + (motion.map { ": " + $0 } ?? "")] : [])
            let also = others.isEmpty ? "" : "; it also sent " + others.joined(separator: ", ")
            return made + "a click (\(button)): the touchpad's button was pressed" + (area.isEmpty ? picked : area)
                + also + analysis.clickPin + noTap + palmsAside
        }
        if analysis.reported.contains(.motion) {
            let others = analysis.reported.filter { $0 != .motion }.map(\.description)
            // A hold the finger's moving ended says why.
            let holdEnded = findings.first { $0.rule == .holdAndMotion && $0.exceeds }.map { ", because " + $0.text }
            let also = others.isEmpty ? "" : "; it also sent " + others.joined(separator: ", ") + (holdEnded ?? "")
            return made + "pointer motion" + (motion.map { ": " + $0 } ?? "") + also + noTap + edgeScrollingOff
                + edgeStripLeft + palmsAside + uncountedRests
        }
        let touchDowns = analysis.reported.filter { $0 == .touch }.count
        if touchDowns > 0 {
            return "libinput passed on \(touchDowns == 1 ? "the touch" : "\(touchDowns) touches") as touch events: "
                + "it makes no gestures, taps or pointer motion of a touchscreen's touches"
        }
        if analysis.reported.isEmpty, analysis.decisions.isEmpty, let quirk = analysis.disabledPositions {
            return "libinput reported nothing: the device's quirks keep the touches' events from it "
                + "(\(quirk.key)=\(quirk.value), \(quirk.file))"
        }
        if analysis.reported.isEmpty, let none = noClickfingerButton { return "libinput reported nothing: " + none }
        if let support = unsupportedGesture {
            return "libinput reported nothing, because " + support.text + ", and three or more fingers make no "
                + "gesture on it" + noTap + palmsAside
        }
        if let limit = fingerLimit { return "libinput reported nothing, because " + limit.text + palmsAside }
        if taps.logged != nil {
            return "libinput made no tap of this" + (taps.whyNoTap.map { ", because \($0)" } ?? "") + otherTapRuns
                + palmsAside
        }
        if !(palms + thumbs).isEmpty { return "libinput set aside " + Self.clauses(palms + thumbs) }
        if let light = findings.first(where: { ($0.rule == .touchPressure || $0.rule == .touchSize) && !$0.exceeds }) {
            return "libinput saw no touch: " + light.text
        }
        if analysis.reported.isEmpty, let short = unfiredHold {
            return "libinput reported nothing: " + short.text + analysis.motionOnlyInResets + noTap
        }
        if let resting = onSoftButtons { return resting }
        if let unsent = noTapMachine { return unsent + (noHold.map { "; nor a hold: " + $0 } ?? "") }
        if analysis.edgeScrolling, analysis.sequence.mostFingers == 1, analysis.reported.contains(.scroll(.finger)) {
            let moved = touches.max { $0.travel < $1.travel }.map {
                "touch \($0.touch) moved \(SequenceAnalysis.mm($0.travel)) mm"
            }
            let began = edgeStrip.map { "; \($0.words); \($0.source)" } ?? ""
            return made + "an edge scroll (the scroll method in use)" + (moved.map { ": " + $0 } ?? "") + began
                + edgeScrollStart
        }
        let reported = analysis.reported.map(\.description)
        if reported.isEmpty, let noHold { return "libinput reported nothing: " + noHold + analysis.motionOnlyInResets }
        return reported.isEmpty
            ? "libinput reported nothing for these touches" : made + reported.joined(separator: ", ")
    }

    /// Why the pad's button, pressed, made no click: clickfinger picks no button for four fingers
    /// or more (`tp_clickfinger_set_button`), and sends nothing then.
    private var noClickfingerButton: String? {
        guard analysis.clickMethod == .clickfinger, !analysis.reported.contains(where: { $0.button != nil }),
            let press = analysis.firstButtonPress
        else { return nil }
        let fingers = analysis.fingersCounted(at: press, thumbs: \.isIgnored)
        guard fingers > 3 else { return nil }
        let source = analysis.rules.cite(
            "evdev-mt-touchpad-buttons.c", ["1.22.1": 1157, "1.28.1": 1214, "1.31.3": 1175])
        return "the touchpad's button was pressed with \(fingers) fingers on the pad, and clickfinger, its click "
            + "method here, picks a button for one to three fingers only (left, right, middle) and sends no click "
            + "for more; \(source)"
    }

    /// Why fingers that rested through a tap-and-drag made no hold: the hold timer does nothing
    /// while the tap machine drags or waits for a second tap (`tp_gesture_hold_timeout`).
    private var noHoldWhileDragging: String {
        guard analysis.rules.hasGestures(analysis.recording.device),
            !analysis.reported.contains(where: { if case .hold = $0 { true } else { false } })
        else { return "" }
        let source = analysis.rules.cite(
            "evdev-mt-touchpad-gestures.c", ["1.22.1": 847, "1.28.1": 1199, "1.31.3": 1332])
        return "; no hold, as libinput's hold timer begins none while its tap machine drags or waits for a second "
            + "tap; \(source)"
    }

    /// The hold timer's wait the fingers did not rest for, when libinput reported nothing.
    private var unfiredHold: Finding? { findings.first { $0.rule == .holdTimer && !$0.exceeds } }

    /// Why nothing was reported when it is the touchpad's want of gesture support: no gesture,
    /// nothing sent, and not a tap-like touch with tapping off, which is told as such first.
    private var unsupportedGesture: Finding? {
        guard analysis.reported.isEmpty, gestures.outcomes.isEmpty, noTapMachine == nil else { return nil }
        return findings.first { $0.rule == .gestureSupport }
    }

    /// Why nothing was reported when more fingers were down than libinput makes gestures of.
    private var fingerLimit: Finding? {
        guard analysis.reported.isEmpty, gestures.outcomes.isEmpty else { return nil }
        return findings.first { $0.rule == .gestureFingerLimit }
    }

    /// Why a touch short and still enough to tap sent no tap when the tap machine did not run:
    /// tapping was off, or the device does not tap. Not for a click: a button pressed ends a tap
    /// whether tapping is on or off (`TAP_EVENT_BUTTON`).
    private var noTapMachine: String? {
        guard analysis.decisions(of: .tap).isEmpty, analysis.sequence.mostFingers <= TapMachine.mostFingers,
            !analysis.reported.contains(where: { $0.button != nil }), beatsTapTimer
        else { return nil }
        let limit = analysis.rules.tapMotionThreshold
        let moved = touches.map(\.travel).max() ?? 0
        // One finger as short as a tap that slipped a little and moved the pointer alone: tapping
        // being off is said beside how far it moved, as a user who tapped asks about it first.
        let slipped =
            !analysis.tapToClick && touches.count == 1 && settled == nil && moved <= 3 * limit
            && analysis.reported.allSatisfy { $0 == .motion }
        guard moved <= limit || slipped else { return nil }
        let far =
            moved <= limit
            ? ""
            : ", and the finger moved \(SequenceAnalysis.mm(moved)) mm, past the \(SequenceAnalysis.number(limit)) mm "
                + "a tap may move"
        return analysis.tapToClick
            ? "libinput sent no tap: its tap machine does not run on this device (it taps on touchpads)"
            : "libinput sent no tap: tapping is off (libinput's default; --enable-tap turns it on)" + far
    }

    private var gestureLine: String? {
        if let drag = threeFingerDragLine { return drag }
        guard let outcome = settled else { return nil }
        let what = Self.article(outcome.state, fingers: outcome.fingers)
        // The machine can settle on a gesture and end it before sending any of its events.
        let sent = wasReported(outcome.state)
        let opening = sent ? made : "libinput began "
        let unsent = sent ? "" : "; it sent no \(outcome.state) events " + whyUnsent(outcome)
        // A click pressed during the gesture (a two-finger click that also scrolled) is said too.
        let clicks = analysis.reported.filter { $0.button != nil }.map(\.description)
        let also =
            clicks.isEmpty
            ? "" : "; it also sent " + clicks.joined(separator: ", ") + ", a click" + (area.isEmpty ? picked : area)
        guard let deciding = outcome.deciding else {
            return opening + what + " (" + Self.plain(outcome.decision) + ")" + unsent + also + noTap
        }
        let instead = Self.alternative(to: outcome.state, fingers: outcome.fingers).map { ", not \($0)," } ?? ""
        let agreement =
            deciding.agreesWithLog == false
            ? "; by the rule recomputed here it would not have been: the frames and libinput disagree" : ""
        // A slow pinch: why the scroll did not turn pinch later.
        let stayed =
            findings.first {
                outcome.state == .scroll && $0.rule == .scrollToPinch && $0.exceeds && $0.time > deciding.time
            }.map { "; it stayed one: " + $0.text } ?? ""
        let waited = sent ? firstEventDelay(outcome) : ""
        let carried = outcome.countTaken.map { "; then " + $0.text } ?? ""
        return opening + what + instead + " because " + deciding.text + agreement + stayed + waited + carried + unsent
            + scrolledFirst(outcome) + also + motionBesideHold(outcome) + endedByCount(upTo: outcome) + noTap
    }

    /// When a pinch's first event came after the frame or timer that decided it, and the frames
    /// show why: libinput begins a pinch from where the touches were as it decided
    /// (`tp_gesture_init_pinch`), so the deciding frame has no change to send, and it sends a
    /// pinch event only for a frame whose touches moved (`tp_gesture_handle_state_pinch`, from
    /// 1.27 its `_start`). Said only where no frame between moved a touch and the one that sent
    /// did, and no other decision of the gesture machine came between: a scroll's end sent as it
    /// turned pinch is not the pinch's, nor is a pinch event after the machine decided again.
    private func firstEventDelay(_ outcome: GestureAnalysis.Outcome) -> String {
        guard outcome.state == .pinch, let decided = outcome.decision.cause?.time,
            let first = analysis.gestureSent.first(where: { $0.time >= decided && $0.gesture == .pinch })?.time,
            first > decided,
            !analysis.decisions(of: .gesture).contains(where: { (decided + 1..<first) ~= $0.cause?.time ?? 0 }),
            let from = GestureAnalysis.frame(of: outcome.decision, in: analysis),
            let to = analysis.recording.frames.indexBeforePartition(where: { $0.time > first }), to > from
        else { return "" }
        func moved(_ frame: Int) -> Bool {
            analysis.sequence.distances(from: frame - 1, to: frame).values.contains { $0 >= 0.01 }
        }
        guard (from + 1..<to).allSatisfy({ !moved($0) }), moved(to) else { return "" }
        return "; its first \(outcome.state) event came \(SequenceAnalysis.ms(Double(first - decided) / 1000)) ms "
            + "after it decided, with the next frame that moved the touches: libinput begins a pinch from where the "
            + "touches were as it decided, and sends its events only as they move"
    }

    /// Why libinput's gesture machine sent no events of the outcome's gesture: its scroll state
    /// sends none unless the scroll method is two fingers (`tp_gesture_handle_state_scroll`), nor
    /// while the touches' average motion, which it scrolls by, is nil; else it ended the gesture first.
    private func whyUnsent(_ outcome: GestureAnalysis.Outcome) -> String {
        let kind = outcome.state
        if kind == .scroll, analysis.scrollMethod == .twoFinger,
            let frame = GestureAnalysis.frame(of: outcome.decision, in: analysis),
            let motion = analysis.nilAverageMotion(after: frame)
        {
            let source = analysis.rules.cite(
                "evdev-mt-touchpad-gestures.c", ["1.22.1": 1182, "1.28.1": 1557, "1.31.3": 1698])
            return "while the fingers stayed down: its gesture machine scrolls by the touches' average motion, and "
                + (motion == .still
                    ? "the touches did not move; \(source)"
                    : "theirs came to nothing in every frame (they moved opposite ways, evenly); \(source)")
        }
        guard kind == .scroll, analysis.scrollMethod != .twoFinger else {
            return "before its gesture machine ended it"
        }
        let method = analysis.scrollMethod == .edge ? "edge scrolling" : analysis.scrollMethod.rawValue
        let source = analysis.rules.cite(
            "evdev-mt-touchpad-gestures.c", ["1.22.1": 1165, "1.28.1": 1540, "1.31.3": 1679])
        return "because libinput's scroll method here is \(method) (--set-scroll-method), and its gesture machine "
            + "scrolls only with the two-finger method; \(source)"
    }

    /// Whether libinput sent events of the gesture `kind` in this sequence; a kind it has no
    /// events of its own for (a three-finger drag moves the pointer) counts as sent.
    func wasReported(_ kind: LibinputGesture) -> Bool {
        analysis.reported.contains { reported in
            switch reported {
            case .scroll(.finger): kind == .scroll
            case .pinch: kind == .pinch
            case .swipe: kind == .swipe
            case .hold: kind == .hold
            default: false
            }
        } || !kind.hasOwnEvents
    }

    /// The gesture libinput settled on, which speaks for the sequence; a hold only when no
    /// pointer motion followed it.
    var settled: GestureAnalysis.Outcome? {
        gestures.outcomes.last { $0.state.isMeasured }
            ?? gestures.outcomes.last.flatMap { $0.state == .hold ? $0 : nil }
    }

    private var tapLine: String {
        let fingers = Self.fingersWord(taps.fingers)
        let numbers = taps.findings.filter { $0.rule == .tapTime || $0.rule == .tapTravel }.map(\.text)
        let agreement =
            taps.predicted.map { $0 == .tap }
                == false
            ? "; by the rules recomputed here it would not have been: the frames and libinput disagree" : ""
        let second =
            taps.afterTap == .secondTap
            ? ", a \(TapChain.ordinal(taps.placeInRow)) tap while libinput held the one before's button," : ""
        return made + (tapCount > 1 ? tapsCounted : "a \(fingers)tap") + second + " because "
            + numbers.joined(separator: " and ") + agreement
    }

    /// Where on a clickpad the fingers were when the button went down, by the button machine:
    /// each touch's area then (`t->button.current`, `tp_post_clickpadbutton_buttons`), whose software
    /// button areas decide which button a click is; a touch that had left its area counts no more.
    private var area: String {
        let names = [
            "IN_BOTTOM_L": "bottom-left", "IN_BOTTOM_M": "bottom-middle", "IN_BOTTOM_R": "bottom-right",
            "IN_TOP_L": "top-left", "IN_TOP_M": "top-middle", "IN_TOP_R": "top-right",
        ]
        let press = analysis.firstButtonPress.map { analysis.recording.frames[$0].time }
        var current: [Int: String] = [:]
        for decision in analysis.decisions(of: .button) {
            guard let touch = decision.touch, let time = decision.cause?.time, press.map({ time <= $0 }) ?? true
            else { continue }
            let event = LibinputDecision.short(decision.event)
            if event == "UP" { current[touch] = nil } else if event.hasPrefix("IN_") { current[touch] = event }
        }
        guard let (touch, event) = current.sorted(by: { $0.key < $1.key }).first(where: { names[$0.value] != nil }),
            let name = names[event]
        else { return "" }
        return " with touch \(touch) in its \(name) button area"
    }

    /// How libinput picked the button of a click no button area decided: by the fingers on the
    /// pad (clickfinger), or as the main area's, no finger being in a button area.
    private var picked: String {
        switch analysis.clickMethod {
        case .clickfinger:
            let source = analysis.rules.cite(
                "evdev-mt-touchpad-buttons.c", ["1.22.1": 1151, "1.28.1": 1209, "1.31.3": 1168])
            return ", and clickfinger, its click method here, picks the button by the fingers on the pad "
                + "(palms and thumbs aside; two far apart count as one): one left, two right, three middle"
                + clickfingerCount + "; \(source)"
        case .buttonAreas:
            return ", and with button areas, its click method here, no finger was in one of the bottom's button "
                + "areas, so the click is the main area's"
        case nil: return ""
        }
    }

    /// Where one finger began in a strip edge scrolling scrolls in, 7 mm along the right edge or
    /// the bottom (on a clickpad or a pad at least 40 mm tall; `tp_edge_scroll_init`): "it began
    /// 1.3 mm from the right edge, in the 7 mm where edge scrolling scrolls", with the line cited
    /// and the edge.
    var edgeStrip: (words: String, source: String, edge: SequenceAnalysis.ScrollEdge)? {
        guard analysis.sequence.mostFingers == 1, let size = analysis.padSize, let from = touches.first?.from
        else { return nil }
        let strip = analysis.rules.edgeScrollStrip
        guard let (name, distance) = analysis.edgeScrollStrip(at: from, size: size) else { return nil }
        // The right edge's line, and the bottom's after it.
        let line = ["1.22.1": 325, "1.28.1": 325, "1.31.3": 313].mapValues { name == .right ? $0 : $0 + 1 }
        let source = analysis.rules.cite("evdev-mt-touchpad-edge-scroll.c", line)
        let place = SequenceAnalysis.fromEdge(distance, "\(name.rawValue) edge")
        let within = distance < 0 ? ", which libinput counts in the " : ", in the "
        return ("it began " + place + within + "\(Int(strip)) mm where edge scrolling scrolls", source, name)
    }

    /// A finger that began in the edge strip while libinput's scroll method was another.
    private var edgeScrollingOff: String {
        guard !analysis.edgeScrolling, let strip = edgeStrip else { return "" }
        return "; " + strip.words + ", but libinput's scroll method here is another (two fingers by default where "
            + "the pad counts two; --set-scroll-method edge); \(strip.source)"
    }

    /// Buttons other than BTN_LEFT a clickpad sent, which libinput drops, saying so as a kernel
    /// bug (`tp_process_button`): a press the hand made that made nothing.
    private var droppedButtons: String {
        var names: [String] = []
        for case let name? in analysis.decisions(of: .kernelBug).map(\.droppedClickpadButton)
        where !names.contains(name) {
            names.append(name)
        }
        guard !names.isEmpty else { return "" }
        let source = analysis.rules.cite("evdev-mt-touchpad-buttons.c", ["1.22.1": 598, "1.28.1": 598, "1.31.3": 564])
        return "; libinput dropped its \(names.joined(separator: " and ")) events: on a clickpad it takes BTN_LEFT "
            + "alone, and logs any other button as a kernel bug; \(source)"
    }

    /// Why the tap machine sent nothing: what stopped the tap when it ran, or that it did not run
    /// for a touch short and still enough to tap.
    private var noTap: String {
        if taps.logged == nil, let unsent = noTapMachine { return "; " + unsent }
        if let pressed = tapSentByPress { return pressed }
        if taps.afterTap == .drag, let drag = taps.findings.first(where: { $0.rule == .tapDrag }) {
            return "; it also made a tap-and-drag: " + drag.text + otherTapRuns
        }
        return taps.whyNoTap.map { "; no tap, because \($0)" + otherTapRuns } ?? ""
    }

    /// Touches libinput took as palms, each with the rule's numbers, and when and why it let the
    /// touch go if it did: a palm let go counted as a finger from then.
    private var palms: [String] {
        var told = Set<Int>()
        return analysis.decisions(of: .palm).compactMap { decision -> String? in
            guard let touch = decision.touch, case .detected(let reason) = decision.palmChange else { return nil }
            guard told.insert(touch).inserted else { return nil }
            let number = findings.finding(forPalm: decision)
            let release = analysis.decisions(of: .palm, touch: touch).lazy.compactMap { d -> String? in
                guard case .released(let why) = d.palmChange else { return nil }
                let later = d.cause.flatMap { end in decision.cause.map { (end.time - min(end.time, $0.time)) / 1000 } }
                return ", let go" + (later.map { " \($0) ms later" } ?? "") + " (\(why))"
            }.first
            let stayed =
                release != nil
                ? nil
                : decision.cause.map { cause in
                    reason == .typing
                        ? analysis.typingPalmStayed(touch: touch, began: cause.time)
                        : reason == .edge ? analysis.edgePalmStayed(touch: touch, began: cause.time) : ""
                }
            return "touch \(touch) as a palm (\(reason.rawValue))" + (number.map { ": " + $0.text } ?? "")
                + (stayed ?? "") + (release ?? "")
        }
    }

    /// Touches libinput set aside as thumbs, with the states it held them in, the numbers of
    /// each rule that set them aside, and those of the rule that let them go where the rules of
    /// several touches did (which logs nothing).
    private var thumbs: [String] {
        var told = Set<Int>()
        return analysis.decisions(of: .thumb).compactMap { decision in
            guard let touch = decision.touch, let state = decision.thumbState, state != .finger,
                told.insert(touch).inserted
            else { return nil }
            var states: [String] = []
            for d in analysis.decisions(of: .thumb, touch: touch) {
                guard let name = d.thumbState?.words, name != "finger" else { continue }
                if states.last != name { states.append(name) }
            }
            // A place decides only for a touch beginning alone, and only as the log shows it.
            let setBy = findings.filter {
                $0.touch == touch && $0.exceeds && $0.agreesWithLog != false
                    && ($0.rule == .thumbPosition
                        ? $0.agreesWithLog == true : [.thumbContext, .restingThumb].contains($0.rule))
            }.sorted { $0.time < $1.time }
            let release = analysis.thumbRelease(of: touch).flatMap { context in
                findings.first { $0.rule == .thumbContext && $0.time == context.time && $0.touch == context.newest }
            }
            let place = findings.first { $0.rule == .thumbPosition && $0.touch == touch && !$0.exceeds }
            let why =
                setBy.isEmpty
                ? " by a rule whose numbers are not recomputed here (src/evdev-mt-touchpad-thumb.c)"
                    + (place.map { "; not for its place: \($0.text)" } ?? "")
                : ": " + setBy.map(\.text).joined(separator: "; then ")
            let until = release.map { "; until \($0.text)" } ?? analysis.jailEscape(of: touch).map { "; " + $0 } ?? ""
            return "touch \(touch) as a thumb (\(states.joined(separator: ", then ")))" + why + until
        }
    }

    private var palmsAside: String {
        let aside = palms + thumbs
        return aside.isEmpty ? "" : "; it set aside " + Self.clauses(aside)
    }

    /// Touches resting on a software button beside a gesture or pointer motion, which libinput
    /// counted in neither (a tap counts them, and a click's button area may be theirs).
    private var uncountedRests: String {
        let rests = softButtonRests
        guard !rests.isEmpty else { return "" }
        let uncounted = rests.count == 1 ? "it as no finger" : "them as no fingers"
        return "; " + rests.joined(separator: ", and ") + ", so libinput counted \(uncounted): " + softButtonRule
    }

    static func article(_ kind: LibinputGesture, fingers: Int) -> String {
        let counted = fingersWord(fingers)
        return kind == .motion ? "pointer motion" : "a \(counted)\(kind)"
    }

    private static func alternative(to kind: LibinputGesture, fingers: Int) -> String? {
        switch kind {
        case .scroll: "a pinch"
        case .pinch: fingers > 2 ? "a swipe" : "a scroll"
        case .swipe: "a pinch"
        default: nil
        }
    }

    private static func plain(_ decision: LibinputDecision) -> String {
        let event = (decision.event ?? "").replacingOccurrences(of: "GESTURE_EVENT_", with: "")
        return "its gesture machine took \(event.lowercased().replacingOccurrences(of: "_", with: " "))"
    }
}
