/// The switches and LEDs a device's kernel state holds on as its recording began, by code.
///
/// Keys start up, whatever the header says, as every touch slot starts empty: no format keeps
/// the touches a held `BTN_TOUCH` goes with, and a key pressed on a uinput device with `EV_REP`
/// repeats into whatever has the focus.
public struct InitialState: Equatable, Sendable {
    public var switchesOn: Set<UInt16> = []
    public var ledsOn: Set<UInt16> = []

    public init(switchesOn: Set<UInt16> = [], ledsOn: Set<UInt16> = []) {
        self.switchesOn = switchesOn
        self.ledsOn = ledsOn
    }

    /// The codes on of `type` (EV_SW or EV_LED; none of another).
    public subscript(type: UInt16) -> Set<UInt16> {
        get { type == Evdev.EV_SW ? switchesOn : type == Evdev.EV_LED ? ledsOn : [] }
        set {
            if type == Evdev.EV_SW { switchesOn = newValue } else if type == Evdev.EV_LED { ledsOn = newValue }
        }
    }

    /// The types whose codes' state a device starts with.
    public static let types: [UInt16] = [Evdev.EV_SW, Evdev.EV_LED]

    /// Turns `code` of `type` on or off; a code of a type with no state kept (a key) changes nothing.
    mutating func set(_ code: UInt16, of type: UInt16, on: Bool) {
        guard Self.types.contains(type) else { return }
        if on { self[type].insert(code) } else { self[type].remove(code) }
    }
}

extension DeviceDescription {
    /// Takes in that code `code` of `type` was `on` as the recording began, read at `line` of
    /// `file`: refused for a code the device does not have, whose state no kernel would keep. A
    /// key's or sound's is checked, not kept.
    public mutating func setInitially(
        _ on: Bool, type: UInt16, code: UInt16, file: String, line: Int
    ) throws(RecordingError) {
        guard has(type: type, code: code) else {
            let name = Evdev.codeName(type: type, code: code)
            throw RecordingError.bad(file, line, "a state for \(name), which the device does not have")
        }
        initiallyOn.set(code, of: type, on: on)
    }
}
