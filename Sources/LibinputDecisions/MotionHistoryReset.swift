extension SequenceAnalysis {
    /// Why a lone finger that moved sent no pointer motion: it moved only in frames where
    /// libinput restarts the touches' motion history (where the count of fingers changed, and the
    /// frame after: ``TouchSequence/motionHistoryResets``), from which it takes no motion. Empty
    /// otherwise.
    var motionOnlyInResets: String {
        guard motion.isEmpty, sequence.tracks.count == 1, let track = sequence.tracks.first else { return "" }
        let resets = sequence.motionHistoryResets
        var moved = 0.0
        for (before, after) in zip(track.points, track.points.dropFirst()) {
            let step = after.mm.distance(to: before.mm)
            guard step > 0 else { continue }
            guard resets.contains(after.frame) else { return "" }
            moved += step
        }
        guard moved >= 0.1 else { return "" }
        return "; touch \(track.slot) moved \(Self.mm(moved)) mm, only in frames where libinput restarts the "
            + "touches' motion history (where the count of fingers changed, and the frame after), which move no "
            + "pointer (\(rules.fingerCountReset))"
    }
}
