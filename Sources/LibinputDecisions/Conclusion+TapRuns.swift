/// A sequence whose tap machine ran more than once (a palm resting while a finger taps twice):
/// one run speaks for the taps, and the line tells what the others made.
extension Conclusion {
    /// The run that speaks for the sequence's taps: the last that dragged, else the last that
    /// tapped, else the last that sent a tap leaving `TOUCH_3_RELEASE_2`, else the last the machine
    /// ran at all; ``TapAnalysis/none`` when it never ran.
    var taps: TapAnalysis { tapRuns.isEmpty ? .none : tapRuns[speaking] }

    /// How many runs sent a tap, which a tap's line counts.
    var tapCount: Int { tapRuns.filter { $0.tapFingers != nil }.count }

    /// `2 taps, the last by touch 2`; with their kinds where one was of several fingers:
    /// `2 taps (a 2-finger tap, then a tap), the last by touch 3`.
    var tapsCounted: String {
        let fingers = tapRuns.compactMap(\.tapFingers)
        let kinds =
            fingers.allSatisfy { $0 <= 1 }
            ? "" : " (" + fingers.map { "a \(Self.fingersWord($0))tap" }.joined(separator: ", then ") + ")"
        return "\(fingers.count) taps\(kinds), the last by \(SequenceAnalysis.touches(taps.touches))"
    }

    /// The first tap a run sent as the machine left `TOUCH_3_RELEASE_2`, and its fingers.
    var tapSentLeavingThreeReleased: (decision: LibinputDecision, fingers: Int)? {
        tapRuns.lazy.compactMap(\.sentLate).first
    }

    /// `2-finger ` for a tap of several fingers; nothing for one finger's.
    static func fingersWord(_ fingers: Int) -> String { fingers > 1 ? "\(fingers)-finger " : "" }

    private var speaking: Int {
        tapRuns.lastIndex { $0.afterTap == .drag } ?? tapRuns.lastIndex { $0.logged == .tap }
            ?? tapRuns.lastIndex { $0.sentLate != nil } ?? tapRuns.lastIndex { $0.logged != nil }
            ?? tapRuns.count - 1
    }

    /// What the other runs made, before or after the one that speaks: a run that made no tap and
    /// why, and, beside a drag, a tap or drag of its own (taps beside a tap are counted with it).
    /// A run a drag follows is that drag's tap, or the drag a lock kept: the drag tells it.
    var otherTapRuns: String {
        guard tapRuns.count > 1 else { return "" }
        let speaker = speaking
        let dragging = tapRuns[speaker].afterTap == .drag
        return tapRuns.indices.compactMap { index -> String? in
            let run = tapRuns[index]
            guard index != speaker, index + 1 == tapRuns.count || tapRuns[index + 1].afterTap != .drag else {
                return nil
            }
            let when = index < speaker ? "before it" : "after it"
            let who = SequenceAnalysis.touches(run.touches)
            if let why = run.whyNoTap { return "; \(when), \(who) made no tap, because \(why)" }
            guard dragging else { return nil }
            if run.afterTap == .drag { return "; \(when), \(who) made a tap-and-drag" }
            return run.tapFingers.map { "; \(when), \(who) made a \(Self.fingersWord($0))tap" }
        }.joined()
    }
}
