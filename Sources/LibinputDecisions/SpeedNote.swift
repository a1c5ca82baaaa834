import LibinputEvents

/// What a replay played faster than recorded (`--speed`) may make libinput say that the recording
/// would not: libinput measures motion against time, so faster frames are faster fingers.
public enum SpeedNote {
    /// A note on libinput's touch-jump lines of a replay at `speed` on `version`, when it logged
    /// any and the speed is above 1: libinput measures a jump as the distance a touch moved
    /// scaled to 12 ms between frames (`tp_detect_jumps`), so a replay `speed` times as fast makes
    /// each move look `speed` times as far. Whether the recording jumps at its own speed too, a
    /// replay at it tells.
    public static func touchJumps(in log: [LibinputLogMessage], speed: Double, version: String) -> String? {
        guard speed > 1, log.contains(where: \.isTouchJump) else { return nil }
        let rules = RuleBook(version: version)
        let played = SequenceAnalysis.number(speed)
        return "libinput logged touch jumps at --speed \(played): it scales each move to 12 ms between frames "
            + rules.cite("evdev-mt-touchpad.c", ["1.22.1": 1541, "1.28.1": 1536, "1.31.3": 1456])
            + ", so fingers played \(played) times as fast jump where they may not have; a replay at the recording's "
            + "own speed shows whether it has any"
    }
}
