import LibinputEvents
import Recordings

extension SequenceAnalysis {
    /// Why libinput logged each touch jump it discarded: at every frame a touch's position or
    /// contact changed in, libinput scales its move to a 12 ms reference frame and calls it a
    /// jump past 20 mm, or past 7 mm more than the touch's last scaled move (`tp_detect_jumps`,
    /// src/evdev-mt-touchpad.c, the same rule in 1.22.1 to 1.31.3). It weighs no move over a
    /// frame gap past 30 ms, and none at a frame where the count of fingers it began changed nor
    /// at the frame after, where it starts each touch's history again (`tp_process_state`); a
    /// contact too light to begin a touch counts no finger, but its moves are weighed, as are a
    /// touch's before it began. A finger the pad counts by a BTN_TOOL_* key alone sits where the
    /// top-most tracked touch is, so it jumps where another touch becomes the top-most. Several
    /// lines at one frame are the touches that went furthest past the limits.
    func touchJumpFindings() -> [Finding] {
        var lines: [Int: Int] = [:]
        for frame in decisions.compactMap(\.touchJumpFrame) { lines[frame, default: 0] += 1 }
        // Past the jumps libinput's log tells, those the rule finds are said as discarded unsaid.
        let unsaidAfter = jumpsUnsaidAfter.flatMap { $0 < sequence.frames.upperBound ? $0 : nil }
        guard !lines.isEmpty || unsaidAfter != nil else { return [] }
        let resets = sequence.motionHistoryResets
        var moves = Dictionary(
            grouping: (sequence.tracks + sequence.untrackedTracks + sequence.hovers).flatMap {
                scaledMoves($0, resets: resets)
            },
            by: \.frame)
        // A line where none of the sequence's touches moved is of a contact the pad still tracks
        // after the fingers lifted: hovering, and weighed all the same, by its kernel contact.
        let unmatched = Set(lines.keys.filter { moves[$0] == nil })
        if !unmatched.isEmpty {
            let hovering = recording.fingerTracks.filter { $0.points.contains { unmatched.contains($0.frame) } }
            let weighed = hovering.flatMap { scaledMoves($0, resets: resets) }
            for var move in weighed where unmatched.contains(move.frame) {
                move.afterLift = move.frame > sequence.frames.upperBound
                moves[move.frame, default: []].append(move)
            }
        }
        let told = lines.keys.sorted().flatMap { frame in
            (moves[frame] ?? []).sorted { $0.excess > $1.excess }.prefix(lines[frame] ?? 0).map { finding($0) }
        }
        guard let unsaidAfter else { return told }
        let unsaid = moves.filter { $0.key > unsaidAfter && lines[$0.key] == nil }.sorted { $0.key < $1.key }
            .flatMap { $0.value.filter(\.isJump).sorted { $0.excess > $1.excess } }
        return (told + unsaid.map { finding($0, unsaid: true) }).sorted { $0.time < $1.time }
    }

    /// One touch's move at one frame, as `tp_detect_jumps` weighs it (``TouchJumpRule``).
    struct ScaledMove {
        var touch: Int
        /// Whether it hovers after the sequence's fingers lifted.
        var afterLift = false
        /// Where it was at the frame before, and where it is.
        var from: TrackPoint
        var to: TrackPoint
        var frame: Int { to.frame }
        /// The move, in mm, and the time since the touch's last frame, in µs.
        var distance: Double
        var interval: UInt64
        /// The move scaled to 12 ms, and the touch's last scaled move before it.
        var scaled: Double
        var last: Double
        var isJump: Bool { TouchJumpRule.isJump(scaled, after: last) }
        /// How far past its limit the move is; the larger of the two tests.
        var excess: Double {
            max(scaled - TouchJumpRule.absoluteLimit, scaled - last - TouchJumpRule.relativeLimit)
        }
    }

    /// Each move of `track` libinput weighs for a jump, with the scaled move it compares it to;
    /// `resets` are the frames libinput starts every touch's history again at.
    private func scaledMoves(_ track: FingerTrack, resets: Set<Int>) -> [ScaledMove] {
        var moves: [ScaledMove] = []
        var history = TouchJumpHistory()
        for (before, point) in zip(track.points, track.points.dropFirst()) where point.time > before.time {
            // A touch that changed nothing is not weighed; its last move stands.
            guard
                before.x != point.x || before.y != point.y || before.pressure != point.pressure
                    || before.major != point.major || before.minor != point.minor
            else { continue }
            let dx = point.x - before.x, dy = point.y - before.y
            let distance = (dx * dx + dy * dy).squareRoot()
            let interval = point.time - before.time
            guard
                let move = history.weigh(distance, over: Double(interval), restarted: resets.contains(point.frame))
            else { continue }
            moves.append(
                ScaledMove(
                    touch: track.slot, from: before, to: point, distance: distance, interval: interval,
                    scaled: move.scaled, last: move.last))
        }
        return moves
    }

    /// `unsaid`: a jump past those libinput's log tells a day, which it discarded without a line.
    private func finding(_ move: ScaledMove, unsaid: Bool = false) -> Finding {
        let absolute = move.scaled > TouchJumpRule.absoluteLimit
        let value = absolute ? move.scaled : move.scaled - move.last
        let limit = absolute ? TouchJumpRule.absoluteLimit : TouchJumpRule.relativeLimit
        let mm = Self.mm(_:)
        var text =
            "touch \(move.touch)\(move.afterLift ? ", hovering after the fingers lifted," : "") moved "
            + "\(mm(move.distance)) mm in \(Self.ms(Double(move.interval) / 1000)) ms: "
            + "\(mm(move.scaled)) mm at libinput's 12 ms, "
            + (absolute
                ? "past \(Self.number(limit)) mm in one frame"
                : "\(mm(value)) mm more than its last move (\(mm(move.last)) mm), past \(Self.number(limit)) mm")
        let slots = sequence.slots
        if move.touch >= slots, let now = tracked(at: move.to, slots: slots) {
            let before = tracked(at: move.from, slots: slots)
            text +=
                "; it is a finger the pad counts by a BTN_TOOL_* key alone, which libinput places at the top-most "
                + "tracked touch: touch \(now)"
                + (before.map { $0 == now ? "" : ", touch \($0) the frame before" } ?? "")
        }
        if unsaid {
            text +=
                "; libinput discarded it without a line, its log having told the \(TouchJumpRule.loggedPerDay) touch "
                + "jumps it tells a day"
        }
        return Finding(
            rule: .touchJump, time: move.to.time, touch: move.touch, value: value, limit: limit, unit: .mm,
            exceeds: move.isJump, agreesWithLog: unsaid ? nil : move.isJump, text: text,
            source: rules.source(.touchJump))
    }

    /// The tracked touch an untracked finger's `point` was placed at, the top-most at its frame
    /// (`tp_position_fake_touches`, which weighs hovering touches too): the one nearest it, as the
    /// tracks are held by the hysteresis.
    private func tracked(at point: TrackPoint, slots: Int) -> Int? {
        func gap(_ other: TrackPoint) -> Double { abs(other.x - point.x) + abs(other.y - point.y) }
        return sequence.contactPositions(at: point.frame).filter { $0.key < slots }.min {
            gap($0.value) < gap($1.value)
        }?.key
    }
}
