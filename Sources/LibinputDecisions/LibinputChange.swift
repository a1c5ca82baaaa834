import LibinputEvents
import Quirks
import Recordings

/// A change in libinput between releases that alters the events a recording gives, traced to its
/// commit by building libinput at the commit and at its parent and replaying the bundled
/// recordings on both (docs/libinput-versions.md). Each says which partings between two versions
/// it can give, from the events where they part and the device.
public enum LibinputChange: String, CaseIterable, Sendable, Encodable {
    case speedFactor
    case appleNaturalScroll
    case widerWithoutResolution
    case tapEndsImmediateScroll
    case firstUpdateNotSent
    case scrollToPinchWithoutBegin
    case swipeFirstUpdateUnfiltered
    case firstScrollSwipeUpdateNotSent
    case scrollAxisLockUnseeded
    case buttonCancelsMotion
    case mtdevPlugin
    case threeFingerFastSwipe

    /// The first release that has it.
    public var release: String {
        switch self {
        case .speedFactor: "1.23.0"
        case .appleNaturalScroll: "1.24.0"
        case .widerWithoutResolution: "1.25.0"
        case .tapEndsImmediateScroll: "1.26.0"
        case .firstUpdateNotSent, .scrollToPinchWithoutBegin, .swipeFirstUpdateUnfiltered, .buttonCancelsMotion:
            "1.27.0"
        case .firstScrollSwipeUpdateNotSent, .scrollAxisLockUnseeded: "1.27.1"
        case .mtdevPlugin: "1.29.0"
        case .threeFingerFastSwipe: "1.31.0"
        }
    }

    /// The first release without it again, for a slip a later commit mended; nil for a change
    /// that stays.
    public var fixedIn: String? {
        switch self {
        case .scrollToPinchWithoutBegin, .swipeFirstUpdateUnfiltered: "1.27.1"
        default: nil
        }
    }

    /// The commit, abbreviated, and its subject: `d61d3859 "evdev: …"`.
    public var commit: String { "\(commitHash) \"\(commitSubject)\"" }

    /// The commit's abbreviated hash alone, `d61d3859`.
    public var commitHash: String {
        switch self {
        case .speedFactor: "9bb2136b"
        case .appleNaturalScroll: "d61d3859"
        case .widerWithoutResolution: "4effe6b1"
        case .tapEndsImmediateScroll: "15609213"
        case .firstUpdateNotSent, .scrollToPinchWithoutBegin, .swipeFirstUpdateUnfiltered, .buttonCancelsMotion:
            "68a2ff0d"
        case .firstScrollSwipeUpdateNotSent, .scrollAxisLockUnseeded: "c3aa00ef"
        case .mtdevPlugin: "27f4b0ae"
        case .threeFingerFastSwipe: "fe1d4463"
        }
    }

    /// The commit's subject line.
    public var commitSubject: String {
        switch self {
        case .speedFactor: "filter: simplify speed_factor()"
        case .appleNaturalScroll: "evdev: Enable natural scrolling by default on Apple"
        case .widerWithoutResolution: "evdev: add a helper macro for the absinfo range"
        case .tapEndsImmediateScroll: "touchpad: disable the immediate scroll state if tapping is enabled"
        case .firstUpdateNotSent, .scrollToPinchWithoutBegin, .swipeFirstUpdateUnfiltered, .buttonCancelsMotion:
            "gestures: get rid of tp_gestures_start"
        case .firstScrollSwipeUpdateNotSent, .scrollAxisLockUnseeded:
            "gestures: don't handle SWIPE if we transitioned from SWIPE_START"
        case .mtdevPlugin: "Move mtdev into a plugin"
        case .threeFingerFastSwipe: "touchpad: add support for fast swipe when 3fg drag is enabled"
        }
    }

