import Foundation
import KernelEmulation
import Recordings
import TestSupport
import XCTest

/// `touchsynth mock` running programs whose results are their exit status and the files they write.
final class MockTests: XCTestCase {
    /// The program's own exit status comes back as soon as it exits: a harness that waited out
    /// the recording, in real time, would deliver all of its frames first.
    func testMockReturnsTheProgramsExitStatus() throws {
        let minute = synthesizeMinuteOfGestures()
        defer { try? FileManager.default.removeItem(atPath: minute) }
        let result = runCommand([
            "mock", "--real-time", "--stats", minute, "--", "/bin/sh", "-c",
            "exec 4<{devnode}; exit 5",
        ])
        XCTAssertEqual(result.status, 5, result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix(", exit status 5\n"), result.stderr)
        let count = result.stderr.firstMatch(of: /([0-9]+) frames delivered/).flatMap { Int($0.output.1) }
        let delivered = try XCTUnwrap(count, result.stderr)
        XCTAssertLessThan(
            delivered, InputCoreFilter.delivered(try RecordingLoader.load(minute)).count,
            result.stderr)
        let recording = Fixtures.synthesized.appendingPathComponent("session.yml").path
        // 130 of its own is its answer, not the harness's SIGINT at the recording's end.
        let own = runCommand(["mock", recording, "--", "/bin/sh", "-c", "exec 4<{devnode}; exit 130"])
        XCTAssertEqual(own.status, 130, own.stderr)
        let stopped = runCommand([
            "mock", "--real-time", "--stats", recording, "--", "/bin/sh", "-c", "exec cat {devnode} >/dev/null",
        ])
        XCTAssertEqual(stopped.status, 0, stopped.stderr)
        XCTAssertTrue(
            stopped.stderr.hasSuffix(", exit status 130, stopped by the harness at the end\n"), stopped.stderr)
        // A program that catches the harness's SIGINT and ends with 130 of its own accord (a
        // command interrupted) has not succeeded: its status is its own, not the harness's.
        let caught = runCommand([
            "mock", recording, "--", "/bin/sh", "-c", "trap 'kill $!; exit 130' INT; cat {devnode} >/dev/null & wait",
        ])
        XCTAssertEqual(caught.status, 130, caught.stderr)
        // A program that cannot start ends as under env or nice: 127 not found, 126 not runnable.
        let missing = runCommand(["mock", recording, "--", "/nonexistent/program"])
        XCTAssertEqual(missing.status, 127, missing.stderr)
        XCTAssertEqual(missing.stderr, "touchsynth: cannot start /nonexistent/program: No such file or directory\n")
        XCTAssertEqual(runCommand(["mock", recording, "--", recording]).status, 126, "a file, not a program")
        let folder = NSTemporaryDirectory()
        let directory = runCommand(["mock", recording, "--", folder])
        XCTAssertEqual(directory.status, 126, directory.stderr)
        XCTAssertEqual(directory.stderr, "touchsynth: cannot start \(folder): it is a directory\n")
    }

    /// A shell waiting on the command it started is stopped with it, as Ctrl-C stops a whole
    /// pipeline: the command gets a SIGINT too. One that ignores SIGINT is killed after the
    /// grace, with what it started (no process left reading the device), and says so.
    func testAShellIsStoppedWithTheCommandItStarted() throws {
        let recording = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        // `; exit $?` keeps a shell that would run its last command in its own place from doing so.
        let waiting = runCommand(["mock", recording, "--", "/bin/sh", "-c", "cat {devnode} >/dev/null; exit $?"])
        XCTAssertEqual(waiting.status, 0, waiting.stderr)
        XCTAssertEqual(waiting.stderr, "")
        // The shell and its cat hold the FIFO open for writing: it reads to its end once both are gone.
        let fifo = temporaryPath("holders.fifo")
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        XCTAssertGreaterThanOrEqual(reader, 0)
        defer { close(reader) }
        let deaf = runCommand([
            "mock", "--real-time", recording, "--", "/bin/sh", "-c",
            "trap '' INT; exec 7>\(fifo); cat {devnode} >/dev/null",
        ])
        XCTAssertEqual(deaf.status, 128 + SIGKILL, deaf.stderr)
        XCTAssertEqual(
            deaf.stderr,
            "touchsynth: warning: /bin/sh was still running 2 s after the SIGINT that ends it once the recording is "
                + "over: killed, with what it started\n")
        // A guard against a hang, should a process outlive the run: not a measure of speed.
        var end = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&end, 1, 60_000), 1, "a process the shell started outlived the run")
        var byte: UInt8 = 0
        XCTAssertEqual(read(reader, &byte, 1), 0, "every writer gone")
    }

    /// A file of a touchpad and a keyboard is presented as its touchpad alone, which is said: a
    /// device its program never opens would hold the clock at its first frame.
    func testMockPresentsTheDeviceReadAlone() throws {
        let touchpad = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        let file = temporaryPath("both.yml")
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Fixtures.libinputRecord(touchpad, try RecordingLoader.load(Fixtures.typing)).write(
            toFile: file, atomically: true, encoding: .utf8)
        let result = runCommand(["mock", file, "--", "/bin/sh", "-c", "exec cat {devnode} >/dev/null"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(": mock presents the device read alone, not \"AT Translated Set 2 keyboard\"\n"),
            result.stderr)
    }

    /// libinput's own recorder, run on a mocked device, writes YAML this project must read back exactly.
    func testLibinputRecordOfAMockedDeviceParsesBackToTheSameFrames() throws {
        let libinput = try XCTUnwrap(
            findExecutable("libinput"), "libinput-tools is not installed (tools/test installs it)")
        let source = Fixtures.synthesized.appendingPathComponent("pinch-out.yml").path
        let out = temporaryPath("record.yml")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = runCommand(["mock", source, "--", libinput, "record", "-o", out, "{devnode}"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let recorded = try RecordingLoader.load(out)
        let original = try RecordingLoader.load(source)
        XCTAssertEqual(recorded.device.name, original.device.name)
        XCTAssertEqual(recorded.device.codes, original.device.codes)
        XCTAssertEqual(recorded.device.absinfo.mapValues(\.maximum), original.device.absinfo.mapValues(\.maximum))
        XCTAssertEqual(recorded.frames.map(\.events), original.frames.map(\.events))
        XCTAssertEqual(
            recorded.frames.map(\.time), original.frames.map(\.time), "delivery keeps the recording's exact spacing")
    }

    /// A program that does its work without the device succeeds, with one warning that nothing was
    /// played; one that a signal kills ends as a shell reports it, 128 + N, in one line, its fault
    /// not taken by the Swift runtime the preloaded library brings in.
    func testAProgramThatNeverOpensTheDeviceOrCrashesEndsWithItsOwnStatus() throws {
        let recording = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let echoed = runCommand(["mock", recording, "--", "/bin/sh", "-c", "echo {devnode}"])
        XCTAssertEqual(echoed.status, 0, echoed.stderr)
        XCTAssertEqual(
            echoed.stderr, "touchsynth: warning: /bin/sh ended before it opened the device: no frame was played\n")

        for (signal, name) in [(SIGSEGV, "SIGSEGV"), (SIGABRT, "SIGABRT")] {
            let killed = runCommand(["mock", recording, "--", "/bin/sh", "-c", "kill -\(name.dropFirst(3)) $$"])
            XCTAssertEqual(killed.status, 128 + signal, killed.stderr)
            XCTAssertEqual(killed.stderr.split(separator: "\n").count, 1, killed.stderr)
            XCTAssertTrue(killed.stderr.contains("killed by signal \(signal)"), killed.stderr)
        }
    }
}
