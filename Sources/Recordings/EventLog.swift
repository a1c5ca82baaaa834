import Foundation

/// Events read from a log that may lack its device's description (an evtest or evemu log pasted
/// from its first event, `getevent` without `-p`, a ChromeOS ring buffer), and how such a log
/// becomes a recording: the description given, or one inferred from the events; and a log that
/// starts mid-gesture repaired.
public struct EventLog: Sendable {
    /// One event and the line it was read from.
    public struct Line: Sendable {
        /// Microseconds, as the log stamps the event.
        public var time: UInt64
        public var event: EvdevEvent
        /// The line of the file, for errors.
        public var line: Int
    }

    /// The file read, for errors.
    public var file: String
    /// Whether a frame of key repeats alone is the kernel's autorepeat
    /// (``RecordingLoader/Format/dropsSynReportValue``).
    public var marksRepeats = false
    /// The description the file carries, if any.
    public var device: DeviceDescription?
    /// The events in the order read, with their times as read: ``recording(description:)``
    /// repairs times that go back.
    public var events: [Line] = []

    /// An empty log of `file`, with the description it carries.
    public init(file: String, device: DeviceDescription? = nil) {
        self.file = file
        self.device = device
    }

    /// The recording: on the file's own description, else on `description`, else on one inferred
    /// from the events. Its ``Recording/notes`` say what was guessed or repaired.
    public func recording(description: DeviceDescription? = nil) throws(RecordingError) -> Recording {
        try recording(given: description.map(LogDescription.device))
    }
}
