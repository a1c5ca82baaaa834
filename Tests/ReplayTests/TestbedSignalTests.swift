import Foundation
import MockedDevices
import XCTest

/// SIGTERM received by this test process's own handler, which these tests install so that a
/// signal the harness fails to hold is an assertion, not the end of the test process.
nonisolated(unsafe) private var termsReceived: Int32 = 0

/// A SIGINT or SIGTERM that comes while a testbed exists but no program runs (a replay being
/// set up or taken down) does not end the process with its testbed left behind.
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
        let device = try device()
        raise(SIGTERM)
        XCTAssertEqual(termsReceived, 0, "the signal reached the process while its testbed was being set up")
        let report = try device.run(["/bin/sleep", "10"])
        XCTAssertEqual(report.interruption, SIGTERM)
        XCTAssertEqual(termsReceived, 0)
    }

    /// After the run, or with no run at all: raised again once the testbed is gone.
    func testASignalWithNoProgramRunningComesAfterTheTestbedIsRemoved() throws {
        var root = ""
        do {
            let device = try device()
            root = device.root
            raise(SIGTERM)
            XCTAssertEqual(termsReceived, 0, "the signal reached the process while its testbed existed")
            XCTAssertTrue(FileManager.default.fileExists(atPath: root))
        }
        XCTAssertEqual(termsReceived, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root))
    }
}
