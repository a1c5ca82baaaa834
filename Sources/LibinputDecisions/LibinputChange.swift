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
    case mtdevPlugin

    /// The first release that has it.
    public var release: String {
        switch self {
        case .speedFactor: "1.23.0"
        case .appleNaturalScroll: "1.24.0"
        case .widerWithoutResolution: "1.25.0"
        case .tapEndsImmediateScroll: "1.26.0"
        case .firstUpdateNotSent: "1.27.0"
        case .mtdevPlugin: "1.29.0"
        }
    }

    /// The commit, abbreviated, and its subject.
    public var commit: String {
        switch self {
        case .speedFactor: "9bb2136b \"filter: simplify speed_factor()\""
        case .appleNaturalScroll: "d61d3859 \"evdev: Enable natural scrolling by default on Apple\""
        case .widerWithoutResolution: "4effe6b1 \"evdev: add a helper macro for the absinfo range\""
        case .tapEndsImmediateScroll:
            "15609213 \"touchpad: disable the immediate scroll state if tapping is enabled\""
        case .firstUpdateNotSent: "68a2ff0d \"gestures: get rid of tp_gestures_start\""
        case .mtdevPlugin: "27f4b0ae \"Move mtdev into a plugin\""
        }
    }

    /// What it does to the events, in words: from its release on, so that it reads the same
    /// whichever way two versions are compared.
    public var effect: String {
        switch self {
        case .speedFactor:
            "from it the touchpad speed curve is a new fit: accelerated deltas change (at the default speed, to "
                + "0.99913 times what they were), unaccelerated ones do not"
        case .appleNaturalScroll: "from it an Apple touchpad scrolls naturally by default: scroll values change sign"
        case .widerWithoutResolution:
            "from it a pad with no resolution is measured one unit wider, so its motion and scrolls change by a few %"
        case .tapEndsImmediateScroll:
            "from it, with tapping on, two fingers on a pad without gestures do not scroll at once: they wait, as for "
                + "a tap"
        case .firstUpdateNotSent: "from it a pinch, swipe or scroll sends no update with its begin"
        case .mtdevPlugin:
            "from it a touchpad without slots is read through mtdev as a plugin, with slots: touch size decides its "
                + "touches"
        }
    }

    /// Whether this change can give a parting where one version's event is `expected` and the
    /// other's `actual` (nil: none there), after `previous` (the event both gave before it), on
    /// `device` with its `quirks`, with tapping on or off.
    public func explains(
        expected: LibinputEvent?, actual: LibinputEvent?, after previous: LibinputEvent? = nil,
        device: DeviceDescription, quirks: LibinputQuirks = LibinputQuirks(), tapping: Bool
    ) -> Bool {
        let kinds = [expected, actual].map { $0.map(Self.shape) }
        let sameShape = kinds[0] != nil && kinds[0] == kinds[1]
        switch self {
        case .speedFactor:
            // The same motion, accelerated otherwise.
            return sameShape && [.motion, .swipe, .pinch].contains(kinds[0])
                && expected.flatMap(Self.unaccelerated) == actual.flatMap(Self.unaccelerated)
        case .appleNaturalScroll:
            return device.vendor == Self.apple && sameShape && kinds[0] == .scroll
        case .widerWithoutResolution:
            // Measured otherwise: the unaccelerated motion differs (a scroll has none).
            return Self.widerChangesUnits(device, quirks) && sameShape
                && [.motion, .scroll, .swipe, .pinch].contains(kinds[0])
                && (kinds[0] == .scroll
                    || expected.flatMap(Self.unaccelerated) != actual.flatMap(Self.unaccelerated))
        case .tapEndsImmediateScroll:
            // Released before mtdev's plugin: a pad without gestures as the versions around it see it.
            return tapping && !RuleBook(version: release).hasGestures(device) && kinds.contains(.scroll)
        case .firstUpdateNotSent:
            // One update fewer: missing, or the next one in its place right after the begin.
            let afterBegin: Bool =
                switch previous?.kind {
                case .gestureSwipeBegin, .gesturePinchBegin: true
                default: false
                }
            return kinds.contains { [.scroll, .swipe, .pinch].contains($0) } && (!sameShape || afterBegin)
        case .mtdevPlugin:
            return device.isProtocolA
        }
    }

    /// The changes released after the older of `a` and `b`, up to the newer, that can give the
    /// parting: where the first changes rests.
    public static func candidates(
        between a: String, and b: String, expected: LibinputEvent?, actual: LibinputEvent?,
        after previous: LibinputEvent? = nil, device: DeviceDescription, quirks: LibinputQuirks = LibinputQuirks(),
        tapping: Bool
    ) -> [LibinputChange] {
        let (older, newer) = isBefore(a, b) ? (a, b) : (b, a)
        return allCases.filter { change in
            isBefore(older, change.release) && !isBefore(newer, change.release)
                && change.explains(
                    expected: expected, actual: actual, after: previous, device: device, quirks: quirks,
                    tapping: tapping)
        }
    }

    /// `1.22.1` before `1.28.1`: the numbers compared in turn, a missing one as 0 (`1.29` is
    /// `1.29.0`).
    public static func isBefore(_ a: String, _ b: String) -> Bool {
        func numbers(_ v: String) -> [Int] {
            let parts = v.split(separator: ".").map { Int($0) ?? 0 }
            return parts + Array(repeating: 0, count: max(0, 3 - parts.count))
        }
        return numbers(a).lexicographicallyPrecedes(numbers(b))
    }

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

    private enum Key: String, CodingKey { case change, release, commit, effect }

    /// `{"change", "release", "commit", "effect"}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(rawValue, forKey: .change)
        try c.encode(release, forKey: .release)
        try c.encode(commit, forKey: .commit)
        try c.encode(effect, forKey: .effect)
    }

    /// Apple's USB vendor id.
    private static let apple: UInt16 = 0x05ac
}
