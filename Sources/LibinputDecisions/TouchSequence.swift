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
    /// The fingers a BTN_TOOL_* key alone tells of, as libinput places them (``FakeTouches``), frame
    /// by frame from the frame each comes down to the last it is down in, then held by the
    /// hysteresis like any touch; `slot` is libinput's touch index.
    public var untrackedTracks: [FingerTrack] = []
    /// How many fingers libinput counted down at each frame, and how many of them had a
    /// position, from `frames.lowerBound` on: counted once, as everything asks for them.
    private var fingerCounts: [Int] = []
    private var trackedCounts: [Int] = []
    /// The tracks (by index) of contacts that pressure or size never began: libinput leaves them
    /// hovering, and counts no finger for them (`nfingers_down`), though it still weighs their moves.
    private var hovering: Set<Int> = []
    /// Each begun track's contact before pressure or size began it, of two frames or more: libinput
    /// weighs a hovering touch's moves for jumps too (`tp_process_state`).
    var hovers: [FingerTrack] = []
    /// For each frame from the first to the one after the last that the kernel dropped whole (a
    /// recording's frame that changed nothing, as a synthesized hold's), the next it delivered:
    /// libinput's next frame.
    private var nextDelivered: [Int: Int] = [:]

    /// The recording's sequences, in time order. With `pressure` (libinput's pressure-based
    /// touch detection), a contact begins where it first presses at least `pressure.upperBound`,
    /// as libinput begins the touch, and with `size` (its size-based detection, without pressure)
    /// where its contact first grows past that range (``TrackPoint/beginsBySize(_:)``); one that
    /// never does is kept whole. With neither, BTN_TOUCH and the BTN_TOOL_* keys decide
    /// (``FingerTrack/touchedByKeys(_:readings:)``): a contact that only hovers is no touch.
    /// With `hysteresisFrom`, the touches are held as libinput holds them from that frame on
    /// (``MotionHysteresis``).
    /// `slots` are those libinput sees (the device's own by default). `detection` holds, by slot,
    /// the frames at which libinput's log began and ended a touch by pressure or size: a touch
    /// ends at the frame libinput ended it (``ended(_:detection:)``), and a contact libinput
    /// ended and began again is two touches (``divided(_:detection:)``).
    static func all(
        in recording: Recording, slots: Int? = nil, pressure: ClosedRange<Int>? = nil, size: ClosedRange<Int>? = nil,
        hysteresisFrom: Int? = nil, detection: [Int: [(frame: Int, ends: Bool)]] = [:]
    ) -> [TouchSequence] {
        var sequences: [TouchSequence] = []
        let readings = recording.toolFingerReadings, slots = slots ?? recording.device.slotCount
        let toolCounts = readings.map(\.count)
        // Only a touchpad's touches are libinput's to begin (one without BTN_TOUCH it refuses); a
        // touchscreen's and a mouse surface's contacts are the kernel's.
        let kernelContacts = recording.fingerTracks, pad = recording.device
        let byKeys =
            pressure == nil && size == nil && pad.isTouchpad
            && pad.has(type: Evdev.EV_KEY, code: Evdev.BTN_TOUCH)
        let tracks = (byKeys ? FingerTrack.touchedByKeys(kernelContacts, readings: readings) : kernelContacts)
            .flatMap { divided($0, detection: detection[$0.slot] ?? []) }
        // Sequences are bounded by the contacts before pressure or size begins them (by the keys,
        // the touches they began), so that a line libinput logged for a contact not yet begun
        // falls in its own sequence.
        for track in tracks.sorted(by: { $0.points[0].time < $1.points[0].time }) {
            let first = track.points[0], last = track.points[track.points.count - 1]
            let began = Self.begun(track, pressure: pressure, size: size)
            let begun = Self.ended(began ?? track, detection: detection[track.slot] ?? [])
            let hover = began.map { Array(track.points.prefix(track.points.count - $0.points.count)) } ?? []
            if sequences.last.map({ first.frame > $0.frames.upperBound }) ?? true {
                sequences.append(
                    TouchSequence(tracks: [], start: first.time, end: last.time, frames: first.frame...last.frame))
            }
            var current = sequences.removeLast()
            if began == nil { current.hovering.insert(current.tracks.count) }
            if hover.count > 1 {
                current.hovers.append(.init(slot: track.slot, trackingID: track.trackingID, points: hover))
            }
            current.tracks.append(begun)
            current.end = max(current.end, last.time)
            current.frames = current.frames.lowerBound...max(current.frames.upperBound, last.frame)
            sequences.append(current)
        }
        let hysteresis = hysteresisFrom.flatMap { _ in MotionHysteresis(device: recording.device) }
        let contacts = recording.slotContactCounts
        for index in sequences.indices {
            sequences[index].slots = slots
            sequences[index].nextDelivered = Self.nextDelivered(
                in: recording, from: sequences[index].frames.lowerBound, to: sequences[index].frames.upperBound + 1)
            sequences[index].count(toolCounts: toolCounts, contacts: contacts)
            sequences[index].hold(by: hysteresis, from: hysteresisFrom ?? 0, contacts: kernelContacts)
        }
        return sequences
    }

    /// Counts the fingers at each frame: the touches pressure or size began, not a contact too
    /// light to begin one. While a tracked finger is down and the BTN_TOOL_* keys count more than
    /// the slots, libinput takes every finger as touching and begins the slots' contacts,
    /// positioned or not, light or not, and one touch for each finger beyond the slots
    /// (`tp_unhover_pressure`, `tp_process_fake_touches` in src/evdev-mt-touchpad.c).
    private mutating func count(toolCounts counted: [Int], contacts: [Int]) {
        for frame in frames where counted[frame] > slots { toolCounts[frame] = counted[frame] }
        var tracked = [Int](repeating: 0, count: frames.count), begun = tracked
        for (index, track) in tracks.enumerated() {
            for frame in track.points[0].frame...track.points[track.points.count - 1].frame {
                tracked[frame - frames.lowerBound] += 1
                if !hovering.contains(index) { begun[frame - frames.lowerBound] += 1 }
            }
        }
        trackedCounts = tracked
        fingerCounts = frames.map { frame in
            let down = tracked[frame - frames.lowerBound]
            guard down > 0, counted[frame] > slots else { return begun[frame - frames.lowerBound] }
            return max(down, contacts[frame]) + counted[frame] - slots
        }
    }

    /// The frames at which libinput restarts every touch's motion history: where the fingers it
    /// counts change, and the frame after (`tp_need_motion_history_reset` and
    /// `quirks.reset_motion_history` in `tp_process_state`, src/evdev-mt-touchpad.c).
    var motionHistoryResets: Set<Int> {
        var resets: Set<Int> = []
        // The frame after the last is where the count falls to none.
        for frame in frames.lowerBound...(frames.upperBound + 1) where fingers(at: frame) != fingers(at: frame - 1) {
            resets.formUnion([frame, nextDelivered[frame + 1] ?? frame + 1])
        }
        return resets
    }

    /// Each frame of `recording` from `first` to `last` that is empty (the kernel dropped it
    /// whole), with the next one that is not, or the recording's end.
    private static func nextDelivered(in recording: Recording, from first: Int, to last: Int) -> [Int: Int] {
        let frames = recording.frames
        let last = min(last, frames.count - 1)
        guard first >= 0, first <= last else { return [:] }
        var delivered = (last + 1..<frames.count).first { !frames[$0].events.isEmpty } ?? frames.count
        var next: [Int: Int] = [:]
        for frame in stride(from: last, through: first, by: -1) {
            if frames[frame].events.isEmpty { next[frame] = delivered } else { delivered = frame }
        }
        return next
    }

    /// Holds the tracks as libinput's hysteresis does, when it is on, each from its kernel
    /// contact's first point among `contacts` (libinput holds a contact before it begins a touch),
    /// and places the untracked fingers where libinput does: at the top-most tracked finger's
    /// point as it stands when the frame comes in (the frame's own value on an axis the frame
    /// moves, else the held one).
    private mutating func hold(by hysteresis: MotionHysteresis?, from: Int, contacts: [FingerTrack]) {
        let resets = motionHistoryResets
        let applied = tracks.map { track -> (held: FingerTrack, input: FingerTrack) in
            guard let hysteresis else { return (track, track) }
            let begin = track.points[0].frame
            let contact = contacts.first {
                $0.slot == track.slot && $0.trackingID == track.trackingID && $0.points[0].frame <= begin
                    && $0.points[$0.points.count - 1].frame >= begin
            }
            let leadIn = contact?.points.prefix { $0.frame < begin } ?? []
            return hysteresis.applied(to: track, from: from, resets: resets, leadIn: Array(leadIn))
        }
        tracks = applied.map(\.held)
        let given = applied.map(\.input)
        var placed: [FingerTrack] = []
        var open: [Int: Int] = [:]
        let bySlot = given.indices.sorted { tracks[$0].slot < tracks[$1].slot }
        var next = [Int](repeating: 0, count: given.count)
        for frame in frames where toolCounts[frame] != nil || !open.isEmpty {
            let untracked = max(0, (toolCounts[frame] ?? 0) - slots)
            let tracked = bySlot.compactMap { index -> TrackPoint? in
                let points = given[index].points
                while next[index] < points.count && points[next[index]].frame < frame { next[index] += 1 }
                return next[index] < points.count && points[next[index]].frame == frame ? points[next[index]] : nil
            }
            let top = FakeTouches.anchor(among: tracked, y: \.y)
            for index in open.keys where index >= untracked || top == nil { open[index] = nil }
            guard let top else { continue }
            for index in 0..<untracked {
                if let track = open[index] {
                    placed[track].points.append(top)
                } else {
                    open[index] = placed.count
                    placed.append(FingerTrack(slot: slots + index, trackingID: -1, points: [top]))
                }
            }
        }
        untrackedTracks = placed.map {
            hysteresis?.applied(to: $0, from: from, resets: resets, keepsUnsentAxes: false).held ?? $0
        }
    }

    /// `track` from where libinput begins the touch by `pressure`, else by `size`; nil when it
    /// never does (`tp_unhover_pressure`, `tp_unhover_size`).
    private static func begun(
        _ track: FingerTrack, pressure: ClosedRange<Int>?, size: ClosedRange<Int>?
    ) -> FingerTrack? {
        let begins: (TrackPoint) -> Bool
        if let pressure {
            begins = { Int($0.pressure ?? 0) >= pressure.upperBound }
        } else if let size {
            begins = { $0.beginsBySize(size) }
        } else {
            return track
        }
        guard let begin = track.points.firstIndex(where: begins) else { return nil }
        var begun = track
        begun.points.removeFirst(begin)
        return begun
    }

    /// `contact` in parts where libinput ended its touch by pressure or size and began it again
    /// while the kernel's contact went on (`detection` holds its slot's frames): libinput ended one
    /// touch and began another, with no finger down between (`tp_unhover_pressure`,
    /// `tp_unhover_size`). A part ends with the frame that ended its touch, whose lines are about
    /// it; the next hovers from the frame after until libinput begins it.
    private static func divided(_ contact: FingerTrack, detection: [(frame: Int, ends: Bool)]) -> [FingerTrack] {
        let span = contact.points[0].frame...contact.points[contact.points.count - 1].frame
        let inside = detection.filter { span.contains($0.frame) }.sorted { $0.frame < $1.frame }
        // An end followed by a begin: the frame that ended one touch of the two.
        let cuts = zip(inside, inside.dropFirst()).filter { $0.ends && !$1.ends }.map(\.0.frame)
        var parts: [FingerTrack] = [], rest = contact.points[...]
        for cut in cuts {
            let part = rest.prefix { $0.frame <= cut }
            rest.removeFirst(part.count)
            parts.append(FingerTrack(slot: contact.slot, trackingID: contact.trackingID, points: Array(part)))
        }
        parts.append(FingerTrack(slot: contact.slot, trackingID: contact.trackingID, points: Array(rest)))
        return parts.filter { !$0.points.isEmpty }
    }

    /// `track` before the frame where libinput last ended its touch by pressure or size, of those
    /// `detection` holds for its slot (`tp_unhover_pressure`, `tp_unhover_size`): a contact grown
    /// light or small ends frames before it lifts, as it begins after it came down. Whole where
    /// libinput ended none of it, or began one again after. A touch begun in the frame after the
    /// track's last is the next part's or contact's.
    private static func ended(_ track: FingerTrack, detection: [(frame: Int, ends: Bool)]) -> FingerTrack {
        let lastFrame = track.points[track.points.count - 1].frame
        let span = track.points[0].frame...(lastFrame + 1)
        guard let last = detection.last(where: { span.contains($0.frame) && ($0.ends || $0.frame <= lastFrame) }),
            last.ends,
            last.frame > track.points[0].frame
        else { return track }
        var cut = track
        cut.points.removeAll { $0.frame >= last.frame }
        return cut
    }

    /// How many fingers libinput counted down at `frame` (0 outside the sequence): the tracked
    /// ones, and those beyond the slots that the BTN_TOOL_* keys count.
    public func fingers(at frame: Int) -> Int {
        frames.contains(frame) ? fingerCounts[frame - frames.lowerBound] : 0
    }

    /// How many fingers with a position were down at `frame`.
    public func trackedFingers(at frame: Int) -> Int {
        frames.contains(frame) ? trackedCounts[frame - frames.lowerBound] : 0
    }

    /// The frames at which libinput counted a finger come down or lift that no tracked finger
    /// did: one a BTN_TOOL_* key alone tells of. Its tap timer restarts there as at any other.
    public var untrackedFingerChanges: [Int] {
        zip(frames.dropLast(), frames.dropFirst()).compactMap { before, frame in
            fingers(at: frame) != fingers(at: before) && trackedFingers(at: frame) == trackedFingers(at: before)
                ? frame : nil
        }
    }

    /// The most fingers libinput counted down at once.
    public var mostFingers: Int { fingerCounts.max() ?? 0 }

    /// The BTN_TOOL_* key held when libinput counted ``mostFingers``, when the tracked fingers
    /// were never as many: what tells a reader why fewer touches are listed.
    public var mostFingersKey: UInt16? {
        let most = mostFingers
        guard most > trackedCounts.max() ?? 0,
            let frame = frames.first(where: { fingers(at: $0) == most }), let counted = toolCounts[frame],
            counted <= Recording.fingerCountKeys.count
        else { return nil }
        return Recording.fingerCountKeys[counted - 1]
    }

    /// Whether the track at `index` of ``tracks`` is a contact libinput never began.
    func isHovering(_ index: Int) -> Bool { hovering.contains(index) }

    /// The tracks of touches libinput began: its rules for several touches and its gestures
    /// pass over a contact that only hovers (`TOUCH_HOVERING`).
    var begunTracks: [FingerTrack] { tracks.indices.filter { !hovering.contains($0) }.map { tracks[$0] } }

    /// Where each finger libinput began and holds down at `frame` was then, by slot.
    public func positions(at frame: Int) -> [Int: TrackPoint] { Self.positions(of: begunTracks, at: frame) }

    /// Where each contact down at `frame` was then, by slot, whether libinput began its touch or
    /// it hovers.
    func contactPositions(at frame: Int) -> [Int: TrackPoint] { Self.positions(of: tracks, at: frame) }

    private static func positions(of tracks: [FingerTrack], at frame: Int) -> [Int: TrackPoint] {
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

    /// How each finger down at both `start` and `end` moved between them, by slot.
    func moves(from start: Int, to end: Int) -> [Int: (dx: Double, dy: Double)] {
        let before = positions(at: start), after = positions(at: end)
        return after.reduce(into: [:]) { moves, entry in
            if let from = before[entry.key] { moves[entry.key] = (entry.value.x - from.x, entry.value.y - from.y) }
        }
    }

    /// How far each finger down at both `start` and `end` moved between them, in mm, by slot.
    func distances(from start: Int, to end: Int) -> [Int: Double] {
        moves(from: start, to: end).mapValues { ($0.dx * $0.dx + $0.dy * $0.dy).squareRoot() }
    }
}

