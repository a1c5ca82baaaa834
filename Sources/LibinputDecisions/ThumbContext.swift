import Recordings

/// What libinput's rules for several touches made of a touch coming down beside others, on a
/// clickpad that tells thumbs (`tp_thumb_update_multifinger`, src/evdev-mt-touchpad-thumb.c).
/// They weigh the two lowest touches, in this order: a finger moving fast makes the new touch a
/// thumb, unless two-finger scrolling is on and the two lowest are within its box; the two lowest
/// within 35 × 25 mm are both fingers; touches all down within 100 ms, the lowest above the
/// exclusion line, are all fingers; the lowest more than 25 mm below the next is a thumb; else all
/// are fingers. Counting all as fingers releases a touch jailed before, without a line in the log.
struct ThumbContext {
    /// The step that decided.
    enum Step: Equatable {
        /// The speed rule: a finger had moved faster than 20 mm/s for more than 5 frames. Its
        /// count is taken from libinput's log (`touch N is speed-based thumb`), not recomputed.
        case speed
        /// The two lowest within 35 × 25 mm.
        case close
        /// All down within 100 ms, the lowest above the exclusion line.
        case soon
        /// The lowest more than 25 mm below the next.
        case farBelow
        /// Neither close nor far below: all fingers.
        case notFarBelow
    }

    let step: Step
    let frame: Int
    let time: UInt64
    /// The touch that came down (the last by index, where several did) and the first one down.
    let newest: Int
    let oldest: Int
    /// The lowest touch and the next lowest.
    let lowest: Int
    let next: Int
    /// How far apart the two are, across and down, in mm.
    let apart: (x: Double, y: Double)
    /// Milliseconds from the oldest touch's coming down to the newest's.
    let since: Double

    /// The touch libinput set aside as a thumb here; nil where it counted all as fingers.
    var thumb: Int? {
        switch step {
        case .speed: newest
        case .farBelow: lowest
        case .close, .soon, .notFarBelow: nil
        }
    }

    /// `SCROLL_MM_X`, `SCROLL_MM_Y`: how close two fingers scroll.
    static let scrollBox = (x: 35.0, y: 25.0)
    /// `THUMB_TIMEOUT`: touches down within it may be a tap or click of several fingers.
    static let timeout = 100.0

    /// Each frame of `analysis`'s sequence at which a touch came down with two or more fingers
    /// down, weighed as libinput weighs it: by the touches' held positions there, and the times
    /// they came down (`initial_time`).
    static func all(in analysis: SequenceAnalysis, lines: ThumbLines) -> [ThumbContext] {
        let sequence = analysis.sequence
        guard let axes = analysis.recording.positionAxes else { return [] }
        let resolution = (x: Double(axes.x.resolution), y: Double(axes.y.resolution))
        // libinput walks its touches by index: the slots, then the fingers beyond them; it passes
        // over a contact that only hovers.
        let touches = (sequence.begunTracks + sequence.untrackedTracks).enumerated()
            .sorted { ($0.element.slot, $0.offset) < ($1.element.slot, $1.offset) }.map(\.element)
        let speedBased = Set(
            analysis.decisions(of: .thumb).compactMap { d -> Int? in
                guard d.event == "speed-based thumb", case .frame(0, let index, _) = d.cause else { return nil }
                return index
            })
        let begins = Set(touches.map { $0.points[0].frame }).sorted()
        return begins.compactMap { frame -> ThumbContext? in
            guard sequence.fingers(at: frame) >= 2 else { return nil }
            // A touch lifting in this frame (TOUCH_END) is still among them, at its last point.
            let down = touches.compactMap { track -> (slot: Int, point: TrackPoint, begin: TrackPoint)? in
                guard track.points[0].frame <= frame,
                    let point = track.points.last(where: { $0.frame <= frame }),
                    frame <= track.points[track.points.count - 1].frame + 1
                else { return nil }
                return (track.slot, point, track.points[0])
            }
            guard let newest = down.last(where: { $0.begin.frame == frame }) else { return nil }
            var oldest = down[0]
            for touch in down.dropFirst() where touch.begin.time < oldest.begin.time { oldest = touch }
            // The lowest, and the next: a later touch as low as the lowest is the next.
            var first = down[0]
            var second: (slot: Int, point: TrackPoint, begin: TrackPoint)?
            for touch in down.dropFirst() {
                if touch.point.y > first.point.y {
                    second = first
                    first = touch
                } else if second.map({ touch.point.y > $0.point.y }) ?? true {
                    second = touch
                }
            }
            guard let second else { return nil }
            // As libinput measures it: the gap in device units, then in mm (`evdev_device_unit_delta_to_mm`).
            func gap(_ a: Double, _ b: Double, _ resolution: Double) -> Double {
                (abs(a - b) * resolution).rounded() / resolution
            }
            let apart = (
                x: gap(first.point.x, second.point.x, resolution.x), y: gap(first.point.y, second.point.y, resolution.y)
            )
            let since = Double(newest.begin.time - oldest.begin.time) / 1000
            let step: Step =
                speedBased.contains(frame)
                ? .speed
                : apart.x < scrollBox.x && apart.y < scrollBox.y
                    ? .close
                    : since < timeout && lines.units(first.point.y) < lines.lower.units
                        ? .soon : apart.y > scrollBox.y ? .farBelow : .notFarBelow
            return ThumbContext(
                step: step, frame: frame, time: analysis.recording.frames[frame].time, newest: newest.slot,
                oldest: oldest.slot, lowest: first.slot, next: second.slot, apart: apart, since: since)
        }
    }
}

