import Foundation
import XCTest
import TestSupport

/// Translating and recognizing allocate nothing once an app's event loop runs: `touchsynth
/// bench`'s steady-state figure, counted by libtouchsynth-alloc-count.so in the release build (a
/// debug build allocates on its own), is zero in both modes, and so is a translator whose pointer
/// crosses pointer regions every few events. Allocation counts are deterministic,
/// so this is a test, not a benchmark.
final class AllocationTests: XCTestCase {
    func testNoHeapAllocationPerEventInTheSteadyState() throws {
        let release = Fixtures.root.appendingPathComponent(".build/release")
        let touchsynth = release.appendingPathComponent("touchsynth").path
        let counter = release.appendingPathComponent("libtouchsynth-alloc-count.so").path
        try requireTier(FileManager.default.isExecutableFile(atPath: touchsynth) && FileManager.default.fileExists(atPath: counter),
                        "the release build and its allocation counter (swift build -c release)")
        var environment = ProcessInfo.processInfo.environment
        environment["LD_PRELOAD"] = counter
        let result = try runProcess([touchsynth, "bench", "--throughput-only", "--runs", "1", "--events", "10000", "--json"], environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        let figures = try jsonLines(result.stdout)
        for mode in ["compat", "indirect"] {
            let steady = try XCTUnwrap(figures.first { $0["name"] as? String == "heap allocations per event in the steady state, \(mode)" },
                                       "no allocation figure: the counter was not loaded")
            XCTAssertEqual(steady["max"] as? Double, 0, "\(mode): \(steady)")
            let crossing = try XCTUnwrap(figures.first { $0["name"] as? String == "heap allocations per event, translator crossing pointer regions, \(mode)" })
            XCTAssertEqual(crossing["max"] as? Double, 0, "\(mode): region events and rails allocate nothing: \(crossing)")
        }
    }
}
