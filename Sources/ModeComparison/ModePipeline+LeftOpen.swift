import AppEventInvariants

extension ModePipeline {
    /// For each mode, each touch or gesture the app is left in at the end only because libinput's
    /// stream left what it follows open (``Lane/leftOpen``), in words, prefixed with its mode.
    public var leftOpenNotes: [String] {
        lanes.flatMap { lane in
            lane.leftOpen.map {
                "\(lane.mode.rawValue): \($0): libinput's own stream ends in the middle of "
                    + "\(libinputLeftOpen.inWords), with no end to follow: no invariant is broken"
            }
        }
    }
}

extension ModePipeline {
    /// What `--check` says of the run: each note of what libinput's stream left open
    /// (`note: compat: …`), then each mode's invariant violation (`compat: …`).
    public var checkLines: [String] {
        leftOpenNotes.map { "note: " + $0 }
            + lanes.flatMap { lane in lane.violations.map { "\(lane.mode.rawValue): \($0)" } }
    }

    /// How many invariant violations the modes had.
    public var violationCount: Int { lanes.reduce(0) { $0 + $1.violations.count } }
}
