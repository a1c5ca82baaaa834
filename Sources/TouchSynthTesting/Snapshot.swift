import AppEvents
import Foundation
import Report
import Synchronization

/// Golden snapshots of a replay: each mode's app event stream and the recognizers' table as text,
/// in a file beside the test, as swift-snapshot-testing keeps them: `__Snapshots__/<test
/// file>/<name>.txt`. A missing snapshot is recorded, and the test fails once, to be run again.
/// `TOUCHSYNTH_RECORD_SNAPSHOTS=1` (or swift-snapshot-testing's `SNAPSHOT_TESTING_RECORD=all`)
/// records every snapshot anew, after a change meant to alter them.
extension ModeReplay {
    /// The replay as the snapshot holds it: deterministic on the virtual clock.
    public var snapshotText: String {
        var text = "# \(name): \(events.count) libinput events\n"
        for note in recording.notes { text += "# note: \(note)\n" }
        for mode in DeliveryMode.allCases {
            text += "\n## \(mode.rawValue)\n"
            for event in self[mode].appEvents {
                let time = timeBase.seconds(atTimestamp: event.timestamp)
                text += String(format: "%8.3fs ", time) + AppEventFormat.short(event) + "\n"
            }
        }
        return text + "\n## recognizers\n" + comparison.renderTable(timeBase: timeBase) + "\n"
    }

    /// The snapshot named `name` (by default the test function's name and the recording's) is
    /// ``snapshotText``. Two replays of one test process that would share a snapshot with
    /// different texts (a test's cases parameterized by something other than the recording, a
    /// helper called from two tests) fail, naming `expectSnapshot(named:)`: one file cannot hold
    /// both.
    @discardableResult
    public func expectSnapshot(
        named name: String? = nil, function: String = #function,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite(function: function, fileID: fileID, filePath: filePath, line: line, column: column)
        let test = ("\(site.filePath)" as NSString).lastPathComponent.replacingOccurrences(of: ".swift", with: "")
        let base = name ?? "\(function.prefix { $0 != "(" })-\(self.name)"
        let directory = TestFilePath.resolve("__Snapshots__/\(test)", relativeTo: site.filePath)
        let file = (directory as NSString).appendingPathComponent(TestFilePath.fileName(base) + ".txt")
        let actual = snapshotText
        if let taken = claim(file, for: actual) {
            fail(
                "\(self.name): the snapshot \(file) holds another replay of this test process (\(taken)), with other "
                    + "events: name each with expectSnapshot(named:)", at: site)
            return false
        }
        let environment = ProcessInfo.processInfo.environment
        let recording =
            environment["TOUCHSYNTH_RECORD_SNAPSHOTS"] == "1" || environment["SNAPSHOT_TESTING_RECORD"] == "all"
        guard !recording, let expected = try? String(contentsOfFile: file, encoding: .utf8) else {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try actual.write(toFile: file, atomically: true, encoding: .utf8)
                fail(
                    "\(self.name): recorded the snapshot \(file); run the test again"
                        + (recording ? " without TOUCHSYNTH_RECORD_SNAPSHOTS" : ""), at: site)
            } catch {
                fail("\(self.name): cannot write the snapshot \(file): \(error.localizedDescription)", at: site)
            }
            return false
        }
        guard expected != actual else { return true }
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false),
            new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let line =
            zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        let was = line < old.count ? String(old[line]) : "(end)", now = line < new.count ? String(new[line]) : "(end)"
        // This run's text beside the reports, to compare whole with the snapshot.
        let written = ReportFiles.writeNew(actual, named: "\(test)-\(TestFilePath.fileName(base))", extension: "txt")
        fail(
            "\(self.name): differs from the snapshot \(file) at line \(line + 1): expected \"\(was)\", got \"\(now)\" "
                + "(" + (written.map { "this run's text: \($0); " } ?? "")
                + "TOUCHSYNTH_RECORD_SNAPSHOTS=1 records it anew)",
            at: site)
        return false
    }

    /// The snapshots this process compared, each with the text and the replay it held.
    private static let claimed = Mutex<[String: (text: String, name: String)]>([:])

    /// Claims `file` for `text`; the replay that holds it with another text, if one does.
    private func claim(_ file: String, for text: String) -> String? {
        Self.claimed.withLock { claimed in
            if let held = claimed[file] { return held.text == text ? nil : held.name }
            claimed[file] = (text, name)
            return nil
        }
    }
}
