import Foundation
import Recordings

extension Fixtures {
    /// The bundled keyboard's typing (`keyboard/typing.evemu`).
    public static var typing: String { directory.appendingPathComponent("keyboard/typing.evemu").path }

    /// A `libinput record` of two devices, as `libinput record /dev/input/event0 /dev/input/event1`
    /// writes one: `first` at event0 and `second` at event1, each frame's time as given, on the
    /// file's one clock.
    public static func libinputRecord(_ first: Recording, _ second: Recording) -> String {
        let one = LibinputRecordFormat.write(first).components(separatedBy: "\ndevices:\n")
        let other = LibinputRecordFormat.write(second, node: "/dev/input/event1").components(
            separatedBy: "\ndevices:\n")
        return one[0].replacingOccurrences(of: "ndevices: 1", with: "ndevices: 2") + "\ndevices:\n" + one[1] + other[1]
    }

    /// `recording` with every frame `micros` later.
    public static func delayed(_ recording: Recording, by micros: UInt64) -> Recording {
        var later = recording
        later.frames = recording.frames.map { EvdevFrame(time: $0.time + micros, events: $0.events) }
        return later
    }
}
