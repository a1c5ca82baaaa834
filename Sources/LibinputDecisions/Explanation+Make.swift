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
    /// libinput (tapping, the scroll method). A recording played at another `speed` is explained
    /// as libinput lived it: its times, and the intervals its rules weigh, are the replay's. Its
    /// frames are read as the kernel's input core delivered them to libinput, unless the replay
    /// played them `asDelivered` (``InputCoreFilter``).
    public init(
        recording: Recording, events: [LibinputEvent], log: [LibinputLogMessage], recordingStart: UInt64,
        version: String, quirks: QuirksListing? = nil, configuration: DeviceConfiguration = DeviceConfiguration(),
        speed: Double = 1, asDelivered: Bool = false
    ) {
        let log =
            speed == 1
            ? log
            : log.map { LibinputLogMessage(priority: $0.priority, text: $0.text, cause: $0.cause?.played(at: speed)) }
        let read = DecisionLog(log)
        let rules = RuleBook(version: version)
        var thresholds = read.thresholds.values.first ?? DeviceThresholds()
        // Read as libinput reads it: as the kernel's input core delivers it, a value within an
        // axis's fuzz damped (the replay's frames go through it, on the harness as on a real
        // kernel); through mtdev, slots and all, where its plugin does; a pad without slots, or a
        // semi-MT one, as single-touch: one touch by the single-touch axes, the rest fake.
        let played =
            asDelivered
            ? recording.played(at: speed) : InputCoreFilter.deliveredInPlace(recording.played(at: speed))
        let semiMT = played.device.isReadAsSingleTouch(quirks)
        let throughMtdev = !semiMT && rules.readsThroughMtdev(played.device)
        let resolved = (throughMtdev ? played.readThroughMtdev() : played).withLibinputResolution(
            quirks,
            rangeIncludesBothEnds: !LibinputChange.isBefore(version, LibinputChange.widerWithoutResolution.release))
        let singleTouch = semiMT || !resolved.device.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT)
        let recording = singleTouch ? resolved.readAsSingleTouch() : resolved
        // The one threshold libinput does not log; it ignores 0, and a pad it does not track by
        // slots (read as single-touch) or whose quirks take the axis away has no touch major for
        // it to weigh.
        let pad = recording.device
        let majorTakenAway = quirks?.takingAway { $0 == "ABS_MT_TOUCH_MAJOR" } != nil
        if let size = quirks?.integer("AttrPalmSizeThreshold"), size > 0, !majorTakenAway,
            pad.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT),
            pad.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_TOUCH_MAJOR)
        {
            thresholds.palmSize = size
        }
        // Nor the thumb size, where its log says it tells thumbs by size.
        if thresholds.thumbDetection?.contains("size") == true {
            thresholds.thumbSize = quirks?.integer("AttrThumbSizeThreshold")
        }
        let sequences = TouchSequence.all(
            in: recording, slots: rules.slots(of: recording.device), pressure: thresholds.pressure,
            size: thresholds.size,
            hysteresisFrom: read.hysteresisFrom)
        let starts = sequences.map(\.start)
        let startFrames = sequences.map(\.frames.lowerBound)
        /// The last sequence beginning at or before `value` among `bounds`, the first for one
        /// before them all.
        func last<T: Comparable>(atOrBefore value: T, in bounds: [T]) -> Int {
            bounds.indexBeforePartition(where: { $0 > value }) ?? 0
        }
        // A line belongs to the sequence its frame is in, or, for a timer, the sequence it fired
        // after; a line before the first sequence to the first.
        func sequenceIndex(of cause: LibinputLogCause) -> Int {
            switch cause {
            case .frame(let device, let index, _) where device == 0: last(atOrBefore: index, in: startFrames)
            default: last(atOrBefore: cause.time, in: starts)
            }
        }
        var decisions = Array(repeating: [LibinputDecision](), count: sequences.count)
        var unattributed = 0
        for decision in read.decisions where !sequences.isEmpty {
            // A line without a cause came before the first frame: libinput setting the device up
            // with the touches its header holds down.
            guard let cause = decision.cause else {
                unattributed += 1
                decisions[0].append(decision)
                continue
            }
            decisions[sequenceIndex(of: cause)].append(decision)
        }
        var eventsBySequence = Array(repeating: [LibinputEvent](), count: sequences.count)
        for event in events where event.time >= recordingStart && !sequences.isEmpty {
            let time = event.time - recordingStart
            eventsBySequence[last(atOrBefore: time, in: starts)].append(event)
        }
        let device = recording.device.name
        // The size libinput gave the pad (`evdev_device_get_size`, by its single-touch axes),
        // which its zones and lines are shares of.
        let node = read.thresholds.keys.first
        let added = events.compactMap { event -> (node: String, size: (width: Double, height: Double))? in
            guard case .deviceAdded(let info) = event.kind, let size = info.sizeMM else { return nil }
            return (event.device, size)
        }
        let size = (added.first { $0.node == node } ?? added.first)?.size
        let scrollMethod = rules.scrollMethod(of: pad, quirks: quirks, asked: configuration.scrollMethod)
        self.init(
            libinputVersion: version, device: device, slots: rules.slots(of: recording.device),
            throughMtdev: throughMtdev, thresholds: thresholds,
            quirks: quirks,
            sequences: sequences.enumerated().map { n, sequence in
                SequenceAnalysis(
                    sequence: sequence, number: n + 1, decisions: decisions[n],
                    reported: ReportedGesture.sequence(of: eventsBySequence[n]), thresholds: thresholds,
                    rules: rules, recording: recording, quirks: quirks, tapToClick: configuration.tapToClick,
                    edgeScrolling: scrollMethod == .edge, libinputSize: size
                ).explained
            },
            unreadLines: read.unread.map(\.text), unattributed: unattributed, recordingStart: recordingStart,
            timeBase: TimeBase(of: events))
        if singleTouch { singleTouchReading = SingleTouchReading(resolved.device) }
    }
}

