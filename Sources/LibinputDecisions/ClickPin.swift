import Recordings

extension SequenceAnalysis {
    /// Why the pointer stood still after a clickpad's press: libinput pins every touch where the
    /// button went down, so that the pressing finger does not move the pointer, and lets each go
    /// once it has moved ``RuleBook/unpinDistance`` from there (`tp_pin_fingers`,
    /// `tp_unpin_finger`). Said for the first press, of a touch let go 100 ms or more after it
    /// whose motion libinput then sent: the pointer stood still until then. Empty otherwise.
    var clickPin: String {
        guard recording.device.has(property: Evdev.INPUT_PROP_BUTTONPAD), let press = firstButtonPress else {
            return ""
        }
        let pressed = recording.frames[press].time
        for track in sequence.tracks where track.points[0].frame <= press {
            guard let center = track.points.last(where: { $0.frame <= press })?.mm,
                let unpinned = track.points.first(where: {
                    $0.frame > press && $0.mm.distance(to: center) >= rules.unpinDistance
                }),
                unpinned.time - pressed >= 100_000, motion.contains(where: { $0.time >= unpinned.time })
            else { continue }
            return "; the press pinned touch \(track.slot) where it was: libinput moves no pointer with a pinned touch "
                + "until it has moved \(Self.mm(rules.unpinDistance)) mm from there, which touch \(track.slot) did "
                + "\(Self.ms(Double(unpinned.time - pressed) / 1000)) ms later (\(rules.unpin))"
        }
        return ""
    }
}
