import Recordings

/// Fingers on the touchpad from the first one down until none is: libinput decides a gesture,
/// a tap or a palm within one, so ``Explanation`` explains one at a time.
public struct TouchSequence: Equatable, Sendable {
    /// Each finger's track, in the order they came down.
    public var tracks: [FingerTrack]
    /// Microseconds into the recording of the first touch-down and of the last frame a finger
    /// was down in.
    public var start: UInt64
    public var end: UInt64
    /// The recording's frames from the first touch-down's to the last one a finger was down in.
    public var frames: ClosedRange<Int>
    /// The fingers the BTN_TOOL_* keys counted at the frames where they counted more than the
    /// touchpad has slots: libinput's fake fingers, touches without a position of their own.
    public var toolCounts: [Int: Int] = [:]
    /// The touchpad's slots (1 without ABS_MT_SLOT): libinput's touches from this index on are
    /// the fingers a BTN_TOOL_* key alone tells of.
    public var slots = 1

    /// The recording's sequences, in time order. With `pressure` (libinput's pressure-based
    /// touch detection), a contact begins where it first presses at least `pressure.upperBound`,
    /// as libinput begins the touch; one that never does is kept whole.
    /// With `hysteresisFrom`, the touches are held as libinput holds them from that frame on
    /// (``MotionHysteresis``).
    static func all(
        in recording: Recording, pressure: ClosedRange<Int>? = nil, hysteresisFrom: Int? = nil
    ) -> [TouchSequence] {
        let hysteresis = hysteresisFrom.flatMap { _ in MotionHysteresis(device: recording.device) }
        var sequences: [TouchSequence] = []
        let toolCounts = recording.toolFingerCounts, slots = recording.device.slotCount
        // Sequences are bounded by the contacts as the kernel reports them, so that a line
        // libinput logged for a contact not yet begun by pressure falls in its own sequence.
        for track in recording.fingerTracks.sorted(by: { $0.points[0].time < $1.points[0].time }) {
            let first = track.points[0], last = track.points[track.points.count - 1]
            var begun = Self.begun(track, pressure: pressure)
            if let hysteresis, let hysteresisFrom { begun = hysteresis.applied(to: begun, from: hysteresisFrom) }
            if var current = sequences.last, first.frame <= current.frames.upperBound {
                current.tracks.append(begun)
                current.end = max(current.end, last.time)
                current.frames = current.frames.lowerBound...max(current.frames.upperBound, last.frame)
                sequences[sequences.count - 1] = current
            } else {
                sequences.append(
                    TouchSequence(tracks: [begun], start: first.time, end: last.time, frames: first.frame...last.frame))
            }
        }
        for index in sequences.indices {
            sequences[index].slots = slots
            for frame in sequences[index].frames where toolCounts[frame] > slots {
                sequences[index].toolCounts[frame] = toolCounts[frame]
            }
        }
        return sequences
    }

    /// `track` from where libinput begins the touch by `pressure`; whole when it never does.
    private static func begun(_ track: FingerTrack, pressure: ClosedRange<Int>?) -> FingerTrack {
        guard let pressure,
            let begin = track.points.firstIndex(where: { Int($0.pressure ?? 0) >= pressure.upperBound })
        else { return track }
        var begun = track
        begun.points.removeFirst(begin)
        return begun
    }

    /// How many fingers libinput counted down at `frame`: the tracked ones, or, while one is and
    /// the BTN_TOOL_* keys count more than the slots, the keys' count: libinput then takes every
    /// finger as touching (`tp_unhover_pressure`, `tp_process_fake_touches` in
    /// src/evdev-mt-touchpad.c).
    public func fingers(at frame: Int) -> Int {
        let tracked = trackedFingers(at: frame)
        guard tracked > 0, let counted = toolCounts[frame] else { return tracked }
        return max(tracked, counted)
    }

    /// How many fingers with a position were down at `frame`.
    public func trackedFingers(at frame: Int) -> Int {
        tracks.filter { $0.points[0].frame <= frame && frame <= $0.points[$0.points.count - 1].frame }.count
    }

    /// The frames at which libinput counted a finger come down or lift that no tracked finger
    /// did: one a BTN_TOOL_* key alone tells of. Its tap timer restarts there as at any other.
    public var untrackedFingerChanges: [Int] {
        zip(frames.dropLast(), frames.dropFirst()).compactMap { before, frame in
            fingers(at: frame) != fingers(at: before) && trackedFingers(at: frame) == trackedFingers(at: before)
                ? frame : nil
        }
    }

    /// The fingers a BTN_TOOL_* key alone tells of, as libinput places them: each at the top-most
    /// tracked finger, frame by frame, from the frame it comes down to the last it is down in
    /// (`tp_position_fake_touches`, src/evdev-mt-touchpad.c). They move as that finger does,
    /// and jump where another finger becomes the top-most; `slot` is libinput's touch index.
    public var untrackedTracks: [FingerTrack] {
        var tracks: [FingerTrack] = []
        var open: [Int: Int] = [:]
        for frame in frames {
            let untracked = max(0, (toolCounts[frame] ?? 0) - slots)
            // As libinput walks the slots: the lowest slot wins a tie.
            let top = positions(at: frame).sorted { $0.key < $1.key }.map(\.value).min { $0.y < $1.y }
            for index in open.keys where index >= untracked || top == nil { open[index] = nil }
            guard let top else { continue }
            for index in 0..<untracked {
                if let track = open[index] {
                    tracks[track].points.append(top)
                } else {
                    open[index] = tracks.count
                    tracks.append(FingerTrack(slot: slots + index, trackingID: -1, points: [top]))
                }
            }
        }
        return tracks
    }

    /// The most fingers libinput counted down at once.
    public var mostFingers: Int { frames.map(fingers(at:)).max() ?? 0 }

    /// The BTN_TOOL_* key that counted ``mostFingers``, when the tracked fingers were never as
    /// many: what tells a reader why fewer touches are listed.
    public var mostFingersKey: UInt16? {
        let most = mostFingers
        guard most > frames.map(trackedFingers(at:)).max() ?? 0, most <= Recording.fingerCountKeys.count else {
            return nil
        }
        return Recording.fingerCountKeys[most - 1]
    }

    /// Where each finger down at `frame` was then, by slot.
    public func positions(at frame: Int) -> [Int: TrackPoint] {
        var positions: [Int: TrackPoint] = [:]
        for track in tracks {
            if let point = track.points.last(where: { $0.frame <= frame }),
                frame <= track.points[track.points.count - 1].frame
            {
                positions[track.slot] = point
            }
        }
        return positions
    }
}
