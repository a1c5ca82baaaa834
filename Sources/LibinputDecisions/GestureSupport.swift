import Recordings

extension DeviceDescription {
    /// Whether libinput `version` makes gestures on this pad (``RuleBook/hasGestures(_:)``: more
    /// than one slot, and not semi-MT); nil where that turns on a version not given: a protocol A
    /// pad, which libinput reads with one slot before 1.29 and with mtdev's ten after.
    public func libinputMakesGestures(version: String?) -> Bool? {
        guard let version else {
            // Without protocol A, no rule of the book turns on the version.
            return isProtocolA ? nil : RuleBook(version: LibinputChange.mtdevPlugin.release).hasGestures(self)
        }
        return RuleBook(version: version).hasGestures(self)
    }
}
