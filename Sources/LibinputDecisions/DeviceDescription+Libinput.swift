import Quirks
import Recordings

/// How libinput reads a pad, as the rules of one version (``RuleBook``) say: what the synthesizer
/// and explain both ask.
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

    /// Whether libinput `version` reads this pad's contacts, sent with the multitouch protocol
    /// without slots, through its mtdev plugin (``RuleBook/readsThroughMtdev(_:)``): from 1.29;
    /// before, it reads ABS_X and ABS_Y alone.
    public func libinputReadsThroughMtdev(version: String) -> Bool {
        RuleBook(version: version).readsThroughMtdev(self)
    }

    /// The device with the resolutions libinput measures it by: a touchpad that reports no
    /// resolution takes `hints`' `AttrResolutionHint` (units per mm), else its `AttrSizeHint`
    /// (mm), each pair of position axes by its own range (`evdev_fix_abs_resolution` in
    /// src/evdev.c), else 69 × 50 mm of the axes it measures by, on all four
    /// (`tp_init_default_resolution` in src/evdev-mt-touchpad.c), dividing a range that from 1.25
    /// counts both its ends.
    public func withLibinputResolution(_ hints: LibinputQuirks, rangeIncludesBothEnds: Bool) -> DeviceDescription {
        let pairs = [(Evdev.ABS_X, Evdev.ABS_Y), (Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y)].compactMap {
            codes -> (codes: (UInt16, UInt16), x: AbsInfo, y: AbsInfo)? in
            guard let x = absinfo[codes.0], let y = absinfo[codes.1] else { return nil }
            return (codes, x, y)
        }
        func ranges(_ pair: (codes: (UInt16, UInt16), x: AbsInfo, y: AbsInfo)) -> (x: Int, y: Int) {
            (Int(pair.x.maximum) - Int(pair.x.minimum), Int(pair.y.maximum) - Int(pair.y.minimum))
        }
        let unresolved = pairs.filter { $0.x.resolution == 0 && $0.y.resolution == 0 }
        guard let measured = pairs.last, !unresolved.isEmpty else { return self }
        let hinted = hints.resolutionHint != nil || hints.sizeHint != nil
        var copy = self
        for pair in hinted ? unresolved : pairs {
            let assumed = AssumedResolution.unitsPerMM(
                ranges: ranges(hinted ? pair : measured), resolutionHint: hints.resolutionHint,
                sizeHint: hints.sizeHint, rangeIncludesBothEnds: rangeIncludesBothEnds)
            copy.absinfo[pair.codes.0]?.resolution = Int32(assumed.x)
            copy.absinfo[pair.codes.1]?.resolution = Int32(assumed.y)
        }
        return copy
    }
}
