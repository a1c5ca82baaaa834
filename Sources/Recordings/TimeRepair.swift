import Foundation
import TextTables

/// A log's times as its readers take them, event by event. One that goes back from one frame to
/// the next (a clock stepped, two captures pasted together) moves that event and every later one
/// forward so that it follows the previous event, the intervals after it kept, in a log pasted
/// without its own description; in a recording that carries its description it was edited, and is
/// refused. One that goes back within a frame, or a frame whose events span more than
/// ``FrameAssembler/widestSpread``, stays: the frame takes its SYN_REPORT's time (``FrameAssembler``).
struct TimeRepair {
    /// Whether a time going back between frames is refused rather than repaired.
    let refuses: Bool
    private var shift: UInt64 = 0
    private var frameTime: UInt64 = 0
    private var previous: (time: UInt64, isSynReport: Bool)?
    /// How many times the time went back from one frame to the next, and the first, as read.
    private var jumps = 0
    private var firstBack: (line: Int, time: UInt64, previous: UInt64)?
    private var backInFrame: (line: Int, back: UInt64)?
    /// The time of the first event of the frame being read.
    private var frameStart: UInt64?
    private var spreadInFrame: (line: Int, spread: UInt64)?

    init(refuses: Bool) { self.refuses = refuses }

    /// The time of `event`, read as `read` at `line` of `file`: ``repaired(_:of:line:)``, where
    /// the log ``refuses`` a time that goes back from one frame to the next, refused.
    mutating func time(_ read: UInt64, of event: EvdevEvent, file: String, line: Int) throws(RecordingError) -> UInt64 {
        let time = repaired(read, of: event, line: line)
        if refuses, let refusal = refusal(file: file) { throw refusal }
        return time
    }

    /// The time of `event`, read as `read` at `line`, moved forward past every step back from
    /// one frame to the next so far. Moved past any clock's range, it stays at the largest time,
    /// which no replay takes.
    mutating func repaired(_ read: UInt64, of event: EvdevEvent, line: Int) -> UInt64 {
        var (time, overflow) = read.addingReportingOverflow(shift)
        if overflow { time = .max }
        if let previous, time < previous.time {
            if !previous.isSynReport && time >= frameTime {
                backInFrame = backInFrame ?? (line, previous.time - time)
            } else {
                firstBack = firstBack ?? (line, time, previous.time)
                jumps += 1
                let (moved, past) = shift.addingReportingOverflow(previous.time - time)
                shift = past ? .max : moved
                time = previous.time
            }
        }
        let start = frameStart ?? time
        if FrameAssembler.spreadsTooWide(from: start, to: time) {
            spreadInFrame = spreadInFrame ?? (line, time - start)
        }
        frameStart = event.isSynReport ? nil : start
        if event.isSynReport { frameTime = time }
        previous = (time, event.isSynReport)
        return time
    }

    /// Why a log that carries its own description is refused for its times: the first that went
    /// back from one frame to the next. A log read twice learns whether it carries one only at
    /// its end, and repairs its times meanwhile.
    func refusal(file: String) -> RecordingError? {
        firstBack.map { line, time, previous in
            RecordingError.bad(
                file, line,
                String(
                    format: "timestamp %llu.%06llu is earlier than the previous event's %llu.%06llu",
                    time / 1_000_000, time % 1_000_000, previous / 1_000_000, previous % 1_000_000))
        }
    }

    /// What was repaired, one note each kind.
    var notes: [String] {
        var notes: [String] = []
        if let first = firstBack {
            notes.append(
                String(
                    format:
                        "timestamps go back %@ (first at line %d, by %.6f s): later events were moved forward "
                        + "to follow on",
                    TextTable.counted(jumps, "time"), first.line, Double(first.previous - first.time) / 1e6))
        }
        if let backInFrame {
            notes.append(
                String(
                    format:
                        "timestamps go back within a frame (first at line %d, by %.6f s): each such frame keeps its "
                        + "SYN_REPORT's time",
                    backInFrame.line, Double(backInFrame.back) / 1e6))
        }
        if let spreadInFrame {
            notes.append(
                String(
                    format:
                        "a frame's events are stamped %.6f s apart (first at line %d), wider than a real log's "
                        + "frames: each such frame takes its SYN_REPORT's time, as the kernel stamps it",
                    Double(spreadInFrame.spread) / 1e6, spreadInFrame.line))
        }
        return notes
    }
}
