import Recordings

extension SequenceAnalysis {
    /// One finger as libinput had it: from where it began the touch to where it ended it, by
    /// pressure or size the frame that fell below its threshold, else the kernel's lift.
    func summary(_ track: FingerTrack) -> TouchSummary {
        let (points, endFrame) = untilEnded(track)
        let first = points[points.startIndex], last = points[points.endIndex - 1]
        let up = endFrame.map { recording.frames[$0].time } ?? liftTime(after: last.frame)
        return TouchSummary(
            touch: track.slot, down: first.time, up: up, stillDown: endFrame == nil && isLast(last.frame) ? true : nil,
            from: first.mm, to: last.mm,
            travel: points.map { $0.mm.distance(to: first.mm) }.max() ?? 0,
            peakPressure: points.compactMap(\.pressure).max().map(Int.init),
            peakSize: points.compactMap(\.size).max().map(Int.init))
    }

    /// `track`'s points before the frame where libinput last ended its touch by pressure or size
    /// (`tp_unhover_pressure`, `tp_unhover_size`), and that frame: a contact grown light or small
    /// ends frames before it lifts, as the track begins where libinput began the touch. The whole
    /// track and nil where libinput's log ends no touch of it, or begins one again after.
    private func untilEnded(_ track: FingerTrack) -> (points: ArraySlice<TrackPoint>, endFrame: Int?) {
        let span = track.points[0].frame...(track.points[track.points.count - 1].frame + 1)
        let detection = decisions(of: .touchDetection, touch: track.slot).compactMap {
            decision -> (frame: Int, ends: Bool)? in
            guard case .frame(0, let frame, _) = decision.cause, span.contains(frame) else { return nil }
            if decision.touchEndedBy != nil { return (frame, true) }
            return decision.touchBegunBy != nil ? (frame, false) : nil
        }
        guard let end = detection.last, end.ends, end.frame > track.points[0].frame else {
            return (track.points[...], nil)
        }
        return (track.points.prefix { $0.frame < end.frame }, end.frame)
    }
}
