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
