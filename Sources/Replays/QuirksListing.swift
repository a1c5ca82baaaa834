import MockedDevices

/// The quirks libinput applies to a recording's device, as `libinput quirks list --verbose`
/// says on the recording's machine: that libinput version's own tool, run against the mocked
/// device with the machine's DMI and any quirks files tried (``ReplayOptions/quirks``).
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

    /// Lists the quirks of `source`'s device on `options`' libinput version, DMI and quirks files.
    public static func list(_ source: ReplaySource, options: ReplayOptions = ReplayOptions()) throws(HarnessError)
        -> QuirksListing
    {
        try MockedDevice.holdingSignals { () throws(HarnessError) -> QuirksListing in
            let device = try MockedDevice.make(source, eventNumber: 10, udevProperties: options.udevProperties)
            device.libinput = options.libinput
            device.quirks = options.quirks
            if let dmi = options.dmi { device.dmi = dmi }
            let tool = options.libinput.libexecDirectory + "/libinput-quirks"
            let (status, text) = try device.output(of: [
                tool, "list", "--verbose", "--data-dir", try device.quirksDirectory(), device.devnode,
            ])
            guard status == 0 else {
                throw HarnessError(
                    .programFailed, "\(tool) failed (status \(status)): \(text.split(separator: "\n").last ?? "")",
                    programStatus: status)
            }
            return QuirksListing(
                text: text, dmi: device.dmi ?? "dmi:*", version: options.libinput.version, copies: options.quirks)
        }
    }

    /// The tool's output read: each section that is a full match, each property it adds (a later
    /// one replacing an earlier of the same key, as libinput applies them). `copies` are the
    /// files tried, whose copies in the quirks folder are named back to them.
    init(text: String, dmi: String, version: String, copies: [String]) {
        self.dmi = dmi
        libinputVersion = version
        func original(_ file: String) -> String {
            guard file.hasPrefix(DeviceQuirks.copyPrefix) else { return file }
            return copies.indices.first { DeviceQuirks.copyName($0, copies[$0]) == file }.map { copies[$0] } ?? file
        }
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            if let m = line.wholeMatch(of: /quirks debug: \[(.*)\] \((.*)\) is full match/) {
                sections.append(Section(name: String(m.1), file: original(String(m.2))))
            } else if let m = line.wholeMatch(of: /quirks debug: property added: (\S+) from \[(.*)\] \((.*)\)/) {
                properties.removeAll { $0.key == m.1 }
                properties.append(Property(key: String(m.1), value: "", section: String(m.2), file: original(String(m.3))))
            } else if let m = line.wholeMatch(of: /([A-Z][A-Za-z]+)=(.*)/) {
                values[String(m.1)] = String(m.2)
            }
        }
        for index in properties.indices { properties[index].value = values[properties[index].key] ?? "" }
    }
}
