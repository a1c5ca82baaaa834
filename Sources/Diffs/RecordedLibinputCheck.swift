import Foundation
import LibinputEventText
import LibinputEvents
import Recordings
import TextTables

/// Where a replay first parts from the recorded libinput events.
public struct FirstDifference: Encodable, Sendable {
    /// Position among the recorded events (where a replayed one would go, for an extra one).
    public var index: Int
    /// The recorded event's line in the file.
    @ExplicitNull public var line: Int?
    @ExplicitNull public var time: Double?
    @ExplicitNull public var recorded: String?
    @ExplicitNull public var replayed: String?
}

/// `replay --with-libinput`'s report: a bug report's `libinput record --with-libinput` events
/// against this run's, as libinput record prints them: the versions, the counts, and where they
/// first part. Its JSON form has these names.
public struct RecordedLibinputCheck: Encodable, Sendable {
    public var recordedLibinput: String?
    public var libinput: String
    public var recorded: Int
    public var replayed: Int
    public var differences: Int
    public var firstDifference: FirstDifference?

    /// `recorded` against the events a replay on libinput `version` gave.
    public init(recorded: RecordedLibinputEvents, replayed events: [LibinputEvent], libinput version: String) {
        let replayed = events.compactMap(EventFormat.libinputRecordText)
        let differences = EventAlignment.differences(recorded.events.map(\.text), replayed)
        firstDifference = differences.first.map { d in
            FirstDifference(
                index: d.index, line: d.index < recorded.events.count ? recorded.events[d.index].line : nil,
                time: d.index < recorded.events.count ? recorded.events[d.index].time : nil, recorded: d.expected,
                replayed: d.actual)
        }
        recordedLibinput = recorded.version
        libinput = version
        self.recorded = recorded.events.count
        self.replayed = replayed.count
        self.differences = differences.count
    }

    /// The report for people, a few lines.
    public var text: String {
        var lines = [
            "recorded: \(recorded) libinput events, by libinput \(recordedLibinput ?? "of unknown version"); "
                + "replayed: \(replayed), on libinput \(libinput) (compared without DEVICE_ADDED, DEVICE_REMOVED "
                + "and holds, which libinput record does not write)"
        ]
        if let d = firstDifference {
            let place = [d.line.map { "line \($0)" }, d.time.map { String(format: "+%.3f s", $0) }].compactMap { $0 }
                .joined(separator: ", ")
            lines.append(
                "parts at recorded event \(d.index)\(place.isEmpty ? "" : " (\(place))"): recorded "
                    + "\(d.recorded ?? "nothing"), "
                    + "replayed \(d.replayed ?? "nothing")")
            lines.append(
                TextTable.counted(differences, "event") + " " + TextTable.word("differs", "differ", for: differences))
            if let version = recordedLibinput, version != libinput {
                lines.append(
                    "note: recorded on libinput \(version), replayed on \(libinput): the difference may be libinput's "
                        + "own "
                        + "(--libinput \(version) replays on the reporter's version)")
            }
        } else {
            lines.append("same: every recorded libinput event is this run's")
        }
        return lines.joined(separator: "\n")
    }
}
