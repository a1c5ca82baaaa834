import Foundation
import LibinputDecisions
import LibinputEvents
import MockedDevices
import Recordings
import Replays
import TestSupport
import XCTest

/// The public replay API: one call, a stream, a recording opened as the commands open one.
final class ReplayTests: XCTestCase {
    private let session = Fixtures.synthesized.appendingPathComponent("session.yml").path

    /// A resolution that makes the pad a few hundredths of a millimetre wide (one in another unit,
    /// or mistyped) is said, naming the axes, with the size they give: the multitouch axes libinput
    /// measures motion in, and ABS_X and ABS_Y, whose size it tells; the recording's own is not.
    func testASurfaceNoDeviceHasIsSaid() throws {
        let recording = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        XCTAssertEqual(try Replay(.recording(recording)).report.replayNotes, [])
        let size = try XCTUnwrap(SurfaceSize(of: recording.device))
        XCTAssertEqual(size.width, 3097.0 / 31, accuracy: 1e-9)
        for (axis, names) in [
            (Evdev.ABS_MT_POSITION_X, "ABS_MT_POSITION_X and ABS_MT_POSITION_Y"), (Evdev.ABS_X, "ABS_X and ABS_Y"),
        ] {
            var wrong = recording
            wrong.device.absinfo[axis]?.resolution = 100_000
            let notes = try Replay(.recording(wrong)).report.replayNotes
            XCTAssertEqual(notes.count, 1, "\(notes)")
            XCTAssertTrue(
                notes[0].hasPrefix("the resolutions of \(names) make the surface 0.031 × 66.2 mm, which no device is"),
                notes[0])
        }
    }

