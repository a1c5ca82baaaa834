import Foundation
import KernelEmulation
import Recordings
import XCTest
import TestSupport

/// `touchsynth record` and the text of real evtest, both run on mocked devices, give back the
/// recording that was replayed, as a kernel delivers it; libinput's own tools read what `record` writes.
final class RecordingToolTests: XCTestCase {
    func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-\(UUID().uuidString)-\(name)").path
    }

    func assertSameFrames(_ recorded: Recording, _ original: Recording, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(recorded.device.name, original.device.name, what, file: file, line: line)
        XCTAssertEqual(recorded.device.codes, original.device.codes, what, file: file, line: line)
        XCTAssertEqual(recorded.device.absinfo.mapValues(\.maximum), original.device.absinfo.mapValues(\.maximum), what, file: file, line: line)
        XCTAssertEqual(recorded.frames.map(\.events), original.frames.map(\.events), what, file: file, line: line)
        XCTAssertEqual(recorded.frames.map(\.time), original.frames.map(\.time), "\(what): the recording's exact spacing", file: file, line: line)
    }

    /// What readers of the device get of `recording`: the harness, like a kernel, drops unchanged
    /// values and frames left empty (``InputCoreFilter``).
    func delivered(_ recording: Recording) -> Recording {
        var result = recording
        result.frames = InputCoreFilter.delivered(recording)
        // Times count from the first frame delivered, as a recorder's do.
        let start = result.frames.first?.time ?? 0
        result.frames = result.frames.map { EvdevFrame(time: $0.time - start, events: $0.events) }
        return result
    }

    /// The harness stops `record` with SIGINT after the last frame, as Ctrl-C would.
    func testRecordOfAReplayedRecordingGivesItBack() throws {
        let touchsynth = try Fixtures.touchsynth()
        for source in [Fixtures.synthesized.appendingPathComponent("session.yml"),
                       Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.two-finger-vert-scroll.events")] {
            let out = temporary("record.yml")
            defer { try? FileManager.default.removeItem(atPath: out) }
            let result = try runProcess([touchsynth, "mock", source.path, "--", touchsynth, "record", "--device", "{devnode}", "-o", out])
            XCTAssertEqual(result.status, 0, result.stderr)
            let original = delivered(try RecordingLoader.load(source.path))
            let events = original.frames.reduce(0) { $0 + $1.events.count }
            XCTAssertTrue(result.stderr.contains("recorded \(events) events in \(original.frames.count) frames"), result.stderr)
            assertSameFrames(try RecordingLoader.load(out), original, source.lastPathComponent)
        }
    }

    /// On a terminal, a progress line counts up elapsed time and events (run under `script`, a pty),
    /// in wall-clock time: the replay runs in real time.
    func testRecordShowsProgressOnATerminal() throws {
        let touchsynth = try Fixtures.touchsynth()
        let script = try XCTUnwrap(findExecutable("script"), "util-linux's script is not installed")
        let source = Fixtures.synthesized.appendingPathComponent("session.yml").path
        let out = temporary("tty.yml")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let inner = "\(touchsynth) mock --real-time \(source) -- \(touchsynth) record --device {devnode} -o \(out)"
        let result = try runProcess([script, "-q", "-e", "-c", inner, "/dev/null"])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(result.stdout.contains("Ctrl-C to stop"), result.stdout)
        let updates = result.stdout.split(separator: "\r").filter { $0.contains(" s ") && $0.contains(" events") }
        XCTAssertGreaterThan(updates.count, 10, "about ten updates a second: \(result.stdout)")
        let events = try RecordingLoader.load(source).frames.reduce(0) { $0 + $1.events.count }
        XCTAssertTrue(updates.last?.contains(" \(events) events") == true, "the last update counts all \(events) events: \(updates.last ?? "")")
    }

    /// Interrupted half-way through a real-time replay, the file holds exactly the frames
    /// recorded so far and parses.
    func testInterruptedRecordingIsCompleteUpToTheInterrupt() throws {
        let touchsynth = try Fixtures.touchsynth()
        let source = Fixtures.synthesized.appendingPathComponent("session.yml").path
        let out = temporary("partial.yml")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let timeout = try XCTUnwrap(findExecutable("timeout"))
        let result = try runProcess([touchsynth, "mock", "--real-time", source, "--", timeout, "--preserve-status", "-s", "INT", "1.2", touchsynth, "record", "--device", "{devnode}", "-o", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        let recorded = try RecordingLoader.load(out)
        let original = try RecordingLoader.load(source)
        XCTAssertGreaterThan(recorded.frames.count, 10)
        XCTAssertLessThan(recorded.frames.count, original.frames.count)
        XCTAssertEqual(recorded.frames, Array(original.frames.prefix(recorded.frames.count)))
    }

    /// libinput's Python tools parse `record`'s YAML: per-slot-delta prints a line per frame, and
    /// `libinput replay` gets past parsing to creating the uinput device.
    func testLibinputsToolsReadWhatRecordWrites() throws {
        let touchsynth = try Fixtures.touchsynth()
        let python = "/usr/bin/python3", tools = "/usr/libexec/libinput"
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: "\(tools)/libinput-replay"), "libinput-tools is not installed (tools/test installs it)")
        let source = Fixtures.synthesized.appendingPathComponent("pinch-out.yml").path
        let out = temporary("record.yml")
        defer { try? FileManager.default.removeItem(atPath: out) }
        XCTAssertEqual(try runProcess([touchsynth, "mock", source, "--", touchsynth, "record", "--device", "{devnode}", "-o", out]).status, 0)
        let deltas = try runProcess([python, "\(tools)/libinput-analyze-per-slot-delta", out])
        XCTAssertEqual(deltas.status, 0, deltas.stderr)
        XCTAssertEqual(deltas.stdout.split(separator: "\n").count, try RecordingLoader.load(source).frames.count)
        let replay = try runProcess([python, "\(tools)/libinput-replay", "--help"])
        XCTAssertEqual(replay.status, 0, "python3-libevdev and python3-yaml are installed: \(replay.stderr)")
        let replayed = try runProcess([python, "\(tools)/libinput-replay", out])
        if replayed.status != 0 {
            XCTAssertTrue(replayed.stderr.contains("failed to open device") || replayed.stderr.contains("uinput"),
                          "only the missing /dev/uinput may stop libinput replay: \(replayed.stderr)")
        }
    }

    func testRecordErrors() throws {
        let touchsynth = try Fixtures.touchsynth()
        let missing = try runProcess([touchsynth, "record", "--device", "/dev/input/event-none", "-o", temporary("x.yml")])
        XCTAssertEqual(missing.status, 66, missing.stderr)
        XCTAssertEqual(missing.stderr, "touchsynth: /dev/input/event-none: no such device\n")
        let notEvdev = try runProcess([touchsynth, "record", "--device", "/dev/null", "-o", temporary("x.yml")])
        XCTAssertEqual(notEvdev.status, 65, notEvdev.stderr)
        XCTAssertTrue(notEvdev.stderr.hasPrefix("touchsynth: /dev/null: not an evdev device"), notEvdev.stderr)
        let denied = try runOnUnreadableNode { [touchsynth, "record", "--device", $0] }
        XCTAssertEqual(denied.status, 77, denied.stderr)
        XCTAssertTrue(denied.stderr.contains("join the 'input' group"), denied.stderr)
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let full = try runProcess([touchsynth, "mock", pinch, "--", touchsynth, "record", "--device", "{devnode}", "-o", "/dev/full"])
        XCTAssertEqual(full.status, 74, full.stderr)
        XCTAssertEqual(full.stderr, "touchsynth: /dev/full: cannot write: No space left on device\n")
    }

    /// Real evtest on every bundled recording: what it prints parses back to the same frames.
    func testRealEvtestOutputParsesBackToEveryRecording() throws {
        let touchsynth = try Fixtures.touchsynth()
        let evtest = try XCTUnwrap(findExecutable("evtest"), "evtest is not installed (tools/setup installs it)")
        let recordings = Fixtures.recordings
        XCTAssertGreaterThanOrEqual(recordings.count, 25)
        // A few at a time: each replay takes its recording's duration.
        for batch in stride(from: 0, to: recordings.count, by: 6).map({ Array(recordings[$0 ..< min($0 + 6, recordings.count)]) }) {
            let running = try batch.map { try Running([touchsynth, "mock", $0.path, "--", evtest, "{devnode}"]) }
            for (url, process) in zip(batch, running) {
                let result = try process.wait()
                XCTAssertEqual(result.status, 0, "\(url.lastPathComponent): \(result.stderr)")
                let parsed = try EvtestFormat.parse(result.stdout, file: "evtest.txt")
                assertSameFrames(parsed, delivered(try RecordingLoader.load(url.path)), url.lastPathComponent)
                XCTAssertEqual(RecordingLoader.detectFormat(result.stdout), .evtest)
            }
        }
    }
}
