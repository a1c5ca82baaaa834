import Report
import Testing

/// The file names `compare --report DIR` gives its pages.
struct ReportIndexTests {
    /// A second recording of one name gets a number, and no report takes the index's name, so a
    /// recording called `index.yml` does not overwrite the index (or the index it).
    @Test func aReportTakesAFreeNameThatIsNotTheIndexs() {
        #expect(ReportIndex.fileName("pinch", taken: []) == "pinch.html")
        #expect(ReportIndex.fileName("pinch", taken: ["pinch.html"]) == "pinch-2.html")
        #expect(ReportIndex.fileName("index", taken: []) == "index-2.html")
        #expect(ReportIndex.fileName("index", taken: ["index-2.html"]) == "index-3.html")
    }
}
