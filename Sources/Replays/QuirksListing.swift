import MockedDevices
import Quirks
import Recordings

extension QuirksListing {
    /// Lists the quirks of `source`'s device as `libinput quirks list --verbose` says on the
    /// recording's machine: `options`' libinput version's own tool, run against the mocked device
    /// with the recording's DMI (or ``ReplayOptions/dmi``) and the quirks files tried.
    public static func list(
        _ source: ReplaySource, options: ReplayOptions = ReplayOptions()
    ) throws(HarnessError)
        -> QuirksListing
    {
        try MockedDevice.holdingSignals { () throws(HarnessError) -> QuirksListing in
            let device = try MockedDevice.make(
                source, eventNumber: ReplayOptions.deviceNumber, udevProperties: options.udevProperties)
            device.libinput = options.libinput
            device.quirks = options.quirks
            if let dmi = options.dmi { device.dmi = dmi }
            let (status, text) = try device.quirksToolOutput()
            guard status == 0 else {
                var refusal = QuirksRefusal(files: options.quirks)
                for line in text.split(separator: "\n") { _ = refusal.read(String(line)) }
                if refusal.refused {
                    throw HarnessError(
                        .quirksRefused,
                        refusal.message(version: options.libinput.version, folder: try device.quirksDirectory()))
                }
                throw HarnessError(
                    .programFailed,
                    "\(device.quirksTool) failed (status \(status)): \(text.split(separator: "\n").last ?? "")",
                    programStatus: status)
            }
            // The copies of the files tried are named back to them.
            let copies = options.quirks
            var listing = QuirksListing(text: text, dmi: device.dmi ?? "dmi:*", version: options.libinput.version) {
                file in
                copies.indices.first { DeviceQuirks.copyName($0, copies[$0]) == file }.map { copies[$0] } ?? file
            }
            listing.notes = device.notes
            // A value naming no event type (``QuirksListing/namesNoEventType(_:)``) is read from its file.
            let directory = try device.quirksDirectory()
            for index in listing.properties.indices where Self.namesNoEventType(listing.properties[index].value) {
                let property = listing.properties[index]
                // A file tried is read from its copy, which libinput read: it may be a pipe, read once.
                let copy = copies.firstIndex(of: property.file).map { DeviceQuirks.copyName($0, copies[$0]) }
                let path =
                    copy.map { directory + "/" + $0 }
                    ?? (property.file.contains("/") ? property.file : directory + "/" + property.file)
                if let file = try? String(contentsOfFile: path, encoding: .utf8),
                    let value = QuirksFileCheck.value(ofKey: property.key, inSection: "[\(property.section)]", of: file)
                {
                    listing.properties[index].value = value
                }
            }
            listing.recordedNotApplied = listing.notApplied(device.device.source.recordedQuirks)
            return listing
        }
    }

}

extension LibinputQuirks {
    /// The quirks a replay of `recording` with `options` applies: as its libinput version lists
    /// them where quirks files are tried (their changes among them), else from that version's own
    /// quirks folder.
    public static func applied(to recording: Recording, options: ReplayOptions) throws(HarnessError) -> LibinputQuirks {
        guard !options.quirks.isEmpty else {
            return load(for: recording.device, directory: options.libinput.quirksDirectory)
        }
        return try QuirksListing.list(.recording(recording), options: options).quirks
    }
}
