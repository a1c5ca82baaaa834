import Foundation
import MockedDevices
import Recordings
import XCTest
import TestSupport

/// `--start` and `--end` replay part of a recording: what libinput makes of the part is what it
/// made of the same frames in the whole, the touches already down at the cut put down first.
final class RecordingWindowTests: XCTestCase {
    private let session = Fixtures.synthesized.appendingPathComponent("session.yml").path // pinch, pinch, scroll, swipe

    private func events(_ options: [String]) throws -> [[String: Any]] {
        let run = runCommand(["replay", "--json", session] + options)
        XCTAssertEqual(run.status, 0, run.stderr)
        return try jsonLines(run.stdout)
    }

    private func swipe(_ events: [[String: Any]]) -> [String] {
        events.filter { ($0["type"] as? String)?.hasPrefix("GESTURE_SWIPE") == true }
            .map { "\($0["type"]!) \($0["fingers"]!) \($0["dxUnaccelerated"] ?? "") \($0["dyUnaccelerated"] ?? "")" }
    }

    func testAWindowReplaysItsFramesAsTheWholeDid() throws {
        let whole = try events([])
        XCTAssertEqual(try events(["--start", "0"]).count, whole.count, "a window from 0 to the end is the recording")
        // From mid-scroll: the touches down at 2 s are put down first, libinput scrolls on, and the
        // swipe after it is the whole recording's, value for value (unaccelerated: acceleration
        // depends on the motion before).
        let fromScroll = try events(["--start", "2.0"])
        XCTAssertGreaterThan(fromScroll.filter { $0["type"] as? String == "POINTER_SCROLL_FINGER" }.count, 20)
        XCTAssertFalse(
            fromScroll.contains { ($0["type"] as? String)?.hasPrefix("GESTURE_PINCH") == true },
            "the pinches came before 2 s")
        XCTAssertEqual(swipe(fromScroll), swipe(whole))
        XCTAssertGreaterThan(swipe(whole).count, 10)
        // Up to 1 s: the first pinch ends, the second has not begun.
        let firstSecond = try events(["--end", "1.0"])
        XCTAssertEqual(firstSecond.filter { $0["type"] as? String == "GESTURE_PINCH_BEGIN" }.count, 1)
        XCTAssertTrue(swipe(firstSecond).isEmpty)
    }

    /// Times shown count from the part replayed: a table or text says first where that starts in
    /// the recording, before libinput's log lines; JSON, whose times are libinput's, says nothing.
    func testATableSaysWhereTheStartIs() throws {
        for command in ["replay", "compare", "explain"] {
            let run = runCommand([command, session, "--start", "2.0"])
            XCTAssertEqual(run.status, 0, run.stderr)
            let note = "touchsynth: times count from --start, 2.000 s into the recording\n"
            XCTAssertEqual(run.stderr.components(separatedBy: note).count, 2, "\(command): \(run.stderr)")
            XCTAssertTrue(run.stderr.hasPrefix(note), "\(command): \(run.stderr)")
            XCTAssertFalse(runCommand([command, "--json", session, "--start", "2.0"]).stderr.contains("times count"))
        }
        XCTAssertFalse(runCommand(["replay", session, "--start", "0"]).stderr.contains("times count"))
        // The hp8470p pad's touch jumps are logged as libinput meets them, after the note.
        let jumping = Fixtures.evemu.appendingPathComponent(
            "touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events"
        ).path
        for command in ["replay", "explain"] {
            let stderr = runCommand([command, jumping, "--start", "0.1"]).stderr
            XCTAssertTrue(stderr.hasPrefix("touchsynth: times count from --start, 0.100 s"), "\(command): \(stderr)")
            XCTAssertTrue(stderr.contains("\nlibinput: "), "\(command): \(stderr)")
        }
    }