    /// Whether it holds back a run of events (tapping's wait before a scroll): an event a version
    /// lacks right after one it lacks that this change gives is its too, though that version
    /// goes on at once after it, where the wait ends.
    public var holdsBackARun: Bool { self == .tapEndsImmediateScroll }

    /// Whether it changes accelerated deltas alone: no gesture's scale, angle, scroll distance
    /// or unaccelerated delta moves with it.
    public var changesAcceleratedDeltasAlone: Bool { self == .speedFactor }

    /// What it does to the events, in words: from its release on (to its fix, for a slip), so
    /// that it reads the same whichever way two versions are compared.
    public var effect: String {
        switch self {
        case .speedFactor:
            "from it the touchpad speed curve is a new fit: accelerated deltas change (at the default speed, to "
                + "0.99913 times what they were), unaccelerated ones do not"
        case .appleNaturalScroll:
            "from it a touchpad libinput's quirks call Apple's (ModelAppleTouchpad) scrolls naturally by default: "
                + "scroll values change sign"
        case .widerWithoutResolution:
            "from it a pad with no resolution is measured one unit wider, so its motion and scrolls change by a few %"
        case .tapEndsImmediateScroll:
            "from it, with tapping on, two fingers on a pad without gestures do not scroll at once: they wait, as for "
                + "a tap; the scroll's axis lock (tp_gesture_apply_scroll_constraints) then starts later too, so an "
                + "event of the scroll may keep an axis the other version dropped, or drop one it kept"
        case .firstUpdateNotSent: "from it a pinch sends no update with its begin"
        case .scrollToPinchWithoutBegin:
            "in 1.27.0 alone, a scroll that turns into a pinch sends the pinch's updates without its begin "
                + "(mended by ce7b7c94 \"gestures: fix transformation of scroll to pinch\", 1.27.1)"
        case .swipeFirstUpdateUnfiltered:
            "in 1.27.0 alone, a swipe's first update is accelerated a second time with no time passed, several "
                + "times larger, and the next ones too from the velocity it leaves (gone in 1.27.1, which sends no "
                + "such update)"
        case .firstScrollSwipeUpdateNotSent: "from it a scroll or swipe sends no update with its begin"
        case .scrollAxisLockUnseeded:
            "from it the scroll's first event, no longer sent, no longer seeds the two-finger scroll's axis lock "
                + "(tp_gesture_apply_scroll_constraints), which weighs the direction of the events before it: an early "
                + "event of the scroll keeps an axis the other version dropped, or drops one it kept"
        case .buttonCancelsMotion:
            "from it a button event on the touchpad (a clickpad's release) cancels the pointer motion under way "
                + "(tp_gesture_cancel_motion_gestures): that frame's motion is not sent, and the motion after it "
                + "is accelerated without it"
        case .mtdevPlugin:
            "from it a touchpad without slots is read through mtdev as a plugin, with slots: on Apple's pads, whose "
                + "quirks give a touch size range, touch size decides its touches"
        case .threeFingerFastSwipe:
            "from it, with three-finger drag on, the fingers begin a swipe and wait 80 ms: if the two followed moved "
                + "5 mm on average by then they swipe, else the swipe is cancelled and they drag"
        }
    }

    /// Whether `version` has it: from its release, until its fix.
    func isIn(_ version: String) -> Bool {
        !Self.isBefore(version, release) && (fixedIn.map { Self.isBefore(version, $0) } ?? true)
    }

