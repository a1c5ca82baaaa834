import Report

/// The pages `compare --report DIR` writes: a report per recording, each under a name no other
/// takes, and the index linking them (``ReportIndex``).
public struct ReportFolder {
    private var entries: [ReportIndex.Entry] = []

    public init() {}

    /// `page`, the report of `recording`: its file name in the folder and its HTML.
    public mutating func add(_ page: ReportPage, of recording: String) -> (file: String, html: String) {
        let file = ReportIndex.fileName(ReportIndex.baseName(for: recording), taken: entries.map(\.file))
        entries.append(ReportIndex.Entry(file: file, data: page.data))
        return (file, page.html())
    }

    /// The index's file name and HTML, once a report is in the folder.
    public var index: (file: String, html: String)? {
        entries.isEmpty ? nil : (ReportIndex.indexFileName, ReportIndex.html(entries))
    }
}
