import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import XCTest

/// Signals to a `touchsynth` process: Ctrl-C or SIGTERM ends a replay, a comparison or `mock` as
/// interrupted, and a libinput side that dies or wedges ends its replay with status 70. Each
/// signal goes once the libinput side or the program runs, when the harness holds the signals
/// (a signal during set-up: MockedDevicesTests' TestbedSignalTests).
final class SignalTests: XCTestCase {
    /// SIGTERM (as Ctrl-C's SIGINT, and SIGHUP, a terminal closed) during a replay ends the
    /// command as interrupted, 128 + the signal, in silence: compare reports nothing of a
    /// recording it saw only part of.
    func testATerminatedReplayOrCompareEndsAsInterrupted() throws {
        let touchsynth = try Fixtures.touchsynth()
        let minute = synthesizeMinuteOfGestures()
        defer { try? FileManager.default.removeItem(atPath: minute) }
        for (command, signal) in [("compare", SIGTERM), ("replay", SIGTERM), ("replay", SIGHUP)] {
            // In real time, so that the replay is still running when the signal comes.
            let process = try Running([touchsynth, command, "--real-time", minute])
            waitUntil(whileRunning: process.pid) { !childProcesses(of: process.pid).isEmpty }
            if isRunning(process.pid) { kill(process.pid, signal) }
            let finished = try process.wait()
            XCTAssertEqual(finished.status, 128 + signal, "\(command): \(finished.stderr)")
            XCTAssertEqual(finished.stderr, "", command)
            if command == "compare" { XCTAssertEqual(finished.stdout, "", command) }
        }
    }

    /// Ctrl-C while a replay waits for more of a recording from a pipe ends it as interrupted
    /// (130) with the pipe still open: the signal, not the writer's end, stops the reading, and
    /// it is no error reading the pipe.
    func testCtrlCWhileAReplayWaitsForAPipeEndsItAsInterrupted() throws {
        let text = try String(
            contentsOf: Fixtures.synthesized.appendingPathComponent("pinch-in.yml"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let input = Pipe()
        let process = try Running([try Fixtures.touchsynth(), "replay", "-"], standardInput: input)
        // The header and the first half of the frames; the rest never comes.
        input.fileHandleForWriting.write(Data((lines[..<(lines.count / 2)].joined(separator: "\n") + "\n").utf8))
        waitUntil(whileRunning: process.pid) { Self.waitsForMore(process.pid, from: input) }
        if isRunning(process.pid) { kill(process.pid, SIGINT) }
        let finished = try process.wait()
        try input.fileHandleForWriting.close()
        XCTAssertEqual(finished.status, 128 + SIGINT, finished.stderr)
        XCTAssertFalse(finished.stderr.contains("cannot be read"), finished.stderr)
    }

    /// Ctrl-C while a replay reads a recording from a writer that goes on (`evemu-record … |
    /// touchsynth replay -`) ends it as interrupted: the reading stops at the signal, where it
    /// would otherwise go on as long as the writer.
    func testCtrlCEndsTheReadingOfAWriterThatGoesOn() throws {
        let recording = try String(
            contentsOf: Fixtures.evemu.appendingPathComponent("touchpads_bcm5974.three-finger-click.events"),
            encoding: .utf8)
        let header = recording.split(separator: "\n").filter { !$0.hasPrefix("E:") }.joined(separator: "\n") + "\n"
        let input = Pipe()
        let process = try Running([try Fixtures.touchsynth(), "replay", "-"], standardInput: input)
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let fd = input.fileHandleForWriting.fileDescriptor
        func write(_ text: String) -> Bool {
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                bytes = bytes.dropFirst(n)
            }
            return true
        }
        XCTAssertTrue(write(header))
        // Frames a millisecond apart, a megabyte at a time: the signal comes after the first,
        // and the writer goes on until the reader is gone, or 256 MiB past it.
        var millisecond = 0
        func frames() -> String {
            (0..<20_000).map { _ in
                millisecond += 1
                let time = String(format: "%d.%06d", millisecond / 1000, millisecond % 1000 * 1000)
                return "E: \(time) 0003 0035 \(millisecond % 100)\nE: \(time) 0000 0000 0000\n"
            }.joined()
        }
        XCTAssertTrue(write(frames()))
        kill(process.pid, SIGINT)
        var written = 0
        while written < 256 << 20 {
            let chunk = frames()
            guard write(chunk) else { break }
            written += chunk.utf8.count
        }
        XCTAssertLessThan(written, 256 << 20, "the replay read on after Ctrl-C")
        try input.fileHandleForWriting.close()
        let finished = try process.wait()
        XCTAssertEqual(finished.status, 128 + SIGINT, finished.stderr)
        XCTAssertEqual(finished.stderr, "")
    }

    /// Whether `pid`'s main thread waits for input (read(2) or poll(2)) with nothing left unread
    /// in `pipe`.
    private static func waitsForMore(_ pid: pid_t, from pipe: Pipe) -> Bool {
        let call = ((try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8)) ?? "").split(separator: " ")
        var unread: Int32 = 0
        guard call.first == "0" || call.first == "7",
            ioctl(pipe.fileHandleForWriting.fileDescriptor, UInt(FIONREAD), &unread) == 0
        else { return false }
        return unread == 0
    }

