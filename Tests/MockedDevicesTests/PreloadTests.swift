import Foundation
import MockedDevices
import TestSupport
import XCTest

/// touchsynth-preload, the harness's helper in the programs it runs (its threads under
/// ThreadSanitizer: MockedProgramTests).
final class PreloadTests: XCTestCase {
    /// The environment is the program's: the preload reads it once as it loads, and a thread of the
    /// program may be in getenv at any time, where glibc's setenv and unsetenv are undefined.
    func testThePreloadWritesNoEnvironment() throws {
        let nm = try runProcess(["/usr/bin/nm", "-D", "--undefined-only", try BuildProducts.preload()])
        XCTAssertEqual(nm.status, 0, nm.stderr)
        XCTAssertTrue(nm.stdout.contains("getenv"), nm.stdout)
        let symbols = Set(
            nm.stdout.split(separator: "\n").compactMap { line in
                line.split(separator: " ").last?.split(separator: "@").first
            })
        for writer in ["setenv", "unsetenv", "putenv", "clearenv"] {
            XCTAssertFalse(symbols.contains(Substring(writer)), writer)
        }
    }
}
