import Foundation
import XCTest
import TestSupport

/// The `tools/` scripts: their help, and their refusals before any work (no build, no apt, no
/// VM), which is what makes these tests quick; and tools/build-libinput stopped half-way.
final class ToolScriptTests: XCTestCase {
    /// Every shell script but `run`, whose arguments are touchsynth's.
    private static var scripts: [String] {
        let tools = Fixtures.root.appendingPathComponent("tools")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: tools.path)) ?? []
        return names.sorted().filter { name in
            let text = try? String(contentsOf: tools.appendingPathComponent(name), encoding: .utf8)
            return name != "run" && text?.hasPrefix("#!/usr/bin/env bash\n") == true
        }
    }

    private func tool(_ name: String) -> String {
        Fixtures.root.appendingPathComponent("tools/\(name)").path
    }

    func testHelpPrintsTheScriptsOpeningComment() throws {
        XCTAssertGreaterThan(Self.scripts.count, 15, "the scripts under tools/")
        for name in Self.scripts {
            let source = try String(contentsOfFile: tool(name), encoding: .utf8).split(separator: "\n")
            let opening = source.dropFirst().prefix { $0.hasPrefix("#") }
            for flag in ["--help", "-h"] {
                let result = try runProcess([tool(name), flag])
                XCTAssertEqual(result.status, 0, "\(name) \(flag): \(result.stderr)")
                XCTAssertEqual(
                    result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().count,
                    opening.count, "\(name) \(flag)")
                XCTAssertEqual(
                    result.stdout.split(separator: "\n").first.map(String.init),
                    opening.first.map { String($0.dropFirst(2)) }, "\(name) \(flag)")
            }
        }
    }

    func testAnUnknownOptionOrTargetIsAUsageError() throws {
        let cases: [(arguments: [String], wrong: String)] = [
            ([tool("record-behaviour"), "--al"], "--al"),
            ([tool("fuzz"), "evmu"], "evmu"),
            ([tool("fuzz"), "yaml", "evtst", "--", "-runs=1"], "evtst"),
            ([tool("build-libinput"), "--lst"], "--lst"),
            ([tool("format-check"), "--fx"], "--fx"),
            ([tool("build-libinput"), "1.28.1", "latest"], "latest"),
            ([tool("explain-sweep"), "1.28.1", "latest"], "latest"),
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
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-missing-\(UUID().uuidString).yml"
        ).path
        let present = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let result = try runProcess([tool("vm-test"), present, missing])
        XCTAssertEqual(result.status, 66, result.stderr)
        XCTAssertEqual(result.stderr, "vm-test: \(missing): no such recording\n")
        XCTAssertEqual(result.stdout, "", "vm-test did work before refusing")
    }

    /// tools/build's `progress` on SwiftPM's output (tools/run's first build is minutes): piped, the
    /// dependencies fetched and a line every 50 steps once it builds, nothing for a build with little
    /// to do; on a terminal, one line rewritten in place, fitted to the width and cleared at the end.
    func testTheBuildShowsHowFarItGot() throws {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("touchsynth-progress-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let fetch = "Fetching https://github.com/jpsim/Yams from cache"
        // SwiftPM's total grows as it goes.
        let steps = (1...120).map { "[\($0)/\(max(60, $0))] Compiling Gestures File\($0).swift" }
        let build =
            [
                fetch, "[0/1] Planning build", "[1/1] Compiling plugin GenerateManual",
                "Building for debugging...",
            ] + steps + ["Build complete! (9.00s)"]
        let nothingToDo = [
            "[0/1] Planning build", "Building for debugging...", "[2/49] Write swift-version.txt",
            "Build complete! (0.40s)",
        ]
        let script = Fixtures.root.appendingPathComponent("tools/build").path
        func progress(_ lines: [String], _ mode: String) throws -> Finished {
            let input = dir.appendingPathComponent("output-\(mode)")
            try (lines.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
            let function = "eval \"$(sed -n '/^progress()/,/^}/p' \(script))\""
            let call = "COLUMNS=40 progress 'tools/build: debug' \(mode) < \(input.path)"
            return try runProcess(["/bin/bash", "-c", "\(function); \(call)"])
        }
        let plain = try progress(build, "plain")
        XCTAssertEqual(plain.stdout, "")
        XCTAssertEqual(
            plain.stderr.split(separator: "\n").map(String.init),
            [fetch, steps[49], steps[99]].map { "tools/build: debug: " + $0 }, "steps 50 and 100")
        XCTAssertEqual(try progress(nothingToDo, "plain").stderr, "")

        let line = try progress(build, "line")
        XCTAssertEqual(line.stdout, "")
        XCTAssertFalse(line.stderr.contains("\n"), "one line")
        let shownLines = line.stderr.components(separatedBy: "\r\u{1B}[K")
        XCTAssertEqual(shownLines.count, 2 + 4 + steps.count, "a rewrite per line shown, then cleared: \(shownLines)")
        XCTAssertEqual(shownLines.first, "")
        XCTAssertEqual(shownLines.last, "", "cleared at the end")
        let fitted = shownLines.dropFirst().dropLast()
            .allSatisfy { $0.hasPrefix("tools/build: debug: ") && $0.count == 39 }
        XCTAssertTrue(fitted, "fitted to 40 columns")
        XCTAssertEqual(shownLines.dropLast().last, String(("tools/build: debug: " + steps[119]).prefix(39)))
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
        let swiftTesting =
            "✘ Test b() failed after 0.1 seconds with 1 issue.\n✘ Test run with 3 tests in 1 suite failed "
            + "after 0.2 seconds with 1 issue.\n"
        let cases: [(output: String, status: Int, xunit: Bool, passed: Int, failed: Int)] = [
            ("\t Executed 372 tests, with 0 failures (0 unexpected) in 5.0 (5.0) seconds\n", 0, false, 372, 0),
            ("\t Executed 372 tests, with 3 failures (0 unexpected) in 5.0 (5.0) seconds\n", 1, false, 369, 3),
            (
                "\t Executed 372 tests, with 4 tests skipped and 3 failures (0 unexpected) in 5.0 (5.0) seconds\n", 1,
                false, 365, 3
            ),
            (
                "\t Executed 1 test, with 0 failures (0 unexpected) in 5.0 (5.0) seconds\n" + swiftTesting, 1, false, 3,
                1
            ),
            (
                "\t Executed 9 tests, with 0 failures (0 unexpected) in 5.0 (5.0) seconds\n*** Program crashed ***\n",
                1, false, 9, 1
            ),
            ("", 1, true, 2, 2),
            ("error: build failed\n", 1, false, 0, 1),
        ]
        let script = Fixtures.root.appendingPathComponent("tools/test").path
        for (i, c) in cases.enumerated() {
            let output = dir.appendingPathComponent("output-\(i)")
            try c.output.write(to: output, atomically: true, encoding: .utf8)
            let call = "count_tests \(output.path) \(c.status)" + (c.xunit ? " \(dir.path)/xunit.xml" : "")
            let result = try runProcess([
                "/bin/bash", "-c",
                "eval \"$(sed -n '/^count_tests()/,/^}/p' \(script))\"; passed=0 failed=0; \(call); echo \"$passed "
                    + "$failed\"",
            ])
            XCTAssertEqual(result.stderr, "", "case \(i)")
            XCTAssertEqual(result.stdout, "\(c.passed) \(c.failed)\n", "case \(i): \(c.output)")
        }
    }

    /// tools/build-libinput interrupted half-way leaves no version behind, and a built one is reused.
    func testAnInterruptedBuildLeavesNothingAndABuiltOneIsReused() throws {
        _ = try libinputBuilds(["1.28.1"])
        let script = Fixtures.root.appendingPathComponent("tools/build-libinput").path
        let builds = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-builds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: builds) }
        var environment = ProcessInfo.processInfo.environment
        environment["TOUCHSYNTH_LIBINPUT_BUILDS"] = builds.path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["1.28.1"]
        process.environment = environment
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Until the compiler runs: the build log names ninja's first step (or the script ended).
        let log = builds.appendingPathComponent("logs/1.28.1.log").path
        waitUntil(whileRunning: process.processIdentifier) {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("[1/")
        }
        process.terminate()
        process.waitUntilExit()
        XCTAssertNotEqual(process.terminationStatus, 0)
        let left = (try? FileManager.default.contentsOfDirectory(atPath: builds.path)) ?? []
        XCTAssertFalse(left.contains { $0 == "1.28.1" || $0.hasPrefix(".work") }, "left behind: \(left)")

        let again = try runProcess([script, "1.28.1"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains("built already"), "tools/test built it, so it is reused: \(again.stderr)")
    }
}