    /// A recorded SYN_DROPPED, where the recording's reader lost events, is passed over as a kernel
    /// passes one from a device over, and said; played as delivered, libinput gets it, unsaid.
    func testARecordedSynDroppedIsSaidAndPassedOverUnlessPlayedAsDelivered() throws {
        var recording = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        let middle = recording.frames.count / 2
        recording.frames[middle].events.insert(
            EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_DROPPED, value: 0), at: 0)
        var options = ReplayOptions()
        options.logsDebug = true
        let filtered = try Replay(.recording(recording), options: options)
        XCTAssertEqual(filtered.report.replayNotes.count, 1, "\(filtered.report.replayNotes)")
        XCTAssertTrue(filtered.report.replayNotes.first?.hasPrefix("the frames replayed hold 1 SYN_DROPPED") ?? false)
        XCTAssertFalse(filtered.report.libinputLog.contains { $0.text.contains("SYN_DROPPED") })
        // A device played beside it is said by its node.
        var beside = options
        beside.otherDevices = [.recording(recording)]
        XCTAssertEqual(
            try Replay(.recording(recording), options: beside).report.replayNotes.map { $0.prefix(46) },
            ["the frames replayed hold 1 SYN_DROPPED, where ", "the frames replayed of /dev/input/event11 hold"])
        options.asDelivered = true
        let delivered = try Replay(.recording(recording), options: options)
        XCTAssertEqual(delivered.report.replayNotes, [])
        XCTAssertTrue(
            delivered.report.libinputLog.contains { $0.text.contains("SYN_DROPPED") },
            "\(delivered.report.libinputLog.map(\.text))")
    }

    /// Android's log of one finger, with no description and no slot named, moves the pointer: the
    /// inferred device has the slot its tracking ids need (``DescriptionInference``).
    func testAnAndroidLogOfOneFingerMovesThePointer() throws {
        let recording = try RecordingLoader.load(text: GeteventSamples.oneFinger(), file: "one-finger.txt")
        let events = try Replay(.recording(recording)).events
        let motions = events.filter { if case .pointerMotion = $0.kind { true } else { false } }
        XCTAssertGreaterThan(motions.count, 10, "\(events.map(\.typeName))")
    }

    /// What libevdev logs while libinput creates the device, before libinput hands it the device's
    /// log handler (a tracking-id range of [0, 0], which it takes for a kernel bug), is in
    /// libinput's log as an error, said as libevdev's, rather than printed bare.
    func testLibevdevsLineAboutTheDeviceIsInTheLogAsAnError() throws {
        var recording = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        recording.device.absinfo[Evdev.ABS_MT_TRACKING_ID] = AbsInfo(minimum: 0, maximum: 0)
        let report = try Replay(.recording(recording), options: ReplayOptions()).report
        let said = report.libinputLog.filter { $0.text.hasPrefix("libevdev: ") }
        XCTAssertEqual(said.map(\.priority), [.error], "\(report.libinputLog.map(\.text))")
        XCTAssertEqual(
            said.first?.text,
            "libevdev: BUG: Device \"\(recording.device.name)\" has invalid ABS_MT_TRACKING_ID range")
        XCTAssertFalse(
            try Replay(.file(session), options: ReplayOptions()).report.libinputLog.contains {
                $0.text.hasPrefix("libevdev: ")
            })
    }

    /// What reading the files guessed or repaired is handed over before the first event, by file,
    /// the recording's first, as the report has it: said before libinput's lines it may explain.
    func testWhatReadingNotedComesBeforeTheFirstEvent() throws {
        let repaired = Fixtures.root.appendingPathComponent("Tests/Fixtures/repairs/pinch-in.truncated.evemu").path
        var options = ReplayOptions()
        let other = Fixtures.root.appendingPathComponent("Tests/Fixtures/repairs/pinch-in.backwards.evemu").path
        options.otherDevices = [.file(other)]
        var order: [String] = []
        var noted: [(file: String, notes: [String])] = []
        let report = try Replay.stream(.file(repaired), options: options) { file, notes in
            order.append("noted")
            noted.append((file, notes))
        } _: { output in
            if case .event = output, order.last != "event" { order.append("event") }
        }
        XCTAssertEqual(order, ["noted", "noted", "event"])
        XCTAssertEqual(noted.first?.file, repaired)
        XCTAssertFalse(report.notes.isEmpty)
        XCTAssertEqual(noted.first?.notes, report.notes)
        XCTAssertEqual(noted.dropFirst().map(\.file), [other])
        XCTAssertEqual(noted.dropFirst().map(\.file), report.otherDevicesNotes.map(\.file))
    }

    /// A udev property asked for whose value breaks its line is refused, not written into the
    /// testbed's udev database as a property of its own; so is one `--udev-property` names.
    func testAUdevPropertyWithALineBreakIsRefused() throws {
        var options = ReplayOptions()
        options.udevProperties = ["ID_INPUT_TOUCHPAD": "1\nE: LIBINPUT_IGNORE_DEVICE=1"]
        XCTAssertThrowsError(try Replay(.file(session), options: options)) { error in
            XCTAssertEqual((error as? HarnessError)?.kind, .usage, "\(error)")
        }
        XCTAssertNil(try? UdevProperty(parsing: "ID_INPUT_TOUCHPAD=1\r"))
        XCTAssertEqual(try UdevProperty(parsing: "ID_INPUT_TOUCHPAD=1").value, "1")
    }

    /// Streaming hands on, one by one, the events the one call collects, and the same report.
    func testStreamHandsOnWhatTheOneCallCollects() throws {
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-rotate.yml").path
        let collected = try Replay(.file(pinch))
        var streamed: [LibinputEvent] = []
        let report = try Replay.stream(.file(pinch)) { output in
            if case .event(let event, _) = output { streamed.append(event) }
        }
        XCTAssertFalse(streamed.isEmpty)
        XCTAssertEqual(streamed, collected.events)
        XCTAssertEqual(report.framesDelivered, collected.report.framesDelivered)
        XCTAssertEqual(collected.timeBase, TimeBase(of: collected.events))
    }

    /// A recording given as a pipe (a FIFO, `<(…)`) is read once, and replays as its file does.
    func testARecordingFromAPipeReplaysAsItsFile() throws {
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-rotate.yml").path
        let piped = fifo(named: "recording", serving: try String(contentsOfFile: pinch, encoding: .utf8))
        defer { unlink(piped) }
        XCTAssertEqual(try Replay(.file(piped)).events, try Replay(.file(pinch)).events)
    }

    /// A pipe's recording longer than the harness keeps in memory is copied as it is read and
    /// played from the copy: the events of its file; and a bad line past that length is refused
    /// as the pipe is read, at its line.
    func testALongRecordingFromAPipeIsPlayedFromItsCopy() throws {
        let once = try RecordingLoader.load(session)
        let length = (once.frames.last?.time ?? 0) + 1_000_000
        var text = LibinputRecordFormat.header(device: once.device, node: "/dev/input/event10")
        for round in 0..<60 {
            for var frame in once.frames {
                frame.time += UInt64(round) * length
                text += LibinputRecordFormat.frameText(frame)
            }
        }
        XCTAssertGreaterThan(text.utf8.count, MockedDevice.streamingThreshold, "long enough to be streamed")
        let file = temporaryPath("long.yml")
        try text.write(toFile: file, atomically: false, encoding: .utf8)
        let piped = fifo(named: "long", serving: text)
        defer { for path in [file, piped] { unlink(path) } }
        XCTAssertEqual(try Replay(.file(piped)).events, try Replay(.file(file)).events)

        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        let broken = fifo(named: "broken", serving: text + "    - [  9, 0, 3, 53, x]\n")
        defer { unlink(broken) }
        XCTAssertThrowsError(try Replay(.file(broken))) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(broken):\(lines):"), "\(error)")
        }
    }

    /// A stop requested by the output's handler ends the replay early: on the virtual clock, once
    /// the program has taken the steps written ahead of it (as much as its socket holds).
    func testAStopRequestedByTheHandlerEndsTheReplayEarly() throws {
        let once = try RecordingLoader.load(session)
        var whole = once
        let length = (once.frames.last?.time ?? 0) + 1_000_000
        whole.frames = (0..<400).flatMap { round in
            once.frames.map { frame in
                var frame = frame
                frame.time += UInt64(round) * length
                return frame
            }
        }
        var options = ReplayOptions()
        let stop = ReplayStop()
        options.stop = stop
        var events = 0
        let report = try Replay.stream(.recording(whole), options: options) { output in
            guard case .event(let event, _) = output, event.typeName != "DEVICE_ADDED" else { return }
            events += 1
            stop.request()
        }
        XCTAssertGreaterThan(events, 0)
        XCTAssertEqual(report.exitStatus, 0)
        XCTAssertNil(report.interruption)
        // How far the harness had written ahead when the first events came back is bounded by the
        // program's socket, not by time: a quarter of these frames in the runs seen, under load too.
        XCTAssertLessThan(report.framesDelivered, whole.frames.count / 2, "of \(whole.frames.count)")
    }

    /// `open` replays the part of the recording asked for and returns that part.
    func testOpenReplaysTheWindowAskedFor() throws {
        let whole = try RecordingLoader.load(session)
        let (part, replay) = try Replay.open(file: session, from: 2, to: 4, options: ReplayOptions())
        XCTAssertEqual(part.frames.count, try whole.cut(from: 2, to: 4, file: session).frames.count)
        XCTAssertLessThan(part.frames.count, whole.frames.count)
        XCTAssertLessThanOrEqual(part.duration, 2_000_000)
        XCTAssertEqual(replay.report.framesDelivered, part.frames.count)
        let full = try Replay(.recording(whole))
        XCTAssertLessThan(replay.events.count, full.events.count)
    }

    /// `open` explains the part when asked, unless the part has as many frames as it may or more:
    /// a report's page, whose player alone shows the decisions, leaves the player out past a size.
    func testOpenExplainsAPartUpToTheFramesAsked() throws {
        let whole = try RecordingLoader.load(session)
        let part = try whole.cut(from: 2, to: 4, file: session)
        func decisions(upTo frames: Int) throws -> [DecisionNote] {
            try Replay.open(
                whole, named: session, from: 2, to: 4, options: ReplayOptions(), explaining: true, upTo: frames
            )
            .decisions
        }
        XCTAssertFalse(try decisions(upTo: part.frames.count + 1).isEmpty)
        XCTAssertTrue(try decisions(upTo: part.frames.count).isEmpty)
    }

    /// A window that starts after the recording's end is the caller's mistake, named.
    func testOpenRefusesAWindowAfterTheEnd() throws {
        XCTAssertThrowsError(try Replay.open(file: session, from: 10_000, options: ReplayOptions())) { error in
            let error = error as? HarnessError
            XCTAssertEqual(error?.kind, .usage)
            XCTAssertTrue(error?.message.contains("after the recording's end") == true, error?.message ?? "")
        }
    }

    /// A keyboard shows an app no pointer or touch: refused when the options say so, replayed
    /// otherwise.
    func testNothingToShowIsRefusedOnlyWhenAsked() throws {
        let typing = Fixtures.directory.appendingPathComponent("keyboard/typing.evemu").path
        var options = ReplayOptions()
        options.refusesEmpty = true
        XCTAssertThrowsError(try Replay.open(file: typing, options: options)) { error in
            XCTAssertEqual((error as? HarnessError)?.kind, .nothingToShow)
        }
        options.refusesEmpty = false
        let replay = try Replay.open(file: typing, options: options).replay
        XCTAssertTrue(replay.events.contains { if case .keyboardKey = $0.kind { true } else { false } })
        // Frames of nothing but their SYN_REPORT show nothing, as no frames do.
        var empty = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        empty.frames = empty.frames.map { EvdevFrame(time: $0.time, events: $0.events.filter(\.isSynReport)) }
        options.refusesEmpty = true
        XCTAssertThrowsError(try Replay(.recording(empty), options: options)) { error in
            XCTAssertEqual((error as? HarnessError)?.kind, .nothingToShow, "\(error)")
        }
    }

    /// At another speed the frames reach libinput at the instants ``PlaybackSpeed`` gives their
    /// times, to the microsecond: the texts that place a frame beside its events use the same rule.
    func testFramesArriveAtTheirPlayedInstants() throws {
        let path = Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.leftmove.events").path
        let recording = try RecordingLoader.load(path)
        var options = ReplayOptions()
        options.timing.speed = 3
        let replay = try Replay(.recording(recording), options: options)
        let start = try XCTUnwrap(replay.report.recordingStart)
        let played = Set(recording.frames.map { start + PlaybackSpeed.micros($0.time, at: 3) })
        let motions = replay.events.filter { if case .pointerMotion = $0.kind { true } else { false } }
        XCTAssertGreaterThan(motions.count, 10)
        for event in motions {
            XCTAssertTrue(played.contains(event.time), "a motion at \(event.time - start) µs, at no frame's instant")
        }
    }

    /// A speed no replay can be timed by is the caller's mistake, said as one: not a trap that
    /// would end the whole test process.
    func testASpeedOutsideTheReplaysIsRefused() throws {
        let recording = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        for speed in [0, -1, .nan, .infinity, 0.009, 10.5] {
            var options = ReplayOptions()
            options.timing.speed = speed
            XCTAssertThrowsError(try Replay(.recording(recording), options: options)) { error in
                XCTAssertEqual((error as? HarnessError)?.kind, .usage, "\(speed)")
                XCTAssertEqual("\(error)", "a replay's speed must be within 0.01 and 10, not \(speed)")
            }
        }
    }

    /// Played ten times as fast, a smooth pinch makes libinput see touch jumps, which it logs as a
    /// kernel bug: the report's replay notes say the speed may have made them, with the line that
    /// measures them; at the recorded speed there are none to explain.
    func testTouchJumpsOfASpeedUpAreSaidToBeTheSpeeds() throws {
        let recording = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        var options = ReplayOptions()
        let recorded = try Replay(.recording(recording), options: options).report
        XCTAssertFalse(recorded.libinputLog.contains(where: \.isTouchJump))
        XCTAssertEqual(recorded.replayNotes, [])
        options.timing.speed = 10
        let fast = try Replay(.recording(recording), options: options).report
        XCTAssertTrue(fast.libinputLog.contains(where: \.isTouchJump))
        XCTAssertEqual(
            fast.replayNotes,
            [
                "libinput logged touch jumps at --speed 10: it scales each move to 12 ms between frames "
                    + "src/evdev-mt-touchpad.c:1541 (libinput 1.22.1), so fingers played 10 times as fast jump where "
                    + "they may not have; a replay at the recording's own speed shows whether it has any"
            ])
    }

    /// A frame larger than the pty's 4 KiB buffer (an evdev log without its SYN_REPORT lines is
    /// one frame) reaches libinput whole, event by event, as a kernel's evdev client buffer
    /// passes it: here 200 pressure changes before the click that ends the frame. The pty hands
    /// a write over in chunks that can end inside an event, so it is replayed several times.
    func testAFrameLargerThanThePtysBufferReachesLibinputWhole() throws {
        let desc = try String(
            contentsOf: Fixtures.devices.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc"),
            encoding: .utf8)
        var lines = ["E: 0.000000 0003 0039 1", "E: 0.000000 0003 0035 1000", "E: 0.000000 0003 0036 800"]
        lines += (0..<200).map { "E: 0.000000 0003 003a \(60 + $0 % 2)" }
        lines += ["E: 0.000000 0001 014a 1", "E: 0.000000 0001 0145 1", "E: 0.000000 0001 0110 1"]
        lines += ["E: 0.000000 0000 0000 0", "E: 0.100000 0001 0110 0", "E: 0.100000 0000 0000 0"]
        lines += ["E: 0.200000 0003 0039 -1", "E: 0.200000 0001 014a 0", "E: 0.200000 0001 0145 0"]
        lines += ["E: 0.200000 0000 0000 0"]
        let recording = try RecordingLoader.load(text: desc + lines.joined(separator: "\n") + "\n", file: "big")
        XCTAssertGreaterThan(recording.frames[0].events.count * 24, 4096)
        for run in 1...10 {
            let replay = try Replay(.recording(recording), named: "big")
            let buttons = replay.events.compactMap { event -> ButtonState? in
                if case .pointerButton(_, let state, _) = event.kind { state } else { nil }
            }
            XCTAssertEqual(buttons, [.pressed, .released], "run \(run)")
        }
    }

}

