import Recordings

/// One run of libinput's tap machine: from a touch it counts coming down with none other down
/// until the last of the touches that joined it lifts, and the machine's decisions until the next
/// run. A sequence holds several where a contact the machine does not count (a palm, a thumb it
/// ignores) rests while a finger taps more than once.
struct TapRun {
    /// The touches the machine counts, and their tracks: begun, and neither a palm nor a thumb
    /// tapping ignores at the frame each began (`tp_tap_handle_state`).
    var touches: [TouchSummary]
    var tracks: [FingerTrack]
    /// The tap machine's decisions from the run's first touch until the next run's (those before
    /// the first run, a timer left from the sequence before, go with it).
    var decisions: [LibinputDecision]
    /// From the run's first touch until the next run's, microseconds into the recording.
    var span: Range<UInt64>
    /// When the run before it in the sequence lifted its last touch, if there was one.
    var previousLift: UInt64?

    /// The runs of `analysis`'s sequence, in order; none when no touch entered the machine.
    static func all(in analysis: SequenceAnalysis, touches all: [TouchSummary]) -> [TapRun] {
        let tracks = analysis.sequence.begunTracks.filter { track in
            !analysis.setAside(at: track.points[0].frame, thumbs: \.isIgnoredForTap).contains(track.slot)
        }
        let counted = all.filter { t in tracks.contains { $0.isTrack(of: t) } }.sorted { $0.down < $1.down }
        // Touches grouped while one of them is down; one that comes down as the last lifts begins anew.
        var groups: [[TouchSummary]] = []
        var lifted: UInt64 = 0
        for touch in counted {
            if groups.isEmpty || touch.down >= lifted { groups.append([]) }
            groups[groups.count - 1].append(touch)
            lifted = max(lifted, touch.up)
        }
        let decisions = analysis.decisions(of: .tap)
        return groups.indices.map { index in
            let start = index == 0 ? 0 : groups[index][0].down
            let end = index + 1 < groups.count ? groups[index + 1][0].down : .max
            let span = start..<end
            return TapRun(
                touches: groups[index],
                tracks: tracks.filter { track in groups[index].contains { track.isTrack(of: $0) } },
                decisions: decisions.filter { span.contains($0.cause?.time ?? 0) }, span: span,
                previousLift: index == 0 ? nil : groups[index - 1].map(\.up).max())
        }
    }
}
