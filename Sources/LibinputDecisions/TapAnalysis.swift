import Recordings

/// Tap-to-click in one run of libinput's tap machine (``TapRun``), recomputed as
/// `tp_tap_handle_event` runs it: the tap timer starts at the first touch and again at each touch
/// and release after it; the first of the timer firing, a touch moving past the tap threshold and
/// the last finger lifting decides whether this is a tap (`src/evdev-mt-touchpad-tap.c`).
struct TapAnalysis {
    /// How the tap machine left its touch states: by the frames, and by libinput's log.
    enum Exit: String {
        case tap, timeout, motion
        /// The machine gave the touches up before any of the others: `TAP_STATE_DEAD`, or back to
        /// `TAP_STATE_IDLE` with its timer stopped for a lone touch set aside as a thumb or palm.
        case dead
    }

    /// A touch that came down while libinput held a tap's button for a drag (`*_TAPPED` →
    /// `*_DRAGGING_OR_DOUBLETAP`): it dragged, or was a second tap.
    enum AfterTap { case drag, secondTap }

    private(set) var findings: [Finding] = []
    private(set) var afterTap: AfterTap?
    /// A second tap's place in its row of taps (``TapChain``): 3 for a triple tap's last.
    private(set) var placeInRow = 2
    /// What the frames say the machine did, and what libinput's log says it did.
    private(set) var predicted: Exit?
    private(set) var logged: Exit?
    /// What made the machine give the touches up, when it did: no timer or motion decided then.
    private(set) var ended: String?

    /// The fingers of the run's tap, by the state it was sent from or to (`TOUCH_2_RELEASE`,
    /// `2FGTAP_TAPPED`…; with drag off no `*FGTAP_*` state is reached); without a tap, the most
    /// libinput's tap machine held.
    private(set) var fingers = 0
    /// The touches the run counted, by slot.
    private(set) var touches: [Int] = []
    /// A tap the machine sent as it left `TOUCH_3_RELEASE_2` (``sentLeavingThreeReleased(in:)``).
    private(set) var sentLate: (decision: LibinputDecision, fingers: Int)?

    /// The fingers of the tap the run sent, if it sent one.
    var tapFingers: Int? { logged == .tap ? fingers : sentLate?.fingers }

    /// Why the run made no tap, when it ran and made none: what made the machine give the touches
    /// up, or the number that stopped it.
    var whyNoTap: String? {
        guard logged != nil, logged != .tap, sentLate == nil else { return nil }
        return ended ?? findings.first { [.tapTime, .tapTravel].contains($0.rule) && $0.exceeds }?.text
    }

    /// How the tap timer (`DEFAULT_TAP_TIMEOUT_PERIOD`) ends touches coming down at `downs` and
    /// lifting at `lifts`, the last at `lastUp`, a finger counted by a key alone coming or going at
    /// each of `untracked`, a touch first moving too far at `moved`: a tap, the timer firing, or the
    /// motion; where it ended, and the longest stretch the timer ran, with its start. The timer
    /// restarts at every touch-down, every lift but the last, and every change of the uncounted.
    static func timed(
        downs: [UInt64], lifts: [UInt64], lastUp: UInt64, untracked: [UInt64], moved: UInt64?, rules: RuleBook
    ) -> (exit: Exit, end: UInt64, longest: (ms: Double, at: UInt64)) {
        // The last lift ends the run: it restarts nothing.
        let restarts = (downs + lifts.sorted().dropLast() + untracked).filter { $0 <= lastUp }.sorted()
        var longest: (ms: Double, at: UInt64) = (0, restarts.first ?? lastUp)
        for (start, next) in zip(restarts, restarts.dropFirst() + [lastUp]) {
            let deadline = start + UInt64(rules.tapTimeout * 1000)
            if let moved, moved < min(next, deadline) {
                return (.motion, moved, (longest.ms, start))
            }
            let held = Double(min(next, deadline) - start) / 1000
            if held > longest.ms { longest = (held, start) }
            // A timer due at a frame's instant fires before the frame is read.
            if next >= deadline { return (.timeout, deadline, longest) }
        }
        return (.tap, lastUp, longest)
    }

    /// No run of the tap machine: tapping off, or no touch it counted.
    static let none = TapAnalysis()

    private init() {}

    /// Each run of the tap machine in `analysis`'s sequence, in order: a palm resting while a finger
    /// taps twice is one sequence, and two runs.
    static func runs(in analysis: SequenceAnalysis, touches all: [TouchSummary]) -> [TapAnalysis] {
        var chain = analysis.tapChain
        return TapRun.all(in: analysis, touches: all).map { run in
            var analysed = TapAnalysis(analysis: analysis, run: run)
            for decision in run.decisions {
                if let place = chain.read(decision), analysed.afterTap == .secondTap { analysed.placeInRow = place }
            }
            return analysed
        }
    }

