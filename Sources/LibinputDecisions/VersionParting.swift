import LibinputEventText
import LibinputEvents
import Quirks
import Recordings

/// Where one libinput version's events first part from another's for the same recording, and
/// the changes released between the two that can give that and each later difference: an
/// upgrade's reasons, as `compare --libinput` and `explain --libinput` tell them.
public struct VersionParting: Equatable, Encodable, Sendable {
    /// The version that parts.
    public var libinput: String
    /// The version it is compared with (the one before it in the list).
    public var against: String
    /// The event's position among `against`'s events (device events not counted).
    public var index: Int
    /// Seconds from `against`'s first event (its ``TimeBase``, as every table of a replay
    /// counts) to the event where they part.
    public var time: Double
    /// `against`'s event there (nil: it has none, the other version has one more).
    @ExplicitNull public var expected: String?
    /// The other version's event there (nil: it has none).
    @ExplicitNull public var actual: String?
    /// The changes released between the two versions that can give this parting.
    public var changes: [LibinputChange]
    /// The other changes the later differences between the two show, each at the first
    /// difference it can give: an upgrade's other reasons (none where mtdev's plugin can give the
    /// opening); and, after an opening a change gives, the first later difference none does.
    public var further: [Further] = []
    /// Every change the parting names, the opening's then the later ones', each once.
    public var named: [LibinputChange] { changes + further.compactMap(\.change) }
    /// The touch sequence of `against`'s explanation the event falls in (``placed(in:)``; nil:
    /// not placed, as `compare` leaves it).
    public var sequence: Int?
    /// Once placed, the event's time as the explanation's JSON counts it: microseconds from the
    /// recording's first frame (negative before it).
    public var timeUs: Int64?
    /// The event's time on libinput's clock in `against`'s replay, which places it in a sequence.
    var eventTime: UInt64 = 0

    /// A change a later difference shows, and where; nil: no known change gives the difference.
    public struct Further: Equatable, Encodable, Sendable {
        public var change: LibinputChange?
        /// As the parting's own: the event's position among `against`'s, its time, and the
        /// two versions' events there.
        public var index: Int
        public var time: Double
        @ExplicitNull public var expected: String?
        @ExplicitNull public var actual: String?
        public var sequence: Int?
        public var timeUs: Int64?
        var eventTime: UInt64 = 0

        private enum CodingKeys: String, CodingKey { case change, index, time, expected, actual, sequence, timeUs }
    }

    private enum CodingKeys: String, CodingKey {
        case libinput, against, index, time, expected, actual, changes, further, sequence, timeUs
    }

    /// The decimals events are compared and shown to: debug-events' two would hide a change in
    /// scale as small as the speed curve's, or show it only where a value's rounding happens to tip.
    public static let decimals = 6

