import Quirks

/// `touchsynth quirks` output: the DMI matched against, the sections that matched, and each
/// quirk with the section that set it; or its JSON line (`quirksListing`, docs/json.md).
public enum QuirksListingText {
    public static func lines(_ listing: QuirksListing, recording: String) -> [String] {
        var lines = [
            FileHeader.line(recording) + ": libinput \(listing.libinputVersion), matched as \(listing.dmi)"
        ]
        if listing.sections.isEmpty { lines.append("no quirks section matches this device") }
        for section in listing.sections { lines.append("matches [\(section.name)] (\(section.file))") }
        for p in listing.properties { lines.append("  \(p.key)=\(p.value)  from [\(p.section)] (\(p.file))") }
        if let line = recordedLine(listing) { lines.append(line) }
        return lines
    }

    /// What the recording machine's libinput applied and this one does not, in a line; nil when nothing.
    public static func recordedLine(_ listing: QuirksListing) -> String? {
        guard !listing.recordedNotApplied.isEmpty else { return nil }
        return "not applied here, though the recording's machine applied "
            + (listing.recordedNotApplied.count == 1 ? "it" : "them") + ": "
            + listing.recordedNotApplied.joined(separator: ", ")
            + " (its local overrides, or its libinput's quirks files; `touchsynth quirks --recorded` writes the "
            + "recording's for --quirks)"
    }

    /// The JSON line.
    public struct Line: Encodable {
        var recording: String
        var libinputVersion: String
        var dmi: String
        var sections: [Section]
        var properties: [Property]
        var recordedNotApplied: [String]

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
            recordedNotApplied = listing.recordedNotApplied
        }
    }
}
