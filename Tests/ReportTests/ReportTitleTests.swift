import Report
import XCTest

/// A report's title names the part of the recording it draws, as a table's note names its start.
final class ReportTitleTests: XCTestCase {
    func testATitleNamesThePartDrawn() {
        XCTAssertEqual(ReportData.title(of: "r.yml"), "r.yml")
        XCTAssertEqual(ReportData.title(of: "r.yml", from: 1, to: 2.5), "r.yml, 1.000 s to 2.500 s into it")
        XCTAssertEqual(ReportData.title(of: "r.yml", from: 1), "r.yml, from 1.000 s into it")
        XCTAssertEqual(ReportData.title(of: "r.yml", to: 2), "r.yml, 0.000 s to 2.000 s into it")
        XCTAssertEqual(ReportData.title(of: "r.yml", from: 0), "r.yml", "a start of 0 is the whole recording")
    }
}
