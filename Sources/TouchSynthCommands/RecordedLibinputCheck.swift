import ArgumentParser
import Diffs
import Foundation
import LibinputEventText
import LibinputEvents
import MockedDevices
import Recordings
import Report

/// `replay --with-libinput`: a bug report's `libinput record --with-libinput` file as a fidelity
/// check. The libinput events it recorded on the reporter's machine are compared with this run's,
/// as libinput record prints them; a different libinput version is said, as it may be the cause.
extension ReplayCommand {
    func compareWithRecordedLibinput() throws {
        let recorded = try RecordedLibinputEvents.required(recording)
        let build = try libinput.build()
        let loaded = try input.load(recording)
        // The quirks, settings and udev properties asked for stand in for the reporter's machine.
        let options = try self.options(build: build).asLibinputRecordHad
        let events = try replayEvents(.recording(loaded), from: recording, options: options).events
        let check = RecordedLibinputCheck(recorded: recorded, replayed: events, libinput: build.version)
        try emit(output.json ? try JSONLines.document("libinputCheck", [check]) : [check.text])
        if check.differences > 0 { throw ExitCode(ExitStatus.differs) }
    }
}