extension FingerTrack {
    /// Whether the finger was down at `frame`: from its first point's frame to its last's.
    func isDown(at frame: Int) -> Bool {
        points[0].frame <= frame && frame <= points[points.count - 1].frame
    }

    /// Whether this is the track `touch` summarizes: its slot, down at its time.
    func isTrack(of touch: TouchSummary) -> Bool { slot == touch.touch && points[0].time == touch.down }

    /// The touches libinput makes of `contacts` where it detects touches by neither pressure nor
    /// size, and BTN_TOUCH with the BTN_TOOL_* count (`readings`, frame by frame) decide
    /// (`tp_unhover_fake_touches`, src/evdev-mt-touchpad.c): while BTN_TOUCH is down, hovering
    /// contacts begin in slot order until as many touch as the keys count; while it is up none
    /// does, and where more touch than the keys count, the highest slots end. At a frame of
    /// BTN_TOOL_QUINTTAP's overflow the keys begin and end nothing. Each stretch a contact
    /// touches is a touch of its own.
    static func touchedByKeys(_ contacts: [FingerTrack], readings: [(count: Int, overflow: Bool)]) -> [FingerTrack] {
        var touches: [FingerTrack] = []
        // The contacts at each frame, in slot order, by their index and their point's.
        var atFrame: [Int: [(contact: Int, point: Int)]] = [:]
        for (c, contact) in contacts.enumerated() {
            for (p, point) in contact.points.enumerated() { atFrame[point.frame, default: []].append((c, p)) }
        }
        // Each touching contact's touch, by the contact's index.
        var touching: [Int: Int] = [:]
        for frame in atFrame.keys.sorted() {
            let present = atFrame[frame, default: []].sorted { contacts[$0.contact].slot < contacts[$1.contact].slot }
            let here = Set(present.map(\.contact))
            touching = touching.filter { here.contains($0.key) }
            let (count, overflow) = frame < readings.count ? readings[frame] : (0, false)
            let keyDown = present.first.map { contacts[$0.contact].points[$0.point].touching } ?? false
            // At an overflow the keys begin and end nothing; a contact lifted has ended its touch
            // all the same (`tp_end_sequence`).
            if keyDown && !overflow {
                for (c, _) in present where touching[c] == nil && touching.count < count {
                    touching[c] = touches.count
                    touches.append(FingerTrack(slot: contacts[c].slot, trackingID: contacts[c].trackingID, points: []))
                }
                for (c, _) in present.reversed() where touching.count > count { touching[c] = nil }
            } else if !overflow {
                touching = [:]
            }
            for (c, p) in present { if let t = touching[c] { touches[t].points.append(contacts[c].points[p]) } }
        }
        return touches
    }
}

extension TrackPoint {
    /// Whether libinput may begin a touch of this contact where it detects touches by `size`: one
    /// axis past its high end and the other past its low (`tp_unhover_size`); an axis the pad does
    /// not report is 0 to it.
    func beginsBySize(_ size: ClosedRange<Int>) -> Bool {
        let major = Int(major ?? 0), minor = Int(minor ?? 0)
        return (major > size.upperBound && minor > size.lowerBound)
            || (major > size.lowerBound && minor > size.upperBound)
    }
}
