import Foundation
import Recordings

/// The quirks a `libinput record` file lists of its device (the recording machine's) as a quirks
/// file, as `libinput replay` applies them (`create_device_quirk`, tools/libinput-replay.py): one
/// section matching the device by name, vendor and product, holding every quirk listed.
public enum RecordedQuirksFile {
    /// The file's text for `device`, read from `file`, without its last line's end (as a command
    /// prints a line); bad data when the file lists no quirks, or none that libinput would read.
    /// A quirk libinput record could not print (`(null)` for a whole event type) is left out,
    /// said in a comment.
    public static func text(for device: DeviceDescription, file: String) throws(RecordingError) -> String {
        let quirks = device.source.recordedQuirks
        guard !quirks.isEmpty else {
            throw RecordingError(.badData, file: file, "lists no quirks (a libinput record file lists its machine's)")
        }
        let unreadable = quirks.filter(QuirksListing.namesNoEventType)
        let text =
            "# The quirks libinput applied on the machine that recorded the device\n"
            + unreadable.map { "# left out, as libinput record could not say its event type: \($0)\n" }.joined()
            + "[TouchSynth recorded quirks]\nMatchName=\(matchable(device.name))\n"
            + String(format: "MatchVendor=0x%04X\nMatchProduct=0x%04X\n", device.vendor, device.product)
            + quirks.filter { !unreadable.contains($0) }.joined(separator: "\n")
        if let problem = QuirksFileCheck.problem(in: text + "\n", path: "the recorded quirks") {
            throw RecordingError(.badData, file: file, "its quirks make no file libinput reads: \(problem)")
        }
        return text
    }

    /// `name` as a `MatchName` glob (fnmatch) that libinput's parser reads: a character it would
    /// take for a comment, a separator or a glob, and a space at either end, each matched by `?`.
    static func matchable(_ name: String) -> String {
        var characters = name.map { "#=*?[]\\".contains($0) ? "?" : $0 }
        for index in [characters.startIndex, characters.endIndex - 1] where characters.indices.contains(index) {
            if characters[index] == " " || characters[index] == "\t" { characters[index] = "?" }
        }
        return String(characters)
    }
}
