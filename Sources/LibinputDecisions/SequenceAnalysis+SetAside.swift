extension SequenceAnalysis {
    /// The touches libinput had set aside by `frame`, as palms or as thumbs in a state `ignored`
    /// holds: by default those a gesture ignores, which it neither counts nor follows in one
    /// (`tp_touch_active_for_gesture`, `tp_thumb_ignored_for_gesture`).
    /// A thumb is set aside until libinput lets it go: by a line of its log, by the rules of
    /// several touches counting all as fingers (``thumbContexts``), or as it lifts
    /// (`tp_thumb_lift`); those two say nothing in the log.
    func setAside(at frame: Int, thumbs ignored: (ThumbState) -> Bool = \.isIgnoredForGesture) -> Set<Int> {
        var palms = Set<Int>()
        // The thumb (none or one) by its touch, with the frame it was set aside at.
        var thumbs: [Int: Int] = [:]
        var releases = thumbContexts.filter { $0.thumb == nil && $0.frame <= frame }.map(\.frame)[...]
        for d in decisions where d.machine == .palm || d.machine == .thumb {
            guard let touch = d.touch, let at = GestureAnalysis.frame(of: d, in: self), at <= frame else { continue }
            while let release = releases.first, release < at {
                thumbs = [:]
                releases.removeFirst()
            }
            if let change = d.palmChange {
                switch change {
                case .detected: palms.insert(touch)
                case .released: palms.remove(touch)
                case .noted: break
                }
            } else if let state = d.thumbState {
                // libinput holds one thumb: a line naming another touch lets the last one go.
                thumbs = ignored(state) ? [touch: at] : [:]
            }
        }
        if !releases.isEmpty { thumbs = [:] }
        // A thumb whose touch has lifted is no more; another touch in its slot is a new one.
        let down = (sequence.begunTracks + sequence.untrackedTracks).filter { $0.isDown(at: frame) }
        let stillDown = thumbs.filter { slot, at in down.contains { $0.slot == slot && $0.points[0].frame <= at } }
        return palms.union(stillDown.keys)
    }

    /// The touches down at `frame` that libinput's gesture machine neither counts nor follows:
    /// the palms and thumbs set aside, and those resting on a software button
    /// (`tp_touch_active_for_gesture`).
    func inactiveForGesture(at frame: Int) -> Set<Int> {
        setAside(at: frame).union(softButtons.filter { $0.frames ~= frame }.map(\.slot))
    }

    /// The fingers libinput's gesture machine counts at `frame`: those down, less the touches
    /// it does not (``inactiveForGesture(at:)``).
    func activeFingers(at frame: Int) -> Int {
        max(0, sequence.fingers(at: frame) - inactiveForGesture(at: frame).count)
    }

    /// The fingers down at `frame` less the palms and the thumbs in a state `ignored` holds
    /// (``setAside(at:thumbs:)``).
    func fingersCounted(at frame: Int, thumbs ignored: (ThumbState) -> Bool) -> Int {
        max(0, sequence.fingers(at: frame) - setAside(at: frame, thumbs: ignored).count)
    }
}
