import Foundation
import Gestures
import MarkupText
import Recordings

/// The page `compare --report DIR` writes beside the reports: one row per recording.
public enum ReportIndex {
    /// The index's own file name, which no report takes.
    public static let indexFileName = "index.html"

    /// The name of a recording's report page, without extension: the recording's own, or "report"
    /// for standard input or a pipe, whose names (`-`, `/dev/fd/63`) say nothing.
    public static func baseName(for recording: String) -> String {
        var status = stat()
        guard recording != standardInputPath, stat(recording, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return "report"
        }
        return URL(fileURLWithPath: recording).deletingPathExtension().lastPathComponent
    }

    /// A report's file name: `base`.html, and `base`-2.html… when one of `taken` has it, or it
    /// is the index's (a recording called `index.yml`).
    public static func fileName(_ base: String, taken: [String]) -> String {
        var name = base + ".html", n = 1
        while taken.contains(name) || name == indexFileName {
            n += 1
            name = "\(base)-\(n).html"
        }
        return name
    }

    /// One report: its file name in the directory and what the index shows of it.
    public struct Entry {
        /// The report's file name, relative to the index.
        public var file: String
        /// The recording's path.
        public var title: String
        /// The recorded device's name.
        public var deviceName: String
        /// Events real libinput made of the recording.
        public var libinputEventCount: Int
        /// Accidental activations (compatibility mode's), and activations the other mode did not
        /// match, per mode.
        public var accidental: Int, only: (compat: Int, indirect: Int)

        /// The entry for `data`'s report, written as `file`.
        public init(file: String, data: ReportData) {
            self.file = file
            title = data.title
            deviceName = data.deviceName
            libinputEventCount = data.libinputEventCount
            accidental = data.comparison.accidentalActivationCount
            only = (
                data.comparison.unmatchedActivationCount(in: .compatibility),
                data.comparison.unmatchedActivationCount(in: .indirectInput)
            )
        }
    }

    /// A self-contained HTML page linking every report.
    public static func html(_ entries: [Entry]) -> String {
        let e = MarkupText.escape
        let rows = entries.map { entry in
            "<tr><td><a href=\"\(e(entry.file))\">\(e(entry.title))</a></td><td>\(e(entry.deviceName))</td>"
                + "<td>\(entry.libinputEventCount)</td><td>\(entry.accidental)</td>"
                + "<td>\(entry.only.compat)</td><td>\(entry.only.indirect)</td></tr>"
        }.joined(separator: "\n")
        return """
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
            <head>
            <meta charset="utf-8"/>
            <title>TouchSynth reports</title>
            <style>body{font-family:"DejaVu Sans",Helvetica,Arial,sans-serif;margin:24px}\
            table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}\
            th{background:#f3f3f3}</style>
            </head>
            <body>
            <h1>TouchSynth reports (\(entries.count))</h1>
            <table>
            <tr><th>recording</th><th>device</th><th>libinput events</th><th>accidental activations (compat \
            mode's simulated touches)</th><th>compat's activations unmatched</th><th>indirect's unmatched</th></tr>
            \(rows)
            </table>
            </body>
            </html>

            """
    }
}
