import Foundation
import MockedDevices
import Recordings
import TestSupport
import XCTest

/// `touchsynth explain` and `touchsynth quirks` as a user runs them: the sections, the quirks
/// that applied and the DMI they were matched against, and what a quirks file changes.
final class ExplainCommandTests: XCTestCase {
    private let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path

    private func file(_ text: String, _ name: String) throws -> String {
        let path = temporaryPath(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testExplainOpensWithTheQuirksAndClosesEachSequenceWithWhy() throws {
        let result = runCommand(["explain", pinch])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("quirks, matched as dmi:*: AttrResolutionHint=31x31"), result.stdout)
        XCTAssertTrue(result.stdout.contains("sequence 1, "), result.stdout)
        XCTAssertTrue(
            result.stdout.contains("frame 0      gesture: NONE → FINGER_DETECTED → UNKNOWN"), result.stdout)
        XCTAssertTrue(
            result.stdout.contains("libinput made this a 2-finger pinch, not a scroll, because "), result.stdout)
    }

    /// A quirk the recording's machine applied and this one does not is said by `quirks`, by
    /// `explain` beside the quirks applied, and in `quirks --json`; `quirks --recorded` writes the
    /// recording's as a quirks file, which applies them.
    func testARecordedQuirkNotAppliedHereIsSaid() throws {
        let recorded = Fixtures.directory.appendingPathComponent("formats/pinch-in.with-libinput.yml").path
        let reported = try file(
            try String(contentsOfFile: recorded, encoding: .utf8).replacingOccurrences(
                of: "  - AttrResolutionHint=31x31\n",
                with: "  - AttrResolutionHint=31x31\n  - AttrPalmPressureThreshold=255\n"), "reported.yml")
        let said =
            "not applied here, though the recording's machine applied it: AttrPalmPressureThreshold=255 (its local "
            + "overrides, or its libinput's quirks files; `touchsynth quirks --recorded` writes the recording's for "
            + "--quirks)"
        let listed = runCommand(["quirks", reported])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.hasSuffix(said + "\n"), listed.stdout)
        XCTAssertTrue(runCommand(["explain", reported]).stdout.contains("\n   quirks " + said + "\n"))
        let json = try jsonLines(runCommand(["quirks", reported, "--json"]).stdout)
        XCTAssertEqual(json.last?["recordedNotApplied"] as? [String], ["AttrPalmPressureThreshold=255"])
        XCTAssertFalse(runCommand(["quirks", recorded]).stdout.contains("not applied here"))
        // Written as a quirks file and tried, they are applied, and nothing is left unapplied.
        let written = runCommand(["quirks", "--recorded", reported])
        XCTAssertEqual(written.status, 0, written.stderr)
        let quirksFile = try file(written.stdout, "recorded.quirks")
        let tried = runCommand(["quirks", reported, "--quirks", quirksFile])
        XCTAssertTrue(
            tried.stdout.contains("  AttrPalmPressureThreshold=255  from [TouchSynth recorded "), tried.stdout)
        XCTAssertFalse(tried.stdout.contains("not applied here"), tried.stdout)
        // The header alone is read: an event no reading accepts, past it, is not reached.
        let event = "    - [  0,      0,   3,  53,    2218] # EV_ABS / ABS_MT_POSITION_X      2218 (+2218)"
        let broken = try file(
            try String(contentsOfFile: reported, encoding: .utf8).replacingOccurrences(
                of: event, with: "    - [  0,      0,   3,  53,  banana]"), "broken.yml")
        XCTAssertEqual(runCommand(["replay", broken]).status, 65)
        XCTAssertEqual(runCommand(["quirks", "--recorded", broken]).stdout, written.stdout)
        // A name libinput's parser would cut at `#` or `=` is matched by `?`, and a whole event type,
        // which libinput record prints as (null), is left out, said in a comment.
        let odd = try file(
            try String(contentsOfFile: reported, encoding: .utf8)
                .replacingOccurrences(of: "ETPS/2 Elantech Touchpad", with: "Pad #2 = x ")
                .replacingOccurrences(
                    of: "  - AttrPalmPressureThreshold=255\n",
                    with: "  - AttrPalmPressureThreshold=255\n  - AttrEventCodeDisable=(null);BTN_RIGHT;\n"),
            "odd.yml")
        let oddFile = runCommand(["quirks", "--recorded", odd])
        XCTAssertEqual(oddFile.status, 0, oddFile.stderr)
        XCTAssertTrue(oddFile.stdout.contains("\nMatchName=Pad ?2 ? x?\n"), oddFile.stdout)
        XCTAssertTrue(
            oddFile.stdout.contains(
                "# left out, as libinput record could not say its event type: AttrEventCodeDisable="),
            oddFile.stdout)
        XCTAssertFalse(oddFile.stdout.contains("\nAttrEventCodeDisable"), oddFile.stdout)
        XCTAssertEqual(runCommand(["quirks", "--recorded", reported, "--json"]).status, 64)
        let none = runCommand(["quirks", "--recorded", pinch])
        XCTAssertEqual(none.status, 65)
        XCTAssertEqual(
            none.stderr, "touchsynth: \(pinch): lists no quirks (a libinput record file lists its machine's)\n")
    }

