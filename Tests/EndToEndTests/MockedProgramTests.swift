import DesktopEvents
import Foundation
import LibinputEvents
import MockedDevices
import Recordings
import Replays
import TestSupport
import XCTest

/// Programs run by `touchsynth mock` whose results come from a process of their own: `touchsynth`'s
/// own commands on a mocked device (`record`, `debug`, `debug --explain`, `devices`), whose
/// output is the program's, a program built with ThreadSanitizer against the preload named in
/// the environment, and a program whose harness is killed.
final class MockedProgramTests: XCTestCase {
    // MARK: - record

    /// The harness stops `record` with SIGINT after the last frame, as Ctrl-C would. The udev
    /// properties libinput reads come back too, the fuzz libinput's rule moved out of the kernel's
    /// axes among them, so the recording replays as the device played.
    func testRecordOfAReplayedRecordingGivesItBack() throws {
        let touchsynth = try Fixtures.touchsynth()
        for source in [
            Fixtures.synthesized.appendingPathComponent("session.yml"),
            Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.two-finger-vert-scroll.events"),
        ] {
            let out = temporaryPath("record.yml")
            defer { try? FileManager.default.removeItem(atPath: out) }
            let result = try runProcess([
                touchsynth, "mock", source.path, "--", touchsynth, "record", "--device", "{devnode}", "-o", out,
            ])
            XCTAssertEqual(result.status, 0, result.stderr)
            let original = delivered(try RecordingLoader.load(source.path))
            let events = original.frames.reduce(0) { $0 + $1.events.count }
            XCTAssertTrue(
                result.stderr.contains("recorded \(events) events in \(original.frames.count) frames"), result.stderr)
            let recorded = try RecordingLoader.load(out)
            assertSameFrames(recorded, original, source.lastPathComponent)
            let fuzz = { (d: DeviceDescription) in d.effectiveUdevProperties.filter { $0.0.hasPrefix("LIBINPUT_FUZZ") }
            }
            XCTAssertEqual(fuzz(recorded.device).map(\.0), fuzz(original.device).map(\.0), source.lastPathComponent)
            XCTAssertEqual(fuzz(recorded.device).map(\.1), fuzz(original.device).map(\.1), source.lastPathComponent)
            XCTAssertEqual(runCommand(["replay", out]).stdout, runCommand(["replay", source.path]).stdout)
        }
    }

