/// What a reader of any format refuses: a recording past a day, a frame past its bound, lines
/// ended by a lone carriage return, a log read whole past its bound.
extension RecordingStream {
    /// `frame`, made at `line` of `file`, unless it starts past ``longestRecording``.
    static func withinADay(_ frame: EvdevFrame?, file: String, line: Int) throws(RecordingError) -> EvdevFrame? {
        guard let frame, frame.time > longestRecording else { return frame }
        throw RecordingError.bad(file, line, "the recording spans more than 24 hours; replays are limited to 24 hours")
    }

    /// Refuses a `line` of `file` that holds a carriage return before its end: the file's lines
    /// end in CR alone (as classic Mac OS wrote them), and it is one line. Gesture scripts are held
    /// to it too.
    public static func refuseLoneCarriageReturn<Line: StringProtocol>(
        _ line: Line, file: String, at number: Int
    ) throws(RecordingError) {
        guard hasLoneCarriageReturn(line) else { return }
        throw RecordingError.bad(file, number, loneCarriageReturns)
    }

    /// Whether `line` holds a carriage return that ends no line: one followed by anything but a
    /// line feed. Its file's lines end in CR alone, and it is all one line; a CR at its end is
    /// part of a CR-LF line end, or of the last line's.
    public static func hasLoneCarriageReturn<Line: StringProtocol>(_ line: Line) -> Bool {
        var previous: UInt8 = 0
        for byte in line.utf8 {
            if previous == UInt8(ascii: "\r"), byte != UInt8(ascii: "\n") { return true }
            previous = byte
        }
        return false
    }

    /// Why a file whose lines end in a carriage return alone is refused.
    public static let loneCarriageReturns =
        "its lines end in a carriage return alone (CR, as classic Mac OS wrote them): make them LF"

    /// Why a log read whole is refused past 16 MiB, at `line` of `file`.
    static func tooLongToReadWhole(_ file: String, _ line: Int) -> RecordingError {
        RecordingError.bad(file, line, "the log is longer than 16 MiB, more than is read whole")
    }
}

extension FrameAssembler {
    /// The most events a frame may hold before its SYN_REPORT. No kernel sends a longer one: its
    /// input core ends a frame with a SYN_REPORT of its own when the device's buffer fills, at a
    /// few hundred events for the largest touchpads (`input_handle_event`, drivers/input/input.c).
    static let longestFrame = 4096

    /// ``add(time:event:)`` of the event at `line` of `file`, refusing a frame that starts past
    /// ``RecordingStream/longestRecording`` or grows past ``longestFrame`` (so that text with no
    /// SYN_REPORT is refused at once, not held in memory as it comes).
    mutating func add(
        time: UInt64, event: EvdevEvent, file: String, line: Int
    ) throws(RecordingError)
        -> EvdevFrame?
    {
        let frame = try RecordingStream.withinADay(add(time: time, event: event), file: file, line: line)
        guard frame != nil || pendingEvents <= Self.longestFrame else {
            throw RecordingError.bad(
                file, line,
                "more than \(Self.longestFrame) events without a SYN_REPORT: no kernel sends a frame this long")
        }
        return frame
    }
}
