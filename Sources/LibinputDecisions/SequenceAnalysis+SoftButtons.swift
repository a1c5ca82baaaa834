import Recordings

extension SequenceAnalysis {
    /// A stretch of frames in which a touch rested on a clickpad's software button: libinput's
    /// gesture machine and pointer count no finger for it there (`tp_button_touch_active`: its
    /// button state is `BUTTON_STATE_AREA`, or it has moved).
    struct SoftButtonRest {
        var slot: Int
        var frames: ClosedRange<Int>
    }

    /// Each begun touch's rests on a software button, by its button machine's log and its moves:
    /// a touch has moved once it is 5 mm from where it began while on a bottom button, and stays
    /// so (`tp_button_check_for_movement`).
    static func softButtonRests(in analysis: SequenceAnalysis) -> [SoftButtonRest] {
        let buttons = analysis.decisions(of: .button)
        return analysis.sequence.begunTracks.flatMap { track -> [SoftButtonRest] in
            let first = track.points[0].frame, last = track.points[track.points.count - 1].frame
            let states = buttons.filter { $0.touch == track.slot }.compactMap { d -> (frame: Int, state: String)? in
                guard let frame = GestureAnalysis.frame(of: d, in: analysis), (first...last) ~= frame else {
                    return nil
                }
                return (frame, LibinputDecision.short(d.to))
            }
            // Several decisions at one frame leave the last one's state there.
            let stretches = states.indices.compactMap { i -> (state: String, frames: ClosedRange<Int>)? in
                let end = i + 1 < states.count ? states[i + 1].frame - 1 : last
                return end >= states[i].frame ? (states[i].state, states[i].frame...end) : nil
            }
            let moved =
                stretches.lazy.filter { $0.state == "BOTTOM" }.compactMap { stretch in
                    stretch.frames.first { f in
                        track.points[f - first].mm.distance(to: track.points[0].mm) > analysis.rules.softButtonMove
                    }
                }.first ?? last + 1
            return stretches.compactMap { stretch in
                guard !["AREA", "NONE"].contains(stretch.state), stretch.frames.lowerBound < moved else { return nil }
                return SoftButtonRest(
                    slot: track.slot, frames: stretch.frames.lowerBound...min(stretch.frames.upperBound, moved - 1))
            }
        }
    }
}
