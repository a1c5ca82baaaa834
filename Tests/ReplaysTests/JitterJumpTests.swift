import GestureSynthesis
import LibinputDecisions
import MockedDevices
import ReplayChannel
import Replays
import XCTest
import TestSupport

/// A script's jitter held to libinput's jump rule: the synthesizer's warning and real libinput's
/// log agree on whether moves are discarded as jumps.
final class JitterJumpTests: XCTestCase {
    /// The notes of `script` performed on the description `desc` as `synthesize` performs it, for
    /// the libinput the replay runs, and the jumps that libinput logs replaying it.
    private func warnedAndLogged(_ script: String, on desc: String) throws -> (notes: [String], jumps: Int) {
        let recording = try GestureSynthesizer.synthesize(
            script, file: "t", onDescriptionAt: Fixtures.devices.appendingPathComponent(desc).path,
            libinput: LibinputBuild.system.version)
        var jumps = 0
        _ = try Replay.stream(.recording(recording)) { output in
            if case .log(let message) = output, message.text.contains("Touch jump detected") { jumps += 1 }
        }
        return (recording.notes, jumps)
    }

    func testTheWarningAndLibinputAgree() throws {
        let swipe = "swipe fingers=2 direction=right distance=30mm duration=2000ms"
        let pad = "touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc"
        let jumpy = try warnedAndLogged("set jitter=3mm seed=3; " + swipe, on: pad)
        XCTAssertTrue(jumpy.notes.contains { $0.contains("the jitter of 3 mm moves its fingers") }, "\(jumpy.notes)")
        XCTAssertGreaterThan(jumpy.jumps, 0)
        let calm = try warnedAndLogged("set jitter=0.5mm seed=3; " + swipe, on: pad)
        XCTAssertEqual(calm.notes, [])
        XCTAssertEqual(calm.jumps, 0)
    }

    /// A protocol A pad libinput before 1.29 reads by ABS_X, whose range is a seventh of the
    /// multitouch axis's: it measures the jitter a seventh as long, and takes none of it for a jump.
    /// From 1.29 it reads the contacts through mtdev's slots; either way, the warning and the log agree.
    func testAProtocolAPadIsWeighedAsLibinputReadsIt() throws {
        let (notes, jumps) = try warnedAndLogged(
            "set jitter=3mm seed=11; swipe fingers=3 direction=right distance=30mm duration=1500ms",
            on: "touchpads_bcm5974.three-finger-click.desc")
        let warned = notes.contains { $0.contains("12 ms frame") }
        XCTAssertEqual(warned, jumps > 0, "\(notes); \(jumps) jumps logged")
        if LibinputChange.isBefore(LibinputBuild.system.version, LibinputChange.mtdevPlugin.release) {
            XCTAssertEqual(jumps, 0)
        }
    }

    /// libinput logs no jump of a semi-MT pad, and the warning says so.
    func testASemiMTPadsJumpsAreSaidToGoUnlogged() throws {
        let (notes, jumps) = try warnedAndLogged(
            "set jitter=3mm seed=11; swipe fingers=3 direction=right distance=30mm duration=1500ms",
            on: "touchpads_AlpsPS2_ALPS_GlidePoint.desc")
        XCTAssertEqual(jumps, 0)
        XCTAssertTrue(notes.contains { $0.contains("on a semi-MT pad without a line in its log") }, "\(notes)")
    }

    /// `--verify` says what libinput's log says of the jumps: discarded, or kept where the notes
    /// warned; on a semi-MT pad, whose jumps libinput never logs, nothing.
    func testVerifyingSaysWhatTheLogTellsOfJumps() throws {
        func verified(_ script: String, on desc: String) throws -> [String] {
            try GestureSynthesizer.perform(
                script, file: "t", onDescriptionAt: Fixtures.devices.appendingPathComponent(desc).path,
                libinput: LibinputBuild.system.version
            ).verified()
        }
        let swipe = "swipe fingers=2 direction=right distance=30mm duration=2000ms"
        let discarded = try verified(
            "set jitter=3mm seed=3; " + swipe, on: "touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc")
        XCTAssertTrue(
            discarded.contains { $0.hasPrefix("libinput discarded moves as touch jumps: its log says so ") },
            "\(discarded)")
        let kept = try verified(
            "set jitter=0.5mm seed=18; scroll dy=30mm duration=50ms",
            on: "touchpads_SynPS2_Synaptics_TouchPad-fdo23890.desc")
        XCTAssertTrue(
            kept.contains("libinput logged no touch jump: it kept the moves line 1 warned it may discard"), "\(kept)")
        let semiMT = try verified("set jitter=3mm seed=11; " + swipe, on: "touchpads_AlpsPS2_ALPS_GlidePoint.desc")
        XCTAssertFalse(semiMT.contains { $0.contains("touch jump") }, "\(semiMT)")
    }
}
