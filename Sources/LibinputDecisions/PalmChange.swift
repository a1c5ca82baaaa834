/// Why libinput took a touch as a palm: its `enum touch_palm_state` as `tp_palm_detect` names it in
/// the log (src/evdev-mt-touchpad.c). A name a later libinput adds is kept as it is.
public struct PalmReason: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// It began in an edge zone and did not leave it in time.
    public static let edge = PalmReason(rawValue: "edge")
    /// It pressed harder than the palm pressure threshold.
    public static let pressure = PalmReason(rawValue: "pressure")
    /// Its contact grew past the quirk's palm size.
    public static let touchSize = PalmReason(rawValue: "touch size")
    /// It began while disable-while-typing's timer ran after a key.
    public static let typing = PalmReason(rawValue: "typing")
}

/// What one of libinput's palm lines says of its touch.
public enum PalmChange: Equatable, Sendable {
    /// Taken as a palm: `palm detected (edge)`.
    case detected(PalmReason)
    /// Let go as a finger, for libinput's reason: `released, out of edge zone` (from 1.29
    /// `is no longer palm, …`) is `.released("out of edge zone")`.
    case released(String)
    /// A step that decides nothing by itself: `size exceeded`, `palm-tap detected`.
    case noted
}

/// The measure by which libinput begins and ends a touch where the pad has one
/// (`tp_unhover_pressure`, `tp_unhover_size`).
public enum TouchMeasure: String, Sendable {
    case pressure
    case touchSize = "touch-size"
}

extension LibinputDecision {
    /// What a palm line says, nil for another machine's line.
    public var palmChange: PalmChange? {
        guard machine == .palm, let event else { return nil }
        // Read by its words: the analysis asks each palm line at many frames.
        let detected = "palm detected ("
        if event.hasPrefix(detected), event.hasSuffix(")") {
            return .detected(PalmReason(rawValue: String(event.dropFirst(detected.count).dropLast())))
        }
        for prefix in ["released, ", "is no longer palm, "] where event.hasPrefix(prefix) {
            return .released(String(event.dropFirst(prefix.count)))
        }
        return .noted
    }

    /// The measure a touch began by, nil for a line that is not a touch's begin.
    public var touchBegunBy: TouchMeasure? { touchDetection(" begin") }

    /// The measure a touch ended by, nil for a line that is not a touch's end.
    public var touchEndedBy: TouchMeasure? { touchDetection(" end") }

    /// The measure of a touch-detection line whose event ends with `change` (` begin`, ` end`).
    private func touchDetection(_ change: String) -> TouchMeasure? {
        guard machine == .touchDetection, let event, event.hasSuffix(change) else { return nil }
        return TouchMeasure(rawValue: String(event.dropLast(change.count)))
    }
}
