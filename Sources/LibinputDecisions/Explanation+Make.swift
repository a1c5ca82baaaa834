import KernelEmulation
import LibinputEventText
import LibinputEvents
import Quirks
import Recordings

extension Explanation {
    /// Explains a replay of `recording` on libinput `version`: its `events` (times on libinput's
    /// clock, the recording's first frame at `recordingStart`) and its debug `log`, each line
    /// with the cause the harness stamped it with.
    /// `quirks`, the device's as libinput listed them, are told and give the size libinput
    /// assumes for a touchpad without a resolution; `configuration` is what the replay asked of
    /// libinput (tapping, the scroll method); `buses`, each device's bus by its node's name, tell
    /// the mice libinput takes for external. A recording played at another `speed` is explained
    /// as libinput lived it: its times, and the intervals its rules weigh, are the replay's. Its
    /// frames are read as the kernel's input core delivered them to libinput, unless the replay
    /// played them `asDelivered` (``InputCoreFilter``).
    public init(
        recording: Recording, events: [LibinputEvent], log: [LibinputLogMessage], recordingStart: UInt64,
        version: String, quirks: QuirksListing? = nil, configuration: DeviceConfiguration = DeviceConfiguration(),
        buses: [String: UInt16] = [:], speed: Double = 1, asDelivered: Bool = false
    ) {
        let log =
            speed == 1
            ? log
            : log.map { message in
                var played = message
                played.cause = message.cause?.played(at: speed)
                return played
            }
        let read = DecisionLog(log)
        let endsInCut = recording.endsInCutLift
        let rules = RuleBook(version: version)
        // libinput adding the touchpad: its node, and the size it gave the pad. Another device
        // given with it is added after it.
        let padAdded = Self.padAdded(recording.device, in: events)
        var thresholds =
            padAdded.flatMap { read.thresholds[$0.node] } ?? read.thresholds.min { $0.key < $1.key }?.value
            ?? DeviceThresholds()
        // Read as libinput reads it: as the kernel's input core delivers it, a value within an
        // axis's fuzz damped (the replay's frames go through it, on the harness as on a real
        // kernel); through mtdev, slots and all, where its plugin does; a pad without slots, a
        // semi-MT one or the HP Pavilion DM4's, as single-touch: one touch by the single-touch
        // axes, the rest fake.
        let played =
            asDelivered
            ? recording.played(at: speed) : InputCoreFilter.deliveredInPlace(recording.played(at: speed))
        // (A semi-MT pad without slots goes through mtdev too, whose slots libinput then turns
        // off: it is read as single-touch straight away.)
        let alwaysSingleTouch = played.device.isReadAsSingleTouch(quirks)
        let throughMtdev = !alwaysSingleTouch && rules.readsThroughMtdev(played.device)
        let resolved = (throughMtdev ? played.readThroughMtdev() : played).withLibinputResolution(
            quirks,
            rangeIncludesBothEnds: !LibinputChange.isBefore(version, LibinputChange.widerWithoutResolution.release))
        let singleTouch = alwaysSingleTouch || !resolved.device.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT)
        let recording = singleTouch ? resolved.readAsSingleTouch() : resolved
        // Thresholds libinput does not log: the palm size, which it ignores at 0, and which a pad
        // it does not track by slots (read as single-touch) or whose quirks take the axis away
        // has no touch major for;
        let pad = recording.device
        let majorTakenAway = quirks?.takingAway { $0 == "ABS_MT_TOUCH_MAJOR" } != nil
        let detectsPalms = thresholds.detectsPalms(quirks: quirks, pad: pad)
        if let size = quirks?.integer("AttrPalmSizeThreshold"), size > 0, !majorTakenAway, detectsPalms,
            pad.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT),
            pad.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_TOUCH_MAJOR)
        {
            thresholds.palmSize = size
        }
        // and the thumb size, where its log says it tells thumbs by size.
        if thresholds.thumbsBySize {
            thresholds.thumbSize = quirks?.integer("AttrThumbSizeThreshold")
        }
        // libinput pairs the keyboard whether or not disable-while-typing is on; off, no key sets
        // a touch aside (`tp_keyboard_event` returns before its timer without `dwt_enabled`).
        if configuration.disableWhileTyping == false { thresholds.typingKeyboard = nil }
        // Where libinput began and ended each slot's touches by pressure or size, on the pad.
        var detection: [Int: [(frame: Int, ends: Bool)]] = [:]
        for decision in read.decisions where padAdded.map({ decision.device == $0.node }) ?? true {
            guard case .frame(0, let frame, _) = decision.cause, let touch = decision.touch else { continue }
            if decision.touchEndedBy != nil || decision.touchBegunBy != nil {
                detection[touch, default: []].append((frame, decision.touchEndedBy != nil))
            }
        }
        let sequences = TouchSequence.all(
            in: recording, slots: rules.slots(of: recording.device), pressure: thresholds.pressure,
            size: thresholds.size, hysteresisFrom: read.hysteresisFrom, detection: detection)
        let starts = sequences.map(\.start)
        let startFrames = sequences.map(\.frames.lowerBound)
        // A line belongs to the sequence its frame is in, or, for a timer, the sequence it fired
        // after; a line before the first sequence to the first.
        func sequenceIndex(of cause: LibinputLogCause) -> Int {
            switch cause {
            case .frame(let device, let index, _) where device == 0: startFrames.sequenceIndex(holding: index)
            default: starts.sequenceIndex(holding: cause.time)
            }
        }
        /// Whether `node` is the touchpad's: the decisions and events of another device (`--with`
        /// a second touchpad, a mouse) are not the touchpad's to explain.
        func isPad(_ node: String) -> Bool { padAdded.map { node == $0.node } ?? true }
        var decisions = Array(repeating: [LibinputDecision](), count: sequences.count)
        var unattributed = 0
        for decision in read.decisions where !sequences.isEmpty && isPad(decision.device) {
            // A line without a cause came before the first frame: libinput setting the device up
            // with the touches its header holds down.
            guard let cause = decision.cause else {
                unattributed += 1
                decisions[0].append(decision)
                continue
            }
            decisions[sequenceIndex(of: cause)].append(decision)
        }
        // Each sequence's events by their index among `events`, which a long recording's are many
        // to hold twice.
        var eventsBySequence = Array(repeating: [Int32](), count: sequences.count)
        var motionBySequence = Array(repeating: [PointerMotion.Step](), count: sequences.count)
        var gesturesBySequence = Array(repeating: [SequenceAnalysis.GestureSent](), count: sequences.count)
        // The times of the recording's own button keys: a button there outside every sequence
        // was pressed with no finger down, where a tap's, sent after the lift, has none.
        let buttonKeyTimes = Set(
            recording.frames.filter { frame in
                // BTN_LEFT to BTN_TASK: the buttons of a pointer.
                frame.events.contains {
                    $0.type == Evdev.EV_KEY && (Evdev.BTN_LEFT...Evdev.BTN_LEFT + 7).contains($0.code)
                }
            }.map(\.time))
        var buttonsWithoutFinger: [ButtonChange] = []
        // A press's release goes where the press went: a click held past the lift is the sequence's.
        var pressedWithoutFinger: Set<UInt32> = []
        for (index, event) in events.enumerated()
        where event.time >= recordingStart && !sequences.isEmpty && isPad(event.device) {
            let time = event.time - recordingStart
            let n = starts.sequenceIndex(holding: time)
            if case .pointerButton(let button, let state, _) = event.kind,
                state == .pressed
                    ? buttonKeyTimes.contains(time) && (time > sequences[n].end || time < sequences[n].start)
                    : pressedWithoutFinger.remove(button) != nil
            {
                if state == .pressed { pressedWithoutFinger.insert(button) }
                buttonsWithoutFinger.append(ButtonChange(time: time, button: button, pressed: state == .pressed))
                continue
            }
            eventsBySequence[n].append(Int32(index))
            if let step = PointerMotion.Step(event, at: time) { motionBySequence[n].append(step) }
            switch event.kind {
            case .pointerScroll(let s) where s.source == .finger: gesturesBySequence[n].append((time, .scroll))
            case .gesturePinchUpdate, .gesturePinchBegin: gesturesBySequence[n].append((time, .pinch))
            case .gestureSwipeUpdate, .gestureSwipeBegin: gesturesBySequence[n].append((time, .swipe))
            default: break
            }
        }
        // The keys that start disable-while-typing, on the keyboard libinput paired with the pad:
        // no other keyboard's do.
        let typingNodes = Set(
            events.compactMap { event -> String? in
                guard case .deviceAdded(let info) = event.kind, info.name == thresholds.typingKeyboard else {
                    return nil
                }
                return event.device
            })
        let typing = TypingTimer(events: events, on: typingNodes, from: recordingStart, rules: rules)
        let switches = SwitchTimeline(
            decisions: read.decisions.filter { isPad($0.device) }, events: events, from: recordingStart)
        let sendEvents = SendEventsTimeline(
            mode: configuration.sendEvents, took: read.sendEvents, access: read.access, events: events, buses: buses,
            pad: padAdded?.node,
            keepsOpen: pad.properties.contains(Evdev.INPUT_PROP_TOPBUTTONPAD))
        let device = recording.device.name
        let unplugged = events.first { $0.time >= recordingStart && $0.kind == .deviceRemoved && isPad($0.device) }
            .map { $0.time - recordingStart }
        // The size libinput gave the pad, which its zones and lines are shares of: as it told it,
        // else as `evdev_device_get_size` makes it, by the single-touch axes.
        let size = padAdded?.info.sizeMM ?? SurfaceSize(of: resolved.device).map { ($0.width, $0.height) }
        // Its own words on meeting the fault (info and errors); its decisions then are in the sequences.
        let faults = log.compactMap { message -> LoggedFault? in
            // TouchSynth's own lines (a device closed) are not libinput's words.
            guard case .fault(let time) = message.cause, message.priority != .debug, !message.isTouchSynths
            else { return nil }
            return LoggedFault(time: time, line: message.text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let scrollMethod = rules.scrollMethod(of: pad, quirks: quirks, asked: configuration.scrollMethod)
        let clickMethod = rules.clickMethod(of: pad, quirks: quirks, asked: configuration.clickMethod)
        // The row of taps each sequence began in: a triple tap's lone-finger taps are three sequences.
        var chain = TapChain()
        let chains = decisions.map { list in
            defer { list.forEach { chain.read($0) } }
            return chain
        }
        // libinput's log tells a few touch jumps a day; past them it discards jumps unsaid.
        let toldJumps = decisions.joined().compactMap(\.touchJumpFrame)
        let jumpsUnsaidAfter =
            toldJumps.count >= TouchJumpRule.loggedPerDay ? toldJumps[TouchJumpRule.loggedPerDay - 1] : nil
        self.init(
            libinputVersion: version, device: device, slots: rules.slots(of: recording.device),
            throughMtdev: throughMtdev, thresholds: thresholds,
            quirks: quirks,
            sequences: sequences.enumerated().map { n, sequence in
                SequenceAnalysis(
                    sequence: sequence, number: n + 1, decisions: decisions[n], tapChain: chains[n],
                    jumpsUnsaidAfter: jumpsUnsaidAfter,
                    reported: ReportedGesture.sequence(of: eventsBySequence[n].lazy.map { events[Int($0)] }),
                    motion: motionBySequence[n],
                    gestureSent: gesturesBySequence[n], typing: typing, switches: switches,
                    sendEvents: sendEvents,
                    thresholds: thresholds,
                    rules: rules, recording: recording, quirks: quirks,
                    tapToClick: configuration.taps(on: pad),
                    scrollMethod: scrollMethod, clickMethod: clickMethod, libinputSize: size, endsInCut: endsInCut,
                    unplugged: unplugged, faults: faults
                ).explained
            },
            unreadLines: read.unread.map(\.text), unattributed: unattributed, recordingStart: recordingStart,
            timeBase: TimeBase(of: events))
        if singleTouch { singleTouchReading = SingleTouchReading(resolved.device) }
        self.buttonsWithoutFinger = buttonsWithoutFinger
        // A trackpoint libinput passed them to sends buttons of its own.
        let trackpointButtons = events.contains {
            if case .pointerButton = $0.kind { !isPad($0.device) } else { false }
        }
        if !trackpointButtons {
            droppedTrackpointButtons = (Evdev.BTN_0...Evdev.BTN_0 + 2).compactMap { key in
                let presses = recording.frames.reduce(0) { count, frame in
                    count + frame.events.filter { $0.type == Evdev.EV_KEY && $0.code == key && $0.value == 1 }.count
                }
                return presses == 0 ? nil : KeyPresses(key: key, presses: presses)
            }
            trackpointButtonDrop = rules.trackpointButtonDrop
        }
        if sequences.isEmpty {
            sentWithoutTouch = EventTypeCount.tally(
                events.lazy.filter { $0.time >= recordingStart && isPad($0.device) })
        }
        reportsTouches = [Evdev.ABS_X, Evdev.ABS_MT_POSITION_X].contains { pad.has(type: Evdev.EV_ABS, code: $0) }
        padExtent = recording.touchpadGeometry.map { PointMM(x: $0.width, y: $0.height) }
        unusedQuirks = UnusedQuirk.all(
            in: quirks, pad: pad, recorded: played.device, detectsPalms: detectsPalms, rules: rules)
        self.sendEvents = sendEvents.setting(rules)
        self.endsInCut = endsInCut
        self.faults = faults
    }
}

extension Recording {
    /// The recording as libinput measures it: its device's resolutions as libinput takes them
    /// (``Recordings/DeviceDescription/withLibinputResolution(_:rangeIncludesBothEnds:)``) with the
    /// hints of `quirks`.
    func withLibinputResolution(_ quirks: QuirksListing?, rangeIncludesBothEnds: Bool) -> Recording {
        var copy = self
        copy.device = device.withLibinputResolution(
            LibinputQuirks(attributes: (quirks?.properties ?? []).map { ($0.key, $0.value) }),
            rangeIncludesBothEnds: rangeIncludesBothEnds)
        return copy
    }
}
