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