    /// Whether this change can give a parting where one version's event is `expected` and the
    /// other's `actual` (nil: none there), after `previous` (the event both gave before it), on
    /// `device` with its `quirks`, with tapping and three-finger drag on or off. `resumesAtOnce`:
    /// the version without an event there goes on at the moment of the other's next event, one
    /// update short, rather than later or otherwise (a scroll that waits).
    public func explains(
        expected: LibinputEvent?, actual: LibinputEvent?, after previous: LibinputEvent? = nil,
        resumesAtOnce: Bool = false, device: DeviceDescription, quirks: LibinputQuirks = LibinputQuirks(),
        tapping: Bool, threeFingerDrag: Bool = false
    ) -> Bool {
        let kinds = [expected, actual].map { $0.map(Self.shape) }
        let tapWaits = tapping && !RuleBook(version: Self.tapEndsImmediateScroll.release).hasGestures(device)
        let sameShape = kinds[0] != nil && kinds[0] == kinds[1]
        switch self {
        case .speedFactor:
            // The same motion accelerated by a curve a little apart: the two versions' ratios of
            // accelerated to unaccelerated motion differ, by under 10 % (at the default speed, 0.09 %;
            // at -0.9, 4.5 %).
            guard sameShape, [.motion, .swipe, .pinch].contains(kinds[0]), let e = expected, let a = actual,
                let gain = Self.accelerationChange(e, a)
            else { return false }
            return abs(gain - 1) > 1e-7 && abs(gain - 1) < 0.1
        case .appleNaturalScroll:
            return quirks.appleTouchpad && sameShape && kinds[0] == .scroll
                && expected.flatMap(Self.scrollValues).map { e in
                    actual.flatMap(Self.scrollValues).map { a in Self.opposite(e, a) } ?? false
                } ?? false
        case .widerWithoutResolution:
            // Measured otherwise: the unaccelerated motion differs (a scroll has none).
            return Self.widerChangesUnits(device, quirks) && sameShape
                && [.motion, .scroll, .swipe, .pinch].contains(kinds[0])
                && (kinds[0] == .scroll
                    || expected.flatMap(Self.unaccelerated) != actual.flatMap(Self.unaccelerated))
        case .tapEndsImmediateScroll:
            // Released before mtdev's plugin: a pad without gestures as the versions around it see it.
            // The scroll waits: one version scrolls where the other sends something else, or nothing.
            guard tapWaits else { return false }
            if kinds.contains(.scroll) && !sameShape && !resumesAtOnce { return true }
            // Its axis lock, begun later, keeps an axis the other's dropped: an event the same but
            // for that axis, or, amid a scroll, one on that axis alone where the other sent none.
            return Self.oneAxisApart(expected, actual)
                || previous.map(Self.scrollsOn) == true && kinds.contains(nil)
                    && (expected ?? actual).flatMap(Self.scrollValues).map { $0.filter { $0 != 0 }.count == 1 } == true
        case .firstUpdateNotSent:
            // One pinch update fewer: missing, or the next one in its place right after the begin.
            return kinds.contains(.pinch)
                && (kinds.contains(nil) || (sameShape && previous.map(Self.beginsPinch) == true))
        case .scrollToPinchWithoutBegin:
            // After a scroll, one version begins a pinch where the other goes on without its begin.
            let begins = [expected, actual].map { $0.map(Self.beginsPinch) == true }
            let other = begins[0] ? kinds[1] : kinds[0]
            return begins.contains(true) && (other == nil || other == .pinch)
                && previous.map { Self.shape($0) == .scroll } == true
        case .swipeFirstUpdateUnfiltered:
            // Its first updates, the filter's velocity thrown by the step of no time: which ones
            // depends on the side read, so not on the event before.
            guard sameShape, kinds[0] == .swipe, let e = expected, let a = actual,
                let gain = Self.accelerationChange(e, a)
            else { return false }
            return abs(gain - 1) >= 0.1
        case .scrollAxisLockUnseeded:
            // Where tapping's wait began the scroll at another moment, that wait's lock is told.
            return !tapWaits && Self.oneAxisApart(expected, actual)
        case .buttonCancelsMotion:
            // A motion one version sent at the moment of a button event both sent, just before it.
            guard kinds.contains(.motion), kinds.contains(nil), let motion = expected ?? actual,
                case .pointerButton = previous?.kind
            else { return false }
            return previous?.time == motion.time
        case .firstScrollSwipeUpdateNotSent:
            // One update missing: a swipe's first after its begin, or a scroll's first.
            if kinds.contains(.swipe) { return kinds.contains(nil) && previous.map(Self.beginsSwipe) == true }
            // Lined up by their moments, a scroll one update short is one missing, not one changed.
            return kinds.contains(.scroll) && kinds.contains(nil) && !(previous.map(Self.scrollsOn) ?? false)
                // With tapping on a pad without gestures, a scroll sent later or not at all is the tap's wait.
                && (resumesAtOnce || !tapWaits)
        case .mtdevPlugin:
            return device.isProtocolA
        case .threeFingerFastSwipe:
            // A swipe's event where the other version dragged (its button, its motion) or sent nothing.
            let swipes = [expected, actual].map { $0.map(Self.isSwipe) == true }
            guard threeFingerDrag, swipes.contains(true), !swipes.allSatisfy({ $0 }) else { return false }
            let other = swipes[0] ? actual : expected
            return other.map { event in
                if case .pointerButton = event.kind { return true }
                return Self.shape(event) == .motion
            } ?? true
        }
    }

