extension RuleBook {
    /// The gate before every step of `tp_gesture_detect_motion_gestures`: while both touches have
    /// moved under 1 mm since the fingers were detected, libinput decides nothing, however long
    /// they have been down. `touch` opened it, having `moved` mm, `elapsed` ms in, at `at`.
    func stillGate(touch: Int, moved: Double, elapsed: Double, at: UInt64) -> Finding {
        let n = SequenceAnalysis.number
        return Finding(
            rule: .gestureMovement, time: at, touch: touch, value: moved, limit: stillMovement, unit: "mm",
            exceeds: true, agreesWithLog: nil,
            text: "touch \(touch) had moved \(SequenceAnalysis.mm(moved)) mm since the fingers were detected, the "
                + "first frame either touch reached \(n(stillMovement)) mm: while both are under it libinput decides "
                + "nothing, so it decided \(SequenceAnalysis.ms(elapsed)) ms after the fingers were detected, not "
                + "at the first frame past \(n(swipeTimeout)) ms",
            source: source(.gestureMovement, movement: .still))
    }
}
