extension SequenceAnalysis {
    /// The touchpad unplugged before the fingers came down, or while they were down: what
    /// libinput saw of them, in words; nil when it was not.
    var unplugging: (before: Bool, words: String)? {
        guard let unplugged else { return nil }
        let down = recording.frames[sequence.frames.lowerBound].time, lift = liftTime(after: sequence.frames.upperBound)
        if unplugged < down {
            let ago = Self.ms(Double(down - unplugged) / 1000)
            return (true, "the touchpad was unplugged (--unplug) \(ago) ms before the fingers came down")
        }
        guard unplugged < lift else { return nil }
        return (
            false,
            "the touchpad was unplugged (--unplug) \(Self.ms(Double(unplugged - down) / 1000)) ms after the fingers "
                + "came down, with them still on it: libinput ended what they did there and saw nothing after"
        )
    }
}

extension SequenceAnalysis {
    /// Touches libinput decided nothing of after it met a `SYN_DROPPED` injected (`--syn-dropped`)
    /// before they lifted: their frames were among the events lost, in words; nil otherwise. Every
    /// touch libinput reads and begins passes its button machine, which logs it, so a sequence
    /// of begun touches with no decision at all is one it never read (a contact too light to
    /// begin is logged by none).
    var lostToDroppedEvents: String? {
        let lift = liftTime(after: sequence.frames.upperBound)
        guard decisions.isEmpty, reported.isEmpty, !sequence.begunTracks.isEmpty,
            let fault = faults.last(where: { $0.line.contains("SYN_DROPPED") && $0.time < lift })
        else { return nil }
        let down = recording.frames[sequence.frames.lowerBound].time
        let when =
            fault.time <= down
            ? "\(Self.ms(Double(down - fault.time) / 1000)) ms before the fingers came down"
            : "\(Self.ms(Double(fault.time - down) / 1000)) ms after the fingers came down"
        return "libinput decided nothing of these touches: it met a SYN_DROPPED injected (--syn-dropped) \(when), "
            + "and their frames were among the events lost, which it never read"
    }
}
