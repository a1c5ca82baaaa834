import Foundation
import XCTest

/// Whether an XCTest test case is running, followed from the first replay of the process on.
/// A failure where no Swift Testing test is current goes to `XCTFail`, which drops it when no
/// test case runs either (a Swift Testing test's detached task or worker thread): such a failure
/// is written to stderr too, so that it is never lost.
final class RunningTestCases: NSObject, XCTestObservation, @unchecked Sendable {
    static let shared: RunningTestCases = {
        let observer = RunningTestCases()
        XCTestObservationCenter.shared.addTestObserver(observer)
        return observer
    }()

    private let lock = NSLock()
    private var running = 0

    /// Whether a test case is known to be running: not for one that began before the first
    /// replay, whose failures are written to stderr as well.
    var any: Bool { lock.withLock { running > 0 } }

    func testCaseWillStart(_ testCase: XCTestCase) { lock.withLock { running += 1 } }

    func testCaseDidFinish(_ testCase: XCTestCase) { lock.withLock { running = max(running - 1, 0) } }
}
