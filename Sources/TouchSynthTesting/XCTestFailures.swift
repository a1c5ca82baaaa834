import Foundation
import XCTest

/// Whether XCTest recorded a failure against a test case. A failure where no Swift Testing test
/// is current goes to `XCTFail`, which drops it when no test case runs (a Swift Testing test's
/// detached task or worker thread): such a failure is written to stderr instead, so that it is
/// never lost, and only then, so that none is told twice.
final class XCTestFailures: NSObject, XCTestObservation, @unchecked Sendable {
    static let shared: XCTestFailures = {
        let observer = XCTestFailures()
        XCTestObservationCenter.shared.addTestObserver(observer)
        return observer
    }()

    /// Set on the failing thread: XCTest tells its observers of a failure as it records it.
    private static let recordedKey = "TouchSynthTesting.failureRecorded"

    /// Runs `fail` (an `XCTFail`) and returns whether XCTest recorded it against a test case.
    func recorded(_ fail: () -> Void) -> Bool {
        let thread = Thread.current.threadDictionary
        thread[Self.recordedKey] = false
        defer { thread.removeObject(forKey: Self.recordedKey) }
        fail()
        return thread[Self.recordedKey] as? Bool == true
    }

    func testCase(
        _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
        atLine lineNumber: Int
    ) {
        let thread = Thread.current.threadDictionary
        if thread[Self.recordedKey] != nil { thread[Self.recordedKey] = true }
    }
}