    /// Where `after`'s events part from `before`'s (each a version and its replay's events), with
    /// the changes that can give each difference on `device` with its `quirks`, tapping and
    /// three-finger drag on or off (none told without a device); nil where every event is the same.
    public static func between(
        _ before: (version: String, events: [LibinputEvent]), _ after: (version: String, events: [LibinputEvent]),
        device: DeviceDescription?, quirks: LibinputQuirks, tapping: Bool, threeFingerDrag: Bool = false
    ) -> VersionParting? {
        let shown = shownEvents(before.events), theirs = shownEvents(after.events)
        let timeBase = TimeBase(of: before.events)
        // Each run's times from its own first event: one frame's events share a moment in both.
        func moments(_ events: [LibinputEvent], _ base: TimeBase) -> [Int64] {
            events.map { Int64(bitPattern: $0.time &- base.origin) }
        }
        let at = (moments(shown, timeBase), moments(theirs, TimeBase(of: after.events)))
        let differences = EventAlignment.differences(
            comparable(before.events), comparable(after.events), moments: at)
        guard let first = differences.first else { return nil }
        /// A difference's time, and the changes between the two versions that can give it.
        func reasons(_ d: EventAlignment.Difference) -> (time: UInt64, changes: [LibinputChange]) {
            // An event of the other version's alone is at its own moment, put on `against`'s clock.
            let time =
                d.expected == nil && d.actualIndex < theirs.count
                ? timeBase.origin &+ UInt64(bitPattern: at.1[d.actualIndex])
                : d.index < shown.count ? shown[d.index].time : shown.last?.time ?? timeBase.origin
            let expected = d.expected == nil ? nil : shown[d.index]
            let actual = d.actual == nil ? nil : theirs[d.actualIndex]
            // Past the end of `shown` for an event of the other version's after its last.
            let previous = d.index > 0 ? shown[min(d.index, shown.count) - 1] : nil
            // Whether the version without an event here goes on at the moment of the other's next.
            func moment(_ times: [Int64], _ i: Int) -> Int64? { i < times.count ? times[i] : nil }
            let resumesAtOnce =
                d.actual == nil
                ? moment(at.1, d.actualIndex).map { $0 == moment(at.0, d.index + 1) } == true
                : d.expected == nil && moment(at.0, d.index).map { $0 == moment(at.1, d.actualIndex + 1) } == true
            let changes =
                device.map {
                    LibinputChange.candidates(
                        between: before.version, and: after.version, expected: expected, actual: actual,
                        after: previous, resumesAtOnce: resumesAtOnce, device: $0, quirks: quirks, tapping: tapping,
                        threeFingerDrag: threeFingerDrag)
                } ?? []
            return (time, changes)
        }
        let opening = reasons(first)
        var told = Set(opening.changes)
        var further: [Further] = []
        // A scroll's stop (every value 0) the other version lacks as it sent none of that scroll:
        // the end of a scroll it never began, which the change that lost the scroll gives.
        func endsUnsentScroll(_ d: EventAlignment.Difference) -> Bool {
            guard d.actual == nil, d.index < shown.count, case .pointerScroll(let stop) = shown[d.index].kind,
                stop.isStop
            else { return false }
            // Back over the scroll's updates, to the stop before it: another scroll's end.
            var first = d.index
            while first > 0, case .pointerScroll(let s) = shown[first - 1].kind, !s.isStop { first -= 1 }
            // Events of several devices need not come in time order: the span either way.
            let during = min(at.0[first], at.0[d.index])...max(at.0[first], at.0[d.index])
            return !zip(theirs, at.1).contains { event, time in
                if case .pointerScroll = event.kind { during ~= time } else { false }
            }
        }
        // An event one version lacks right after another it lacks: one run of events it did not send.
        func continuesRun(_ d: EventAlignment.Difference, _ run: EventAlignment.Difference) -> Bool {
            d.actual == nil && run.actual == nil && d.index == run.index + 1 && d.actualIndex == run.actualIndex
                || d.expected == nil && run.expected == nil && d.actualIndex == run.actualIndex + 1
                    && d.index == run.index
        }
        // A motion both sent, the same but accelerated otherwise, right after one that a version
        // did not send: the pointer filter's history lacks it there, so it is the drop's doing.
        func followsDroppedMotion(_ d: EventAlignment.Difference, _ dropped: EventAlignment.Difference) -> Bool {
            guard dropped.expected == nil || dropped.actual == nil, d.expected != nil, d.actual != nil,
                (0...1) ~= d.index - dropped.index, (0...1) ~= d.actualIndex - dropped.actualIndex,
                case .pointerMotion = (dropped.expected == nil ? theirs[dropped.actualIndex] : shown[dropped.index])
                    .kind,
                // The same unaccelerated motion, to the bit: the finger moved alike, the filter did not.
                case .pointerMotion(_, _, let x, let y) = shown[d.index].kind,
                case .pointerMotion(_, _, x, y) = theirs[d.actualIndex].kind
            else { return false }
            return true
        }
        // A later difference no change gives is told once, where the opening has a change to
        // name: a reader would take the opening's for every difference. Once told, no other is
        // weighed, as a scroll's stop is by a pass over the other version's events.
        var unknownTold = opening.changes.isEmpty
        // Without a device no change is told: the later differences have nothing to add. Where
        // mtdev's plugin can give the opening, reading the pad otherwise parts every later event,
        // and other changes' rules would match some of them: it alone is named.
        var last = (difference: first, changes: opening.changes)
        for d in differences.dropFirst() where device != nil && !opening.changes.contains(.mtdevPlugin) {
            var later = reasons(d)
            if later.changes.isEmpty, continuesRun(d, last.difference) {
                later.changes = last.changes.filter(\.holdsBackARun)
            }
            if later.changes.isEmpty, followsDroppedMotion(d, last.difference) { later.changes = last.changes }
            last = (d, later.changes)
            let unknown = later.changes.isEmpty && !unknownTold && !endsUnsentScroll(d)
            let new: [LibinputChange?] = unknown ? [nil] : later.changes.filter { told.insert($0).inserted }
            unknownTold = unknownTold || unknown
            for change in new {
                further.append(
                    Further(
                        change: change, index: d.index, time: timeBase.seconds(later.time), expected: d.expected,
                        actual: d.actual, eventTime: later.time))
            }
        }
        return VersionParting(
            libinput: after.version, against: before.version, index: first.index,
            time: timeBase.seconds(opening.time), expected: first.expected, actual: first.actual,
            changes: opening.changes, further: further, eventTime: opening.time)
    }