    private init(analysis: SequenceAnalysis, run: TapRun) {
        let taps = run.decisions
        let touches = run.touches
        let tapping = run.tracks
        self.touches = touches.map(\.touch)
        guard !taps.isEmpty else { return }
        // A machine still DEAD from before the run (a click, with a thumb whose lift it never saw)
        // takes no touch until every finger has lifted (`tp_tap_dead_handle_event`): nothing to time.
        if taps[0].from == "TAP_STATE_DEAD" {
            (logged, ended) = (.dead, Self.stillDead)
            return
        }
        // Before 1.23.0 (ec0041f1) a touch beginning in an edge zone was a palm to the tap machine,
        // software button area or not, which a motion event told it at once (`tp_palm_tap_is_palm`).
        if !taps.contains(where: Self.sendsTap),
            let palm = touches.first(where: { touch in
                analysis.decisions(of: .palm, touch: touch.touch).contains { $0.event == "palm-tap detected" }
            })
        {
            let source = analysis.rules.cite("evdev-mt-touchpad.c", ["1.22.1": 869])
            (logged, ended) = (
                .motion,
                "libinput took touch \(palm.touch), coming down in an edge zone, for a palm as far as tapping goes "
                    + "(palm-tap detected), in the software button area too, and told the tap machine it moved; "
                    + source
            )
            return
        }
        // A tap's fingers are those of the state it was sent from or to; otherwise the most the
        // machine held, where a `*FGTAP_DRAGGING…` state counts the tap before's, not this run's.
        fingers =
            taps.first(where: Self.sendsTap).flatMap {
                Self.fingers(inState: LibinputDecision.short($0.to).hasSuffix("TAPPED") ? $0.to : $0.from)
            }
            ?? taps.filter { !LibinputDecision.short($0.to).contains("DRAGGING") }
            .compactMap { Self.fingers(inState: $0.to) }.max() ?? 0
        sentLate = Self.sentLeavingThreeReleased(in: taps)
        if let first = taps.first,
            ["DRAGGING_OR_DOUBLETAP", "DRAGGING_OR_TAP"].contains(where: LibinputDecision.short(first.to).hasSuffix)
        {
            if let drag = Self.drag(analysis, taps: taps, began: first, previousLift: run.previousLift) {
                (afterTap, findings) = (.drag, [drag])
                return
            }
            afterTap = .secondTap
        }
        logged = Self.exit(in: taps)
        if logged == .dead {
            ended = Self.deadReason(in: taps)
            return
        }
        let rules = analysis.rules
        // The instants of uncounted fingers coming or going, and the first a touch moved too far at.
        let untracked = analysis.sequence.untrackedFingerChanges.map { analysis.recording.frames[$0].time }
            .filter(run.span.contains)
        let lastUp = run.lastLift
        // libinput counts no motion against a tap where touches jump: on a Synaptics serial
        // touchpad while more fingers are down than its slots, at such a frame or the one after;
        // on a semi-MT one at a frame where the fingers counted change
        // (`tp_tap_exceeds_motion_threshold`).
        let semiMT = analysis.recording.device.has(property: Evdev.INPUT_PROP_SEMI_MT)
        func counted(_ frame: Int) -> Bool {
            let sequence = analysis.sequence
            if semiMT && sequence.fingers(at: frame) != sequence.fingers(at: frame - 1) { return false }
            return !analysis.synapticsSerial
                || !(analysis.beyondSlots(at: frame) || analysis.beyondSlots(at: frame - 1))
        }
        // The untracked fingers move with the top-most tracked one, as libinput places them.
        let untrackedTracks = analysis.sequence.untrackedTracks.filter { run.span.contains($0.points[0].time) }
        let tracks = tapping + untrackedTracks
        let movers = tracks.compactMap { track in
            track.points.lazy.filter { counted($0.frame) }
                .map { (time: $0.time, track: track, mm: $0.mm.distance(to: track.points[0].mm)) }
                .first { $0.mm > rules.tapMotionThreshold }
        }
        let mover = movers.min { $0.time < $1.time }
        let moved = mover?.time
        let (exit, end, longest) = Self.timed(
            downs: touches.map(\.down), lifts: run.lifts, lastUp: lastUp, untracked: untracked, moved: moved,
            rules: rules)
        predicted = analysis.sequence.mostFingers > 3 || !analysis.decisions(of: .palm).isEmpty ? nil : exit
        let agrees = predicted.flatMap { p in logged.map { $0 == p } }
        func distance(counted isCounted: Bool) -> Double {
            tracks.map { track in
                track.points.filter { $0.time <= end && counted($0.frame) == isCounted }
                    .map { $0.mm.distance(to: track.points[0].mm) }.max() ?? 0
            }.max() ?? 0
        }
        // Motion is the mover's own; otherwise the most any touch moved.
        let travel = exit == .motion ? mover?.mm ?? 0 : distance(counted: true)
        let travelled = SequenceAnalysis.mm(travel, beside: rules.tapMotionThreshold)
        let uncounted = distance(counted: false)
        let timed = exit == .tap ? longest.ms : Double(end - longest.at) / 1000
        // The state whose timer ran the stretch timed, by the fingers down as it began: TOUCH,
        // TOUCH_2 or TOUCH_3 (a stretch begun at a lift, in a release state, is cited by its count).
        let sequence = analysis.sequence
        let stateFingers =
            sequence.frames.last { analysis.recording.frames[$0].time <= longest.at }.map { f -> Int in
                let aside =
                    sequence.begunTracks.filter { $0.isDown(at: f) }.count
                    - tapping.filter { $0.isDown(at: f) }.count
                return sequence.fingers(at: f) - aside
            } ?? sequence.mostFingers
        findings = [
            Finding(
                rule: .tapTime, time: end, touch: nil, value: timed, limit: rules.tapTimeout, unit: .ms,
                exceeds: exit == .timeout, agreesWithLog: exit == .motion ? nil : agrees,
                text: exit == .timeout
                    ? "the fingers stayed \(SequenceAnalysis.ms(timed)) ms without a touch or a release, the "
                        + "\(SequenceAnalysis.ms(rules.tapTimeout)) ms tap timer fired"
                    : "the longest the fingers stayed without a touch or a release was "
                        + "\(SequenceAnalysis.ms(timed)) ms, within the "
                        + "\(SequenceAnalysis.ms(rules.tapTimeout)) ms of a tap",
                source: rules.source(
                    .tapTime, tapFingers: exit == .tap ? fingers : stateFingers, tapped: exit == .tap,
                    secondTap: taps.contains(where: Self.releasesSecondTap))),
            Finding(
                rule: .tapTravel, time: end, touch: exit == .motion ? mover?.track.slot : nil, value: travel,
                limit: rules.tapMotionThreshold, unit: .mm,
                exceeds: exit == .motion, agreesWithLog: exit == .timeout ? nil : agrees,
                text: exit == .motion
                    ? (mover.map { untrackedTracks.contains($0.track) } == true
                        ? "touch \(mover?.track.slot ?? 0), told by its tool key alone, moved more than the "
                            + "\(SequenceAnalysis.mm(rules.tapMotionThreshold)) mm a tap may move, "
                            + "\(SequenceAnalysis.ms(timed)) ms after the tap timer started: libinput places it at "
                            + "the top-most tracked finger, which moved or changed"
                        : "touch \(mover?.track.slot ?? 0) moved "
                            + "\(travelled.value) mm, more than the \(travelled.limit) mm a tap may move, "
                            + "\(SequenceAnalysis.ms(timed)) ms after the tap timer started")
                    : "the touches moved at most \(travelled.value) mm, within the \(travelled.limit) mm a tap may "
                        + "move",
                source: rules.source(.tapTravel)),
        ]
        if uncounted > rules.tapMotionThreshold {
            let slots = rules.slots(of: analysis.recording.device)
            findings.append(
                Finding(
                    rule: .tapFakeFingerMotion, time: end, touch: nil, value: uncounted,
                    limit: rules.tapMotionThreshold, unit: .mm, exceeds: true, agreesWithLog: nil,
                    text: "the touches moved up to \(SequenceAnalysis.mm(uncounted)) mm while more fingers were down "
                        + "than the touchpad's \(slots) slots, which libinput does not "
                        + "count against a tap on a Synaptics serial touchpad (ModelSynapticsSerialTouchpad): its "
                        + "touches jump then",
                    source: rules.source(.tapFakeFingerMotion)))
        }
    }

