import Foundation
import LibinputEventText
import LibinputEvents
import Quirks
import Recordings

/// One touch sequence weighed against one libinput version's rules.
struct SequenceAnalysis {
    let sequence: TouchSequence
    let number: Int
    let decisions: [LibinputDecision]
    /// The row of taps libinput's tap machine was in as the sequence began.
    let tapChain: TapChain
    /// What libinput reported in it that the sequence's own fingers made: a release of a button
    /// pressed before it (a tap-and-drag's) is left out, as the press's sequence tells it.
    let reported: [ReportedGesture]
    /// All it reported, such a release too, as its `reported:` line lists it.
    let reportedWhole: [ReportedGesture]
    /// The pointer motion events libinput sent in it.
    let motion: [PointerMotion.Step]
    /// When libinput sent a scroll, pinch or swipe event in it (microseconds into the recording), and which.
    let gestureSent: [GestureSent]
    typealias GestureSent = (time: UInt64, gesture: LibinputGesture)
    /// Disable-while-typing's timer over the keys of a keyboard replayed beside the pad.
    let typing: TypingTimer
    /// The frame of the recording's last touch jump libinput's log told, where it told as many as
    /// it tells a day (``TouchJumpRule/loggedPerDay``): later jumps are discarded unsaid.
    let jumpsUnsaidAfter: Int?
    /// When a key went down that started or prolonged typing, on the sequence's clock.
    var keyPresses: [UInt64] { typing.keyPresses }
    /// The lid and tablet-mode switches replayed beside the pad, and the suspensions they made.
    let switches: SwitchTimeline
    /// The touchpad's send-events mode, and when libinput kept it closed.
    let sendEvents: SendEventsTimeline
    let thresholds: DeviceThresholds
    private(set) var rules: RuleBook
    let recording: Recording
    /// The device's quirks, as libinput listed them.
    let quirks: QuirksListing?
    /// Whether the replay asked libinput to tap.
    let tapToClick: Bool
    /// How libinput scrolls on the pad: as asked, or the pad's default.
    let scrollMethod: DeviceConfiguration.ScrollMethod
    /// How a press of the pad's button picks the button: as asked, or the pad's default; nil
    /// where the pad has buttons of its own.
    let clickMethod: DeviceConfiguration.ClickMethod?
    /// Whether libinput scrolls by the pad's edges, with which it jails no thumb.
    var edgeScrolling: Bool { scrollMethod == .edge }
    /// The pad's size as libinput gave it (`evdev_device_get_size`, by its single-touch axes):
    /// its zones and lines are shares of it, placed on the axes the touches are measured on.
    let libinputSize: (width: Double, height: Double)?
    /// The recording's last frame lifts what a cut (`--end`) left down: no finger's own lift.
    let endsInCut: Bool
    /// When the touchpad was unplugged (`--unplug`), microseconds into the recording; nil if never.
    let unplugged: UInt64?
    /// What libinput logged of the faults injected (`--syn-dropped`, `--unplug`).
    let faults: [Explanation.LoggedFault]
    /// libinput's rules for several touches, at each frame a touch came down beside others on a
    /// clickpad that tells thumbs: weighed once, as the touches set aside are asked for often.
    private(set) var thumbContexts: [ThumbContext] = []
    /// The touches' rests on a clickpad's software buttons, which count no finger.
    private(set) var softButtons: [SoftButtonRest] = []

