/// What `evtest` and `evemu-record` print on stderr when no device is named (`scan_devices`,
/// evtest.c; `find_event_devices`, evemu's tools): a list of the event nodes and a prompt for one,
/// which a log pasted from a terminal, or captured with `2>&1`, begins with.
enum DeviceChooser {
    /// Whether `line` (trimmed of spaces) is one of the chooser's lines, not the prompt.
    static func prints(_ line: String) -> Bool {
        line.hasPrefix("No device specified, trying to scan all of ")
            || line == "Not running as root, no devices may be available." || line == "Available devices:"
            || line.wholeMatch(of: /\/dev\/input\/event[0-9]+:\t.*/) != nil
    }

    /// After the chooser's prompt (`Select the device event number [0-5]: `), what the line goes on
    /// with: the number typed, as a terminal echoes it, or, captured to a file (which gets no
    /// echo), the next line the tool printed; nil for a line without the prompt.
    static func afterPrompt(_ line: String) -> Substring? {
        line.prefixMatch(of: #/Select the device event number \[0-[0-9]+\]: /#).map { line[$0.range.upperBound...] }
    }
}
