import Foundation
import Replays
import TestSupport
import XCTest

/// What a replay's report says of the program the harness ran.
final class ReplayReportTests: XCTestCase {
    /// The harness reports the program's own peak memory. A harness holding 256 MiB (this test)
    /// does not show in it, as it would in the program's ru_maxrss, which Linux starts from the
    /// spawning process's peak.
    func testProgramPeakMemoryIsTheProgramsOwn() throws {
        let ballast = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 << 20, alignment: 4096)
        defer { ballast.deallocate() }
        for offset in stride(from: 0, to: ballast.count, by: 4096) { ballast[offset] = 1 }
        let report = try Replay(.file(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)).report
        XCTAssertEqual(report.exitStatus, 0)
        XCTAssertGreaterThan(try XCTUnwrap(PeakMemory.ofThisProcess()), 256 << 10)
        let peak = try XCTUnwrap(report.programPeakKiB)
        XCTAssertGreaterThan(peak, 1 << 10)
        XCTAssertLessThan(peak, 128 << 10, "KiB")
    }

}
