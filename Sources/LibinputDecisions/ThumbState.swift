/// libinput's thumb states (`enum tp_thumb_state`, `src/evdev-mt-touchpad.h`), read from the
/// names its thumb machine logs, and which of its code each state keeps a touch from.
enum ThumbState: String {
    case finger = "FINGER", jailed = "JAILED", pinch = "PINCH", suppressed = "SUPPRESSED"
    case revived = "REVIVED", revivedJailed = "REVIVED_JAILED", dead = "DEAD"

    /// The state a logged name (`THUMB_STATE_JAILED`) stands for.
    init?(logged name: String?) {
        guard let name, name.hasPrefix("THUMB_STATE_") else { return nil }
        self.init(rawValue: String(name.dropFirst("THUMB_STATE_".count)))
    }

    /// Its name in a sentence: `revived jailed`.
    var words: String { rawValue.lowercased().replacingOccurrences(of: "_", with: " ") }

    /// Tapping ignores the touch (`tp_thumb_ignored_for_tap`).
    var isIgnoredForTap: Bool { [.pinch, .suppressed, .dead].contains(self) }

    /// libinput ignores the touch where it counts fingers but for tapping and gestures, as
    /// clickfinger does (`tp_thumb_ignored`).
    var isIgnored: Bool { [.jailed, .pinch, .suppressed, .revivedJailed, .dead].contains(self) }

    /// The gesture machine ignores the touch (`tp_thumb_ignored_for_gesture`).
    var isIgnoredForGesture: Bool { [.jailed, .suppressed, .revivedJailed, .dead].contains(self) }

    /// What `tp_thumb_suppress` sets a resting thumb to when a gesture begins beside it.
    var isSuppressed: Bool { [.suppressed, .dead].contains(self) }
}

extension LibinputDecision {
    /// The thumb state a thumb line reached; nil for another machine's line.
    var thumbState: ThumbState? { machine == .thumb ? ThumbState(logged: to) : nil }
    /// The thumb state a thumb line left.
    var thumbStateLeft: ThumbState? { machine == .thumb ? ThumbState(logged: from) : nil }
}
