import MarkupText
import Foundation

/// The view's page: its markup, script and styles are files of this module (`Page/`), compiled
/// into the binary, so that the page works offline, from a report file or `touchsynth view`.
public enum ViewPage {
    /// The player's script.
    public static let script = String(decoding: PackageResources.view_js, as: UTF8.self)
    /// The player's styles.
    public static let style = String(decoding: PackageResources.view_css, as: UTF8.self)
    /// The player's markup: controls, pad, libinput's view, both screens and the lanes.
    public static let markup = String(decoding: PackageResources.view_html, as: UTF8.self)

    /// Where a served page gets its frames from.
    public enum Source: Sendable {
        /// A timeline computed ahead, fetched from this path.
        case timeline(path: String)
        /// A live stream: a WebSocket at this path.
        case live(path: String)
    }

    /// The page `touchsynth view` serves, its script and styles at `view.js` and `view.css`.
    public static func served(title: String, source: Source) -> String {
        let attributes =
            switch source {
            case .timeline(let path): "data-source=\"\(MarkupText.escape(path))\""
            case .live(let path): "data-source=\"live\" data-stream=\"\(MarkupText.escape(path))\""
            }
        let opening = "<section id=\"touchsynth-view\""
        let section = markup.replacingOccurrences(of: opening, with: "\(opening) \(attributes)")
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8"/>
            <title>TouchSynth view: \(MarkupText.escape(title))</title>
            <link rel="stylesheet" href="view.css"/>
            <link rel="icon" href="data:,"/>
            </head>
            <body>
            <h1>TouchSynth view: \(MarkupText.escape(title))</h1>
            \(section)
            <script src="view.js"></script>
            </body>
            </html>

            """
    }

    /// The player with everything inline and `timelineJSON` embedded, for a page that must work
    /// from a file with no server and no network (a report). The report is XHTML as well as HTML,
    /// so the script and styles sit in CDATA sections behind comment marks that HTML ignores.
    public static func embedded(timelineJSON: String) -> String {
        // The JSON has no "<", "&" or ">" (ViewTimeline writes them as \u003c, \u0026, \u003e): it
        // is text in both HTML and XML, and cannot end its element.
        """
        <style>/*<![CDATA[*/
        \(style)/*]]>*/</style>
        \(markup)<script type="application/json" id="touchsynth-timeline">\(timelineJSON)</script>
        <script>//<![CDATA[
        \(script)//]]></script>

        """
    }
}
