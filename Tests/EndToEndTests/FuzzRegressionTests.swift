import Foundation
import XCTest
import TestSupport

/// The committed fuzzing seeds, including inputs that once crashed a parser, run through the
/// same entry points libFuzzer calls (touchsynth-fuzz built without libFuzzer replays files).
final class FuzzRegressionTests: XCTestCase {
    func testEverySeedParsesOrIsRefusedWithoutATrap() throws {
        let fuzz = URL(fileURLWithPath: try Fixtures.touchsynth()).deletingLastPathComponent().appendingPathComponent(
            "touchsynth-fuzz"
        ).path
        XCTAssertTrue(
            FileManager.default.isExecutableFile(atPath: fuzz), "touchsynth-fuzz is not built (tools/test builds it)")
        for target in [
            "evemu", "yaml", "evtest", "script", "surface", "getevent", "chromeos", "eventlog", "withlibinput",
        ] {
            let seeds = Fixtures.root.appendingPathComponent("Fuzz/seeds/\(target)").path
            let count = try FileManager.default.contentsOfDirectory(atPath: seeds).count
            XCTAssertGreaterThan(count, 0, target)
            let result = try runProcess([fuzz, target, seeds])
            XCTAssertEqual(result.status, 0, "\(target): \(result.stderr)")
            XCTAssertEqual(result.stdout, "\(target): \(count) inputs, no crash\n")
        }
    }
}
