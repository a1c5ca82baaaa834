import ArgumentParser
import Foundation
import LibinputEvents
import MockedDevices
import Recordings

/// `replay --with-libinput`: a bug report's `libinput record --with-libinput` file as a fidelity
/// check. The libinput events it recorded on the reporter's machine are compared with this run's,
/// as libinput record prints them; a different libinput version is said, as it may be the cause.
extension ReplayCommand {
    func compareWithRecordedLibinput() throws {
        let recorded = reportingErrors { try RecordedLibinputEvents.read(recording) }
        guard recorded.hasLibinput else {
            fail("\(recording): no libinput events: record the device with `libinput record --with-libinput`", code: ExitStatus.badData)
        }
        let build = libinput.build()
        let loaded = reportingErrors { try RecordingLoader.load(recording, description: input.desc, node: input.node) }
        var options = replayOptions(clock: clock, libinput: build)
        options.asDelivered = true
        // libinput record turns tapping on for every device it records.
        options.configuration.tapToClick = true
        let events = reportingErrors { () throws(HarnessError) in try replayEvents(.recording(loaded), options: options).events }
        let replayed = events.compactMap(EventFormat.libinputRecordText)
        let differences = EventAlignment.differences(recorded.events.map(\.text), replayed)
        let first = differences.first.map { d in
            FirstDifference(index: d.index, line: d.index < recorded.events.count ? recorded.events[d.index].line : nil,
                            time_s: d.index < recorded.events.count ? recorded.events[d.index].time : nil, recorded: d.expected, replayed: d.actual)
        }
        let check = LibinputCheckLine(recorded_libinput: recorded.version, libinput: build.version, recorded: recorded.events.count,
                                      replayed: replayed.count, differences: differences.count, first_difference: first)
        if output.json {
            emit(JSONLines.line(check))
        } else {
            emit(check.text)
        }
        if !differences.isEmpty { throw ExitCode(ExitStatus.differs) }
    }
}

/// Where a replay first parts from the recorded libinput events.
private struct FirstDifference: Encodable {
    /// Position among the recorded events (where a replayed one would go, for an extra one).
    var index: Int
    /// The recorded event's line in the file.
    var line: Int?
    var time_s: Double?
    var recorded: String?
    var replayed: String?
}

/// `replay --with-libinput`'s report: the versions, the counts, and the first difference.
private struct LibinputCheckLine: Encodable {
    var recorded_libinput: String?
    var libinput: String
    var recorded: Int
    var replayed: Int
    var differences: Int
    var first_difference: FirstDifference?

    var text: String {
        var lines = ["recorded: \(recorded) libinput events, by libinput \(recorded_libinput ?? "of unknown version"); "
                     + "replayed: \(replayed), on libinput \(libinput)"]
        if let d = first_difference {
            let place = [d.line.map { "line \($0)" }, d.time_s.map { String(format: "+%.3f s", $0) }].compactMap { $0 }.joined(separator: ", ")
            lines.append("parts at recorded event \(d.index)\(place.isEmpty ? "" : " (\(place))"): recorded \(d.recorded ?? "nothing"), "
                         + "replayed \(d.replayed ?? "nothing")")
            lines.append("\(differences) events differ")
            if let version = recorded_libinput, version != libinput {
                lines.append("note: recorded on libinput \(version), replayed on \(libinput): the difference may be libinput's own "
                             + "(--libinput \(version) replays on the reporter's version)")
            }
        } else {
            lines.append("same: every recorded libinput event is this run's")
        }
        return lines.joined(separator: "\n")
    }
}