    /// A tap libinput's tap machine sent as it left `TOUCH_3_RELEASE_2`, two of three fingers
    /// lifted: any event there but a thumb's or a palm's lift sends the 3-finger tap (for a palm, the 2-finger
    /// one; `tp_tap_touch3_release2_handle_event`), its timer's too, which the stretches timed
    /// here do not tell.
    private static func sentLeavingThreeReleased(
        in taps: [LibinputDecision]
    ) -> (decision: LibinputDecision, fingers: Int)? {
        taps.lazy.compactMap { d -> (LibinputDecision, Int)? in
            guard LibinputDecision.short(d.from) == "TOUCH_3_RELEASE_2" else { return nil }
            switch LibinputDecision.short(d.event) {
            case "THUMB", "PALM_UP": return nil
            case "PALM": return (d, 2)
            default: return (d, 3)
            }
        }.first
    }

    /// The fingers a tap state stands for: `TOUCH`, `HOLD` one, `TOUCH_2…` two, `TOUCH_3…` three,
    /// `NFGTAP_…` N; nil for the others (`IDLE`, `DEAD`).
    private static func fingers(inState state: String?) -> Int? {
        let name = LibinputDecision.short(state)
        if let n = Int(name.prefix(1)), name.dropFirst().hasPrefix("FGTAP") { return n }
        if name.hasPrefix("TOUCH_3") { return 3 }
        if name.hasPrefix("TOUCH_2") { return 2 }
        return ["TOUCH", "HOLD"].contains(name) ? 1 : nil
    }

