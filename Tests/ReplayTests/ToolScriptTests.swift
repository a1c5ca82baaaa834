import Foundation
import XCTest

/// The `tools/` scripts that take arguments: their help, and their refusals before any work (no
/// build, no apt, no VM), which is what makes these tests quick.
final class ToolScriptTests: XCTestCase {
    private static let scripts = ["record-behaviour", "fuzz", "vm-test", "build-libinput"]

    private func tool(_ name: String) -> String {
        Fixtures.root.appendingPathComponent("tools/\(name)").path
    }

    func testHelpPrintsTheScriptsOpeningComment() throws {
        for name in Self.scripts {
            let source = try String(contentsOfFile: tool(name), encoding: .utf8).split(separator: "\n")
            let opening = source.dropFirst().prefix { $0.hasPrefix("#") }
            for flag in ["--help", "-h"] {
                let result = try runProcess([tool(name), flag])
                XCTAssertEqual(result.status, 0, "\(name) \(flag): \(result.stderr)")
                XCTAssertEqual(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().count, opening.count, "\(name) \(flag)")
                XCTAssertEqual(result.stdout.split(separator: "\n").first.map(String.init), opening.first.map { String($0.dropFirst(2)) }, "\(name) \(flag)")
            }
        }
    }

    func testAnUnknownOptionOrTargetIsAUsageError() throws {
        let cases: [(arguments: [String], wrong: String)] = [
            ([tool("record-behaviour"), "--al"], "--al"),
            ([tool("fuzz"), "evmu"], "evmu"),
            ([tool("fuzz"), "yaml", "evtst", "--", "-runs=1"], "evtst"),
            ([tool("build-libinput"), "--lst"], "--lst"),
            ([tool("build-libinput"), "1.28.1", "latest"], "latest"),
        ]
        for (arguments, wrong) in cases {
            let result = try runProcess(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(" \(wrong) "), result.stderr)
            XCTAssertEqual(result.stdout, "", "\(arguments) did work before refusing")
        }
    }

    func testAMissingRecordingIsRefusedBeforeAnyWork() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-missing-\(UUID().uuidString).yml").path
        let present = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let result = try runProcess([tool("vm-test"), present, missing])
        XCTAssertEqual(result.status, 66, result.stderr)
        XCTAssertEqual(result.stderr, "vm-test: \(missing): no such recording\n")
        XCTAssertEqual(result.stdout, "", "vm-test did work before refusing")
    }
}
