import Recordings

/// A finger the pad's tracking moved to another slot in the frame a touch came down or lifted in.
/// A pad gives its slots by its own order of the contacts it sees, not always by following each
/// finger (the kernel's Synaptics PS/2 driver of 2012 put the contact the firmware reported
/// first in slot 0, whichever finger it was): a moving finger's slot may go to a new contact
/// while the finger takes another, and, as one of two lifts, the finger that stayed may move to
/// the slot that goes on. libinput takes the slots as they come: the touch that steps is another
/// finger from then on.
public struct SlotHandover: Equatable, Sendable, Codable {
    /// The other touch: the one whose finger this touch took as it came down, or the one that
    /// took this touch's finger as it lifted.
    public var touch: Int
    /// How far the other touch stepped in that frame, in mm: a step no finger travelled.
    public var step: Double
    /// For a touch coming down, how far from where the other touch was heading it began, in mm:
    /// by its path, the other touch's finger.
    public var offHeading: Double?
}

extension SequenceAnalysis {
    /// How far a touch steps in one frame, in mm, that no finger travels so fast.
    static let untravelledStep = 10.0

    /// The touch whose moving finger the pad gave `track`'s slot to as `track` came down, its own
    /// slot going to the new contact: in that frame the touch stepped away from where it was
    /// heading (its last move, kept up), at least half ``untravelledStep``, and `track` began
    /// within a third of that from there, where no second finger could have been, its kernel
    /// contact new in that frame. Of several, the one `track` began nearest the heading of.
    func handover(to track: FingerTrack) -> SlotHandover? {
        let first = track.points[0], frame = first.frame
        guard frame > sequence.frames.lowerBound, sequence.contactPositions(at: frame - 1)[track.slot] == nil else {
            return nil
        }
        let candidates = sequence.tracks.compactMap { other -> SlotHandover? in
            guard other.slot != track.slot, let now = other.points.firstIndex(where: { $0.frame == frame }), now >= 1
            else { return nil }
            let (last, point) = (other.points[now - 1], other.points[now])
            // Where its last move, kept up, would have taken it; where it was, without one.
            var heading = last.mm
            if now >= 2, other.points[now - 2].time < last.time {
                let before = other.points[now - 2]
                // At most three moves ahead: past a gap in the frames the heading says little.
                let ahead = min(3, Double(point.time - last.time) / Double(last.time - before.time))
                heading = PointMM(x: last.x + (last.x - before.x) * ahead, y: last.y + (last.y - before.y) * ahead)
            }
            let (away, gap) = (point.mm.distance(to: heading), first.mm.distance(to: heading))
            guard away >= Self.untravelledStep / 2, gap * 3 <= away else { return nil }
            return SlotHandover(touch: other.slot, step: point.mm.distance(to: last.mm), offHeading: gap)
        }
        // Its kernel contact is new in that frame: one that came earlier, too light to begin a
        // touch, took its slot then, if from anyone. Read only for a candidate.
        guard
            let best = candidates.min(by: {
                ($0.offHeading ?? .infinity, $0.touch) < ($1.offHeading ?? .infinity, $1.touch)
            }),
            recording.fingerTracks.contains(where: {
                $0.slot == track.slot && $0.trackingID == track.trackingID && $0.points[0].frame == frame
            })
        else { return nil }
        return best
    }

    /// The touch the pad gave `track`'s finger to as `track` lifted: the touch that stepped, in
    /// the frame after `track`'s last, at least ``untravelledStep`` to where `track` had been,
    /// nearer it than its own last place (``liftHandover(at:of:)``).
    func handover(from track: FingerTrack) -> SlotHandover? {
        let frame = track.points[track.points.count - 1].frame + 1
        guard frame <= sequence.frames.upperBound else { return nil }
        return sequence.positions(at: frame).keys.sorted().lazy.compactMap { touch in
            self.liftHandover(at: frame, of: touch).flatMap {
                $0.lifted == track.slot ? SlotHandover(touch: touch, step: $0.mm) : nil
            }
        }.first
    }

    /// How far `touch` stepped at `frame`, and the touch lifting in that frame it stepped to,
    /// when it stepped at least ``untravelledStep`` to where that touch had been, nearer it than
    /// its own last place: the pad handing the finger that stayed to the other slot, a step no
    /// finger travelled. Of several lifting, the nearest (the lower slot where two are as near).
    func liftHandover(at frame: Int, of touch: Int) -> (mm: Double, lifted: Int)? {
        let before = sequence.positions(at: frame - 1), after = sequence.positions(at: frame)
        guard let from = before[touch]?.mm, let to = after[touch]?.mm, to.distance(to: from) >= Self.untravelledStep
        else { return nil }
        let lifted = before.filter { after[$0.key] == nil && to.distance(to: $0.value.mm) < to.distance(to: from) }
            .min { (to.distance(to: $0.value.mm), $0.key) < (to.distance(to: $1.value.mm), $1.key) }
        return lifted.map { (to.distance(to: from), $0.key) }
    }
}
