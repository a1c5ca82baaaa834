import ProcessSignals
import XCTest

/// A stop signal makes ``StopSignal``'s descriptor readable, unless this process ignores it.
final class StopSignalTests: XCTestCase {
    /// Whether `fd` can be read now, without waiting.
    private func readable(_ fd: Int32) -> Bool {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&pfd, 1, 0) == 1
    }

    /// SIGHUP ignored, as `nohup` starts a program, stays ignored while a stop signal is watched,
    /// and after; SIGTERM, not ignored, stops.
    func testAnIgnoredSignalStaysIgnoredAndAnotherStops() throws {
        var ignore = sigaction(), byDefault = sigaction(), previous = (sigaction(), sigaction())
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        // SIGTERM as a terminal leaves it, whatever started the tests.
        sigaction(SIGHUP, &ignore, &previous.0)
        sigaction(SIGTERM, &byDefault, &previous.1)
        defer {
            sigaction(SIGHUP, &previous.0, nil)
            sigaction(SIGTERM, &previous.1, nil)
        }
        let stop = try StopSignal()
        raise(SIGHUP)
        XCTAssertTrue(StopSignal.staysIgnored(SIGHUP))
        XCTAssertFalse(readable(stop.fileDescriptor), "SIGHUP stopped a process that ignores it")
        raise(SIGTERM)
        XCTAssertTrue(readable(stop.fileDescriptor))
        stop.end()
        XCTAssertTrue(StopSignal.staysIgnored(SIGHUP))
        XCTAssertFalse(StopSignal.staysIgnored(SIGTERM))
    }

    /// Ended after a stop, the process is closing: a second SIGTERM (GNU `timeout` sends two) is
    /// taken by a handler that does nothing, where the default action would end the process by
    /// signal. Ended with no stop, the action there was comes back.
    func testASecondStopAfterTheFirstIsAbsorbed() throws {
        var byDefault = sigaction(), previous = sigaction(), now = sigaction()
        sigaction(SIGTERM, &byDefault, &previous)
        defer { sigaction(SIGTERM, &previous, nil) }
        let quiet = try StopSignal()
        quiet.end()
        sigaction(SIGTERM, nil, &now)
        XCTAssertNil(now.__sigaction_handler.sa_handler, "SIGTERM's default action is not back")
        let stop = try StopSignal()
        raise(SIGTERM)
        XCTAssertTrue(readable(stop.fileDescriptor))
        stop.end()
        sigaction(SIGTERM, nil, &now)
        let handler = try XCTUnwrap(now.__sigaction_handler.sa_handler, "SIGTERM has its default action")
        XCTAssertNotEqual(unsafeBitCast(handler, to: Int.self), unsafeBitCast(SIG_IGN, to: Int.self))
        // Checked above first: the default action here would end the tests.
        raise(SIGTERM)
    }

    /// SIGINT ignored, as a shell starts a background job, is taken all the same: a script ends
    /// such a job with `kill -INT`.
    func testAnIgnoredSigintIsTakenAllTheSame() throws {
        var ignore = sigaction(), previous = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigaction(SIGINT, &ignore, &previous)
        defer { sigaction(SIGINT, &previous, nil) }
        XCTAssertFalse(StopSignal.staysIgnored(SIGINT))
        let stop = try StopSignal()
        raise(SIGINT)
        XCTAssertTrue(readable(stop.fileDescriptor), "SIGINT did not stop a background job")
        stop.end()
    }

    /// A command's first step gives an ignored SIGINT its default action back, so that it ends the
    /// process between the handlers too; a handler of the process's own is left alone.
    func testAnIgnoredSigintGetsItsDefaultActionBack() {
        var ignore = sigaction(), previous = sigaction(), now = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigaction(SIGINT, &ignore, &previous)
        defer { sigaction(SIGINT, &previous, nil) }
        StopSignal.takeInterruptIfIgnored()
        sigaction(SIGINT, nil, &now)
        XCTAssertNil(now.__sigaction_handler.sa_handler, "SIGINT is not SIG_DFL")
        var own = sigaction()
        own.__sigaction_handler.sa_handler = { _ in }
        sigaction(SIGINT, &own, nil)
        StopSignal.takeInterruptIfIgnored()
        sigaction(SIGINT, nil, &now)
        XCTAssertNotNil(now.__sigaction_handler.sa_handler, "a handler was replaced")
    }
}