    init(
        sequence: TouchSequence, number: Int, decisions: [LibinputDecision], tapChain: TapChain = TapChain(),
        jumpsUnsaidAfter: Int? = nil,
        reported: [ReportedGesture],
        motion: [PointerMotion.Step], gestureSent: [GestureSent], typing: TypingTimer = TypingTimer(),
        switches: SwitchTimeline = SwitchTimeline(), sendEvents: SendEventsTimeline = SendEventsTimeline(),
        thresholds: DeviceThresholds,
        rules: RuleBook,
        recording: Recording,
        quirks: QuirksListing?,
        tapToClick: Bool, scrollMethod: DeviceConfiguration.ScrollMethod,
        clickMethod: DeviceConfiguration.ClickMethod?, libinputSize: (width: Double, height: Double)?,
        endsInCut: Bool = false, unplugged: UInt64? = nil, faults: [Explanation.LoggedFault] = []
    ) {
        self.endsInCut = endsInCut
        self.unplugged = unplugged
        self.faults = faults
        self.sequence = sequence
        self.number = number
        self.decisions = decisions
        self.tapChain = tapChain
        self.jumpsUnsaidAfter = jumpsUnsaidAfter
        self.reported = reported.filter { !$0.isRelease }
        reportedWhole = reported
        self.motion = motion
        self.gestureSent = gestureSent
        self.typing = typing
        self.switches = switches
        self.sendEvents = sendEvents
        self.thresholds = thresholds
        self.rules = rules
        self.recording = recording
        self.quirks = quirks
        self.tapToClick = tapToClick
        self.scrollMethod = scrollMethod
        self.clickMethod = clickMethod
        self.libinputSize = libinputSize
        thumbContexts = thumbLines.map { ThumbContext.all(in: self, lines: $0) } ?? []
        softButtons = Self.softButtonRests(in: self)
    }

    /// Whether the touchpad's quirks set `ModelSynapticsSerialTouchpad`.
    var synapticsSerial: Bool {
        quirks?.setsModel("ModelSynapticsSerialTouchpad") ?? false
    }

    /// The quirk that keeps the touches' events from libinput: one disabling EV_ABS or a
    /// position axis (`AttrEventCodeDisable`, `AttrEventCode` from 1.23 on with `-`).
    var disabledPositions: QuirksListing.Property? {
        quirks?.takingAway { $0 == "EV_ABS" || $0.hasPrefix("ABS_MT_POSITION") }
    }

    /// Whether more fingers were down at `frame` than libinput can place (``RuleBook/beyondSlots``).
    func beyondSlots(at frame: Int) -> Bool {
        rules.beyondSlots(fingers: sequence.fingers(at: frame), slots: rules.slots(of: recording.device))
    }

    var explained: SequenceExplanation {
        let touches = sequence.tracks.map(summary)
        let gestures = GestureAnalysis(analysis: self)
        let taps = TapAnalysis.runs(in: self, touches: touches)
        // libinput's rules weighed none of the frames of a touchpad it kept closed throughout.
        let findings =
            unread
            ? []
            : taps.flatMap(\.findings) + pressureFindings(touches) + touchSizeFindings() + sizeFindings(touches)
                + edgeFindings(touches)
                + thumbFindings(touches) + thumbContextFindings()
                + gestures.findings + typingPalmFindings() + touchJumpFindings()
        let conclusion = Conclusion(
            analysis: self, touches: touches, findings: findings, gestures: gestures, tapRuns: taps)
        // The same analysis cited by file alone: the gestures' analysis cites nothing the conclusion
        // says, so it serves both; the taps' cites a drag's timer, so it is made again.
        var acrossVersions = self
        acrossVersions.rules.citesLines = false
        return SequenceExplanation(
            number: number, start: sequence.start, end: max(sequence.end, touches.map(\.up).max() ?? 0),
            touches: touches,
            fingers: sequence.mostFingers,
            fingersKey: sequence.mostFingersKey,
            decisions: decisions,
            // Read in time order; those of one instant stay in the order of the rules above.
            reported: reportedWhole,
            findings: findings.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
                .map(\.element),
            conclusion: conclusion.line,
            conclusionAcrossVersions: Conclusion(
                analysis: acrossVersions, touches: touches, findings: findings, gestures: gestures,
                tapRuns: TapAnalysis.runs(in: acrossVersions, touches: touches)
            ).line,
            deciding: conclusion.deciding)
    }

    /// Whether libinput read none of the sequence's frames: it kept the touchpad closed from before
    /// the fingers came down until after they lifted, suspended by a switch or its send-events
    /// mode (a pad with top software buttons stays open, its touches weighed though not reported).
    private var unread: Bool {
        !sendEvents.keepsOpen && (suspendedThroughout != nil || closedThroughout != nil)
    }

    /// The decisions of `machine`, about `touch` when given.
    func decisions(of machine: LibinputDecision.Machine, touch: Int? = nil) -> [LibinputDecision] {
        decisions.filter { $0.machine == machine && (touch == nil || $0.touch == touch) }
    }