    /// The changes released after the older of `a` and `b`, up to the newer, that can give the
    /// parting: where the first changes rests.
    public static func candidates(
        between a: String, and b: String, expected: LibinputEvent?, actual: LibinputEvent?,
        after previous: LibinputEvent? = nil, resumesAtOnce: Bool = false, device: DeviceDescription,
        quirks: LibinputQuirks = LibinputQuirks(), tapping: Bool, threeFingerDrag: Bool = false
    ) -> [LibinputChange] {
        let (older, newer) = isBefore(a, b) ? (a, b) : (b, a)
        return allCases.filter { change in
            change.isIn(older) != change.isIn(newer)
                && change.explains(
                    expected: expected, actual: actual, after: previous, resumesAtOnce: resumesAtOnce, device: device,
                    quirks: quirks, tapping: tapping, threeFingerDrag: threeFingerDrag)
        }
    }

    /// `1.22.1` before `1.28.1`, as ``LibinputEvents/LibinputVersion`` orders them.
    public static func isBefore(_ a: String, _ b: String) -> Bool { LibinputVersion(a) < LibinputVersion(b) }

    /// Without a resolution libinput divides the range by a size (``AssumedResolution``):
    /// whether one unit more gives another count of units per mm on either axis.
    private static func widerChangesUnits(_ device: DeviceDescription, _ quirks: LibinputQuirks) -> Bool {
        guard let x = device.absinfo[Evdev.ABS_X], let y = device.absinfo[Evdev.ABS_Y], x.resolution == 0 else {
            return false
        }
        func units(_ wide: Bool) -> (x: Int, y: Int) {
            AssumedResolution.unitsPerMM(
                ranges: (Int(x.maximum) - Int(x.minimum), Int(y.maximum) - Int(y.minimum)),
                resolutionHint: quirks.resolutionHint, sizeHint: quirks.sizeHint, rangeIncludesBothEnds: wide)
        }
        return units(false) != units(true)
    }

    /// An event's unaccelerated motion, for those that have one.
    private static func unaccelerated(_ event: LibinputEvent) -> [Double]? {
        switch event.kind {
        case .pointerMotion(_, _, let x, let y): [x, y]
        case .gestureSwipeUpdate(_, let d), .gesturePinchUpdate(_, let d, _, _): [d.unacceleratedDx, d.unacceleratedDy]
        default: nil
        }
    }

    /// How much more `b` is accelerated than `a`, two events of the same motion: the ratio of
    /// their accelerated to unaccelerated deltas, on the longer axis; nil where either has none.
    private static func accelerationChange(_ a: LibinputEvent, _ b: LibinputEvent) -> Double? {
        guard let (accelA, rawA) = motion(a), let (accelB, rawB) = motion(b) else { return nil }
        let axis = abs(rawA[0]) >= abs(rawA[1]) ? 0 : 1
        guard rawA[axis] != 0, rawB[axis] != 0, accelA[axis] != 0 else { return nil }
        return (accelB[axis] / rawB[axis]) / (accelA[axis] / rawA[axis])
    }

