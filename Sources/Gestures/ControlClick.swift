import AppEvents

extension ButtonMask {
    /// The buttons a press counts as when control + primary click counts as secondary, as
    /// WWDC20 10094 "Handle trackpad and mouse input" advises apps to do (`treatsControlClickAsSecondary`
    /// of the tap and the context menu): control alone, as the talk's sample asks
    /// (`event.modifierFlags == .control`), so control with shift, or with caps lock on, is not.
    func countingControlClickAsSecondary(_ flags: ModifierFlags) -> ButtonMask {
        self == .primary && flags == .control ? .secondary : self
    }
}