    /// A touchpad unplugged under the fingers ends the sequence's conclusion with it, and one
    /// unplugged before they came down explains why libinput reported nothing; TouchSynth's own
    /// line of the closing is not given as libinput's words. Fingers a cut (`--end`) lifted are
    /// said to be lifted by it.
    func testAnUnplugAndACutAreSaidInTheSequence() throws {
        let during = runCommand(["explain", pinch, "--unplug", "0.3"])
        XCTAssertEqual(during.status, 0, during.stderr)
        XCTAssertTrue(
            during.stdout.contains(
                "; the touchpad was unplugged (--unplug) 300 ms after the fingers came down, with them still on it: "
                    + "libinput ended what they did there and saw nothing after\n"), during.stdout)
        XCTAssertFalse(during.stdout.contains("touchsynth"), during.stdout)
        let session = Fixtures.synthesized.appendingPathComponent("session.yml").path
        let before = runCommand(["explain", session, "--unplug", "0.5"])
        XCTAssertTrue(
            before.stdout.contains(
                "\n  libinput reported nothing: the touchpad was unplugged (--unplug) 536 ms before the fingers "
                    + "came down\n"), before.stdout)
        let cut = runCommand(["explain", pinch, "--end", "0.05"])
        XCTAssertTrue(cut.stdout.contains("still down where --end cut, lifted there 0.070s"), cut.stdout)
    }

    /// Touch jumps libinput logs at a faster speed are said to be possibly the speed's by every
    /// command that replays, not by `replay` alone.
    func testTouchJumpsAtASpeedAreSaidByEachCommand() {
        for command in ["replay", "explain", "compare"] {
            let result = runCommand([command, pinch, "--speed", "10"])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(
                result.stderr.contains("touchsynth: warning: \(pinch): libinput logged touch jumps at --speed 10"),
                "\(command): \(result.stderr)")
        }
    }

    /// Frames lost to an injected SYN_DROPPED are said where libinput met them, in its words,
    /// in text and JSON; without a fault nothing is.
    func testAnInjectedFaultIsSaidWhereLibinputMetIt() throws {
        let plain = runCommand(["explain", pinch])
        XCTAssertFalse(plain.stdout.contains("a fault injected"), plain.stdout)
        let dropped = runCommand(["explain", pinch, "--syn-dropped", "0.3+200"])
        XCTAssertEqual(dropped.status, 0, dropped.stderr)
        XCTAssertTrue(
            dropped.stdout.contains(
                "a fault injected: libinput logged \"event10 - ETPS/2 Elantech Touchpad: SYN_DROPPED event - some "
                    + "input events have been lost.\""), dropped.stdout)
        let json = runCommand(["explain", "--json", pinch, "--syn-dropped", "0.3+200"])
        let device = try XCTUnwrap(try jsonLines(json.stdout).first)
        let faults = try XCTUnwrap(device["faults"] as? [[String: Any]])
        XCTAssertEqual(faults.map { $0["timeUs"] as? Int }, [300_000])
    }

