import Foundation

extension GeteventFormat: RecordingWriter {
    /// A code's name, or its number as getevent prints a code it has no name for.
    static func label(type: UInt16, code: UInt16) -> String {
        Evdev.codeNames[type]?[code] ?? String(format: "%04x", code)
    }

    /// A device as `getevent -lp` prints it (named by ``DescriptionSource/writtenNode``), for a
    /// recording as `getevent -lt DEVICE` prints it
    /// (``RecordingWriter``); its frames' times count from 0 s.
    public static func header(_ recording: Recording) -> String {
        let d = recording.device
        var out = "add device 1: \(d.source.writtenNode)\n"
        out += String(
            format: "  bus:      %04x\n  vendor    %04x\n  product   %04x\n  version   %04x\n", d.bustype, d.vendor,
            d.product, d.version)
        out += "  name:     \"\(d.name)\"\n  events:\n"
        let tags: [UInt16: String] = [
            Evdev.EV_KEY: "KEY", Evdev.EV_REL: "REL", Evdev.EV_ABS: "ABS", Evdev.EV_MSC: "MSC", Evdev.EV_LED: "LED",
            Evdev.EV_SND: "SND", Evdev.EV_SW: "SW ", Evdev.EV_REP: "REP", Evdev.EV_FF: "FF ",
        ]
        for type in d.codes.keys.sorted() where type != Evdev.EV_SYN {
            guard let codes = d.codes[type], !codes.isEmpty else { continue }
            out += String(format: "    %@ (%04x):", tags[type] ?? "???", type)
            for (i, code) in codes.sorted().enumerated() {
                if i > 0 && (type == Evdev.EV_ABS || i % 4 == 0) { out += "\n               " }
                let name = label(type: type, code: code)
                out += " " + name.padding(toLength: max(name.count, 21), withPad: " ", startingAt: 0)
                if type == Evdev.EV_ABS, let a = d.absinfo[code] {
                    out +=
                        ": value \(a.value), min \(a.minimum), max \(a.maximum), fuzz \(a.fuzz), flat \(a.flat), "
                        + "resolution \(a.resolution)"
                }
            }
            out += "\n"
        }
        out += "  input props:\n"
        out +=
            d.properties.isEmpty
            ? "    <none>\n" : d.properties.sorted().map { "    \(Evdev.propertyName($0))\n" }.joined()
        return out
    }

    /// One frame's lines as `getevent -lt` prints them.
    public static func frameText(_ frame: EvdevFrame) -> String {
        var out = ""
        let stamp = "[\(FixedWidth.spaced(frame.time / 1_000_000, 8)).\(FixedWidth.zeroed(frame.time % 1_000_000, 6))] "
        for e in frame.events {
            let type = Evdev.typeNames[e.type] ?? FixedWidth.hex(e.type, 4),
                code = label(type: e.type, code: e.code)
            let value =
                e.type == Evdev.EV_KEY && (0...2).contains(e.value)
                ? ["UP", "DOWN", "REPEAT"][Int(e.value)]
                : FixedWidth.hex(e.value, 8)
            out +=
                stamp + FixedWidth.left(type, 12) + " " + FixedWidth.left(code, 20) + " " + FixedWidth.left(value, 20)
                + "\n"
        }
        return out
    }
}
