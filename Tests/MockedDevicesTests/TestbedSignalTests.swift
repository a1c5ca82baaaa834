import Foundation
import MockedDevices
import XCTest
import TestSupport

/// SIGTERM received by this test process's own handler, which these tests install so that a
/// signal the harness fails to hold is an assertion, not the end of the test process.
nonisolated(unsafe) private var termsReceived: Int32 = 0

/// A SIGINT or SIGTERM that comes while a replay's device exists but no program runs (the replay
/// being set up or taken down) does not end the process with its testbed left behind.
final class TestbedSignalTests: XCTestCase {
    private var previous = sigaction()

    override func setUp() {
        termsReceived = 0
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in termsReceived += 1 }
        sigaction(SIGTERM, &action, &previous)
    }

    override func tearDown() {
        sigaction(SIGTERM, &previous, nil)
    }

    private func device() throws -> MockedDevice {
        try MockedDevice.forFile(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
    }

    /// During set-up: the program started next gets the signal, and the run reports it.
    func testASignalDuringSetUpInterruptsTheRunThatFollows() throws {
        let report = try MockedDevice.holdingSignals { () throws -> ReplayReport in
            let device = try device()
            raise(SIGTERM)
            XCTAssertEqual(termsReceived, 0, "the signal reached the process while its device was being set up")
            return try device.run(["/bin/sleep", "10"])
        }
        XCTAssertEqual(report.interruption, SIGTERM)
        XCTAssertEqual(termsReceived, 0)
    }

    /// With no program run: raised again, to this process's own handler, once the device is gone.
    func testASignalWithNoProgramRunningComesAfterTheTestbedIsRemoved() throws {
        let root = try MockedDevice.holdingSignals { () throws -> String in
            let device = try device()
            return withExtendedLifetime(device) {
                raise(SIGTERM)
                XCTAssertEqual(termsReceived, 0, "the signal reached the process while its device existed")
                XCTAssertTrue(FileManager.default.fileExists(atPath: device.root))
                return device.root
            }
        }
        XCTAssertEqual(termsReceived, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root))
    }

    /// Outside a hold, this process's handler gets the signal at once, a device alive or not:
    /// a device kept across tests does not take its Ctrl-C away.
    func testOutsideAHoldTheProcessKeepsItsSignals() throws {
        let device = try device()
        withExtendedLifetime(device) {
            raise(SIGTERM)
            XCTAssertEqual(termsReceived, 1)
        }
    }

    /// SIGTERM or SIGHUP that this process ignores (as `nohup` leaves SIGHUP) stays ignored
    /// through a hold and a run: it interrupts nothing, and the program keeps ignoring it too.
    func testAnIgnoredSignalStaysIgnored() throws {
        signal(SIGTERM, SIG_IGN)
        let report = try MockedDevice.holdingSignals { () throws -> ReplayReport in
            let device = try device()
            raise(SIGTERM)
            return try device.run(["/bin/sh", "-c", "kill -TERM $$; exit 0"])
        }
        XCTAssertNil(report.interruption)
        XCTAssertEqual(report.exitStatus, 0, "the program died of the signal its starter ignored")
    }
}
