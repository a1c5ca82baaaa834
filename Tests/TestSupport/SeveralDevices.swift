import Foundation
import Recordings

extension Fixtures {
    /// The bundled keyboard's typing (`keyboard/typing.evemu`).
    public static var typing: String { directory.appendingPathComponent("keyboard/typing.evemu").path }

    /// A `libinput record` of several devices, as `libinput record /dev/input/event0
    /// /dev/input/event1` writes one: the first at event0, the next at event1 and so on, each
    /// frame's time as given, on the file's one clock.
    public static func libinputRecord(_ first: Recording, _ others: Recording...) -> String {
        libinputRecord(first, others: others)
    }

    /// ``libinputRecord(_:_:)`` of `first` and the array `others`.
    public static func libinputRecord(_ first: Recording, others: [Recording]) -> String {
        let one = LibinputRecordFormat.write(first).components(separatedBy: "\ndevices:\n")
        let rest = others.enumerated().map { index, other in
            (LibinputRecordFormat.header(device: other.device, node: "/dev/input/event\(index + 1)")
                + other.frames.map(LibinputRecordFormat.frameText).joined()).components(separatedBy: "\ndevices:\n")[1]
        }
        return one[0].replacingOccurrences(of: "ndevices: 1", with: "ndevices: \(1 + others.count)") + "\ndevices:\n"
            + one[1] + rest.joined()
    }

    /// A headphone jack's switch plugged in at 0: a device libinput takes none of.
    public static var headphoneJack: Recording {
        var jack = DeviceDescription(name: "Headphone Jack", bustype: 0, vendor: 0, product: 0, version: 0)
        jack.codes = [Evdev.EV_SYN: [0], Evdev.EV_SW: [0x02]]
        let plugged = [
            EvdevEvent(type: Evdev.EV_SW, code: 0x02, value: 1),
            EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0),
        ]
        return Recording(device: jack, frames: [EvdevFrame(time: 0, events: plugged)])
    }

    /// `recording` with every frame `micros` later.
    public static func delayed(_ recording: Recording, by micros: UInt64) -> Recording {
        var later = recording
        later.frames = recording.frames.map { EvdevFrame(time: $0.time + micros, events: $0.events) }
        return later
    }
}
