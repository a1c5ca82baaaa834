import Foundation
import Recordings

/// The quirks a `libinput record` file lists of its device (the recording machine's) as a quirks
/// file, as `libinput replay` applies them (`create_device_quirk`, tools/libinput-replay.py): one
/// section matching the device by name, vendor and product, holding every quirk listed.
public enum RecordedQuirksFile {
    /// The file's text for `device`, read from `file`, without its last line's end (as a command
    /// prints a line); bad data when the file lists no quirks.
    public static func text(for device: DeviceDescription, file: String) throws(RecordingError) -> String {
        guard !device.source.recordedQuirks.isEmpty else {
            throw RecordingError(.badData, file: file, "lists no quirks (a libinput record file lists its machine's)")
        }
        return "# The quirks libinput applied on the machine that recorded \(device.name)\n"
            + "[TouchSynth recorded \(device.name)]\nMatchName=\(device.name)\n"
            + String(format: "MatchVendor=0x%04X\nMatchProduct=0x%04X\n", device.vendor, device.product)
            + device.source.recordedQuirks.joined(separator: "\n")
    }
}