    /// The mocked program starts with every signal's default action, whatever touchsynth ignores
    /// (SIGPIPE): a shell pipeline in it ends as it would outside.
    func testTheProgramStartsWithDefaultSignalActions() throws {
        let touchsynth = try Fixtures.touchsynth()
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let result = try runProcess([
            touchsynth, "mock", pinch, "--", "/bin/sh", "-c",
            "yes | head -n 1; sed -n 's/^SigIgn:\\s*//p' /proc/self/status",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.first, "y", result.stdout)
        let ignored = try XCTUnwrap(lines.dropFirst().first.flatMap { UInt64($0, radix: 16) }, result.stdout)
        XCTAssertEqual(ignored >> (SIGPIPE - 1) & 1, 0, "SIGPIPE ignored: \(result.stdout)")
        XCTAssertFalse(result.stderr.contains("Broken pipe"), result.stderr)
    }

    /// `touchsynth mock` killed outright, with no time to stop its program: the program ends
    /// with it (SIGTERM from the kernel, as the helper asks at its start) rather than go on
    /// waiting on a device no one writes.
    func testTheProgramEndsWithAHarnessKilledOutright() throws {
        let touchsynth = try Fixtures.touchsynth()
        let session = Fixtures.synthesized.appendingPathComponent("session.yml").path
        let told = temporaryPath("program.pid")
        XCTAssertEqual(mkfifo(told, 0o600), 0)
        defer { unlink(told) }
        let harness = try Running([
            touchsynth, "mock", session, "--", "/bin/sh", "-c", "exec 3< {devnode}; echo $$ > \"$0\"; exec cat <&3",
            told,
        ])
        // The program, the device open, says its process id through the FIFO, whose reading waits for it.
        let said = String(
            decoding: try XCTUnwrap(FileHandle(forReadingAtPath: told)).readDataToEndOfFile(), as: UTF8.self)
        let program = try XCTUnwrap(pid_t(said.trimmingCharacters(in: .whitespacesAndNewlines)), said)
        harness.kill()
        waitUntil(whileRunning: program) { false }
        XCTAssertFalse(isRunning(program))
    }

    /// `record --duration` counts the recording's time, which under the harness is the virtual
    /// clock's: a third of a second of the pinch, not all of it at once.
    func testRecordsDurationIsTheRecordingsTime() throws {
        let touchsynth = try Fixtures.touchsynth()
        let source = Fixtures.synthesized.appendingPathComponent("pinch-rotate.yml").path
        let out = temporaryPath("record.yml")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try runProcess([
            touchsynth, "mock", source, "--", touchsynth, "record", "--device", "{devnode}", "--duration", "0.3", "-o",
            out,
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains(" over 0.3 s "), result.stderr)
        let recorded = try RecordingLoader.load(out)
        XCTAssertFalse(recorded.frames.isEmpty, result.stderr)
        XCTAssertLessThan(recorded.frames.count, try RecordingLoader.load(source).frames.count)
        XCTAssertLessThanOrEqual(recorded.frames.last?.time ?? .max, 300_000)
    }

    /// Interrupted half-way through a real-time replay, the file holds exactly the frames
    /// recorded so far and parses.
    func testInterruptedRecordingIsCompleteUpToTheInterrupt() throws {
        let touchsynth = try Fixtures.touchsynth()
        let source = synthesizeMinuteOfGestures()
        let out = temporaryPath("partial.yml")
        defer { [source, out].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let mock = try Running([
            touchsynth, "mock", "--real-time", source, "--", touchsynth, "record", "--device",
            "{devnode}", "-o", out,
        ])
        // `record` writes each frame as it comes ("- evdev:" begins one): Ctrl-C once ten are in,
        // a minute before the recording's end.
        var record: pid_t?
        waitUntil(whileRunning: mock.pid) {
            let written = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
            if written.components(separatedBy: "- evdev:").count > 11 { record = childProcesses(of: mock.pid).first }
            return record != nil
        }
        kill(try XCTUnwrap(record), SIGINT)
        let result = try mock.wait()
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
        XCTAssertTrue(
            FileManager.default.isExecutableFile(atPath: "\(tools)/libinput-replay"),
            "libinput-tools is not installed (tools/test installs it)")
        let source = Fixtures.synthesized.appendingPathComponent("pinch-out.yml").path
        let out = temporaryPath("record.yml")
        defer { try? FileManager.default.removeItem(atPath: out) }
        XCTAssertEqual(
            try runProcess([touchsynth, "mock", source, "--", touchsynth, "record", "--device", "{devnode}", "-o", out])
                .status, 0)
        let deltas = try runProcess([python, "\(tools)/libinput-analyze-per-slot-delta", out])
        XCTAssertEqual(deltas.status, 0, deltas.stderr)
        XCTAssertEqual(deltas.stdout.split(separator: "\n").count, try RecordingLoader.load(source).frames.count)
        let replay = try runProcess([python, "\(tools)/libinput-replay", "--help"])
        XCTAssertEqual(replay.status, 0, "python3-libevdev and python3-yaml are installed: \(replay.stderr)")
        let replayed = try runProcess([python, "\(tools)/libinput-replay", out])
        if replayed.status != 0 {
            XCTAssertTrue(
                replayed.stderr.contains("failed to open device") || replayed.stderr.contains("uinput"),
                "only the missing /dev/uinput may stop libinput replay: \(replayed.stderr)")
        }
    }

    /// A full disk under `record`, and under `debug`'s latency file: one line and 74.
    func testAFullDiskIsOneLineAnd74() throws {
        let touchsynth = try Fixtures.touchsynth()
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let record = try runProcess([
            touchsynth, "mock", pinch, "--", touchsynth, "record", "--device", "{devnode}",
            "-o", "/dev/full",
        ])
        XCTAssertEqual(record.status, 74, record.stderr)
        XCTAssertEqual(record.stderr, "touchsynth: /dev/full: cannot write: No space left on device\n")
        let latency = try runProcess([
            touchsynth, "mock", pinch, "--", touchsynth, "debug", "--device", "{devnode}",
            "--mode", "both", "--latency", "/dev/full",
        ])
        XCTAssertEqual(latency.status, 74)
        XCTAssertEqual(latency.stderr, "touchsynth: /dev/full: cannot write: No space left on device\n")
    }

    /// `debug --latency` under `mock` says why it times nothing rather than 0 µs: the virtual clock
    /// stands still while a frame is handled, and on the real one the harness writes frames ahead of
    /// their kernel timestamps.
    func testLatencyUnderAMockedDeviceSaysWhatItCannotTime() throws {
        let touchsynth = try Fixtures.touchsynth()
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let file = temporaryPath("mock-latency.txt")
        addTeardownBlock { try? FileManager.default.removeItem(atPath: file) }
        for clock in [[], ["--real-time"]] {
            let result = try runProcess(
                [touchsynth, "mock"] + clock + [
                    pinch, "--", touchsynth, "debug", "--device", "{devnode}", "--mode", "both", "--latency", file,
                ])
            XCTAssertEqual(result.status, 0, result.stderr)
            let summary = try XCTUnwrap(
                result.stderr.split(separator: "\n").last { $0.contains("latency over") },
                "\(clock): status \(result.status), stderr: \(result.stderr)")
            XCTAssertTrue(
                summary.contains(
                    clock.isEmpty
                        ? "none, as the clock stood still while they were handled"
                        : "before their kernel timestamps (a mocked device's frames are written ahead of theirs)"),
                String(summary))
        }
    }

    // MARK: - debug and devices

    /// LibinputKit's contexts on a mocked device: the udev seat backend finds it like a real one.
    func testUdevSeatBackendFindsTheMockedTouchpad() throws {
        let touchsynth = try Fixtures.touchsynth()
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-out.yml").path
        // No --device: `debug` enumerates seat0 through udev, inside the testbed.
        let result = try runProcess([touchsynth, "mock", pinch, "--", touchsynth, "debug", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let events = try jsonLines(result.stdout)
        let added = try XCTUnwrap(events.first)
        XCTAssertEqual(added["type"] as? String, "DEVICE_ADDED")
        XCTAssertEqual(added["name"] as? String, "ETPS/2 Elantech Touchpad")
        XCTAssertEqual(added["sysname"] as? String, "event10")
        XCTAssertEqual(added["capabilities"] as? [String], ["pointer", "gesture"])
        // 3097 units at 31/mm by 2119 at 32/mm.
        let size = try XCTUnwrap(added["sizeMm"] as? [Double])
        XCTAssertEqual(size[0], 3097.0 / 31, accuracy: 0.05)
        XCTAssertEqual(size[1], 2119.0 / 32, accuracy: 0.05)
        XCTAssertTrue(events.contains { $0["type"] as? String == "GESTURE_PINCH_END" })
    }

    /// `debug` under `touchsynth mock` on recordings whose libinput timers fire (a scroll's hold,
    /// a drag, a hold): `touchsynth` links a copy of the preloaded helper, and the two copies
    /// each keep to their own tables and lock, so libinput's timers run on the virtual clock and
    /// it prints what a replay does, times aside.
    func testDebugOnTheVirtualClockRunsLibinputsTimers() throws {
        let touchsynth = try Fixtures.touchsynth()
        for path in [
            Fixtures.synthesized.appendingPathComponent("two-finger-scroll.yml").path,
            Fixtures.synthesized.appendingPathComponent("four-finger-hold.yml").path,
            Fixtures.directory.appendingPathComponent("pointer/click-drag.yml").path,
        ] {
            let live = try runProcess([touchsynth, "mock", path, "--", touchsynth, "debug", "--device", "{devnode}"])
            XCTAssertEqual(live.status, 0, "\(path): \(live.stderr)")
            let replayed = runCommand(["replay", path])
            XCTAssertEqual(replayed.status, 0, replayed.stderr)
            func untimed(_ text: String) -> [String] {
                text.split(separator: "\n").filter { !$0.contains("DEVICE_ADDED") }
                    .map { String($0.replacing(/^\S+\s+/, with: "").replacing(/[+-][0-9.]+s/, with: "")) }
            }
            XCTAssertGreaterThan(untimed(replayed.stdout).count, 1, path)
            XCTAssertEqual(untimed(live.stdout), untimed(replayed.stdout), path)
        }
    }

    /// `debug --explain` records the touchpad until it is stopped, then explains the recording:
    /// here the touchpad is a recording's mocked device, and the harness's SIGINT at its end
    /// stops the recorder, as one Ctrl-C would. On the virtual clock the harness sends it once,
    /// so the explaining that follows is not cut short, as a second Ctrl-C would cut it.
    func testDebugExplainRecordsThenExplains() throws {
        let touchsynth = try Fixtures.touchsynth()
        let result = try runProcess([
            touchsynth, "mock", Fixtures.synthesized.appendingPathComponent("pinch-out.yml").path, "--", touchsynth,
            "debug", "--explain", "--device", "{devnode}",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = result.stdout
        XCTAssertTrue(text.hasPrefix("== /dev/input/event10: libinput "), text)
        XCTAssertTrue(text.contains("libinput made this a 2-finger pinch, not a scroll, because "), text)
    }

    /// What `debug --explain` records is what the node delivered, already through the kernel's
    /// filter: explained as delivered, it says what `explain` says of the recording replayed,
    /// frames and pressures alike (the bcm5974's repeated values would move them otherwise).
    func testDebugExplainOfANodeSaysWhatExplainSaysOfItsRecording() throws {
        let touchsynth = try Fixtures.touchsynth()
        let path = Fixtures.evemu.appendingPathComponent("touchpads_bcm5974.three-finger-click.events").path
        let live = try runProcess([
            touchsynth, "mock", path, "--", touchsynth, "debug", "--explain", "--device", "{devnode}",
        ])
        XCTAssertEqual(live.status, 0, live.stderr)
        let replayed = runCommand(["explain", path])
        XCTAssertEqual(replayed.status, 0, replayed.stderr)
        let body = { (text: String) in Array(text.split(separator: "\n").dropFirst()) }
        XCTAssertGreaterThan(body(replayed.stdout).count, 10)
        XCTAssertEqual(body(live.stdout), body(replayed.stdout))
    }

    func testDevicesListsTheMockedTouchpad() throws {
        let touchsynth = try Fixtures.touchsynth()
        let scroll = Fixtures.evemu.appendingPathComponent(
            "touchpads_SynPS2_Synaptics_TouchPad.two-finger-vert-scroll.events"
        ).path
        let result = try runProcess([touchsynth, "mock", scroll, "--", touchsynth, "devices"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Device:        SynPS/2 Synaptics TouchPad"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Kernel:        /dev/input/event10"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Capabilities:  pointer gesture"), result.stdout)
    }

    /// `debug` on a recording's mocked device prints what `replay` prints of the recording, times
    /// included: on the virtual clock libinput adds the device as long before the first frame.
    func testDebugOnAMockedDevicePrintsWhatReplayPrints() throws {
        let touchsynth = try Fixtures.touchsynth()
        for name in ["pinch-in.yml", "session.yml"] {
            let path = Fixtures.synthesized.appendingPathComponent(name).path
            let debug = try runProcess([
                touchsynth, "mock", path, "--", touchsynth, "debug", "--device", "{devnode}", "--mode", "both",
                "--json",
            ])
            XCTAssertEqual(debug.status, 0, debug.stderr)
            let replay = runCommand(["replay", "--mode", "both", "--json", path])
            XCTAssertEqual(replay.status, 0, replay.stderr)
            XCTAssertGreaterThan(replay.stdout.split(separator: "\n").count, 50, name)
            XCTAssertEqual(debug.stdout, replay.stdout, name)
        }
    }

    /// `devices --json` and `debug --mode both --json` on a mocked device validate against
    /// docs/json.md (JSONSchemaTests checks the other commands' output).
    func testTheMockedCommandsJSONValidatesAgainstDocsJSON() throws {
        let touchsynth = try Fixtures.touchsynth()
        let json = try String(contentsOf: Fixtures.root.appendingPathComponent("docs/json.md"), encoding: .utf8)
        let schema = try JSONSchemaDocument(markdown: json)
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let commands = [
            ["devices", "--device", "{devnode}", "--json"],
            ["debug", "--device", "{devnode}", "--json", "--mode", "both"],
        ]
        for command in commands {
            let result = try runProcess([touchsynth, "mock", pinch, "--", touchsynth] + command)
            XCTAssertEqual(result.status, 0, "\(command[0]): \(result.stderr)")
            XCTAssertEqual(schema.validate(output: result.stdout), [], command[0])
        }
    }

    // MARK: - debug beside a real display server

    /// `debug --wayland --device NODE` on a recording's mocked device beside headless sway, which
    /// has no input devices of its own: every gesture libinput made the window did not receive,
    /// and each is said so.
    func testDebugBesideWaylandSaysWhatTheWindowDidNotReceive() throws {
        let (result, output, unreceived) = try debugBesideMockedSession("--wayland", "WAYLAND_DISPLAY", try startSway())
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = output.filter { $0.hasPrefix("libinput: ") }
        XCTAssertEqual(
            lines.filter { $0.contains("pinch") }.first,
            "libinput: 2-finger pinch; the window received nothing: the compositor kept it, or the pointer was not "
                + "over the window")
        XCTAssertEqual(lines, unreceived.map { Substring($0.line) })
    }

    /// `debug --x11 --device NODE` on a recording's mocked device beside Xvfb, which has no
    /// touchpad of its own: every gesture libinput made the window did not receive, and each is
    /// said so, as JSON lines.
    func testDebugBesideX11SaysWhatTheWindowDidNotReceive() throws {
        let (result, output, unreceived) = try debugBesideMockedSession("--x11 --json", "DISPLAY", try startXvfb())
        XCTAssertEqual(result.status, 0, result.stderr)
        let outcomes = output.filter { $0.contains("\"window\":") }
        XCTAssertEqual(
            outcomes.first { $0.contains("pinch") },
            #"{"cancelled":false,"changes":[],"fingers":2,"gesture":"pinch","window":"nothing"}"#)
        let said = try outcomes.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return "\(object?["fingers"] ?? "") \(object?["gesture"] ?? "") \(object?["window"] ?? "")"
        }
        XCTAssertEqual(said, unreceived.map { "\($0.fingers) \($0.gesture.rawValue) \($0.window.rawValue)" })
    }

    /// `touchsynth debug ARGUMENTS --device NODE` under `touchsynth mock`, on the synthesized
    /// session's mocked device, with `variable` (`WAYLAND_DISPLAY`, `DISPLAY`) set to `display`:
    /// the command's result and its stdout's lines, which the mocked program writes to a file, and
    /// what it should say of the session's gestures, a window having received none: each gesture
    /// of the session's replay on the virtual clock.
    private func debugBesideMockedSession(
        _ arguments: String, _ variable: String, _ display: String
    ) throws -> (result: Finished, lines: [Substring], unreceived: [CompositorComparison.Outcome]) {
        let session = Fixtures.synthesized.appendingPathComponent("session.yml").path
        let out = temporaryPath("both-sides.out")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = runCommand([
            "mock", session, "--", "/bin/sh", "-c",
            "\(variable)=\"$1\" exec \"$0\" debug \(arguments) --device {devnode} > \"$2\"",
            try Fixtures.touchsynth(), display, out,
        ])
        let text = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        let unreceived = CompositorComparison.outcomes(libinput: try Replay(.file(session)).events, window: [])
        return (result, text.split(separator: "\n"), unreceived)
    }

    // MARK: - A program's threads and the preload

    private static let preloadSources = Fixtures.root.appendingPathComponent("Sources/MockedDevicesPreload")
    private static let protocolHeaders = Fixtures.root.appendingPathComponent("Sources/PreloadProtocol/include")
    private static let program = Fixtures.root.appendingPathComponent("Tests/Fixtures/programs/threaded-reader.c")

    /// `Tests/Fixtures/programs/threaded-reader.c` under `touchsynth mock`, the preload and the
    /// program built with ThreadSanitizer: the main thread reads every frame and fires its timer on
    /// the virtual clock while four threads open, ask, poll, read and close the device.
    func testThreadsUsingTheDeviceAtOnceRaceOnNothing() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let compiler = try threadSanitizingCompiler(in: directory)
        let sources = try FileManager.default.contentsOfDirectory(atPath: Self.preloadSources.path)
            .filter { $0.hasSuffix(".c") }.sorted().map { Self.preloadSources.appendingPathComponent($0).path }
        XCTAssertEqual(sources.count, 3, "the preload's C files")
        let preload = directory.appendingPathComponent("libtouchsynth-preload.so").path
        let program = directory.appendingPathComponent("threaded-reader").path
        try build(
            [
                compiler, "-shared", "-fPIC", "-fsanitize=thread", "-g", "-O1", "-I", Self.protocolHeaders.path,
                "-I", Self.preloadSources.path,
            ] + sources + ["-ldl", "-o", preload])
        try build([compiler, "-fsanitize=thread", "-g", "-O1", "-pthread", Self.program.path, "-o", program])

        var environment = ProcessInfo.processInfo.environment
        environment["TOUCHSYNTH_PRELOAD"] = preload
        // Unsymbolized: a report names the library's offsets (addr2line -e libtouchsynth-preload.so
        // turns them into lines), and symbolizing runs through the preload's own wrappers.
        environment["TSAN_OPTIONS"] = "symbolize=0"
        let session = Fixtures.synthesized.appendingPathComponent("session.yml").path
        let result = try runProcess(
            [try Fixtures.touchsynth(), "mock", session, "--", program, "{devnode}"],
            environment: environment)
        XCTAssertFalse(result.stderr.contains("ThreadSanitizer"), result.stderr)
        XCTAssertEqual(result.status, 0, result.stderr)
        // Every frame of session.yml, 2,180 events of 24 bytes, read by the main thread; its timer
        // fired; the workers ran all through; and nothing wrote the environment.
        XCTAssertTrue(result.stdout.hasPrefix("main read 52320 bytes, "), result.stdout)
        XCTAssertFalse(result.stdout.contains(" 0 timer expirations"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("environment unchanged\n"), result.stdout)
    }

    /// `Tests/Fixtures/programs/dup-reader.c` under `touchsynth mock`: a device read only through
    /// a copy of its descriptor, made by dup, F_DUPFD, dup2 and dup3 in turn, each closing the one
    /// before, is still the open device: every frame reaches it, and it answers as the evdev node.
    /// Made non-blocking by `FIONBIO`, which the kernel answers for any descriptor, it finds no
    /// frame before it first waits.
    func testADescriptorsCopiesAreTheDevice() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let compiler = findExecutable("gcc") ?? findExecutable("cc")
        try requireTier(compiler != nil, "a C compiler", source: "which tools/setup installs")
        let program = directory.appendingPathComponent("dup-reader").path
        let source = Fixtures.root.appendingPathComponent("Tests/Fixtures/programs/dup-reader.c").path
        try build([compiler!, "-O1", source, "-o", program])
        let session = Fixtures.synthesized.appendingPathComponent("session.yml").path
        let result = try runProcess([try Fixtures.touchsynth(), "mock", session, "--", program, "{devnode}"])
        XCTAssertEqual(result.status, 0, result.stderr)
        // Every frame of session.yml, 2,180 events of 24 bytes, through /dev/input/event10's copy.
        XCTAssertEqual(
            result.stdout,
            "nothing before waiting; read 52320 bytes through descriptor 60, a character device 13:74 named "
                + "\(try RecordingLoader.load(session).device.name)\n")
    }

    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("touchsynth-tsan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// gcc, once it has built and run a program with ThreadSanitizer (its libtsan); the
    /// toolchain's clang links a ThreadSanitizer that needs libdispatch.
    private func threadSanitizingCompiler(in directory: URL) throws -> String {
        let gcc = findExecutable("gcc")
        var works = false
        if let gcc {
            let source = directory.appendingPathComponent("probe.c")
            let probe = directory.appendingPathComponent("probe").path
            try "int main(void) { return 0; }\n".write(to: source, atomically: true, encoding: .utf8)
            let built = try runProcess([gcc, "-fsanitize=thread", source.path, "-o", probe])
            works = try built.status == 0 && runProcess([probe]).status == 0
        }
        try requireTier(works, "gcc with ThreadSanitizer (libtsan)", source: "which tools/setup installs")
        return gcc!
    }

    private func build(_ command: [String]) throws {
        let result = try runProcess(command)
        guard result.status == 0 else {
            throw BuildFailure(description: "\(command.joined(separator: " ")): \(result.stderr)")
        }
    }

    private struct BuildFailure: Error, CustomStringConvertible {
        var description: String
    }
}