    /// The drag a touch after a tap made (`DRAGGING_OR_DOUBLETAP` → `DRAGGING` by motion or the
    /// tap timer), or after a drag lock's lift (`DRAGGING_WAIT` → `DRAGGING_OR_TAP`): how soon it
    /// came down against the wait, what began the drag, and when libinput let the button go; nil
    /// when it made none.
    private static func drag(
        _ analysis: SequenceAnalysis, taps: [LibinputDecision], began: LibinputDecision, previousLift: UInt64?
    ) -> Finding? {
        let rules = analysis.rules
        let waiting = ["DRAGGING_OR_DOUBLETAP", "DRAGGING_OR_TAP"]
        guard
            let dragging = taps.first(where: { d in
                waiting.contains { LibinputDecision.short(d.from).hasSuffix($0) }
                    && ["MOTION", "TIMEOUT"].contains(LibinputDecision.short(d.event))
            }), let at = dragging.cause?.time, let down = began.cause?.time
        else { return nil }
        let afterLock = LibinputDecision.short(began.from).hasSuffix("DRAGGING_WAIT")
        let tapped = Self.fingers(inState: began.to) ?? 1
        // The finger before lifted in this sequence, or in the frame before its first.
        let lift = previousLift ?? analysis.liftBefore ?? down
        let gap = Double(down - min(down, lift)) / 1000
        let limit = afterLock ? rules.dragLockTimeout : rules.dragTimeout(fingers: tapped)
        let n = SequenceAnalysis.number, ms = SequenceAnalysis.ms
        let (base, perFinger) = (
            rules.dragTimeout(fingers: 0), rules.dragTimeout(fingers: 1) - rules.dragTimeout(fingers: 0)
        )
        let wait =
            afterLock
            ? "within the \(n(limit)) ms drag lock waits for the finger to come back"
            : "within the \(n(limit)) ms libinput holds a \(tapped)-finger tap's button for a drag "
                + "(\(n(base)) ms and \(n(perFinger)) ms a finger; \(rules.dragTimer(fingers: tapped)))"
        let how =
            LibinputDecision.short(dragging.event) == "MOTION"
            ? "moved past the \(n(rules.tapMotionThreshold)) mm a tap may move"
            : "stayed the \(n(rules.tapTimeout)) ms of the tap timer"
        let lock = taps.contains { LibinputDecision.short($0.to).hasSuffix("DRAGGING_WAIT") }
        // A touchpad unplugged with the finger still dragging: libinput lets the button go as it
        // removes it. A drag its finger's lift ended before is let go then.
        let ended = taps.first {
            LibinputDecision.short($0.from).contains("DRAGGING") && LibinputDecision.short($0.event) == "RELEASE"
        }?.cause?.time
        let unplugged =
            analysis.unplugging.map { !$0.before } == true
            && ended.map { lift in analysis.unplugged.map { lift < $0 } ?? true } != true
        // A press of the pad's button ends the drag there (`TAP_EVENT_BUTTON`).
        let pressed = taps.contains {
            LibinputDecision.short($0.from).contains("DRAGGING") && LibinputDecision.short($0.event) == "BUTTON"
        }
        // Under drag lock, a finger back that lifts again without moving ends the drag, in a run
        // of its own after this one.
        let lockTapped = analysis.decisions(of: .tap).first {
            ($0.cause?.time ?? 0) > at && LibinputDecision.short($0.from).hasSuffix("DRAGGING_OR_TAP")
                && LibinputDecision.short($0.event) == "RELEASE"
        }
        let release: String
        if unplugged {
            release = "the touchpad was unplugged with the finger down, and libinput let the button go as it removed it"
        } else if pressed {
            release = "the pad's button was pressed during it, and libinput let the tap's button go then"
        } else if lock, lockTapped != nil {
            release =
                "with drag lock, a finger came back after the lift and lifted again without moving, a tap, which let "
                + "the button go (\(rules.dragLockTapped))"
        } else if lock {
            release =
                "with drag lock, libinput waits \(n(rules.dragLockTimeout)) ms after the lift for the finger to come "
                + "back before it lets the button go"
        } else {
            release = "libinput let the button go when the finger lifted"
        }
        return Finding(
            rule: .tapDrag, time: at, touch: began.touch, value: gap, limit: limit, unit: .ms,
            exceeds: gap > limit, agreesWithLog: gap <= limit,
            text: "touch \(began.touch.map(String.init) ?? "") came down \(ms(gap)) ms after "
                + (afterLock ? "the dragging finger lifted" : "the tap before it lifted") + ", \(wait), and \(how): "
                + (afterLock ? "the drag went on" : "a drag") + ", the tap's button held; \(release)",
            source: afterLock ? rules.dragResumed : rules.source(.tapDrag))
    }