    /// A second touchpad given `--with` is not the one explained: its decisions and gestures are
    /// left out, and the explanation is the touchpad's alone.
    func testAnotherTouchpadWithTheRecordingIsLeftOut() throws {
        let alone = runCommand(["explain", pinch])
        // The same touchpad, and another with thresholds of its own.
        for other in [
            Fixtures.synthesized.appendingPathComponent("pinch-out.yml"),
            Fixtures.evemu.appendingPathComponent(
                "touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events"),
        ] {
            let beside = runCommand(["explain", pinch, "--with", other.path])
            XCTAssertEqual(beside.status, 0, beside.stderr)
            XCTAssertEqual(beside.stdout, alone.stdout, other.lastPathComponent)
        }
    }

    /// A `--with` file of several devices plays them all, and what reading it chose is said once,
    /// however often the command replays it (here with and without a quirks file).
    func testWhatReadingAWithFileNotesIsSaidOnce() throws {
        let scroll = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("two-finger-scroll.yml").path)
        let keys = try RecordingLoader.load(Fixtures.typing)
        // A headphone jack's switch, which libinput takes no device of: said not to play.
        let both = try file(Fixtures.libinputRecord(keys, scroll, Fixtures.headphoneJack), "keys-pad-and-jack.yml")
        let quirks = try file("[None]\nMatchName=No such device\nAttrSizeHint=10x10\n", "none.quirks")
        for arguments in [
            ["replay", pinch, "--with", both], ["replay", pinch, "--with", both, "--end", "0.5"],
            ["explain", pinch, "--with", both, "--quirks", quirks],
        ] {
            let run = runCommand(arguments)
            XCTAssertEqual(run.status, 0, run.stderr)
            let said = run.stderr.split(separator: "\n").filter { $0.hasPrefix("touchsynth: warning: \(both): ") }
            XCTAssertEqual(said.count, 1, "\(arguments): \(run.stderr)")
            XCTAssertTrue(said.first?.contains("\"Headphone Jack\" is not played alongside") == true, "\(said)")
        }
        // Its keyboard and its touchpad both play, none chosen, and nothing is said of a choice.
        let json = runCommand(["replay", "--json", pinch, "--with", both]).stdout
        for (node, name) in [("event11", keys.device.name), ("event12", scroll.device.name)] {
            XCTAssertTrue(json.contains("\"device\":\"\(node)\""), "\(name) plays as \(node)")
        }
    }

    /// A timer due at a frame's instant fires before libinput reads the frame: a slow finger's
    /// hold is measured at the frame before, as libinput measured it, and agrees with its log.
    func testATimerSeesOnlyTheFramesBeforeIt() throws {
        let desc = Fixtures.evemu.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path
        let slow = temporaryPath("slow-move.yml")
        addTeardownBlock { try? FileManager.default.removeItem(atPath: slow) }
        let made = runCommand(["synthesize", "-e", "move dx=15mm duration=1000ms", "--desc", desc, "-o", slow])
        XCTAssertEqual(made.status, 0, made.stderr)
        let explained = runCommand(["explain", slow]).stdout
        let line = try XCTUnwrap(
            explained.split(separator: "\n").first { $0.contains("when the hold timer fired") }, explained)
        XCTAssertTrue(line.contains("the finger had moved 0.48 mm when the hold timer fired"), String(line))
        XCTAssertTrue(line.contains("under the 0.5 mm"), String(line))
        XCTAssertFalse(line.contains("[libinput's log disagrees]"), String(line))
    }

    /// A key pressed with a modifier held starts no disable-while-typing: a shortcut, which is
    /// said; libinput 1.22.1 counts Shift among the modifiers and 1.31.3 does not, so there the
    /// same keys stop the touch.
    func testAKeyWithAModifierHeldIsAShortcut() throws {
        let desc = Fixtures.evemu.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path
        let move = temporaryPath("shortcut-move.yml")
        addTeardownBlock { try? FileManager.default.removeItem(atPath: move) }
        XCTAssertEqual(runCommand(["synthesize", "-e", "move dx=15mm", "--desc", desc, "-o", move]).status, 0)
        let typing = try String(contentsOfFile: Fixtures.typing, encoding: .utf8)
        let header = typing.split(separator: "\n").filter { !$0.hasPrefix("E:") }.joined(separator: "\n")
        func keys(_ modifier: String) throws -> String {
            let events = [
                "0.000000 0001 \(modifier) 0001", "0.000000 0000 0000 0000", "0.050000 0001 001e 0001",
                "0.050000 0000 0000 0000", "0.090000 0001 001e 0000", "0.090000 0000 0000 0000",
                "0.100000 0001 \(modifier) 0000", "0.100000 0000 0000 0000",
            ]
            return try file(
                header + "\n" + events.map { "E: " + $0 }.joined(separator: "\n") + "\n", "keys-\(modifier).evemu")
        }
        let control = runCommand(["explain", move, "--with", try keys("001d")]).stdout
        XCTAssertTrue(
            control.contains(
                "a key went down 50 ms after the fingers came down with Ctrl held, and libinput starts no "
                    + "disable-while-typing for a key pressed with a modifier down"), control)
        let shift = try keys("002a")
        let old = runCommand(["explain", "--libinput", "1.22.1", move, "--with", shift]).stdout
        XCTAssertTrue(old.contains("with Shift held, and libinput starts no disable-while-typing"), old)
        let new = runCommand(["explain", "--libinput", "1.31.3", move, "--with", shift]).stdout
        XCTAssertFalse(new.contains("Shift held"), new)
        XCTAssertTrue(new.contains("disable-while-typing stopped the touches"), new)
    }

    /// Where two versions' events part is said with the sequence each difference falls in and the
    /// change that gives it, even where both end every sequence alike: the bcm5974's last scroll
    /// changes sign from 1.24 (Apple touchpads scroll naturally by default), nothing else.
    func testVersionsEventsPartAtTheirSequences() throws {
        let versions = try libinputBuilds(["1.28.1"]).map(\.version)
        let bcm = Fixtures.evemu.appendingPathComponent("touchpads_bcm5974.three-finger-click.events").path
        let pair = "\(LibinputBuild.system.version),\(versions[0])"
        let text = runCommand(["explain", "--libinput", pair, bcm])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(
            text.stdout.contains(
                "(+1.938 s, in sequence 5): libinput 1.24.0, d61d3859 \"evdev: Enable natural scrolling by default on "
                    + "Apple\": from it a touchpad libinput's quirks call Apple's (ModelAppleTouchpad) scrolls "
                    + "naturally by default: scroll values change sign\n"),
            text.stdout)
        let json = runCommand(["explain", "--json", "--libinput", pair, bcm])
        let last = try XCTUnwrap(json.stdout.split(separator: "\n").last)
        let line = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        let parting = try XCTUnwrap(line["parting"] as? [String: Any])
        let further = try XCTUnwrap(parting["further"] as? [[String: Any]])
        let natural = try XCTUnwrap(
            further.first { ($0["change"] as? [String: Any])?["change"] as? String == "appleNaturalScroll" })
        XCTAssertEqual(natural["sequence"] as? Int, 5)
        // Each side's event is there, null where a side has none; `timeUs` counts from the first
        // frame as explain's JSON does, 20 ms after the device added that `time` counts from.
        for difference in [parting] + further {
            XCTAssertEqual(Set(["expected", "actual"]).subtracting(difference.keys), [], "\(difference)")
            let (time, micros) = (try XCTUnwrap(difference["time"] as? Double), difference["timeUs"] as? Int)
            XCTAssertEqual(micros.map { Int((time * 1e6).rounded()) - $0 }, 20_000, "\(difference)")
        }
        // Sequence 5 scrolled on both versions: their closing lines alone would not tell them apart.
        XCTAssertFalse(text.stdout.contains("\nsequence 5: libinput"), text.stdout)
        // Sequence 3 reported other events: the line says which, each version's sequence above why.
        XCTAssertTrue(
            text.stdout.contains(
                "\nsequence 3: libinput \(versions[0]) reported BTN_RIGHT; libinput \(LibinputBuild.system.version) "
                    + "reported scroll finger, BTN_RIGHT\n"),
            text.stdout)
    }

    /// Where versions part is said of the touchpad, with its quirks as each version listed them:
    /// an event one version alone sends is placed at its own moment, a device played `--with` the
    /// pad is no part of it, and a quirks file calling the pad Apple's gives natural scrolling (in
    /// `compare` too).
    func testVersionsPartOnTheTouchpadAsExplained() throws {
        let versions = try libinputBuilds(["1.28.1", "1.31.3"]).map(\.version)
        let system = LibinputBuild.system.version
        let bcm = Fixtures.evemu.appendingPathComponent("touchpads_bcm5974.three-finger-click.events").path
        let cut = runCommand(["explain", "--start", "0.9", "--libinput", versions.joined(separator: ","), bcm])
        // 1.31.3 (mtdev as a plugin) moves the pointer at 0.051 s, in the first sequence, where
        // 1.28.1 sends nothing: not at 1.28.1's next event.
        XCTAssertTrue(
            cut.stdout.contains("\(versions[1]) parts from \(versions[0]) at event 0 (+0.051 s, in sequence 1): "),
            cut.stdout)
        let cypress = Fixtures.evemu.appendingPathComponent("touchpads_CyPS2_Cypress_Trackpad.three_finger_tap.events")
        let alps = Fixtures.evemu.appendingPathComponent("touchpads_AlpsPS2_ALPS_GlidePoint.single-tap.events")
        let with = runCommand(["explain", "--libinput", "\(system),\(versions[0])", cypress.path, "--with", alps.path])
        XCTAssertTrue(
            with.stdout.contains("the device's events are the same on libinput \(versions[0]) as on \(system)\n"),
            with.stdout)
        let quirks = temporaryPath("apple.quirks")
        addTeardownBlock { try? FileManager.default.removeItem(atPath: quirks) }
        try "[Apple]\nMatchName=ETPS/2 Elantech Touchpad\nModelAppleTouchpad=1\n".write(
            toFile: quirks, atomically: true, encoding: .utf8)
        let scroll = Fixtures.synthesized.appendingPathComponent("two-finger-scroll.yml").path
        for command in ["explain", "compare"] {
            let apple = runCommand([command, "--quirks", quirks, "--libinput", "\(system),\(versions[0])", scroll])
            XCTAssertTrue(apple.stdout.contains("libinput 1.24.0, d61d3859"), "\(command): \(apple.stdout)")
        }
    }

    /// A tap-like touch made a hold says tapping is off, and its sequence ends at the lift; a
    /// thumb set aside above the thumb line is not said to be one for its place.
    func testWhatDidNotHappenIsToldWithItsReason() throws {
        let desc = Fixtures.evemu.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path
        let tap = temporaryPath("tap.yml"), pinch = temporaryPath("far-pinch.yml")
        addTeardownBlock { [tap, pinch].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        XCTAssertEqual(runCommand(["synthesize", "-e", "tap", "--desc", desc, "-o", tap]).status, 0)
        let tapped = runCommand(["explain", tap]).stdout
        XCTAssertTrue(tapped.contains("sequence 1, 0.020s–0.084s"), tapped)
        XCTAssertTrue(tapped.contains("a hold because"), tapped)
        XCTAssertTrue(
            tapped.hasSuffix(
                "; libinput sent no tap: tapping is off (libinput's default; --enable-tap "
                    + "turns it on)\n"), tapped)
        XCTAssertEqual(
            runCommand(["synthesize", "-e", "set leadin=0mm; pinch scale=0.5 dx=-7.5mm", "--desc", desc, "-o", pinch])
                .status, 0)
        let hold = temporaryPath("short-hold.yml")
        addTeardownBlock { try? FileManager.default.removeItem(atPath: hold) }
        let synthesized = runCommand(["synthesize", "-e", "hold fingers=3 duration=150ms", "--desc", desc, "-o", hold])
        XCTAssertEqual(synthesized.status, 0)
        let held = runCommand(["explain", hold]).stdout
        XCTAssertTrue(
            held.contains(
                "libinput reported nothing: the fingers lifted 152 ms after libinput detected them, before "
                    + "the hold timer's 180 ms with 3 fingers"), held)
        // The pinch's still finger (without a lead-in, its drift undoes its spread from the start), set
        // aside by the gesture machine as a resting thumb, not for its place.
        let pinched = runCommand(["explain", pinch]).stdout
        XCTAssertTrue(pinched.contains("it set aside touch 1 as a thumb (suppressed): touch 0 moved "), pinched)
        XCTAssertTrue(
            pinched.contains(
                " since the fingers were detected (4.0 mm decides alone) while touch 1, level with it, taken as the "
                    + "lower, moved 0.0 mm "
                    + "(under 1.5 mm): libinput took touch 1 for a resting thumb and cancelled the gesture"), pinched)
        XCTAssertFalse(pinched.contains("disagrees"), pinched)
    }

    /// Pressure and size as libinput reads them: a semi-MT pad's by ABS_PRESSURE (it reads one
    /// as a single-touch pad), a palm size only where it reads touch major (slots, or mtdev's
    /// from 1.29), and no palm rule for a touch that never began.
    func testPressureAndSizeAreWeighedWhereLibinputReadsThem() throws {
        let devices = Fixtures.root.appendingPathComponent("Tests/Fixtures/devices")
        func synthesized(_ script: String, on desc: String) throws -> String {
            let out = temporaryPath("weighed.yml")
            addTeardownBlock { try? FileManager.default.removeItem(atPath: out) }
            let made = runCommand(
                ["synthesize", "-e", script, "--desc", devices.appendingPathComponent(desc).path, "-o", out])
            XCTAssertEqual(made.status, 0, made.stderr)
            return out
        }
        let light = try synthesized("move pressure=5", on: "touchpads_AlpsPS2-ALPS-DualPoint-TouchPad.desc")
        let semiMT = runCommand(["explain", light]).stdout
        XCTAssertTrue(
            semiMT.hasSuffix("libinput saw no touch: touch 0 pressed at most 5: never 15, no touch\n"), semiMT)

        let broad = try synthesized("move size=20mm", on: "touchpads_bcm5974.three-finger-click.desc")
        for (version, weighed) in [("1.22.1", false), ("1.31.3", true)] {
            let explained = runCommand(["explain", "--libinput", version, broad]).stdout
            XCTAssertEqual(explained.contains("a palm is larger than"), weighed, "\(version): \(explained)")
        }
        let noMajor = try file(
            "[s]\nMatchUdevType=touchpad\nAttrPalmSizeThreshold=500\nAttrEventCodeDisable=ABS_MT_TOUCH_MAJOR;\n",
            "no-major.quirks")
        let elantechBroad = try synthesized("move size=20mm", on: "touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc")
        let unread = runCommand(["explain", "--quirks", noMajor, elantechBroad]).stdout
        XCTAssertFalse(unread.contains("a palm is larger than"), "its touch major taken away: \(unread)")

        let quirks = try file("[Harder touches]\nMatchUdevType=touchpad\nAttrPressureRange=100:90\n", "range.quirks")
        let pressing = try synthesized(
            "move pressure=99", on: "touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc")
        let unbegun = runCommand(["explain", "--quirks", quirks, pressing]).stdout
        XCTAssertTrue(unbegun.contains("pressed at most 99: never 100, no touch"), unbegun)
        XCTAssertFalse(unbegun.contains("palm threshold"), unbegun)
    }

    func testQuirksListsTheSectionsAndTheFileThatSetEachQuirk() throws {
        let mine = try file(
            "[Mine]\nMatchUdevType=touchpad\nMatchDMIModalias=dmi:*svnTouchSynth:*\nAttrPalmPressureThreshold=20\n",
            "mine.quirks")
        let plain = runCommand(["quirks", "--quirks", mine, pinch])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(plain.stdout.contains("matched as dmi:*"), plain.stdout)
        XCTAssertTrue(plain.stdout.contains("matches [Elantech Touchpads] (30-vendor-elantech.quirks)"), plain.stdout)
        XCTAssertFalse(plain.stdout.contains("[Mine]"), plain.stdout)
        let matched = runCommand(["quirks", "--quirks", mine, "--dmi", "dmi:bvnX:svnTouchSynth:pnY:", pinch])
        XCTAssertEqual(matched.status, 0, matched.stderr)
        XCTAssertTrue(matched.stdout.contains("matches [Mine] (\(mine))"), matched.stdout)
        XCTAssertTrue(matched.stdout.contains("AttrPalmPressureThreshold=20  from [Mine] (\(mine))"), matched.stdout)
        let refused = runCommand(["quirks", "--dmi", "bvnX", pinch])
        XCTAssertEqual(refused.status, 64, refused.stderr)
        // A section matched by a udev type the device has only when a udev rule says so.
        let joystick = try file(
            "[Joystick]\nMatchUdevType=joystick\nAttrPalmPressureThreshold=30\n", "joystick.quirks")
        let untyped = runCommand(["quirks", "--quirks", joystick, pinch])
        XCTAssertFalse(untyped.stdout.contains("[Joystick]"), untyped.stdout)
        let typed = runCommand(["quirks", "--quirks", joystick, "--udev-property", "ID_INPUT_JOYSTICK=1", pinch])
        XCTAssertEqual(typed.status, 0, typed.stderr)
        XCTAssertTrue(typed.stdout.contains("AttrPalmPressureThreshold=30  from [Joystick]"), typed.stdout)
    }

    func testExplainSaysWhatAQuirkChanges() throws {
        let palms = try file("[Palms]\nMatchUdevType=touchpad\nAttrPalmPressureThreshold=20\n", "palms.quirks")
        let result = runCommand(["explain", "--quirks", palms, pinch])
        XCTAssertEqual(result.status, 0, result.stderr)
        let change = try XCTUnwrap(result.stdout.split(separator: "\n").last, result.stdout)
        XCTAssertTrue(
            change.hasPrefix("sequence 1: with your quirks: libinput set aside touch 0 as a palm"), "\(change)")
        XCTAssertTrue(change.contains("(without them: libinput made this a 2-finger pinch"), "\(change)")
    }

    /// Several recordings are explained in turn; one that cannot be read is said in one line and
    /// passed over, and its status ends the command, as with compare.
    func testSeveralRecordingsAreExplainedInTurnPassingOverABadOne() throws {
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let rotate = Fixtures.synthesized.appendingPathComponent("rotate-cw.yml").path
        let bad = Fixtures.root.appendingPathComponent("Tests/Fixtures/malformed/evemu-nan-value.evemu").path
        let run = runCommand(["explain", pinch, bad, rotate])
        XCTAssertEqual(run.status, 65, run.stderr)
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
        let headers = run.stdout.split(separator: "\n").filter { $0.hasPrefix("== ") }
        XCTAssertEqual(headers.count, 2, run.stdout)
        XCTAssertTrue(headers.first?.hasPrefix("== \(pinch):") ?? false, "\(headers)")
        XCTAssertTrue(headers.last?.hasPrefix("== \(rotate):") ?? false, "\(headers)")
    }
}