    /// A report of a part says which part in its title, as does `compare --report`'s page and index.
    func testAReportNamesThePartItDraws() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-part-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("part.html").path
        let report = runCommand(["report", session, "--start", "1", "--end", "2.5", "-o", page])
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertTrue(
            try String(contentsOfFile: page).contains(
                "<h1>TouchSynth report: \(session), 1.000 s to 2.500 s into it</h1>"))
        let compared = runCommand([
            "compare", session, "--start", "2", "--report", folder.appendingPathComponent("c").path,
        ])
        XCTAssertEqual(compared.status, 0, compared.stderr)
        let index = try String(contentsOfFile: folder.appendingPathComponent("c/index.html").path)
        XCTAssertTrue(index.contains(">\(session), from 2.000 s into it</a>"), index)
        let whole = folder.appendingPathComponent("whole.html").path
        XCTAssertEqual(runCommand(["report", session, "-o", whole]).status, 0)
        XCTAssertTrue(try String(contentsOfFile: whole).contains("<h1>TouchSynth report: \(session)</h1>"))
    }

    /// An end in the middle of a gesture lifts the fingers there: every gesture begun ends, and
    /// both modes' app event streams keep their invariants (every touch ends).
    func testAnEndMidGestureLiftsTheFingers() throws {
        for end in ["0.4", "2.5"] {
            let cut = try events(["--end", end])
            for kind in ["PINCH", "SWIPE", "HOLD"] {
                let begun = cut.filter { $0["type"] as? String == "GESTURE_\(kind)_BEGIN" }.count
                let ended = cut.filter { $0["type"] as? String == "GESTURE_\(kind)_END" }.count
                XCTAssertEqual(begun, ended, "\(kind) up to \(end) s")
            }
            let checked = runCommand(["replay", "--check", "--mode", "both", session, "--end", end])
            XCTAssertEqual(checked.status, 0, checked.stderr)
        }
        // An end past the last frame cuts nothing: the recording as it is, nothing lifted.
        XCTAssertEqual(try events(["--end", "99"]).count, try events([]).count)
    }

    /// An end at 0, which would keep nothing, is a usage error, for replay and convert alike.
    func testAnEndAtTheStartIsAUsageError() {
        for command in [["replay", session], ["convert", session, "-o", temporaryPath("empty.yml")]] {
            let result = runCommand(command + ["--end", "0"])
            XCTAssertEqual(result.status, 64, result.stderr)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("--end must be after 0 s"), result.stderr)
        }
    }

    /// A recording that itself ends in the middle of a gesture (`libinput record` stopped with
    /// fingers on the pad) is replayed as it is, nothing lifted: the app's sequences stay open with
    /// libinput's, which `--check` says, and counts as no violation.
    func testARecordingEndingMidGestureIsNoViolation() throws {
        let whole = try RecordingLoader.load(session)
        var cut = whole
        cut.frames = whole.frames.filter { $0.time <= 400_000 }
        let file = temporaryPath("cut-mid-pinch.evemu")
        defer { unlink(file) }
        try RecordingFormat.evemu.text(cut).write(toFile: file, atomically: false, encoding: .utf8)
        let checked = runCommand(["replay", "--check", "--mode", "both", file])
        XCTAssertEqual(checked.status, 0, checked.stderr)
        let notes = checked.stderr.split(separator: "\n").filter { $0.hasPrefix("touchsynth: \(file): note: ") }
        XCTAssertEqual(notes.count, 3, checked.stderr) // two simulated touches, one transform
        for note in notes {
            XCTAssertTrue(
                note.hasSuffix(
                    "libinput's own stream ends in the middle of a pinch, with no end to follow: no invariant is broken"
                ), String(note))
        }
        // compare says so for each version, as replay does.
        let version = try libinputBuilds(["1.28.1"])[0].version
        let versions = runCommand([
            "compare", "--check", "--libinput", "\(LibinputBuild.system.version),\(version)", file,
        ])
        XCTAssertEqual(versions.status, 0, versions.stderr)
        for v in [LibinputBuild.system.version, version] {
            XCTAssertEqual(
                versions.stderr.components(separatedBy: ": libinput \(v): note: ").count - 1, 3, versions.stderr)
        }
    }

    func testAWindowOutsideTheRecordingIsAUsageError() throws {
        // One line, without the note of where times count from: nothing is timed.
        for command in ["replay", "compare", "explain"] {
            let late = runCommand([command, session, "--start", "99"])
            XCTAssertEqual(late.status, 64, late.stderr)
            XCTAssertEqual(
                late.stderr, "touchsynth: \(session): --start 99 s is after the recording's end (2.996 s)\n", command)
        }
        let backwards = runCommand(["replay", session, "--start", "2", "--end", "1"])
        XCTAssertEqual(backwards.status, 64, backwards.stderr)
        XCTAssertTrue(backwards.stderr.contains("--end must come after --start"), backwards.stderr)
    }

    /// The window is the recording's: a `--with` device that ends before `--start` has only its
    /// state left to put down, and a start past the recording's own end names the recording.
    func testAWindowIsCheckedAgainstTheRecordingNotADeviceBeside() throws {
        let keyboard = Fixtures.root.appendingPathComponent("Tests/Fixtures/keyboard/typing.evemu").path // 0.25 s
        for command in ["replay", "compare", "explain"] {
            let past = runCommand([command, "--start", "0.3", "--with", keyboard, session])
            XCTAssertEqual(past.status, 0, "\(command): \(past.stderr)")
            let late = runCommand([command, "--start", "99", "--with", keyboard, session])
            XCTAssertEqual(late.status, 64, late.stderr)
            XCTAssertEqual(
                late.stderr, "touchsynth: \(session): --start 99 s is after the recording's end (2.996 s)\n", command)
        }
        let replayed = try events(["--start", "0.3", "--with", keyboard])
        XCTAssertTrue(replayed.contains { $0["type"] as? String == "GESTURE_PINCH_BEGIN" }, "the recording plays")
        XCTAssertFalse(replayed.contains { $0["type"] as? String == "KEYBOARD_KEY" }, "the keyboard has no key left")
    }
}
