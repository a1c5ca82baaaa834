import Recordings

/// Touches that rested on a clickpad's software buttons, which libinput counts as fingers only
/// once they have moved (`tp_button_touch_active`).
extension Conclusion {
    /// Why nothing was reported of touches that each rested on a clickpad's software button and
    /// moved less than the 5 mm that makes such a touch a finger (`tp_button_touch_active`).
    var onSoftButtons: String? {
        guard analysis.reported.isEmpty, !touches.isEmpty else { return nil }
        let resting = touches.compactMap(restingOnSoftButton)
        guard resting.count == touches.count else { return nil }
        return "libinput reported nothing: " + resting.joined(separator: ", ") + "; " + softButtonRule
    }

    /// "touch 0 rested on the software button BOTTOM_M, moving 0.0 mm", for a touch that entered
    /// a clickpad's button area and rested there until it lifted
    /// (``SequenceAnalysis/softButtonRests(in:)``): not a finger to libinput.
    func restingOnSoftButton(_ touch: TouchSummary) -> String? {
        let entered = analysis.decisions(of: .button, touch: touch.touch).first {
            LibinputDecision.short($0.to) == "BOTTOM"
        }
        guard let entered, analysis.restsUntilItLifts(touch) else { return nil }
        let area = LibinputDecision.short(entered.event).replacingOccurrences(of: "IN_", with: "")
        return
            "touch \(touch.touch) rested on the software button \(area), moving \(SequenceAnalysis.mm(touch.travel)) mm"
    }

    var softButtonRule: String {
        "a touch there counts as a finger only once it has moved more than "
            + "\(SequenceAnalysis.number(analysis.rules.softButtonMove)) mm; \(analysis.rules.softButtonRelease)"
    }

    /// Touches that rested on a software button while others made what was reported: libinput
    /// counted them in no gesture (`tp_touch_active_for_gesture`).
    var softButtonRests: [String] {
        guard !analysis.reported.isEmpty, touches.count > 1 else { return [] }
        return touches.compactMap(restingOnSoftButton)
    }
}
