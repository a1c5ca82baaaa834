import Foundation
import MockedDevices
import TestSupport
import ViewServer
import XCTest

/// What only the built executables show: the libraries `touchsynth` loads, its version line, its
/// hand-over of `view` to touchsynth-view, and the release build's allocations.
final class ExecutableTests: XCTestCase {
    /// Translating and recognizing allocate nothing once an app's event loop runs: `touchsynth
    /// bench`'s steady-state figure, counted by libtouchsynth-alloc-count.so in the release build (a
    /// debug build allocates on its own), is zero in both modes, and so is a translator whose pointer
    /// crosses pointer regions every few events. Allocation counts are deterministic,
    /// so this is a test, not a benchmark.
    func testNoHeapAllocationPerEventInTheSteadyState() throws {
        let release = Fixtures.root.appendingPathComponent(".build/release")
        let touchsynth = release.appendingPathComponent("touchsynth").path
        let counter = release.appendingPathComponent("libtouchsynth-alloc-count.so").path
        try requireTier(
            FileManager.default.isExecutableFile(atPath: touchsynth) && FileManager.default.fileExists(atPath: counter),
            "the release build and its allocation counter (swift build -c release)")
        var environment = ProcessInfo.processInfo.environment
        environment["LD_PRELOAD"] = counter
        let result = try runProcess(
            [touchsynth, "bench", "--throughput-only", "--runs", "1", "--events", "10000", "--json"],
            environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let figures = try jsonLines(result.stdout)
        for mode in ["compat", "indirect"] {
            let steady = try XCTUnwrap(
                figures.first { $0["name"] as? String == "heap allocations per event in the steady state, \(mode)" },
                "no allocation figure: the counter was not loaded")
            XCTAssertEqual(steady["max"] as? Double, 0, "\(mode): \(steady)")
            let crossing = try XCTUnwrap(
                figures.first {
                    $0["name"] as? String == "heap allocations per event, translator crossing pointer regions, \(mode)"
                })
            XCTAssertEqual(
                crossing["max"] as? Double, 0, "\(mode): region events and rails allocate nothing: \(crossing)")
        }
    }

    /// `--version` names TouchSynth's version and the libinput it links, from every command. The
    /// executable reads it once from its own command line: a test process's is not a command's.
    func testVersionNamesThePackageAndLibinput() throws {
        let touchsynth = try Fixtures.touchsynth()
        for command in [[], ["replay"]] {
            let result = try runProcess([touchsynth] + command + ["--version"])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(
                result.stdout.hasPrefix("touchsynth 0.9.0 (libinput \(LibinputBuild.system.version)"), result.stdout)
        }
    }

    /// `touchsynth` starts without the view's networking libraries (Foundation's networking,
    /// libcurl and its TLS libraries), which were a third of its start: `view` continues in
    /// touchsynth-view, and says so when that is missing; its help needs none.
    func testOnlyTheViewLoadsTheNetworkingLibraries() throws {
        let touchsynth = try Fixtures.touchsynth()
        let libraries = try runProcess(["/usr/bin/ldd", touchsynth])
        XCTAssertEqual(libraries.status, 0, libraries.stderr)
        XCTAssertTrue(libraries.stdout.contains("libumockdev"), libraries.stdout)
        // A build with the server linked in would serve the view below until killed. libcurl
        // shows Foundation's networking in a release too, which links Swift's libraries in.
        guard !libraries.stdout.contains("libFoundationNetworking"), !libraries.stdout.contains("libcurl") else {
            return XCTFail("touchsynth loads the networking libraries:\n" + libraries.stdout)
        }

        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let environment = ProcessInfo.processInfo.environment.merging([
            "TOUCHSYNTH_VIEW_PATH": "/nonexistent/touchsynth-view"
        ]) { $1 }
        let missing = try runProcess([touchsynth, "view", pinch], environment: environment)
        XCTAssertEqual(missing.status, 69, missing.stderr)
        XCTAssertEqual(missing.stderr, "touchsynth: TOUCHSYNTH_VIEW_PATH=/nonexistent/touchsynth-view does not exist\n")
        // Help and the version are touchsynth's own, with touchsynth-view or without.
        for asked in [["view", "--help"], ["view", pinch, "-h"], ["bench", "--view-stream", "2", "--help"]] {
            let help = try runProcess([touchsynth] + asked, environment: environment)
            XCTAssertEqual(help.status, 0, "\(asked): \(help.stderr)")
            XCTAssertTrue(help.stdout.hasPrefix("OVERVIEW: "), "\(asked): \(help.stdout)")
        }
    }

    /// `view` is handed to touchsynth-view before it is parsed, so its errors and warnings come
    /// once, from there: here a port in use (69) and an old option spelling.
    func testTheViewIsParsedAndServedOnceByTouchsynthView() throws {
        let touchsynth = try Fixtures.touchsynth()
        let taken = try ViewServer(title: "taken")
        defer { taken.stop() }
        let port = taken.port

        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let result = try runProcess([
            touchsynth, "view", pinch, "--port", String(port), "--click-method", "clickfinger",
        ])
        XCTAssertEqual(result.status, 69, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "touchsynth: warning: --click-method is deprecated and goes in the next release; use --set-click-method\n"
                + "touchsynth: port \(port) on 127.0.0.1 is in use by another program: choose another with --port, or "
                + "0 for a free one\n"
        )
    }
}