    /// Whether `d` is the release that made a second tap, in `DRAGGING_OR_DOUBLETAP`: one finger's,
    /// as a second finger's touch there goes on to `TOUCH_2`.
    private static func releasesSecondTap(_ d: LibinputDecision) -> Bool {
        LibinputDecision.short(d.from).hasSuffix("DRAGGING_OR_DOUBLETAP")
            && LibinputDecision.short(d.event) == "RELEASE"
    }

    /// How libinput's tap machine left its touch states, by its log: the first tap sent, timer
    /// fired or motion seen.
    private static func exit(in taps: [LibinputDecision]) -> Exit? {
        for d in taps {
            if sendsTap(d) { return .tap }
            let from = d.from ?? "", event = d.event ?? ""
            guard from.contains("TOUCH") else { continue }
            if event == "TAP_EVENT_TIMEOUT" { return .timeout }
            if event == "TAP_EVENT_MOTION" { return .motion }
            if givesUp(d) { return .dead }
        }
        return nil
    }

    /// Whether `d` sent a tap: to a `*TAPPED` state, or a release from a touch state back to
    /// `IDLE` (tap-and-drag off).
    private static func sendsTap(_ d: LibinputDecision) -> Bool {
        LibinputDecision.short(d.to).hasSuffix("TAPPED")
            || (d.event == "TAP_EVENT_RELEASE" && d.to == "TAP_STATE_IDLE" && (d.from ?? "").contains("TOUCH"))
    }

    /// Whether the machine gave the touches up at `d` (``Exit/dead``): a touch state going to
    /// `TAP_STATE_DEAD`, or a lone touch set aside as a thumb or palm, `TAP_STATE_TOUCH` →
    /// `TAP_STATE_IDLE` with the tap timer stopped (`tp_tap_touch_handle_event`).
    private static func givesUp(_ d: LibinputDecision) -> Bool {
        guard (d.from ?? "").contains("TOUCH") else { return false }
        return d.to == "TAP_STATE_DEAD"
            || (d.from == "TAP_STATE_TOUCH" && d.to == "TAP_STATE_IDLE"
                && ["TAP_EVENT_THUMB", "TAP_EVENT_PALM"].contains(d.event ?? ""))
    }

    static let stillDead =
        "libinput's tap machine was still DEAD from before these fingers came down (a click, with a finger whose "
        + "lift it never saw, a thumb's), and takes no touch until every finger has lifted"

    /// Why the machine gave the touches up, in words.
    private static func deadReason(in taps: [LibinputDecision]) -> String {
        let dying = taps.first(where: givesUp)
        return switch dying?.event {
        case "TAP_EVENT_THUMB":
            "the tap machine let go of a touch set aside as a thumb and stopped the tap timer"
        case "TAP_EVENT_PALM":
            "the tap machine let go of a touch set aside as a palm and stopped the tap timer"
        case "TAP_EVENT_BUTTON": "the button was pressed, which ends a tap (a click is not one)"
        case "TAP_EVENT_TOUCH": "a fourth finger touched: libinput taps with three at most"
        case let event?: "its tap machine gave the touches up (\(event))"
        case nil: "its tap machine gave the touches up"
        }
    }
}
