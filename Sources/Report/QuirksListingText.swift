import Quirks

/// `touchsynth quirks` output: the DMI matched against, the sections that matched, and each
/// quirk with the section that set it; or its JSON line (`quirksListing`, docs/json.md).
public enum QuirksListingText {
    public static func lines(_ listing: QuirksListing, recording: String) -> [String] {
        var lines = ["== \(recording): libinput \(listing.libinputVersion), matched as \(listing.dmi)"]
        if listing.sections.isEmpty { lines.append("no quirks section matches this device") }
        for section in listing.sections { lines.append("matches [\(section.name)] (\(section.file))") }
        for p in listing.properties { lines.append("  \(p.key)=\(p.value)  from [\(p.section)] (\(p.file))") }
        return lines
    }

    /// The JSON line.
    public struct Line: Encodable {
        var recording: String
        var libinputVersion: String
        var dmi: String
        var sections: [Section]
        var properties: [Property]

        struct Section: Encodable {
            var name: String
            var file: String
        }

        struct Property: Encodable {
            var key: String
            var value: String
            var section: String
            var file: String
        }

        public init(_ listing: QuirksListing, recording: String) {
            self.recording = recording
            libinputVersion = listing.libinputVersion
            dmi = listing.dmi
            sections = listing.sections.map { Section(name: $0.name, file: $0.file) }
            properties = listing.properties.map {
                Property(key: $0.key, value: $0.value, section: $0.section, file: $0.file)
            }
        }
    }
}
