/// What `evtest` and `evemu-record` print on stderr when no device is named (`scan_devices`,
/// evtest.c; `find_event_devices`, evemu's tools): a list of the event nodes and a prompt for one,
/// which a log pasted from a terminal, or captured with `2>&1`, begins with.
enum DeviceChooser {
    /// What of `line` is left to read once the chooser's part is passed over: "" for one of its
    /// lines, or for its prompt with the number typed as a terminal echoes it; after the prompt,
    /// the line the tool printed next, which a capture to a file (no echo) joins to it; nil for a
    /// line of no chooser.
    static func remainder(of line: String) -> Substring? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("No device specified, trying to scan all of ")
            || trimmed == "Not running as root, no devices may be available." || trimmed == "Available devices:"
            || trimmed.wholeMatch(of: /\/dev\/input\/event[0-9]+:\t.*/) != nil
        {
            return ""
        }
        guard let prompt = line.prefixMatch(of: #/Select the device event number \[0-[0-9]+\]: /#) else { return nil }
        let rest = line[prompt.range.upperBound...]
        return rest.allSatisfy { $0.isNumber || $0 == " " } ? "" : rest
    }

    /// What reading says of the chooser's `lines`, passed over: none for none.
    static func note(_ lines: [Int]) -> [String] {
        guard let first = lines.first, let last = lines.last else { return [] }
        return [
            (first == last ? "line \(first)" : "lines \(first)–\(last)")
                + ": the device chooser evtest and evemu-record print when no device is named: passed over"
        ]
    }
}
