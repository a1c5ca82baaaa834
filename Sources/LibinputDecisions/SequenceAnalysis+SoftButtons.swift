import Recordings

extension SequenceAnalysis {
    /// A stretch of frames in which a touch rested on a clickpad's software button: libinput's
    /// gesture machine and pointer count no finger for it there (`tp_button_touch_active`: its
    /// button state is `BUTTON_STATE_AREA`, or it has moved).
    struct SoftButtonRest {
        var slot: Int
        var frames: ClosedRange<Int>
    }

    /// Whether `touch` rested on a software button until it lifted: no finger to libinput then.
    func restsUntilItLifts(_ touch: TouchSummary) -> Bool {
        guard let track = sequence.begunTracks.first(where: { $0.isTrack(of: touch) }) else { return false }
        let last = track.points[track.points.count - 1].frame
        return softButtons.contains { $0.slot == touch.touch && $0.frames.upperBound == last }
    }

    /// Each begun touch's rests on a software button, by its button machine's log and its moves.
    /// A touch has moved once it is 5 mm from where it began while on a bottom button
    /// (`tp_button_check_for_movement`), or when another that began within 80 ms of it moved so
    /// or went from a bottom button to the main area: the two are one gesture's fingers
    /// (`tp_button_release_other_bottom_touches`).
    static func softButtonRests(in analysis: SequenceAnalysis) -> [SoftButtonRest] {
        let buttons = analysis.decisions(of: .button)
        let tracks = analysis.sequence.begunTracks
        let stretches = tracks.map { track in
            let first = track.points[0].frame, last = track.points[track.points.count - 1].frame
            let states = buttons.filter { $0.touch == track.slot }.compactMap { d -> (frame: Int, state: String)? in
                guard let frame = GestureAnalysis.frame(of: d, in: analysis), (first...last) ~= frame else {
                    return nil
                }
                return (frame, LibinputDecision.short(d.to))
            }
            // Several decisions at one frame leave the last one's state there.
            return states.indices.compactMap { i -> (state: String, frames: ClosedRange<Int>)? in
                let end = i + 1 < states.count ? states[i + 1].frame - 1 : last
                return end >= states[i].frame ? (states[i].state, states[i].frame...end) : nil
            }
        }
        func onBottom(_ t: Int, at frame: Int) -> Bool {
            stretches[t].contains { $0.state == "BOTTOM" && $0.frames ~= frame }
        }
        // The frame each track moved 5 mm on a bottom button, and each it left one for the main area.
        let ownMoves = tracks.indices.map { t in
            stretches[t].lazy.filter { $0.state == "BOTTOM" }.compactMap { stretch in
                stretch.frames.first { f in
                    let points = tracks[t].points
                    return points[f - points[0].frame].mm.distance(to: points[0].mm) > analysis.rules.softButtonMove
                }
            }.first
        }
        let toArea = tracks.indices.map { t in
            zip(stretches[t], stretches[t].dropFirst()).filter { $0.state == "BOTTOM" && $1.state == "AREA" }
                .map(\.1.frames.lowerBound)
        }
        var moved = ownMoves.enumerated().map { t, own in own ?? tracks[t].points[tracks[t].points.count - 1].frame + 1
        }
        let window = UInt64(80_000)
        for t in tracks.indices {
            for frame in ([ownMoves[t]].compactMap { $0 } + toArea[t]) {
                let began = tracks[t].points[0].time
                for u in tracks.indices where u != t && onBottom(u, at: frame) && moved[u] > frame {
                    let other = tracks[u].points[0].time
                    if max(began, other) - min(began, other) <= window { moved[u] = frame }
                }
            }
        }
        return tracks.indices.flatMap { t in
            stretches[t].compactMap { stretch -> SoftButtonRest? in
                guard !["AREA", "NONE"].contains(stretch.state), stretch.frames.lowerBound < moved[t] else {
                    return nil
                }
                return SoftButtonRest(
                    slot: tracks[t].slot,
                    frames: stretch.frames.lowerBound...min(stretch.frames.upperBound, moved[t] - 1))
            }
        }
    }
}
