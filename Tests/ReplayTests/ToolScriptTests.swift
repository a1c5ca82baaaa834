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

    /// tools/test's count of a `swift test` run, from XCTest's summary or a parallel run's xUnit
    /// file, and Swift Testing's lines: failures and skips apart, and a run that failed without
    /// a failing test (a crash, a build error) one failure.
    func testTheTestCountTellsFailuresSkipsAndCrashes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-count-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let xunit = """
            <testsuites><testsuite name="TestResults" errors="0" tests="5" failures="2" time="1.0">
            <testcase classname="A" name="a" time="0.1"><failure message="failed"></failure></testcase>
            <testcase classname="A" name="b" time="0.1"><failure message="failed"></failure></testcase>
            <testcase classname="A" name="c" time="0.1"><skipped/></testcase>
            </testsuite></testsuites>
            """
        try xunit.write(to: dir.appendingPathComponent("xunit.xml"), atomically: true, encoding: .utf8)
        let swiftTesting = "✘ Test b() failed after 0.1 seconds with 1 issue.\n✘ Test run with 3 tests in 1 suite failed after 0.2 seconds with 1 issue.\n"
        let cases: [(output: String, status: Int, xunit: Bool, passed: Int, failed: Int)] = [
            ("\t Executed 372 tests, with 0 failures (0 unexpected) in 5.0 (5.0) seconds\n", 0, false, 372, 0),
            ("\t Executed 372 tests, with 3 failures (0 unexpected) in 5.0 (5.0) seconds\n", 1, false, 369, 3),
            ("\t Executed 372 tests, with 4 tests skipped and 3 failures (0 unexpected) in 5.0 (5.0) seconds\n", 1, false, 365, 3),
            ("\t Executed 1 test, with 0 failures (0 unexpected) in 5.0 (5.0) seconds\n" + swiftTesting, 1, false, 3, 1),
            ("\t Executed 9 tests, with 0 failures (0 unexpected) in 5.0 (5.0) seconds\n*** Program crashed ***\n", 1, false, 9, 1),
            ("", 1, true, 2, 2),
            ("error: build failed\n", 1, false, 0, 1),
        ]
        let script = Fixtures.root.appendingPathComponent("tools/test").path
        for (i, c) in cases.enumerated() {
            let output = dir.appendingPathComponent("output-\(i)")
            try c.output.write(to: output, atomically: true, encoding: .utf8)
            let call = "count_tests \(output.path) \(c.status)" + (c.xunit ? " \(dir.path)/xunit.xml" : "")
            let result = try runProcess(["/bin/bash", "-c", "eval \"$(sed -n '/^count_tests()/,/^}/p' \(script))\"; passed=0 failed=0; \(call); echo \"$passed $failed\""])
            XCTAssertEqual(result.stderr, "", "case \(i)")
            XCTAssertEqual(result.stdout, "\(c.passed) \(c.failed)\n", "case \(i): \(c.output)")
        }
    }
}
