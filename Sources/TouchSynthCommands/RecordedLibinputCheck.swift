import ArgumentParser
import Foundation
import LibinputEvents
import MockedDevices
import Recordings
import Report

/// `replay --with-libinput`: a bug report's `libinput record --with-libinput` file as a fidelity
/// check. The libinput events it recorded on the reporter's machine are compared with this run's,
/// as libinput record prints them; a different libinput version is said, as it may be the cause.
extension ReplayCommand {
    func compareWithRecordedLibinput() throws {
        let recorded = reportingErrors { try RecordedLibinputEvents.read(recording) }
        guard recorded.hasLibinput else {
            fail("\(recording): no libinput events: record the device with `libinput record --with-libinput`", code: ExitStatus.badData)
        }
        let build = replay.libinput.build()
        let loaded = reportingErrors { try RecordingLoader.load(recording, description: input.desc, node: input.node) }
        var options = replayOptions(clock: replay.clock, libinput: build)
        options.asDelivered = true
        // libinput record turns tapping on for every device it records.
        options.configuration.tapToClick = true
        let events = reportingErrors { () throws(HarnessError) in try replayEvents(.recording(loaded), from: recording, options: options).events }
        let check = RecordedLibinputCheck(recorded: recorded, replayed: events, libinput: build.version)
        if output.json {
            emit(JSONLines.header("libinputCheck"))
            emit(JSONLines.line(check))
        } else {
            emit(check.text)
        }
        if check.differences > 0 { throw ExitCode(ExitStatus.differs) }
    }
}