    /// This parting with each difference placed in the sequence of `explanation` (`against`'s)
    /// its event falls in, as that explanation places the events it reports, and timed as it is.
    public func placed(in explanation: Explanation) -> VersionParting {
        var placed = self
        let fromFirstFrame = { (time: UInt64) in Int64(bitPattern: time &- explanation.recordingStart) }
        (placed.sequence, placed.timeUs) = (explanation.sequenceNumber(at: eventTime), fromFirstFrame(eventTime))
        for index in placed.further.indices {
            let time = placed.further[index].eventTime
            (placed.further[index].sequence, placed.further[index].timeUs) =
                (explanation.sequenceNumber(at: time), fromFirstFrame(time))
        }
        return placed
    }

    /// The events compared: as `libinput debug-events` shows them but to ``decimals``, without
    /// device events or times.
    public static func comparable(_ events: [LibinputEvent]) -> [String] {
        shownEvents(events).map { EventFormat.comparable($0, decimals: decimals) }
    }

    /// The events a version comparison counts and shows: all but devices added and removed.
    public static func shownEvents(_ events: [LibinputEvent]) -> [LibinputEvent] {
        events.filter { !$0.kind.isDeviceChange }
    }

    /// The parting in words: where the versions part (in which sequence, once ``placed(in:)``),
    /// then each change that can give it and each later one, indented; `deviceKnown`: without it
    /// no change is told. A parting no known change gives points to explain, unless explain tells it.
    public func lines(deviceKnown: Bool = true, byExplain: Bool = false) -> [String] {
        func inSequence(_ n: Int?) -> String { n.map { ", in sequence \($0)" } ?? "" }
        var lines = [
            String(
                format: "%@ parts from %@ at event %d (+%.3f s%@): %@ %@, %@ %@", libinput, against, index, time,
                inSequence(sequence), against, expected ?? "nothing", libinput, actual ?? "nothing")
        ]
        guard deviceKnown else { return lines }
        lines += changes.map { "  libinput \($0.release), \($0.commit): \($0.effect)" }
        if changes.isEmpty {
            lines.append(
                "  no change between them that TouchSynth knows gives this"
                    + (!byExplain
                        ? ": touchsynth explain --libinput \(against),\(libinput) says what each decided" : ""))
        }
        return lines
            + further.map { f in
                let unknown =
                    "\(against) \(f.expected ?? "nothing"), \(libinput) \(f.actual ?? "nothing"), which no change "
                    + "between them that TouchSynth knows gives"
                return String(format: "  and at event %d (+%.3f s%@): ", f.index, f.time, inSequence(f.sequence))
                    + (f.change.map { "libinput \($0.release), \($0.commit): \($0.effect)" } ?? unknown)
            }
    }
}
