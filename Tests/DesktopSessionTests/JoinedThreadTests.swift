@testable import DesktopSession
import XCTest

/// A thread whose work has ended has let go of what its closure held: a window system's client
/// released later, on the thread's own teardown, closed its connection while the process exited.
final class JoinedThreadTests: XCTestCase {
    /// Records its release.
    private final class Held {
        let released: () -> Void
        init(_ released: @escaping () -> Void) { self.released = released }
        deinit { released() }
    }

    func testWhatTheClosureHeldIsReleasedWhenJoinReturns() throws {
        let lock = NSLock()
        var releases = 0
        for started in 1...200 {
            let thread = try JoinedThread { [held = Held { lock.withLock { releases += 1 } }] in _ = held }
            thread.join()
            XCTAssertEqual(lock.withLock { releases }, started)
        }
    }

    func testTheWorkHasRunWhenJoinReturns() throws {
        let lock = NSLock()
        var ran = false
        let thread = try JoinedThread { lock.withLock { ran = true } }
        thread.join()
        XCTAssertTrue(lock.withLock { ran })
    }
}
