import Foundation
import Gestures
import ReportPage
import Testing
import XCTest

/// Where an expectation was written, in the forms both test libraries take: each expectation
/// takes them as defaulted arguments, which the compiler fills in where it is called.
struct CallSite {
    /// The test function (or helper) that called the expectation: it names the failure's report.
    var function: String
    var fileID: String
    var filePath: StaticString
    var line: UInt
    var column: UInt

    /// The test's file and function, fit for a file name: `ModeReplayTests.aPinchFails`.
    var testName: String {
        let file = ("\(filePath)" as NSString).lastPathComponent.replacingOccurrences(of: ".swift", with: "")
        return file + "." + function.prefix { $0 != "(" }
    }
}

/// An expectation that did not hold. Under Swift Testing it is the recorded issue's error, so
/// that the console's heading for the issue is the message itself.
public struct ExpectationFailure: Error, CustomStringConvertible, Sendable {
    /// The recording, the mode, the recognizer and what it did, then the report's path.
    public let message: String
    /// The replay's HTML report, or nil if it could not be written.
    public let reportPath: String?

    /// The message: what Swift Testing prints as the issue's heading.
    public var description: String { message }
}

extension ModeReplay {
    /// Records `message` as a failure of the running test, with the library that runs it: an
    /// issue with this replay's HTML report attached under Swift Testing (saved with `swift test
    /// --attachments-path DIR`), an XCTest failure otherwise, written to stderr instead where XCTest
    /// recorded it against no test case (``XCTestFailures``). Either way the report is also written to
    /// a file that the message names, one per test and replay (``ReportFiles``).
    func fail(_ message: String, at site: CallSite) {
        let report = reportFiles.report(for: site.testName + "-" + name) {
            htmlReport(failure: "\(site.testName) (\(site.fileID):\(site.line)): " + message + readingNotes)
        }
        let path = report.path
        let failure = ExpectationFailure(
            message: message + readingNotes + (path.map { " (report: \($0))" } ?? ""), reportPath: path)
        if Test.current != nil {
            let location = SourceLocation(
                fileID: site.fileID, filePath: "\(site.filePath)", line: Int(site.line), column: Int(site.column))
            Issue.record(failure, sourceLocation: location)
            // Once per test and replay: a test's later failures name the same report.
            if let html = report.new {
                Attachment.record(html, named: ((path ?? name) as NSString).lastPathComponent, sourceLocation: location)
            }
        } else if !XCTestFailures.shared.recorded({ XCTFail(failure.message, file: site.filePath, line: site.line) }) {
            FileHandle.standardError.write(Data("\(site.fileID):\(site.line): error: \(failure.message)\n".utf8))
        }
    }

    /// `; read with notes: …`: what reading the recording guessed or repaired (a device inferred
    /// for a log without its description, a cut frame), and the surface's regions nothing
    /// reaches, which a failure may come from, whole: a guessed pad's size is often the cause;
    /// then, for a script, what libinput made of the statements it did not make as asked.
    var readingNotes: String {
        let notes = recording.notes + surface.notes
        let read = notes.isEmpty ? "" : "; read with notes: " + notes.joined(separator: "; ")
        let made = madeOtherwise.isEmpty ? "" : "; libinput made otherwise: " + madeOtherwise.joined(separator: "; ")
        return read + made
    }

    /// This replay's report, as `touchsynth report` draws it, with the test `failure` it is
    /// written for under its title.
    func htmlReport(failure: String) -> String {
        ReportPage(
            title: name, recording: recording, events: events, recordingStart: replayReport.recordingStart,
            timeBase: timeBase, configuration: surface.configuration, options: surface.pipelineOptions,
            makeSurface: { (try? surface.make()) ?? Surface() }
        ).html(failure: failure)
    }
}

/// The reports of one replay's failures: one file per test, written at its first failure, in a
/// directory of this test process's own (`touchsynth-reports-XXXXXX` in `$TOUCHSYNTH_REPORTS`,
/// else in `$TMPDIR`), so that tests running at once, in threads or processes, never write over
/// one another's.
final class ReportFiles {
    /// Made once, at the first failure of the process; nil if it cannot be.
    private static let directory = makeDirectory(in: ProcessInfo.processInfo.environment)

    /// A new directory of this process's own in the one `TOUCHSYNTH_REPORTS` names (made with its
    /// parents if missing: a CI job can keep the reports as its artifacts), else in the temporary
    /// directory; nil if it cannot be made.
    static func makeDirectory(in environment: [String: String]) -> String? {
        var parent = FileManager.default.temporaryDirectory
        if let chosen = environment["TOUCHSYNTH_REPORTS"], !chosen.isEmpty {
            parent = URL(fileURLWithPath: chosen, isDirectory: true)
            try? FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        }
        var template = Array(parent.appendingPathComponent("touchsynth-reports-XXXXXX").path.utf8CString)
        return template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { String(cString: $0) }
    }

    /// Writes `text` into this process's directory as `name.extension`, or, when a file took that
    /// name already, `name-2.extension` and so on, never over another; nil if nothing could be
    /// written.
    static func writeNew(_ text: String, named name: String, extension: String) -> String? {
        guard let directory else { return nil }
        let base = (directory as NSString).appendingPathComponent(TestFilePath.fileName(name))
        var attempt = 1
        while true {
            let path = base + (attempt == 1 ? "" : "-\(attempt)") + "." + `extension`
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
                return path
            } catch CocoaError.fileWriteFileExists {
                attempt += 1
            } catch {
                return nil
            }
        }
    }

    /// Each test's report of this replay, by the name asked for.
    private var written: [String: String] = [:]
    private let lock = NSLock()

    /// The report for `name` (a test and the recording): `new` holds the page `html` made when
    /// this is the name's first failure, and `path` the file it was written to, as `name.html`
    /// or, when that is taken (the same recording replayed again in one test), `name-2.html` and
    /// so on; nil if nothing could be written.
    func report(for name: String, html: () -> String) -> (path: String?, new: String?) {
        lock.lock()
        defer { lock.unlock() }
        if let path = written[name] { return (path, nil) }
        let page = html()
        // A name another replay's report took gets the next number.
        let path = Self.writeNew(page, named: name, extension: "html")
        if let path { written[name] = path }
        return (path, page)
    }
}