    /// An event's accelerated and unaccelerated motion, for those that have both.
    private static func motion(_ event: LibinputEvent) -> ([Double], [Double])? {
        switch event.kind {
        case .pointerMotion(let dx, let dy, let x, let y): ([dx, dy], [x, y])
        case .gestureSwipeUpdate(_, let d), .gesturePinchUpdate(_, let d, _, _):
            ([d.dx, d.dy], [d.unacceleratedDx, d.unacceleratedDy])
        default: nil
        }
    }

    /// A scroll's values, absent axes as 0.
    private static func scrollValues(_ event: LibinputEvent) -> [Double]? {
        guard case .pointerScroll(let s) = event.kind else { return nil }
        return [s.vertical ?? 0, s.horizontal ?? 0]
    }

    /// Whether two events are the same scroll but for one axis, kept (not 0) by one and dropped
    /// (absent) by the other: a difference of the scroll's axis lock.
    private static func oneAxisApart(_ expected: LibinputEvent?, _ actual: LibinputEvent?) -> Bool {
        guard case .pointerScroll(let e) = expected?.kind, case .pointerScroll(let a) = actual?.kind else {
            return false
        }
        func same(_ x: Double?, _ y: Double?) -> Bool { abs((x ?? 0) - (y ?? 0)) <= 1e-6 * max(1, abs(x ?? 0)) }
        func dropped(_ x: Double?, _ y: Double?) -> Bool { (x == nil) != (y == nil) && (x ?? y ?? 0) != 0 }
        return dropped(e.vertical, a.vertical) && same(e.horizontal, a.horizontal)
            || dropped(e.horizontal, a.horizontal) && same(e.vertical, a.vertical)
    }

    /// Whether two scrolls' values are the same but for their signs, at least one not 0.
    private static func opposite(_ a: [Double], _ b: [Double]) -> Bool {
        zip(a, b).allSatisfy { abs($0 + $1) <= 1e-6 * max(1, abs($0)) } && a.contains { $0 != 0 }
    }

    private static func beginsPinch(_ event: LibinputEvent) -> Bool {
        if case .gesturePinchBegin = event.kind { true } else { false }
    }

    /// Whether `event` is a swipe's: its begin, an update or its end.
    private static func isSwipe(_ event: LibinputEvent) -> Bool {
        switch event.kind {
        case .gestureSwipeBegin, .gestureSwipeUpdate, .gestureSwipeEnd: true
        default: false
        }
    }

    private static func beginsSwipe(_ event: LibinputEvent) -> Bool {
        if case .gestureSwipeBegin = event.kind { true } else { false }
    }

    /// Whether `event` is a scroll under way: not a stop (values of 0), after which a scroll begins anew.
    private static func scrollsOn(_ event: LibinputEvent) -> Bool {
        scrollValues(event).map { $0.contains { $0 != 0 } } ?? false
    }

    private enum Shape { case motion, scroll, swipe, pinch, other }

    private static func shape(_ event: LibinputEvent) -> Shape {
        switch event.kind {
        case .pointerMotion: .motion
        case .pointerScroll: .scroll
        case .gestureSwipeUpdate: .swipe
        case .gesturePinchUpdate: .pinch
        default: .other
        }
    }

    private enum Key: String, CodingKey { case change, release, fixedIn, commit, effect }

    /// `{"change", "release", "fixedIn"?, "commit", "effect"}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(rawValue, forKey: .change)
        try c.encode(release, forKey: .release)
        try c.encodeIfPresent(fixedIn, forKey: .fixedIn)
        try c.encode(commit, forKey: .commit)
        try c.encode(effect, forKey: .effect)
    }

}