    /// The pad's size as libinput gave it (``libinputSize``), when the axes the touches are
    /// measured on have a resolution to place its zones and lines by.
    var padSize: (width: Double, height: Double)? {
        guard let axes = recording.positionAxes, axes.x.resolution > 0, axes.y.resolution > 0 else { return nil }
        return libinputSize
    }

    /// Whether the pad's button (BTN_LEFT) went down in `frame`.
    func pressesButton(_ frame: Int) -> Bool {
        recording.frames[frame].events.contains {
            $0.type == Evdev.EV_KEY && $0.code == Evdev.BTN_LEFT && $0.value == 1
        }
    }

    /// The frame in which the sequence first pressed the pad's button, if it did.
    var firstButtonPress: Int? { sequence.frames.first(where: pressesButton) }

    /// Whether `frame` is the last with fingers down: the recording ended with them there, or the
    /// cut that ended it lifted them.
    func isLast(_ frame: Int) -> Bool {
        let last = recording.frames.count - 1
        return frame == last || (endsInCut && frame + 1 == last)
    }

    /// The time of the frame after `frame`: when a finger last down in `frame` had lifted.
    func liftTime(after frame: Int) -> UInt64 {
        recording.frames[min(frame + 1, recording.frames.count - 1)].time
    }

    // MARK: pressure

    /// Each touch's peak pressure against the thresholds libinput logged: a palm by pressure,
    /// and a touch too light to begin.
    private func pressureFindings(_ touches: [TouchSummary]) -> [Finding] {
        touches.flatMap { touch -> [Finding] in
            guard let peak = touch.peakPressure else { return [] }
            var findings: [Finding] = []
            // A palm's pressure is told when it was one or came near; a touch's begin when it
            // never began.
            let palm = decisions(of: .palm, touch: touch.touch).contains { $0.palmChange == .detected(.pressure) }
            let began = decisions(of: .touchDetection, touch: touch.touch).contains { $0.touchBegunBy == .pressure }
            // A touch that never began was never weighed as a palm.
            let neverBegan = thresholds.pressure.map { peak < $0.upperBound && !began } ?? false
            if let limit = thresholds.palmPressure, !neverBegan, palm || Double(peak) >= 0.75 * Double(limit) {
                // Told when the pressure first passed the threshold, where libinput took the palm.
                let track = sequence.tracks.first { $0.isTrack(of: touch) }
                let passed = track?.points.first { ($0.pressure ?? 0) > limit }?.time
                findings.append(
                    Finding(
                        rule: .palmPressure, time: passed ?? touch.down, touch: touch.touch, value: Double(peak),
                        limit: Double(limit), unit: .units, exceeds: peak > limit,
                        agreesWithLog: (peak > limit) == palm,
                        text: "touch \(touch.touch) pressed at most \(peak), "
                            + (peak > limit ? "above" : "not above") + " the palm threshold \(limit)",
                        source: rules.source(.palmPressure)))
            }
            if let range = thresholds.pressure, peak < range.upperBound {
                findings.append(
                    Finding(
                        rule: .touchPressure, time: touch.down, touch: touch.touch, value: Double(peak),
                        limit: Double(range.upperBound), unit: .units, exceeds: peak >= range.upperBound,
                        agreesWithLog: (peak >= range.upperBound) == began,
                        text: "touch \(touch.touch) pressed at most \(peak): "
                            + (peak >= range.upperBound
                                ? "at least \(range.upperBound), a touch" : "never \(range.upperBound), no touch"),
                        source: rules.source(.touchPressure)))
            }
            return findings
        }
    }

