import Recordings

extension SequenceAnalysis {
    /// One finger as libinput had it: from where it began the touch to where it ended it
    /// (``TouchSequence/all(in:slots:pressure:size:hysteresisFrom:detection:)`` cuts the track to
    /// those), its up time that of the frame after its last: the lift, or where libinput ended it.
    func summary(_ track: FingerTrack) -> TouchSummary {
        let first = track.points[0], last = track.points[track.points.count - 1]
        return TouchSummary(
            touch: track.slot, down: first.time, up: liftTime(after: last.frame),
            stillDown: isLast(last.frame) ? true : nil,
            from: first.mm, to: last.mm,
            travel: track.points.map { $0.mm.distance(to: first.mm) }.max() ?? 0,
            peakPressure: track.points.compactMap(\.pressure).max().map(Int.init),
            peakSize: track.points.compactMap(\.size).max().map(Int.init),
            offPad: recording.touchpadGeometry.flatMap { pad in
                track.points.contains { p in p.mm.x < 0 || p.mm.y < 0 || p.mm.x > pad.width || p.mm.y > pad.height }
                    ? true : nil
            },
            takenFrom: handover(to: track), handedTo: handover(from: track))
    }
}
