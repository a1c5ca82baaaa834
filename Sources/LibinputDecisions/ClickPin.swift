import Recordings

extension SequenceAnalysis {
    /// How long the pointer stands still after a press before explain says why: a shorter pin
    /// goes unnoticed, in microseconds.
    static let noticeablyStill: UInt64 = 100_000

    /// Why the pointer stood still after a clickpad's press: libinput pins every touch where the
    /// button went down, so that the pressing finger does not move the pointer, and lets each go
    /// once it has moved ``RuleBook/unpinDistance`` from there (`tp_pin_fingers`,
    /// `tp_unpin_finger`), as ``PointerMotion`` counts the touches. Said for the first press, of
    /// a touch let go ``noticeablyStill`` or more after it, when libinput sent no motion between
    /// and some after. Empty otherwise.
    var clickPin: String {
        guard let press = firstButtonPress else { return "" }
        var pad = PointerMotion.Counting(self)
        pad.advance(to: sequence.frames.upperBound)
        let frames = recording.frames
        for letGo in pad.letGo where letGo.pinned == press {
            let (pinned, moved) = (frames[letGo.pinned].time, frames[letGo.frame].time)
            guard moved - pinned >= Self.noticeablyStill, !motion.contains(where: { (pinned..<moved) ~= $0.time }),
                motion.contains(where: { $0.time >= moved })
            else { continue }
            let slot = sequence.tracks[letGo.track].slot
            return "; the press pinned touch \(slot) where it was: libinput moves no pointer with a pinned touch "
                + "until it has moved \(Self.mm(rules.unpinDistance)) mm from there, which touch \(slot) did "
                + "\(Self.ms(Double(moved - pinned) / 1000)) ms later (\(rules.unpin))"
        }
        return ""
    }
}

extension SequenceAnalysis {
    /// Why a hold ended at a clickpad's press: the press pinned every touch, and libinput's
    /// gesture machine counts no pinned touch (`tp_touch_active_for_gesture`), so no finger was
    /// left holding and it ended the hold. Said when its log leaves a hold in the frame of the
    /// first press; nil otherwise.
    var holdEndedByPress: String? {
        guard let press = firstButtonPress, recording.device.has(property: Evdev.INPUT_PROP_BUTTONPAD),
            decisions(of: .gesture).contains(where: { decision in
                ["HOLD", "HOLD_AND_MOTION"].contains(LibinputDecision.short(decision.from))
                    && GestureAnalysis.frame(of: decision, in: self) == press
            })
        else { return nil }
        return "ended by the press: a clickpad's press pins every touch where it is, and libinput's gesture "
            + "machine counts no pinned touch, so no finger was left holding; \(rules.clickPinning)"
    }
}
