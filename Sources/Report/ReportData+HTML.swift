import Foundation
import Gestures
import AppEvents
import LibinputEvents
import ModeComparison
import MarkupText
import TextTables

/// The report as one page.
extension ReportData {
    /// The whole report: every plot and the summary table, in one self-contained HTML page, with
    /// `player` (HTML: the view's player, which `ReportPage` adds) after the recognizers, and
    /// under the title the test `failure` (text) the page was written for, if any.
    public func html(failure: String? = nil, player: String = "") -> String {
        let e = MarkupText.escape
        var rows = ""
        for row in comparison.rows {
            rows +=
                "<tr><td>\(e(row.recognizer))</td><td>\(e(row.compat.text(timeBase: timeBase)))</td>"
                + "<td>\(e(row.indirect.text(timeBase: timeBase)))</td>"
                + "<td class=\"\(row.accidentalIn != nil ? "accidental" : row.differs ? "differs" : "")\">"
                + "\(row.difference)</td></tr>\n"
        }
        let geometryText =
            geometry.map {
                // Device units are whole: only millimetres have a fraction to show.
                String(
                    format: $0.unit == .millimetres ? "%.1f × %.1f %@" : "%.0f × %.0f %@", $0.width, $0.height,
                    $0.unit.rawValue)
            }
            ?? "no position axes"
        let (frames, contacts) = (
            TextTable.counted(frameCount, "frame"), TextTable.counted(fingerTracks.count, "finger contact")
        )
        let events = TextTable.counted(libinputEventCount, "event")
        func figure(_ plot: ReportPlot) -> String {
            let caption: String =
                switch plot {
                case .touchpad:
                    """
                    Each contact from touch-down (dot) to lift (square), coloured by MT slot: the recording's, \
                    or on a pad without slots, the one mtdev puts it in.
                    """
                case .screen:
                    """
                    The two simulated touches compatibility mode moves to reproduce pinches and rotations, and the \
                    touches of clicks and drags, on a \(Int(screen.width)) × \(Int(screen.height)) point screen.
                    """
                case .scale:
                    """
                    libinput's pinch scale, indirect mode's transform scale, and the distance ratio an app reads from \
                    the simulated touches.
                    """
                case .angle:
                    """
                    libinput's summed angle deltas, indirect mode's transform rotation, and the turn of the simulated \
                    touches' line.
                    """
                case .recognizers:
                    """
                    The app screen's recognizers in each mode: bars from began to ended (lighter when cancelled), \
                    diamonds for discrete recognitions, crosses for failures, red triangles where compatibility \
                    mode's simulated touches set a recognizer off by accident.
                    """
                case .pointer:
                    """
                    Where the app saw the pointer (the same in both modes), coloured by the style of the pointer \
                    region it was in, dashed while hovering and thick while a button was held; the regions of the \
                    surface's pointer interactions, with the rails of constrained axes; circles where a context menu \
                    opened and squares where a drag began, hollow in compatibility mode and filled in indirect mode.
                    """
                }
            return "<figure id=\"\(plot.rawValue)\">\n\(svg(plot))\n<figcaption>\(e(caption))</figcaption>\n</figure>\n"
        }
        return """
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
            <head>
            <meta charset="utf-8"/>
            <title>TouchSynth report: \(e(title))</title>
            <style>
            body{font-family:"DejaVu Sans",Helvetica,Arial,sans-serif;margin:24px;color:#111;max-width:1100px}
            h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 6px}
            table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:4px \
            8px;text-align:left;vertical-align:top}
            th{background:#f3f3f3}td.accidental{color:#E31A1C;font-weight:bold}td.differs{font-weight:bold}
            figure{margin:8px 0}figcaption{font-size:12px;color:#555}\
            p.failure{border-left:4px solid #E31A1C;padding:4px 8px;background:#fff4f4}
            dl{display:grid;grid-template-columns:max-content auto;gap:2px \
            12px;font-size:13px}dt{color:#555}dd{margin:0}
            </style>
            </head>
            <body>
            <h1>TouchSynth report: \(e(title))</h1>
            \(failure.map { "<p class=\"failure\"><strong>Test failure:</strong> \(e($0))</p>\n" } ?? "")<dl>
            <dt>device</dt><dd>\(e(deviceName)) (\(e(geometryText)))</dd>
            <dt>recording</dt><dd>\(frames), \(contacts)</dd>
            <dt>libinput</dt><dd>\(events) over \(String(format: "%.3f", span)) s\(versionText)</dd>
            <dt>app events</dt><dd>compat \(compatEventCount), indirect \(indirectEventCount)\(regionEventsText)</dd>
            <dt>activations</dt><dd>\(e(comparison.activationCounts))</dd>
            <dt>pointer regions</dt><dd>\(pointerRegionText)</dd>
            </dl>
            <h2>Summary</h2>
            <table id="summary">
            <tr><th>recognizer</th><th>compat (UIApplicationSupportsIndirectInputEvents NO)</th><th>indirect \
            (UIApplicationSupportsIndirectInputEvents YES)</th><th>difference</th></tr>
            \(rows)</table>
            \(differences)\(failures)
            <h2>Fingers on the touchpad</h2>
            \(figure(.touchpad))
            <h2>Compatibility mode's touches on the screen</h2>
            \(figure(.screen))
            <h2>Scale and angle</h2>
            \(figure(.scale))
            \(figure(.angle))
            <h2>Recognizers</h2>
            \(figure(.recognizers))
            \(player)<h2>Pointer</h2>
            \(figure(.pointer))
            </body>
            </html>

            """
    }

    /// The pointer regions' entries and exits among the app events, which `replay` without a
    /// `--surface` has none of.
    private var regionEventsText: String {
        guard let regions = comparison.pointerRegions, !regions.compat.isEmpty || !regions.indirect.isEmpty else {
            return ""
        }
        return " (the pointer regions' entries and exits among them: "
            + "\(regions.compat.count) and \(regions.indirect.count))"
    }

    /// "7 entries and exits, the same in both modes", or where the modes part.
    private var pointerRegionText: String {
        guard let regions = comparison.pointerRegions else { return "none entered" }
        let count = Self.entriesAndExits
        if !regions.differ { return "\(count(regions.compat.count)), the same in both modes" }
        return "DIFFER: compat \(count(regions.compat.count)), indirect \(count(regions.indirect.count))"
    }

    /// `, from libinput 1.28.1`: the version that added the device, where its events say it.
    private var versionText: String { libinputVersion.map { ", from libinput \(MarkupText.escape($0))" } ?? "" }

    /// "1 entry or exit", "7 entries and exits": a count of pointer-region transitions.
    static func entriesAndExits(_ n: Int) -> String { n == 1 ? "1 entry or exit" : "\(n) entries and exits" }

    /// What differs between the modes, in words, as `compare` says it under its table (or, when no
    /// recognizer did anything, in place of it).
    private var differences: String {
        let words = whatDiffers
        guard !words.isEmpty else { return "" }
        return "<h2>What differs</h2>\n<ul id=\"differences\">\n"
            + words.map { "<li>\(MarkupText.escape($0))</li>\n" }.joined() + "</ul>"
    }

    /// Why the recognizers that failed and activated in neither mode failed, as `compare` says it.
    private var failures: String {
        guard !whyFailed.isEmpty else { return "" }
        return "\n<h2>Why they failed</h2>\n<ul id=\"failures\">\n"
            + whyFailed.map { "<li>\(MarkupText.escape($0))</li>\n" }.joined() + "</ul>"
    }
}