/// A `libinput record` of a touchpad and a keyboard replays as the touchpad with the keyboard
/// played alongside (`--with`), on the file's one clock: real libinput sees the keys where the
/// file has them, whichever device began first.
final class SeveralDevicesReplayTests: XCTestCase {
    func testTheFilesOtherDevicePlaysAlongsideOnItsClock() throws {
        let touchpad = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        let keyboard = try RecordingLoader.load(Fixtures.typing)
        // A file read whole, and a pipe.
        for (touchpadDelay, keyboardDelay, piped): (UInt64, UInt64, Bool) in [(0, 40_000, false), (60_000, 0, true)] {
            let (pad, keys) = (
                Fixtures.delayed(touchpad, by: touchpadDelay), Fixtures.delayed(keyboard, by: keyboardDelay)
            )
            let text = Fixtures.libinputRecord(pad, keys)
            let file = piped ? fifo(named: "both.yml", serving: text) : NSTemporaryDirectory() + "both-\(getpid()).yml"
            if !piped { try text.write(toFile: file, atomically: false, encoding: .utf8) }
            defer { unlink(file) }
            let both = try Replay(.file(file))
            var options = ReplayOptions()
            options.otherDevices = [.recording(keys)]
            let alongside = try Replay(.recording(pad), options: options)
            XCTAssertEqual(both.events, alongside.events, "delays \(touchpadDelay), \(keyboardDelay) µs")
            XCTAssertTrue(
                both.events.contains { $0.device == "event11" && $0.typeName == "KEYBOARD_KEY" },
                "the keys reach libinput")
        }
    }

