extension RecordingStream {
    /// Whether `text`, a file's last line without the line end a writer ends it with, is left
    /// out: cut where the file was, it may have lost digits, so anything but a whole SYN_REPORT
    /// is (`event` reads it; a line it cannot read is left out too). A comment loses nothing:
    /// `libinput record --autorestart` ends a file with `# Closing after 2s inactivity` and no
    /// line end.
    static func leavesOut(cut text: String, _ event: () throws(RecordingError) -> EvdevEvent?) -> Bool {
        !text.trimmedOfWhitespace.hasPrefix("#") && (try? event())??.isSynReport != true
    }

    /// ``leavesOut(cut:_:)`` for a log read whole: a getevent log's line, or a ChromeOS log's.
    static func leavesOut(
        cut text: String, wholeLogFormat format: RecordingLoader.Format, at line: Int, file: String
    ) -> Bool {
        // A ChromeOS log's description lines are comments, and one cut is a name or a bitmask cut short.
        if format == .chromeOS && ChromeOSEvdevLog.describes(Substring(text.trimmedOfWhitespace)) { return true }
        return leavesOut(cut: text) { () throws(RecordingError) in
            if format == .getevent {
                var reading = GeteventFormat.Reading(file: file)
                return try reading.read(Substring(text), at: line)?.line.event
            }
            return try ChromeOSEvdevLog.eventLine(text.trimmedOfWhitespace, file: file, line: line)?.1
        }
    }

    /// What reading says of a cut last line it left out (``leavesOut(cut:_:)``).
    static func cutLineNote(_ line: Int) -> String {
        "line \(line): the last line has no line end (the file was cut): left out"
    }
}
