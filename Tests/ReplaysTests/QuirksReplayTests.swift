import Foundation
import LibinputDecisions
import LibinputEvents
import Quirks
import Recordings
import Replays
import TestSupport
import XCTest

/// Quirks files tried on a replay (`ReplayOptions.quirks`): libinput reads them after its own.
final class QuirksReplayTests: XCTestCase {
    private let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path

    private func quirks(_ text: String, _ name: String = "try.quirks") throws -> String {
        let path = temporaryPath(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    private func pinches(_ events: [LibinputEvent]) -> Int {
        events.filter { $0.typeName.hasPrefix("GESTURE_PINCH") }.count
    }

    /// A palm pressure threshold below the pinch's pressure makes both fingers palms, on each
    /// libinput version: its log says the threshold it took and why each touch is a palm.
    func testAPalmPressureQuirkTurnsThePinchIntoPalms() throws {
        let palms = try quirks("[Palms by pressure]\nMatchUdevType=touchpad\nAttrPalmPressureThreshold=20\n")
        for build in [LibinputBuild.system] + (try libinputBuilds(["1.28.1", "1.31.3"])) {
            var options = ReplayOptions()
            options.libinput = build
            options.logsDebug = true
            XCTAssertGreaterThan(pinches(try Replay(.file(pinch), options: options).events), 0, build.version)
            options.quirks = [palms]
            let tried = try Replay(.file(pinch), options: options)
            XCTAssertEqual(pinches(tried.events), 0, build.version)
            let log = tried.report.libinputLog.map(\.text)
            XCTAssertTrue(log.contains { $0.contains("palm: pressure threshold is 20") }, "\(build.version): \(log)")
            XCTAssertTrue(log.contains { $0.contains("palm detected (pressure)") }, build.version)
        }
    }

    /// A `MatchDMIModalias` quirk applies only on the machine it names: the DMI a recording
    /// carries (`system: dmi:` in libinput record YAML, a `# DMI:` comment in evemu) is what the
    /// mocked system reports, and `ReplayOptions.dmi` stands in for a recording without one.
    func testADMIQuirkAppliesOnlyWithTheRightDMI() throws {
        let quirk = try quirks(
            "[This laptop]\nMatchUdevType=touchpad\nMatchDMIModalias=dmi:*svnTouchSynth:*\n"
                + "AttrPalmPressureThreshold=20\n")
        var recording = try RecordingLoader.load(pinch)
        var options = ReplayOptions()
        options.quirks = [quirk]
        XCTAssertGreaterThan(pinches(try Replay(.recording(recording), options: options).events), 0, "no DMI")
        for (dmi, applies) in [("dmi:bvnX:svnTouchSynth:pnLaptop:", true), ("dmi:bvnX:svnOther:pnLaptop:", false)] {
            recording.dmi = dmi
            for (name, text) in [
                ("dmi.yml", LibinputRecordFormat.write(recording)), ("dmi.evemu", EvemuFormat.write(recording)),
            ] {
                let path = try quirks(text, name)
                XCTAssertEqual(MachineDMI.find(inFile: path), dmi, name)
                let events = try Replay(.file(path), options: options).events
                XCTAssertEqual(pinches(events) == 0, applies, "\(name) with \(dmi)")
            }
        }
        recording.dmi = nil
        options.dmi = "dmi:bvnX:svnTouchSynth:pnLaptop:"
        XCTAssertEqual(pinches(try Replay(.recording(recording), options: options).events), 0, "ReplayOptions.dmi")
    }

    /// libinput's quirks tool prints an event type disabled whole (`AttrEventCodeDisable=EV_ABS`
    /// on Apple's Magic Mouse, in 1.22.1's quirks) as `(null)`: the listing gives the value its
    /// file holds.
    func testAnEventTypeDisabledWholeIsListedByName() throws {
        let mouse = Fixtures.evemu.appendingPathComponent("mice_Apple_Touch_Mouse.evemu").path
        var named = 0
        for build in [LibinputBuild.system] + (try libinputBuilds(["1.28.1", "1.31.3"])) {
            var options = ReplayOptions()
            options.libinput = build
            for property in try QuirksListing.list(.file(mouse), options: options).properties {
                XCTAssertFalse(property.value.contains("(null)"), "\(build.version): \(property)")
                if property.key == "AttrEventCodeDisable" && property.value.hasPrefix("EV_") { named += 1 }
            }
        }
        XCTAssertGreaterThan(named, 0)
    }

    /// Every quirk listed has its value, keys with digits included (`ModelLenovoT450Touchpad`,
    /// which libinput's files give the ThinkPad P50's touchpad), on each version.
    func testEveryQuirkListedHasItsValue() throws {
        var recording = try RecordingLoader.load(
            Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.two-finger-vert-scroll.events")
                .path)
        recording.dmi = "dmi:bvnLENOVO:svnLENOVO:pn20ENCTO1WW:pvrThinkPadP50:"
        for build in [LibinputBuild.system] + (try libinputBuilds(["1.28.1", "1.31.3"])) {
            var options = ReplayOptions()
            options.libinput = build
            let properties = try QuirksListing.list(.recording(recording), options: options).properties
            XCTAssertEqual(properties.first { $0.key == "ModelLenovoT450Touchpad" }?.value, "1", build.version)
            for property in properties { XCTAssertFalse(property.value.isEmpty, "\(build.version): \(property)") }
        }
    }

    /// A `libinput record` file lists the quirks its machine applied: those applied here too are
    /// not said, one this machine's quirks do not give is; and a YAML file written from the
    /// recording keeps the list, which evemu cannot.
    func testTheRecordingMachinesQuirksNotAppliedHereAreSaid() throws {
        let recorded = Fixtures.directory.appendingPathComponent("formats/pinch-in.with-libinput.yml").path
        XCTAssertEqual(try QuirksListing.list(.file(recorded)).recordedNotApplied, [])
        let yaml = try String(contentsOfFile: recorded, encoding: .utf8).replacingOccurrences(
            of: "  - AttrResolutionHint=31x31\n",
            with: "  - AttrResolutionHint=31x31\n  - AttrPalmPressureThreshold=255\n")
        let recording = try RecordingLoader.load(text: yaml, file: "reported.yml")
        XCTAssertEqual(
            recording.device.source.recordedQuirks,
            ["AttrPressureRange=10:8", "AttrResolutionHint=31x31", "AttrPalmPressureThreshold=255"])
        let listing = try QuirksListing.list(.recording(recording))
        XCTAssertEqual(listing.recordedNotApplied, ["AttrPalmPressureThreshold=255"])
        let written = try RecordingLoader.load(text: RecordingFormat.yaml.text(recording), file: "again.yml")
        XCTAssertEqual(written.device.source.recordedQuirks, recording.device.source.recordedQuirks)
        XCTAssertTrue(
            RecordingFormat.evemu.losses(of: recording, in: RecordingFormat.evemu.text(recording)).contains(
                "evemu cannot carry the quirks the recording's machine applied: AttrPressureRange=10:8, "
                    + "AttrResolutionHint=31x31, AttrPalmPressureThreshold=255"))
    }

    /// A key libinput does not know makes it drop every quirk: the replay ends with one error
    /// naming the file's line, and hands on nothing, on each version; the quirks listing says the same.
    func testAQuirkLibinputDoesNotKnowEndsTheReplayNamingItsLine() throws {
        let unknown = try quirks("[Mine]\nMatchUdevType=touchpad\n\nAttrPalmPressureThreshold=20\nAttrNoSuchThing=1\n")
        for build in [LibinputBuild.system] + (try libinputBuilds(["1.28.1", "1.31.3"])) {
            var options = ReplayOptions()
            options.libinput = build
            options.quirks = [unknown]
            var handed = 0
            XCTAssertThrowsError(try Replay.stream(.file(pinch), options: options) { _ in handed += 1 }) { error in
                let error = error as? HarnessError
                XCTAssertEqual(error?.kind, .quirksRefused)
                XCTAssertEqual(
                    error?.message,
                    "\(unknown):5: libinput \(build.version) has no quirk AttrNoSuchThing (in [Mine]), "
                        + "and it would drop every quirk for it, its own too")
            }
            XCTAssertEqual(handed, 0, build.version)
            // libinput's quirks tool (`touchsynth quirks`) is said of in the same words.
            XCTAssertThrowsError(try QuirksListing.list(.file(pinch), options: options)) { error in
                XCTAssertEqual(
                    (error as? HarnessError)?.message,
                    "\(unknown):5: libinput \(build.version) has no quirk AttrNoSuchThing (in [Mine]), "
                        + "and it would drop every quirk for it, its own too")
            }
        }
        // From a FIFO, read once: the line is found in the copy libinput read, not by opening it again.
        let text = "[Mine]\nMatchUdevType=touchpad\n\nAttrPalmPressureThreshold=20\nAttrNoSuchThing=1\n"
        let fifo = ServedFifo(named: "unknown.quirks", serving: text)
        defer { unlink(fifo.path) }
        var options = ReplayOptions()
        options.quirks = [fifo.path]
        XCTAssertThrowsError(try Replay(.file(pinch), options: options)) { error in
            XCTAssertEqual(
                (error as? HarnessError)?.message,
                "\(fifo.path):5: libinput \(LibinputBuild.system.version) has no quirk AttrNoSuchThing (in [Mine]), "
                    + "and it would drop every quirk for it, its own too")
        }
    }

    /// A match key libinput does not know, or a value it cannot read, it refuses without saying
    /// where (its parser's errors are not logged at run time): the replay ends with its quirks
    /// tool's error at the file's line, on each version, and libinput's own line, which would be
    /// told as the recording's, is not handed on.
    func testAMatchOrValueLibinputCannotReadEndsTheReplayNamingItsLine() throws {
        let match = try quirks("[Mine]\nMatchNoSuchKey=touchpad\nAttrPalmPressureThreshold=20\n")
        let value = try quirks("[Mine]\nMatchUdevType=touchpad\n\nAttrPalmPressureThreshold=high\n")
        // A colon in the file's name is no line number's.
        let colon = try quirks("[Mine]\nMatchUdevType=touchpad\nAttrPressureRange=0:0\n", "pad:v2.quirks")
        for build in [LibinputBuild.system] + (try libinputBuilds(["1.28.1", "1.31.3"])) {
            for (file, line, text) in [
                (match, 2, "MatchNoSuchKey=touchpad"), (value, 4, "AttrPalmPressureThreshold=high"),
                (colon, 3, "AttrPressureRange=0:0"),
            ] {
                var options = ReplayOptions()
                options.libinput = build
                options.quirks = [file]
                var handed: [LibinputSideOutput] = []
                XCTAssertThrowsError(try Replay.stream(.file(pinch), options: options) { handed.append($0) }) { error in
                    XCTAssertEqual(
                        (error as? HarnessError)?.message,
                        "\(file):\(line): libinput \(build.version) failed to parse \(text), "
                            + "and it would drop every quirk for it, its own too")
                }
                XCTAssertEqual(handed.count, 0, "\(build.version): \(handed)")
            }
        }
    }

    /// A file libinput's parser would refuse line by line is refused before the replay starts.
    func testAFileOfTheWrongFormIsRefusedAtItsLine() throws {
        let empty = try quirks(
            "[A]\nMatchUdevType=touchpad\n[B]\nMatchUdevType=touchpad\nAttrPalmPressureThreshold=2\n")
        var options = ReplayOptions()
        options.quirks = [empty]
        XCTAssertThrowsError(try Replay(.file(pinch), options: options)) { error in
            let error = error as? HarnessError
            XCTAssertEqual(error?.kind, .quirksRefused)
            XCTAssertTrue(error?.message.hasPrefix("\(empty):3: the section before, [A], has no value") == true)
        }
        // Windows line ends and a byte order mark, which libinput refuses, are read as written.
        for (text, line, problem) in [
            (
                "[A]\r\nMatchUdevType=touchpad\r\nAttrPalmPressureThreshold=2\r\n", 1,
                "the line ends in a carriage return"
            ),
            ("\u{FEFF}[A]\nMatchUdevType=touchpad\nAttrPalmPressureThreshold=2\n", 1, "a byte order mark (U+FEFF)"),
            // Lines ended by a carriage return alone, which libinput reads as one line; a NUL byte.
            (
                "[A]\rMatchUdevType=touchpad\rAttrPalmPressureThreshold=2\r", 1,
                "its lines end in a carriage return alone"
            ),
            ("[A]\nMatchUdevType=touch\u{0}pad\n", 2, "a NUL byte, where libinput would cut the line short"),
        ] {
            let windows = try quirks(text)
            options.quirks = [windows]
            XCTAssertThrowsError(try Replay(.file(pinch), options: options)) { error in
                let error = error as? HarnessError
                XCTAssertEqual(error?.kind, .quirksRefused)
                XCTAssertTrue(
                    error?.message.hasPrefix("\(windows):\(line): \(problem)") == true, "\(String(describing: error))")
            }
        }
        options.quirks = [temporaryPath("missing.quirks")]
        XCTAssertThrowsError(try Replay(.file(pinch), options: options)) { error in
            XCTAssertEqual((error as? HarnessError)?.kind, .missingFile)
        }
    }

    /// Explaining on several versions hands over each replay before what it explains, then what
    /// the quirks change on that version, then where the versions part: the palm quirk turns the
    /// pinch's touches into palms, which the change says against the pinch made without it.
    func testExplainingOnSeveralVersionsSaysEachStepInOrder() throws {
        let palms = try quirks("[Palms by pressure]\nMatchUdevType=touchpad\nAttrPalmPressureThreshold=20\n")
        let builds = [LibinputBuild.system] + (try libinputBuilds(["1.31.3"]))
        let versions = builds.map { build in
            var options = ReplayOptions()
            options.libinput = build
            options.quirks = [palms]
            return options
        }
        var steps: [String] = []
        var quirkChanges: [ExplanationChange] = []
        try Replay.explain(try RecordingLoader.load(pinch), named: pinch, versions: versions) { step in
            switch step {
            case .replayed: steps.append("replayed")
            case .explained(let explanation): steps.append("explained \(explanation.libinputVersion)")
            case .quirksChanged(let changes, let version):
                steps.append("quirks \(version)")
                quirkChanges += changes
            case .versionsParted(_, _, let version, let against): steps.append("parted \(version) \(against)")
            }
        }
        let each = builds.flatMap { ["replayed", "explained \($0.version)", "replayed", "quirks \($0.version)"] }
        let parted = zip(builds, builds.dropFirst()).map { "parted \($1.version) \($0.version)" }
        XCTAssertEqual(parted.count, 1)
        XCTAssertEqual(steps, each + parted)
        XCTAssertEqual(quirkChanges.count, builds.count, "\(quirkChanges)")
        for change in quirkChanges {
            XCTAssertTrue(change.before.contains("pinch"), change.before)
            XCTAssertTrue(change.after.contains("palm"), change.after)
        }
    }
}
