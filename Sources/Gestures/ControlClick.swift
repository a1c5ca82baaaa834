import AppEvents

extension ButtonMask {
    /// The buttons a press counts as when control + primary click counts as secondary, as
    /// WWDC20 10094 "Handle trackpad and mouse input" advises apps to do (`treatsControlClickAsSecondary`
    /// of the tap and the context menu).
    func countingControlClickAsSecondary(_ flags: ModifierFlags) -> ButtonMask {
        self == .primary && flags.contains(.control) ? .secondary : self
    }
}