extension SequenceAnalysis {
    /// Each of ``thumbContexts`` as a number, against libinput's log. A thumb set aside is a line
    /// taking that touch to PINCH, SUPPRESSED or DEAD in the frame, or none where it was in PINCH
    /// or DEAD already (set so again, nothing changes). Counting all as fingers logs nothing, so
    /// only a line setting a touch aside in that frame disagrees with it.
    func thumbContextFindings() -> [Finding] {
        guard let thumbLines else { return [] }
        let logged = loggedThumbDecisions
        return thumbContexts.map { context in
            let lines = logged.filter { $0.1 == context.frame }.map(\.0)
            let here = lines.compactMap(\.thumbState)
            let held = thumb(before: context.frame, logged: logged)
            let agrees: Bool?
            if context.step == .speed {
                agrees = nil
            } else if let thumb = context.thumb {
                let taken = lines.contains {
                    $0.touch == thumb && $0.thumbState?.isIgnoredForTap == true
                }
                let already =
                    here.isEmpty && (held.map { $0.touch == thumb && [.pinch, .dead].contains($0.state) } ?? false)
                agrees = taken || already
            } else {
                // With several fingers down only the far-below step sets a thumb aside in the
                // frame (a thumb's pinch lost to speed is PINCH → SUPPRESSED).
                let takenAside = lines.contains {
                    guard let to = $0.thumbState else { return false }
                    return to == .pinch || (to.isSuppressed && $0.thumbStateLeft != .pinch)
                }
                agrees = takenAside ? false : nil
            }
            let (value, limit, unit): (Double, Double, Finding.Unit) =
                context.step == .soon
                ? (context.since, ThumbContext.timeout, .ms) : (context.apart.y, ThumbContext.scrollBox.y, .mm)
            return Finding(
                rule: .thumbContext, time: context.time, touch: context.thumb ?? context.newest, value: value,
                limit: limit, unit: unit, exceeds: context.thumb != nil, agreesWithLog: agrees,
                text: text(
                    of: context, lines: thumbLines, pinched: here.contains(.pinch),
                    released: context.thumb == nil && held?.state != .pinch ? held : nil),
                source: rules.source(.thumbContext, thumbStep: context.step),
                // Every step but the time's weighs how far apart the two lowest are.
                box: context.step == .soon
                    ? nil
                    : Finding.Box(
                        x: context.apart.x, y: context.apart.y, limitX: ThumbContext.scrollBox.x,
                        limitY: ThumbContext.scrollBox.y))
        }
    }

