/// The quirks libinput applies to a device, as `libinput quirks list --verbose` says (the
/// harness runs that version's own tool against a recording's mocked device: `Replays`).
public struct QuirksListing: Equatable, Sendable {
    /// A section that matched the device whole, and the file it is in.
    public struct Section: Equatable, Sendable {
        public var name: String
        public var file: String
    }

    /// A quirk libinput applies, its value, and the section that set it (the last to match).
    public struct Property: Equatable, Sendable {
        public var key: String
        public var value: String
        public var section: String
        public var file: String
    }

    /// The DMI modalias the device was matched against: `dmi:*` when the recording names none.
    public var dmi: String
    /// The libinput version whose tool and quirks were used.
    public var libinputVersion: String
    public var sections: [Section] = []
    public var properties: [Property] = []
    /// What reading the recording guessed or repaired (a log's device inferred from its events).
    public var notes: [String] = []
    /// The quirks the recording machine's libinput applied that are not applied here
    /// (``notApplied(_:)``); empty where the recording lists none.
    public var recordedNotApplied: [String] = []

    /// Of `recorded`, the quirks the recording machine's libinput applied (`KEY=VALUE`, as
    /// `libinput record` lists them), those not applied here with that value: another machine's
    /// local overrides, or another version's quirks files.
    public func notApplied(_ recorded: [String]) -> [String] {
        let here = Set(properties.map { "\($0.key)=\($0.value)" })
        let keys = Set(properties.map(\.key))
        return recorded.filter { quirk in
            // A whole event type is printed nameless there as here: the key says enough.
            !here.contains(quirk)
                && !(Self.namesNoEventType(quirk) && keys.contains(String(quirk.prefix { $0 != "=" })))
        }
    }

    /// Whether `text`, a quirk's value as libinput's tools print it (`libinput quirks`, `libinput
    /// record`), holds an event type disabled or enabled whole (`AttrEventCodeDisable=EV_ABS`),
    /// which they print as `(null)`, libevdev having no name for it.
    public static func namesNoEventType(_ text: String) -> Bool { text.contains("(null)") }

    /// The quirks listed, as ``LibinputQuirks`` holds those that change what a touch means.
    public var quirks: LibinputQuirks { LibinputQuirks(attributes: properties.map { ($0.key, $0.value) }) }

    /// The tool's output read: each section that is a full match, each property it adds (a later
    /// one replacing an earlier of the same key, as libinput applies them). `original` names a
    /// file of the folder the tool read as the user knows it.
    public init(text: String, dmi: String, version: String, original: (String) -> String = { $0 }) {
        self.dmi = dmi
        libinputVersion = version
        var values: [String: String] = [:]
        // Made once: a literal in the loop is compiled again for each line, a tenth of a
        // millisecond each, and a quirks file of many sections lists several lines for each.
        let fullMatch = /quirks debug: \[(.*)\] \((.*)\) is full match/
        let added = /quirks debug: property added: (\S+) from \[(.*)\] \((.*)\)/
        let value = /([A-Z][A-Za-z0-9]+)=(.*)/
        for line in text.split(separator: "\n") {
            if let m = line.wholeMatch(of: fullMatch) {
                sections.append(Section(name: String(m.1), file: original(String(m.2))))
            } else if let m = line.wholeMatch(of: added) {
                properties.removeAll { $0.key == m.1 }
                properties.append(
                    Property(key: String(m.1), value: "", section: String(m.2), file: original(String(m.3))))
            } else if let m = line.wholeMatch(of: value) {
                values[String(m.1)] = String(m.2)
            }
        }
        for index in properties.indices { properties[index].value = values[properties[index].key] ?? "" }
    }
}

extension QuirksListing {
    /// The quirk that takes an event code `matches` away from the device (codes as libevdev names
    /// them: `EV_ABS`, `ABS_MT_TOUCH_MAJOR`): `AttrEventCodeDisable` listing it, or from 1.23
    /// `AttrEventCode` listing it with `-`.
    public func takingAway(where matches: (Substring) -> Bool) -> Property? {
        properties.first { property in
            let codes = property.value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces)[...] }
            return switch property.key {
            case "AttrEventCodeDisable": codes.contains(where: matches)
            case "AttrEventCode": codes.contains { $0.hasPrefix("-") && matches($0.dropFirst()) }
            default: false
            }
        }
    }
}

extension QuirksListing {
    /// Whether the listing sets the model quirk `name` (`ModelAppleTouchpad=1`).
    public func setsModel(_ name: String) -> Bool {
        properties.contains { $0.key == name && $0.value == "1" }
    }

    /// The value of the attribute `name` as a whole number, from the last property that sets it.
    public func integer(_ name: String) -> Int? {
        properties.last { $0.key == name }.flatMap { Int($0.value) }
    }
}