    /// Each contact that never grew past libinput's size-based touch detection, where a quirk turns
    /// it on (`AttrTouchSizeRange`, on pads of 5 slots or more): libinput never began its touch.
    /// An axis the pad does not report is 0 to libinput, so without a minor no touch ever begins.
    private func touchSizeFindings() -> [Finding] {
        guard let size = thresholds.size else { return [] }
        let hasMinor = recording.device.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_TOUCH_MINOR)
        return sequence.tracks.compactMap { track -> Finding? in
            guard !track.points.contains(where: { $0.beginsBySize(size) }) else { return nil }
            let major = track.points.compactMap(\.major).max().map(Int.init) ?? 0
            let minor = track.points.compactMap(\.minor).max().map(Int.init) ?? 0
            let began = decisions(of: .touchDetection, touch: track.slot).contains { $0.touchBegunBy == .touchSize }
            return Finding(
                rule: .touchSize, time: track.points[0].time, touch: track.slot, value: Double(major),
                limit: Double(size.upperBound), unit: .units, exceeds: false, agreesWithLog: !began,
                text: "touch \(track.slot)'s contact reached at most \(major) by \(minor)"
                    + (hasMinor ? "" : " (the pad reports no minor, which libinput takes as 0)")
                    + ": never past \(size.upperBound) by \(size.lowerBound), no touch",
                source: rules.source(.touchSize))
        }
    }

    /// Each touch's largest contact against the palm size a quirk set (`AttrPalmSizeThreshold`),
    /// told when it was a palm by size or came near. libinput tries size only on a touch no other
    /// rule made a palm first (`tp_palm_detect_touch_size_triggered`); its log is silent then.
    private func sizeFindings(_ touches: [TouchSummary]) -> [Finding] {
        guard let limit = thresholds.palmSize else { return [] }
        // Contact axes are in the position axes' units (the kernel's multi-touch protocol).
        let resolution = recording.device.absinfo[Evdev.ABS_MT_POSITION_X]?.resolution ?? 0
        func length(_ units: Int) -> String {
            "\(units) units" + (resolution > 0 ? String(format: " (%.1f mm)", Double(units) / Double(resolution)) : "")
        }
        return touches.compactMap { touch -> Finding? in
            guard let peak = touch.peakSize else { return nil }
            let reasons = decisions(of: .palm, touch: touch.touch).compactMap { d -> PalmReason? in
                if case .detected(let reason) = d.palmChange { reason } else { nil }
            }
            let bySize = reasons.contains(.touchSize)
            guard bySize || Double(peak) >= 0.75 * Double(limit) else { return nil }
            let otherFirst = !bySize && !reasons.isEmpty
            return Finding(
                rule: .palmSize, time: touch.down, touch: touch.touch, value: Double(peak), limit: Double(limit),
                unit: .units, exceeds: peak > limit, agreesWithLog: otherFirst ? nil : (peak > limit) == bySize,
                text: "touch \(touch.touch)'s contact reached \(length(peak)), "
                    + (peak > limit ? "above" : "not above") + " the palm size threshold \(length(limit))",
                source: rules.source(.palmSize))
        }
    }

    /// Each touch libinput took as an edge palm: where it began against the zones
    /// `tp_init_palmdetect_edge` sets on a touchpad at least 70 mm wide: the sides', and the
    /// top's where it is taller than 55 mm without top buttons, each a share of the pad's size
    /// as libinput gave it (``padSize``).
    private func edgeFindings(_ touches: [TouchSummary]) -> [Finding] {
        let device = recording.device
        // No edge zones where libinput detects no palms: their rules weigh nothing.
        guard let size = padSize, thresholds.detectsPalms(quirks: quirks, pad: device) else { return [] }
        let (width, height) = size
        let zones = PalmEdgeZones(width: width, height: height, device: device)
        let hasSides = zones.side != nil
        let (side, top) = (zones.side ?? PalmEdgeZones.sideWidth(width), zones.top)
        return touches.compactMap { touch in
            let (x, y) = (touch.from.x, touch.from.y)
            let fromSide = min(x, width - x)
            let inSide = zones.inSide(x)
            let (beside, fromTop) = (Self.fromEdge(fromSide, "side", beside: side), top.map { Self.mm(y, beside: $0) })
            guard decisions(of: .palm, touch: touch.touch).contains(where: { $0.palmChange == .detected(.edge) })
            else { return inSide ? edgeExemption(touch, fromSide: fromSide, side: side, width: width) : nil }
            if let top, let fromTop, !inSide, y < top {
                return Finding(
                    rule: .palmEdge, time: touch.down, touch: touch.touch, value: y, limit: top, unit: .mm,
                    exceeds: true, agreesWithLog: true,
                    text:
                        "touch \(touch.touch) began \(fromTop.value) mm from the top, inside the \(fromTop.limit) mm "
                        + "top edge zone of a \(Self.mm(height)) mm tall touchpad without top buttons",
                    source: rules.source(.palmEdge, topEdge: true))
            }
            return Finding(
                rule: .palmEdge, time: touch.down, touch: touch.touch, value: fromSide, limit: side, unit: .mm,
                exceeds: inSide, agreesWithLog: inSide,
                text: "touch \(touch.touch) began "
                    + (hasSides
                        ? "\(beside.text), " + (inSide ? "inside" : "outside")
                            + " the \(beside.limit) mm edge zone of a "
                            + "\(Self.mm(width)) mm wide touchpad"
                        : "\(Self.fromEdge(fromSide, "side")), but a touchpad \(Self.mm(width)) mm wide has no side "
                            + "edge zones")
                    + (inSide
                        ? ""
                        : fromTop.map { ", and \($0.value) mm from the top, outside its \($0.limit) mm top zone" }
                            ?? ""),
                source: rules.source(.palmEdge))
        }
    }

    /// The edge strip edge scrolling scrolls in that `point` is in, and how far from the edge:
    /// the right edge's, or the bottom's on a clickpad or a pad at least 40 mm tall
    /// (`tp_edge_scroll_init`, whose `tp_touch_get_edge` the palm rules read too).
    func edgeScrollStrip(
        at point: PointMM, size: (width: Double, height: Double)
    ) -> (edge: ScrollEdge, distance: Double)? {
        let strip = rules.edgeScrollStrip
        let hasBottom = recording.device.has(property: Evdev.INPUT_PROP_BUTTONPAD) || size.height >= 40
        let right = size.width - point.x, bottom = size.height - point.y
        return right < strip ? (.right, right) : hasBottom && bottom < strip ? (.bottom, bottom) : nil
    }

    /// The edges edge scrolling scrolls along.
    enum ScrollEdge: String { case right, bottom }

    /// Why a touch that began in a side's edge zone was no edge palm, where a rule of
    /// `tp_palm_detect_edge` let it be: with edge scrolling, the right edge's scroll strip; in
    /// libinput 1.22, a clickpad's software button area.
    private func edgeExemption(_ touch: TouchSummary, fromSide: Double, side: Double, width: Double) -> Finding? {
        let beside = Self.fromEdge(fromSide, "side", beside: side)
        let began = "touch \(touch.touch) began \(beside.text), inside the \(beside.limit) mm edge zone, "
        let why: String, source: String
        if edgeScrolling, let size = padSize, edgeScrollStrip(at: touch.from, size: size)?.edge == .right {
            why =
                "but in the right edge's \(Self.number(rules.edgeScrollStrip)) mm where edge scrolling scrolls, "
                + "where libinput takes no edge palm"
            source = rules.cite("evdev-mt-touchpad.c", ["1.22.1": 1092, "1.28.1": 1087, "1.31.3": 1022])
        } else if LibinputChange.isBefore(rules.version, "1.23.0"),
            recording.device.has(property: Evdev.INPUT_PROP_BUTTONPAD),
            let first = decisions(of: .button, touch: touch.touch).first,
            LibinputDecision.short(first.to) == "BOTTOM"
        {
            why = "but in the clickpad's software button area, where this libinput takes no edge palm (later ones do)"
            source = rules.cite("evdev-mt-touchpad.c", ["1.22.1": 1088])
        } else {
            return nil
        }
        return Finding(
            rule: .palmEdge, time: touch.down, touch: touch.touch, value: fromSide, limit: side, unit: .mm,
            exceeds: false, agreesWithLog: true, text: began + why, source: source)
    }

    /// Each touch that began in a clickpad's thumb band, or that libinput took as a thumb: where
    /// it began against the band's lines, and where thumbs are told by size too its contact
    /// (`tp_thumb_needs_jail`). The lines are shares of the pad's height as libinput gave it.
    private func thumbFindings(_ touches: [TouchSummary]) -> [Finding] {
        guard thresholds.thumbDetection != nil, let lines = thumbLines else { return [] }
        let upper = lines.upper, lower = lines.lower, height = lines.height
        let byPressure = thresholds.thumbsByPressure, bySize = thresholds.thumbsBySize
        return zip(touches, sequence.tracks).compactMap { touch, track in
            let thumb = decisions(of: .thumb, touch: touch.touch).contains { $0.thumbState != .finger }
            // Not above the upper line (`y < upper_thumb_line`) is in the band; below the lower one
            // (`y > lower_thumb_line`), in the exclusion area.
            let units = lines.units(touch.from.y)
            let inBand = units >= upper.units, excluded = units > lower.units
            guard thumb || inBand else { return nil }
            let place = units > upper.units ? "below" : inBand ? "on" : "above"
            let began =
                "touch \(touch.touch) began \(Self.mm(touch.from.y)) mm down a \(Self.mm(height)) mm tall clickpad, "
            let decision = jail(
                inBand: inBand, excluded: excluded, byPressure: byPressure, bySize: bySize, contact: track.points[0])
            let text: String
            let (upperShare, lowerShare) = (
                Self.number(rules.thumbLine * 100), Self.number(rules.thumbExclusionLine * 100)
            )
            // What decided: the place against a line, or the contact's major against the size.
            var (value, limit, unit): (Double, Double?, Finding.Unit) = (touch.from.y, upper.mm, .mm)
            switch decision.test {
            case .band:
                text =
                    began + place
                    + " the thumb line at \(Self.mm(upper.mm)) mm (\(upperShare) % of its height)"
            case .exclusion:
                limit = lower.mm
                text =
                    began + (excluded ? "below" : "above")
                    + " the line at \(Self.mm(lower.mm)) mm (\(lowerShare) %): "
                    + (excluded
                        ? "every touch below it is jailed"
                        : "with thumbs told by pressure, only a touch below it is jailed (pressure counts only there)")
            case .size:
                text =
                    began
                    + "between the lines at \(Self.mm(upper.mm)) and \(Self.mm(lower.mm)) mm "
                    + "(\(upperShare) and \(lowerShare) %), "
                    + "where with thumbs told by size a touch is jailed by its contact: " + decision.contact
                (value, limit, unit) = (
                    Double(track.points[0].major ?? 0), thresholds.thumbSize.map(Double.init), .units
                )
            case .edgeScrolling:
                text =
                    began + place + " the thumb line at \(Self.mm(upper.mm)) mm, but with edge scrolling libinput "
                    + "jails no thumb"
            }
            // Alone on the pad (no other finger, counted by a key or not), a touch is jailed or not
            // at once, in the frame it begins; beside others the rules of several touches decide
            // (``ThumbContext``), and what libinput made of it later is theirs or the gestures'.
            let begin = track.points[0].frame
            let alone = sequence.fingers(at: begin) == 1
            let jailed = decisions(of: .thumb, touch: touch.touch).contains {
                $0.thumbState == .jailed && GestureAnalysis.frame(of: $0, in: self) == begin
            }
            return Finding(
                rule: .thumbPosition, time: touch.down, touch: touch.touch, value: value, limit: limit,
                unit: unit, exceeds: decision.jailed ?? inBand,
                agreesWithLog: alone ? decision.jailed.map { $0 == jailed } : nil,
                text: text, source: rules.source(.thumbPosition, thumbTest: decision.test))
        }
    }

    /// Whether libinput jails a touch beginning alone where it did (`tp_thumb_needs_jail`), by
    /// which test, and its contact in words where its shape decided; nil where the size that
    /// decides was not listed.
    func jail(
        inBand: Bool, excluded: Bool, byPressure: Bool, bySize: Bool, contact point: TrackPoint
    ) -> (jailed: Bool?, test: RuleBook.ThumbTest, contact: String) {
        if edgeScrolling { return (false, .edgeScrolling, "") }
        guard inBand, byPressure || bySize else { return (inBand, .band, "") }
        if excluded || !bySize { return (excluded, .exclusion, "") }
        // Pressure counts only in the exclusion area, where every touch is jailed anyway.
        let major = Int(point.major ?? 0), minor = Int(point.minor ?? 0)
        guard let size = thresholds.thumbSize, let narrow = thresholds.thumbNarrowerThan else {
            return (nil, .size, "\(major) by \(minor) (the quirk's size was not listed)")
        }
        let shaped = major > size && Double(minor) < narrow
        return (
            shaped, .size,
            "\(major) by \(minor), " + (shaped ? "" : "not ") + "longer than \(size) and narrower than "
                + Self.number(narrow)
        )
    }
}
