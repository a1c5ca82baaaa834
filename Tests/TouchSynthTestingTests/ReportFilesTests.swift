import Foundation
import Testing
@testable import TouchSynthTesting

/// Where a test process's failure reports go: a directory of its own, in the one
/// `TOUCHSYNTH_REPORTS` names (made if missing), else in the temporary directory.
struct ReportFilesTests {
    @Test func reportsGoWhereTouchsynthReportsSays() throws {
        let chosen = FileManager.default.temporaryDirectory
            .appendingPathComponent("touchsynth-reports-test-\(UUID().uuidString)/nested").path
        defer { try? FileManager.default.removeItem(atPath: (chosen as NSString).deletingLastPathComponent) }
        let first = try #require(ReportFiles.makeDirectory(in: ["TOUCHSYNTH_REPORTS": chosen]))
        let second = try #require(ReportFiles.makeDirectory(in: ["TOUCHSYNTH_REPORTS": chosen]))
        #expect((first as NSString).deletingLastPathComponent == chosen)
        #expect((first as NSString).lastPathComponent.hasPrefix("touchsynth-reports-"))
        #expect(first != second)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: first, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test func withoutItReportsGoToTheTemporaryDirectory() throws {
        for environment in [[:], ["TOUCHSYNTH_REPORTS": ""]] {
            let made = try #require(ReportFiles.makeDirectory(in: environment))
            defer { try? FileManager.default.removeItem(atPath: made) }
            let parent = URL(fileURLWithPath: (made as NSString).deletingLastPathComponent).standardizedFileURL
            #expect(parent == FileManager.default.temporaryDirectory.standardizedFileURL)
        }
    }
}
