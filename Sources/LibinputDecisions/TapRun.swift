import Recordings

/// One run of libinput's tap machine: from a touch it counts coming down with none other counted
/// until the last of the touches that joined it lifts, and the machine's decisions until the next
/// run. A sequence holds several where a contact the machine does not count (a palm, a thumb it
/// ignores or set aside) rests while a finger taps more than once.
struct TapRun {
    /// A touch the machine counted: begun, and neither a palm nor a thumb tapping ignores at the
    /// frame it began (`tp_tap_handle_state`).
    struct Member {
        var touch: TouchSummary
        /// When the machine stopped counting it: its lift, or where it was set aside as a palm or a
        /// thumb while still down (`TAP_EVENT_PALM`, `TAP_EVENT_THUMB`), which restarts no timer.
        var leaves: UInt64
        var setAside: Bool { leaves < touch.up }
    }

    var members: [Member]
    /// The members' tracks, up to where each left the machine.
    var tracks: [FingerTrack]
    /// The tap machine's decisions in the run: those about its members while they were down, and
    /// the others (its timer's) from its first touch until the next run's (those before the first
    /// run, a timer left from the sequence before, go with it).
    var decisions: [LibinputDecision]
    /// From the run's first touch until the next run's, microseconds into the recording.
    var span: Range<UInt64>
    /// When the run before it in the sequence lifted its last touch, if there was one.
    var previousLift: UInt64?

    var touches: [TouchSummary] { members.map(\.touch) }
    /// When the members that lifted, rather than being set aside, lifted, in order.
    var lifts: [UInt64] { members.filter { !$0.setAside }.map(\.touch.up).sorted() }
    /// When the run ended: its last lift, or where its last member left the machine if none lifted
    /// in it.
    var lastLift: UInt64 { lifts.last ?? members.map(\.leaves).max() ?? 0 }

    /// The runs of `analysis`'s sequence, in order; none when no touch entered the machine.
    static func all(in analysis: SequenceAnalysis, touches all: [TouchSummary]) -> [TapRun] {
        let tracks = analysis.sequence.begunTracks.filter { track in
            !analysis.setAside(at: track.points[0].frame, thumbs: \.isIgnoredForTap).contains(track.slot)
        }
        let decisions = analysis.decisions(of: .tap)
        let members = all.filter { t in tracks.contains { $0.isTrack(of: t) } }.sorted { $0.down < $1.down }.map {
            touch in
            let aside = decisions.first { d in
                d.touch == touch.touch && ["PALM", "THUMB"].contains(LibinputDecision.short(d.event))
                    && (touch.down...touch.up).contains(d.cause?.time ?? 0)
            }
            return Member(touch: touch, leaves: aside?.cause?.time ?? touch.up)
        }
        // Members grouped while one of them is counted; one that comes down as the last leaves begins anew.
        var groups: [[Member]] = []
        var left: UInt64 = 0
        for member in members {
            if groups.isEmpty || member.touch.down >= left { groups.append([]) }
            groups[groups.count - 1].append(member)
            left = max(left, member.leaves)
        }
        let spans = groups.indices.map { index in
            (index == 0 ? 0 : groups[index][0].touch.down)..<(index + 1 < groups.count
                ? groups[index + 1][0].touch.down : .max)
        }
        // A decision about a touch goes with the run the touch was in; the timer's, by time.
        func run(of decision: LibinputDecision) -> Int? {
            let time = decision.cause?.time ?? 0
            if let touch = decision.touch,
                let index = groups.firstIndex(where: { group in
                    group.contains { $0.touch.touch == touch && ($0.touch.down...$0.touch.up).contains(time) }
                })
            {
                return index
            }
            return spans.firstIndex { $0.contains(time) }
        }
        let owners = decisions.map(run)
        var runs = groups.indices.map { index in
            TapRun(
                members: groups[index],
                tracks: groups[index].compactMap { member in
                    tracks.first { $0.isTrack(of: member.touch) }.map { track in
                        // Its first point stays, where libinput set it aside in the frame it began.
                        var kept = track
                        kept.points =
                            [track.points[0]]
                            + track.points.dropFirst().prefix { !member.setAside || $0.time < member.leaves }
                        return kept
                    }
                },
                decisions: decisions.indices.filter { owners[$0] == index }.map { decisions[$0] }, span: spans[index],
                previousLift: nil)
        }
        for index in runs.indices.dropFirst() { runs[index].previousLift = runs[index - 1].lastLift }
        return runs
    }
}