    /// The frame's weighing that let `touch` go as a thumb, counting all as fingers, if one did.
    func thumbRelease(of touch: Int) -> ThumbContext? {
        let logged = loggedThumbDecisions
        return thumbContexts.first { context in
            guard context.thumb == nil, let held = thumb(before: context.frame, logged: logged) else { return false }
            return held.touch == touch && held.state != .pinch
        }
    }

    /// The thumb machine's lines, each with the frame it was logged at.
    private var loggedThumbDecisions: [(LibinputDecision, Int)] {
        decisions(of: .thumb).compactMap { d in GestureAnalysis.frame(of: d, in: self).map { (d, $0) } }
    }

    /// The touch libinput held as a thumb just before `frame`, by its log and the releases
    /// ``thumbContexts`` recompute, and its state; nil when none was.
    private func thumb(before frame: Int, logged: [(LibinputDecision, Int)]) -> (touch: Int, state: ThumbState)? {
        guard let (last, at) = logged.last(where: { $0.1 < frame }), let touch = last.touch,
            !thumbContexts.contains(where: { $0.thumb == nil && $0.frame >= at && $0.frame < frame }),
            let state = last.thumbState, state != .finger
        else { return nil }
        // A thumb in PINCH is no touch set aside, but libinput holds it as its thumb while it is down.
        let pinching = state == .pinch && sequence.positions(at: frame - 1)[touch] != nil
        guard setAside(at: frame - 1).contains(touch) || pinching else { return nil }
        return (touch, state)
    }

    private func text(
        of c: ThumbContext, lines: ThumbLines, pinched: Bool, released: (touch: Int, state: ThumbState)?
    ) -> String {
        let mm = SequenceAnalysis.mm(_:), ms = SequenceAnalysis.ms
        let after = c.since > 0 ? " \(ms(c.since)) ms after touch \(c.oldest)" : " with touch \(c.oldest)"
        let came = "touch \(c.newest) came down" + (c.oldest == c.newest ? "" : after)
        // Level touches have no lowest: libinput's loop keeps the first it found.
        let apart = "\(mm(c.apart.x)) × \(mm(c.apart.y)) mm"
        let pair =
            c.apart.y == 0
            ? "the two lowest, touches \(c.lowest) and \(c.next), are level (libinput takes touch \(c.lowest), the "
                + "first it finds, for the lowest) and \(apart) apart"
            : "the lowest, touch \(c.lowest), is \(apart) from the next lowest, touch \(c.next)"
        let outside = c.apart.x > ThumbContext.scrollBox.x || c.apart.y > ThumbContext.scrollBox.y
        let letGo = released.map { ", and lets touch \($0.touch) go (\($0.state.words) before)" } ?? ""
        let n = SequenceAnalysis.number, box = "\(n(ThumbContext.scrollBox.x)) × \(n(ThumbContext.scrollBox.y)) mm"
        let below = "\(n(ThumbContext.scrollBox.y)) mm below"
        switch c.step {
        case .speed:
            return came + " while a finger moved fast (libinput counted more than \(rules.thumbSpeedFrames) of its "
                + "frames past \(n(rules.thumbSpeed)) mm/s: "
                + "its log's count, not recomputed here), and " + pair
                + (outside ? ", farther apart than a two-finger scroll's \(box)" : "")
                + ": libinput took touch \(c.newest) for a thumb"
        case .close:
            return came + ", and " + pair + ", within \(box), as close as fingers scrolling together: "
                + "libinput's thumb rules count them as fingers" + letGo
        case .soon:
            return came
                + ", within \(n(ThumbContext.timeout)) ms, and the lowest (touch \(c.lowest)) is above the line at "
                + "\(mm(lines.lower.mm)) mm (\(n(rules.thumbExclusionLine * 100)) %): libinput's thumb rules count "
                + "them all as fingers, as for a tap or click of several"
                + letGo
        case .farBelow:
            return came + ", and " + pair + ", more than \(below) it: libinput took touch \(c.lowest) for a thumb"
                + (pinched ? " that may still pinch" : "")
        case .notFarBelow:
            return came + ", and " + pair + ": neither within \(box) nor \(below) it, so libinput's "
                + "thumb rules count them as fingers" + letGo
        }
    }
}