extension Recording {
    /// The recording as libinput measures it: a touchpad that reports no resolution takes its
    /// quirks' `AttrResolutionHint` (units per mm), else its `AttrSizeHint` (mm), each pair of
    /// position axes by its own range (`evdev_fix_abs_resolution` in src/evdev.c), else 69 × 50 mm
    /// of the axes it measures by, on all four (`tp_init_default_resolution` in
    /// src/evdev-mt-touchpad.c), dividing a range that from 1.25 counts both its ends.
    func withLibinputResolution(_ quirks: QuirksListing?, rangeIncludesBothEnds: Bool) -> Recording {
        let pairs = [(Evdev.ABS_X, Evdev.ABS_Y), (Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y)].filter {
            device.absinfo[$0.0] != nil && device.absinfo[$0.1] != nil
        }
        func ranges(_ pair: (UInt16, UInt16)) -> (x: Int, y: Int) {
            let x = device.absinfo[pair.0]!, y = device.absinfo[pair.1]!
            return (Int(x.maximum) - Int(x.minimum), Int(y.maximum) - Int(y.minimum))
        }
        let unresolved = pairs.filter { device.absinfo[$0.0]!.resolution == 0 && device.absinfo[$0.1]!.resolution == 0 }
        guard let measured = pairs.last, !unresolved.isEmpty else { return self }
        let hints = LibinputQuirks(attributes: (quirks?.properties ?? []).map { ($0.key, $0.value) })
        let hinted = hints.resolutionHint != nil || hints.sizeHint != nil
        var copy = self
        for pair in hinted ? unresolved : pairs {
            let assumed = AssumedResolution.unitsPerMM(
                ranges: ranges(hinted ? pair : measured), resolutionHint: hints.resolutionHint,
                sizeHint: hints.sizeHint, rangeIncludesBothEnds: rangeIncludesBothEnds)
            copy.device.absinfo[pair.0]?.resolution = Int32(assumed.x)
            copy.device.absinfo[pair.1]?.resolution = Int32(assumed.y)
        }
        return copy
    }
}
