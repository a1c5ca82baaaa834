/// The keys, switches and LEDs a device's kernel state holds on, by code.
public struct InitialState: Equatable, Sendable {
    public var keysDown: Set<UInt16> = []
    public var switchesOn: Set<UInt16> = []
    public var ledsOn: Set<UInt16> = []

    public init(keysDown: Set<UInt16> = [], switchesOn: Set<UInt16> = [], ledsOn: Set<UInt16> = []) {
        self.keysDown = keysDown
        self.switchesOn = switchesOn
        self.ledsOn = ledsOn
    }

    /// The codes on of `type` (EV_KEY, EV_SW or EV_LED; none of another).
    public subscript(type: UInt16) -> Set<UInt16> {
        get {
            switch type {
            case Evdev.EV_KEY: keysDown
            case Evdev.EV_SW: switchesOn
            case Evdev.EV_LED: ledsOn
            default: []
            }
        }
        set {
            switch type {
            case Evdev.EV_KEY: keysDown = newValue
            case Evdev.EV_SW: switchesOn = newValue
            case Evdev.EV_LED: ledsOn = newValue
            default: break
            }
        }
    }

    /// The types whose codes have a state the kernel keeps and readers ask for.
    public static let types: [UInt16] = [Evdev.EV_KEY, Evdev.EV_SW, Evdev.EV_LED]
}

extension DeviceDescription {
    /// Takes in that code `code` of `type` was `on` as the recording began, read at `line` of
    /// `file`: refused for a code the device does not have, whose state no kernel would keep.
    public mutating func setInitially(
        _ on: Bool, type: UInt16, code: UInt16, file: String, line: Int
    ) throws(RecordingError) {
        guard has(type: type, code: code) else {
            let name = Evdev.codeName(type: type, code: code)
            throw RecordingError.bad(file, line, "a state for \(name), which the device does not have")
        }
        if on { initiallyOn[type].insert(code) } else { initiallyOn[type].remove(code) }
    }
}
