extension RuleBook {
    /// Each touch under 1 mm from where it began: too little for any gesture decision.
    func isStill(_ moves: [(from: PointMM, to: PointMM)]) -> Bool {
        moves.allSatisfy { $0.from.distance(to: $0.to) < stillMovement }
    }

    /// Two touches within a scroll's 40 × 7 mm of each other.
    func inScrollBox(_ a: PointMM, _ b: PointMM) -> Bool {
        abs(a.x - b.x) < scrollBox.x && abs(a.y - b.y) < scrollBox.y
    }

    /// The gate before the steps of `tp_gesture_detect_motion_gestures` that weigh two touches'
    /// motion (one finger, and more fingers than slots, are decided before it): while both touches
    /// have moved under 1 mm since the fingers were detected, libinput decides nothing, however
    /// long they have been down. `touch` had moved `moved` mm at `at`, `elapsed` ms in; at the frame
    /// before, `before` ms in, both were under it.
    func stillGate(touch: Int, moved: Double, elapsed: Double, before: Double, at: UInt64) -> Finding {
        let n = SequenceAnalysis.number
        return Finding(
            rule: .gestureMovement, time: at, touch: touch, value: moved, limit: stillMovement, unit: .mm,
            exceeds: true, agreesWithLog: nil,
            text: "touch \(touch) had moved \(SequenceAnalysis.mm(moved)) mm since the fingers were detected, and "
                + "at the frame before (\(SequenceAnalysis.ms(before)) ms) both touches were under "
                + "\(n(stillMovement)) mm: while both are under it libinput decides nothing, so it decided "
                + "\(SequenceAnalysis.ms(elapsed)) ms after the fingers were detected, not at the frame before",
            source: source(.gestureMovement, movement: .still))
    }
}