    /// libinput suspends an internal touchpad while the lid is shut, closing its node: a scroll
    /// then reaches no reader, as a kernel passes it to none, and the replay still runs to its end
    /// on the virtual clock; the same scroll once the lid is open comes through whole.
    func testAShutLidSilencesTheTouchpadUntilItOpens() throws {
        let scroll = try RecordingLoader.load(
            Fixtures.synthesized.appendingPathComponent("two-finger-scroll.yml").path)
        let lid = try RecordingLoader.load(Fixtures.directory.appendingPathComponent("keyboard/lid-switch.evemu").path)
        func scrolls(of pad: Recording, lid: Recording?) throws -> Int {
            var options = ReplayOptions()
            options.otherDevices = lid.map { [.recording($0)] } ?? []
            let events = try Replay(.recording(pad), options: options).events
            XCTAssertEqual(events.filter { $0.typeName == "SWITCH_TOGGLE" }.count, lid == nil ? 0 : 2)
            return events.filter { $0.device == "event10" && $0.typeName.hasPrefix("POINTER_SCROLL") }.count
        }
        let alone = try scrolls(of: scroll, lid: nil)
        XCTAssertGreaterThan(alone, 0)
        // The lid shuts at its first frame and opens a second later.
        let shut = try XCTUnwrap(lid.frames.first?.time), open = try XCTUnwrap(lid.frames.last?.time)
        XCTAssertLessThan(scroll.duration, open - shut)
        XCTAssertEqual(try scrolls(of: Fixtures.delayed(scroll, by: shut + 10_000), lid: lid), 0)
        XCTAssertEqual(try scrolls(of: Fixtures.delayed(scroll, by: open + 100_000), lid: lid), alone)
    }

