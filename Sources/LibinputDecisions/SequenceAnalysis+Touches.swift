import Recordings

extension SequenceAnalysis {
    /// When the frame before the sequence's first came, microseconds into the recording: the lift
    /// of the fingers before, which a tap-and-drag or a three-finger drag may go on from; nil for
    /// the recording's first frame.
    var liftBefore: UInt64? {
        let first = sequence.frames.lowerBound
        return first > 0 ? recording.frames[first - 1].time : nil
    }

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
