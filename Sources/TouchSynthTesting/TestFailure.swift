import Foundation
import Gestures
import Report
import Testing
import XCTest

/// Where an expectation was written, in the forms both test libraries take: each expectation
/// takes them as defaulted arguments, which the compiler fills in where it is called.
struct CallSite {
    var fileID: String
    var filePath: StaticString
    var line: UInt
    var column: UInt
}

extension ModeReplay {
    /// Records `message` as a failure of the running test, with the library that runs it: an
    /// issue with this replay's HTML report attached under Swift Testing (saved with `swift test
    /// --attachments-path DIR`), an XCTest failure otherwise. Either way the report is also
    /// written to a file that the message names.
    func fail(_ message: String, at site: CallSite) {
        let html = htmlReport()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-\(reportName).html")
        let written = (try? html.write(to: file, atomically: true, encoding: .utf8)) != nil
        let text = message + (written ? " (report: \(file.path))" : "")
        if Test.current != nil {
            let location = SourceLocation(fileID: site.fileID, filePath: "\(site.filePath)", line: Int(site.line), column: Int(site.column))
            Issue.record(Comment(rawValue: text), sourceLocation: location)
            Attachment.record(html, named: reportName + ".html", sourceLocation: location)
        } else {
            XCTFail(text, file: site.filePath, line: site.line)
        }
    }

    /// The recording's name, fit for a file name.
    private var reportName: String {
        String(name.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "-" })
    }

    /// This replay's report, as `touchsynth report` draws it.
    func htmlReport() -> String {
        ReportData(title: name, recording: recording, events: events, recordingStart: replayReport.recordingStart,
                   timeBase: timeBase, configuration: surface.configuration,
                   makeSurface: { (try? surface.make()) ?? Surface() }).html()
    }
}