    /// A tablet-mode switch on as its recording began: libinput reports it on as it adds the
    /// device, before the first frame, which turns it on again and so reaches no reader; then off
    /// and on at the file's times.
    func testASwitchOnAsItsRecordingBeganIsOnAsLibinputAddsIt() throws {
        let scroll = try RecordingLoader.load(
            Fixtures.synthesized.appendingPathComponent("two-finger-scroll.yml").path)
        var options = ReplayOptions()
        options.otherDevices = [.file(Fixtures.directory.appendingPathComponent("keyboard/tablet-mode-on.evemu").path)]
        let replay = try Replay(.recording(scroll), options: options)
        let start = try XCTUnwrap(replay.report.recordingStart)
        let toggles = replay.events.compactMap { event -> (Bool, String)? in
            guard case .switchToggle(.tabletMode, let state) = event.kind else { return nil }
            return (event.time < start, "\(state)")
        }
        XCTAssertEqual(toggles.map(\.0), [true, false, false], "on before the first frame")
        XCTAssertEqual(toggles.map(\.1), ["on", "off", "on"])
    }

    /// A `--with` file of several devices plays them all, none chosen: the first as the one asked
    /// for, the others after every `--with` device, on the file's clock; nothing is said of a
    /// choice.
    func testAnOtherDevicesFileOfSeveralDevicesPlaysThemAll() throws {
        let pad = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        let scroll = try RecordingLoader.load(
            Fixtures.synthesized.appendingPathComponent("two-finger-scroll.yml").path)
        // The keys come after the scroll, which disable-while-typing would otherwise hold back.
        let keys = Fixtures.delayed(try RecordingLoader.load(Fixtures.typing), by: scroll.duration + 1_000_000)
        let file = NSTemporaryDirectory() + "keys-and-pad-\(getpid()).yml"
        try Fixtures.libinputRecord(keys, scroll).write(toFile: file, atomically: false, encoding: .utf8)
        defer { unlink(file) }
        var options = ReplayOptions()
        options.otherDevices = [.file(file)]
        let withFile = try Replay(.recording(pad), options: options)
        options.otherDevices = [.recording(keys), .recording(scroll)]
        let withEach = try Replay(.recording(pad), options: options)
        XCTAssertEqual(withFile.events, withEach.events)
        XCTAssertTrue(withFile.events.contains { $0.device == "event11" && $0.typeName == "KEYBOARD_KEY" })
        XCTAssertTrue(withFile.events.contains { $0.device == "event12" && $0.typeName.hasPrefix("POINTER_SCROLL") })
        XCTAssertTrue(withFile.report.otherDevicesNotes.isEmpty, "\(withFile.report.otherDevicesNotes)")
    }

