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
    /// assumes for a touchpad without a resolution; `tapToClick` says whether the replay asked
    /// libinput to tap. A recording played at another `speed` is explained as libinput lived it:
    /// its times, and the intervals its rules weigh, are the replay's.
    public init(
        recording: Recording, events: [LibinputEvent], log: [LibinputLogMessage], recordingStart: UInt64,
        version: String, quirks: QuirksListing? = nil, tapToClick: Bool = false, speed: Double = 1
    ) {
        let log =
            speed == 1
            ? log
            : log.map { LibinputLogMessage(priority: $0.priority, text: $0.text, cause: $0.cause?.played(at: speed)) }
        let read = DecisionLog(log)
        let rules = RuleBook(version: version)
        var thresholds = read.thresholds.values.first ?? DeviceThresholds()
        // Read as libinput reads it: through mtdev, slots and all, where its plugin does.
        let throughMtdev = rules.readsThroughMtdev(recording.device)
        // A semi-MT pad, as libinput reads it: one touch by the single-touch axes, the rest fake.
        // As the kernel's input core delivers it: a value within an axis's fuzz is damped (the
        // replay's frames go through it, on the harness as on a real kernel).
        var played = InputCoreFilter.deliveredInPlace(recording.played(at: speed))
        if played.readAsSingleTouch(quirks) { played = played.withMultitouchAxesDisabled() }
        let recording = (throughMtdev ? played.readThroughMtdev() : played).withLibinputResolution(
            quirks,
            rangeIncludesBothEnds: !LibinputChange.isBefore(version, LibinputChange.widerWithoutResolution.release))
        // The one threshold libinput does not log; it ignores 0, and a pad it does not track by
        // slots (read as single-touch, or without slots and mtdev) or whose quirks take the axis
        // away has no touch major for it to weigh.
        let pad = recording.device
        let majorTakenAway = quirks?.takingAway { $0 == "ABS_MT_TOUCH_MAJOR" } != nil
        if let size = quirks?.properties.last(where: { $0.key == "AttrPalmSizeThreshold" }).flatMap({ Int($0.value) }),
            size > 0, !majorTakenAway, pad.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_SLOT),
            pad.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_TOUCH_MAJOR)
        {
            thresholds.palmSize = size
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
        self.init(
            libinputVersion: version, device: device, slots: rules.slots(of: recording.device),
            throughMtdev: throughMtdev, thresholds: thresholds,
            quirks: quirks,
            sequences: sequences.enumerated().map { n, sequence in
                SequenceAnalysis(
                    sequence: sequence, number: n + 1, decisions: decisions[n],
                    reported: ReportedGesture.sequence(of: eventsBySequence[n]), thresholds: thresholds,
                    rules: rules, recording: recording, quirks: quirks, tapToClick: tapToClick
                ).explained
            },
            unreadLines: read.unread.map(\.text), unattributed: unattributed, recordingStart: recordingStart,
            timeBase: TimeBase(of: events))
        if !throughMtdev { singleTouchReading = SingleTouchReading(recording.device) }
    }
}

extension Recording {
    /// The recording as libinput measures it: a touchpad that reports no resolution takes its
    /// quirks' `AttrResolutionHint` (units per mm), else its `AttrSizeHint` (mm), else 69 × 50 mm
    /// (`evdev_fix_abs_resolution` in src/evdev.c, `tp_init_default_resolution` in
    /// src/evdev-mt-touchpad.c), dividing a range that from 1.25 counts both its ends.
    func withLibinputResolution(_ quirks: QuirksListing?, rangeIncludesBothEnds: Bool) -> Recording {
        guard let x = device.absinfo[Evdev.ABS_MT_POSITION_X] ?? device.absinfo[Evdev.ABS_X], x.resolution == 0 else {
            return self
        }
        let hints = LibinputQuirks(attributes: (quirks?.properties ?? []).map { ($0.key, $0.value) })
        var copy = self
        let axes = [(Evdev.ABS_X, Evdev.ABS_MT_POSITION_X), (Evdev.ABS_Y, Evdev.ABS_MT_POSITION_Y)].map {
            single, multi in
            (single, multi, device.absinfo[multi] ?? device.absinfo[single])
        }
        let ranges = axes.map { $0.2.map { Int($0.maximum) - Int($0.minimum) } ?? 0 }
        let assumed = AssumedResolution.unitsPerMM(
            ranges: (ranges[0], ranges[1]), resolutionHint: hints.resolutionHint, sizeHint: hints.sizeHint,
            rangeIncludesBothEnds: rangeIncludesBothEnds)
        for ((single, multi, axis), resolution) in zip(axes, [assumed.x, assumed.y]) where axis != nil {
            for code in [single, multi] where copy.device.absinfo[code] != nil {
                copy.device.absinfo[code]?.resolution = Int32(resolution)
            }
        }
        return copy
    }
}