    /// Ctrl-C on `mock` ends it as interrupted (130), not as the success that the harness's own
    /// SIGINT at the end of a recording is.
    func testAnInterruptedMockEndsAsInterrupted() throws {
        let minute = synthesizeMinuteOfGestures()
        defer { try? FileManager.default.removeItem(atPath: minute) }
        let process = try Running([
            try Fixtures.touchsynth(), "mock", "--real-time", minute, "--", "/bin/sh", "-c",
            "exec cat {devnode} >/dev/null",
        ])
        waitUntil(whileRunning: process.pid) { !childProcesses(of: process.pid).isEmpty }
        if isRunning(process.pid) { kill(process.pid, SIGINT) }
        XCTAssertEqual(try process.wait().status, 128 + SIGINT)
    }

    /// The libinput side killed mid-replay: exit 70 at once, naming the signal.
    func testAKilledLibinputSideEndsTheReplayWithStatus70() throws {
        try assertReplayEndsWithStatus70(interruptedWith: SIGKILL, saying: "killed by signal 9")
    }

    /// The libinput side stopped (SIGSTOP) mid-replay: it never becomes idle again, and the
    /// replay ends with exit 70, naming what it waited for.
    func testAWedgedLibinputSideEndsTheReplayWithStatus70() throws {
        try assertReplayEndsWithStatus70(
            interruptedWith: SIGSTOP,
            saying: "within 5 s of wall time on the virtual clock")
    }

    /// The libinput side stopped by another program's SIGTERM, which it takes as the harness's
    /// stop: the replay, which did not stop it, ends with exit 70 rather than as a whole one.
    func testALibinputSideStoppedByAnotherEndsTheReplayWithStatus70() throws {
        try assertReplayEndsWithStatus70(interruptedWith: SIGTERM, saying: "with part of the recording unplayed")
    }

    private func assertReplayEndsWithStatus70(
        interruptedWith signal: Int32, saying message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let finished = try replayLong(interruptingWith: signal)
        XCTAssertEqual(finished.status, 70, finished.stderr, file: file, line: line)
        XCTAssertTrue(finished.stderr.contains(message), finished.stderr, file: file, line: line)
        // One line from touchsynth; libinput's own messages (a touch jump it discards) may come before.
        let ours = finished.stderr.split(separator: "\n").filter { $0.hasPrefix("touchsynth:") }
        XCTAssertEqual(ours.count, 1, finished.stderr, file: file, line: line)
        XCTAssertTrue(finished.stderr.hasSuffix((ours.last ?? "") + "\n"), finished.stderr, file: file, line: line)
    }

    /// Replays a minute of synthesized gestures, and sends `signal` to the libinput side once it has
    /// printed its first events: how the replay ended.
    private func replayLong(interruptingWith signal: Int32) throws -> Finished {
        let long = synthesizeMinuteOfGestures()
        defer { try? FileManager.default.removeItem(atPath: long) }
        let replay = try Running([try Fixtures.touchsynth(), "replay", "--json", long])
        var child: pid_t?
        waitUntil(whileRunning: replay.pid) {
            // Past the JSON header line, which comes before the libinput side starts.
            if replay.stdoutBytes > 100 { child = childProcesses(of: replay.pid).first }
            return child != nil
        }
        let target = try XCTUnwrap(child)
        kill(target, signal)
        defer { kill(target, SIGKILL) }
        return try replay.wait()
    }
}