    /// A run plays as many devices as umockdev's preload can mock at once
    /// (``MockedDevice/mostDevices``); one more, of the file or beside it, is bad data naming the
    /// file, where it would abort the libinput side.
    func testMoreDevicesThanTheHarnessPlaysAreRefusedNamingTheFile() throws {
        let pad = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        let most = MockedDevice.mostDevices
        func file(of count: Int) throws -> String {
            let path = NSTemporaryDirectory() + "\(count)-pads-\(getpid()).yml"
            let text = Fixtures.libinputRecord(pad, others: Array(repeating: pad, count: count - 1))
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            return path
        }
        let (fits, over) = (try file(of: most), try file(of: most + 1))
        defer { unlink(fits); unlink(over) }
        let played = try Replay(.file(fits, device: "event0"))
        XCTAssertEqual(Set(played.events.filter { $0.typeName == "GESTURE_PINCH_BEGIN" }.map(\.device)).count, most)
        let refused = "\(most + 1) devices to play at once"
        XCTAssertThrowsError(try Replay(.file(over, device: "event0"))) { error in
            XCTAssertEqual((error as? HarnessError)?.kind, .badData)
            XCTAssertTrue("\(error)".hasPrefix("\(over): \(refused); the harness plays at most \(most)"), "\(error)")
        }
        var options = ReplayOptions()
        options.otherDevices = [.file(fits)]
        XCTAssertThrowsError(try Replay(.recording(pad), named: "pad.yml", options: options)) { error in
            XCTAssertTrue("\(error)".hasPrefix("pad.yml: \(refused), with those played beside it;"), "\(error)")
        }
    }
}
