import LibinputEvents
import Recordings

/// The events of a `--json` capture file; a missing (66), unreadable (77) or malformed (65,
/// with file and line) file ends the program with a one-line error.
func loadEventStream(_ path: String) throws -> [LibinputEvent] {
    try { () throws(RecordingError) in
        try RecordingOrCapture.events(
            fromJSONLines: try readText(path, of: "a libinput capture", mayBeLong: true), file: path)
    }()
}
