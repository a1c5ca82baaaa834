import LibinputDecisions
import LibinputEventText
import LibinputEvents
import Replays
import TestSupport
import XCTest

/// Three-finger drag (`--enable-3fg-drag`, libinput 1.28 and later): three fingers down hold the
/// left button and move the pointer, which explain says as the drag it is, not as a click; from
/// 1.31, fingers that move 5 mm within 80 ms of being detected swipe instead, and explain says by
/// how much they moved.
final class ThreeFingerDragTests: XCTestCase {
    private func sequence(_ script: String, on build: LibinputBuild, tap: Bool = false) throws -> SequenceExplanation {
        try XCTUnwrap(sequences(script, on: build, tap: tap).first)
    }

    private func sequences(
        _ script: String, on build: LibinputBuild, tap: Bool = false,
        drag: DeviceConfiguration.ThreeFingerDrag = .threeFingers
    ) throws -> [SequenceExplanation] {
        var options = ReplayOptions()
        options.libinput = build
        options.configuration.threeFingerDrag = drag
        options.configuration.tapToClick = tap
        return try Replay.explain(FingerPaths.synthesized(script), named: "fixture", options: options).explanation
            .sequences
    }

    /// Four fingers drag (`4fg`), lift, and three come back 300 ms later: libinput goes on with the
    /// drag, its button held, and the second sequence says so with the gap, not as a drag of its own.
    func testFingersBackWithinTheReleaseTimeGoOnWithTheDrag() throws {
        for build in try libinputBuilds(["1.28.1", "1.31.3"]) {
            let sequences = try sequences(
                "move fingers=4 dx=30mm duration=1000ms; move fingers=3 dx=30mm duration=1000ms", on: build,
                drag: .fourFingers)
            XCTAssertEqual(sequences.count, 2)
            let second = try XCTUnwrap(sequences.last).conclusion
            XCTAssertTrue(
                second.hasPrefix(
                    "libinput made this a 3-finger drag: the drag before it went on, its left button (BTN_LEFT) still "
                        + "held, as 3 fingers came down 300 ms after its fingers lifted, within the 700 ms"),
                "\(build.version): \(second)")
        }
    }

    /// Three fingers drag and lift; 300 ms later one finger moves the pointer: that lets the drag's
    /// button go, and its sequence says so.
    func testAFingerMovingThePointerEndsTheDragBefore() throws {
        for build in try libinputBuilds(["1.28.1", "1.31.3"]) {
            let sequences = try sequences("move fingers=3 dx=30mm duration=1000ms; move fingers=1 dx=20mm", on: build)
            XCTAssertEqual(sequences.count, 2)
            let second = try XCTUnwrap(sequences.last).conclusion
            XCTAssertTrue(
                second.contains(
                    "; it let go the left button (BTN_LEFT) the three-finger drag before held: these fingers came "
                        + "down 300 ms after that drag's lifted, within the 700 ms libinput waits for them to come "
                        + "back, but 1 finger moved the pointer, which ends the drag"),
                "\(build.version): \(second)")
        }
    }

    /// Three fingers moving 20 mm/s: a drag on both versions that have it, the button held.
    func testSlowThreeFingersAreADrag() throws {
        for build in try libinputBuilds(["1.28.1", "1.31.3"]) {
            let sequence = try sequence("move fingers=3 dx=30mm duration=1500ms", on: build)
            XCTAssertTrue(sequence.reported.contains(.button(0x110)), "\(build.version): \(sequence.reported)")
            XCTAssertTrue(
                sequence.conclusion.hasPrefix(
                    "libinput made this a 3-finger drag: with three-finger drag on, 3 fingers down held the left "
                        + "button (BTN_LEFT), and their motion moved the pointer"), sequence.conclusion)
            XCTAssertFalse(sequence.conclusion.contains("a click"), sequence.conclusion)
            XCTAssertTrue(sequence.conclusion.contains("700 ms after they lift"), sequence.conclusion)
            // 1.31 and later weigh drag against swipe, and the line says why it was no swipe.
            let weighed = sequence.findings.filter { $0.rule == .threeFingerDragOrSwipe }
            if build.version == "1.31.3" {
                XCTAssertEqual(weighed.map(\.exceeds), [false], "\(weighed)")
                XCTAssertEqual(weighed.map(\.agreesWithLog), [true], "\(weighed)")
                XCTAssertTrue(
                    sequence.conclusion.contains("; not a swipe: 80 ms after the fingers were detected, "),
                    sequence.conclusion)
            } else {
                XCTAssertEqual(weighed, [], "\(build.version) has no swipe of three-finger drag's")
            }
        }
    }

    /// With tapping on, the drag waits for the tap machine to give the fingers up: a drag still,
    /// whose states are weighed by no gesture box or directions.
    func testWithTappingOnTheDragIsNoGesturesChoice() throws {
        for build in try libinputBuilds(["1.28.1", "1.31.3"]) {
            let sequence = try sequence("move fingers=3 dx=30mm duration=1500ms", on: build, tap: true)
            XCTAssertTrue(sequence.conclusion.hasPrefix("libinput made this a 3-finger drag"), sequence.conclusion)
            XCTAssertFalse(
                sequence.findings.contains {
                    [.gestureDirection, .gestureSpacing, .gestureMovement].contains($0.rule)
                },
                "\(build.version): \(sequence.findings.map(\.text))")
        }
    }

    /// Three fingers swiping 80 mm/s: on 1.31.3 they moved 5 mm by the 80 ms timer, a swipe.
    func testFastThreeFingersSwipeFrom1Point29() throws {
        let build = try XCTUnwrap(libinputBuilds(["1.31.3"]).first)
        let sequence = try sequence("swipe fingers=3 direction=right distance=40mm duration=500ms", on: build)
        XCTAssertTrue(sequence.reported.contains(.swipe(fingers: 3, end: .ended)), "\(sequence.reported)")
        XCTAssertTrue(sequence.conclusion.hasPrefix("libinput made this a 3-finger swipe"), sequence.conclusion)
        XCTAssertTrue(
            sequence.conclusion.contains("; not a three-finger drag: 80 ms after the fingers were detected, "),
            sequence.conclusion)
        let said = /the two touches libinput follows had moved ([0-9.]+) mm/
        let moved = try XCTUnwrap(sequence.conclusion.firstMatch(of: said)?.1, sequence.conclusion)
        XCTAssertTrue(
            sequence.conclusion.contains(" mm on average, at least the 5 mm that make a swipe of them"),
            sequence.conclusion)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(Double(moved)), 5)
        let weighed = sequence.findings.filter { $0.rule == .threeFingerDragOrSwipe }
        XCTAssertEqual(weighed.map(\.exceeds), [true], "\(weighed)")
        XCTAssertEqual(weighed.map(\.agreesWithLog), [true], "\(weighed)")
        // The box and the directions of a gesture's choice are not this one's.
        XCTAssertFalse(
            sequence.findings.contains { [.gestureDirection, .gestureSpacing, .gestureMovement].contains($0.rule) },
            "\(sequence.findings)")
    }

    /// Of three fingers, the top-most and bottom-most move 100 mm/s and the middle one rests: libinput
    /// weighs the two it follows (the top-most and the bottom-most, not the first two by slot), which
    /// moved 8 mm by the timer, a swipe; the line's number is theirs.
    func testTheSwipesNumberIsTheTopAndBottomFingers() throws {
        let build = try XCTUnwrap(libinputBuilds(["1.31.3"]).first)
        var options = ReplayOptions()
        options.libinput = build
        options.configuration.threeFingerDrag = .threeFingers
        let fingers: [Finger] = [
            .moving(0, 0.5, x: 30, y: 20, dx: 1, dy: 0, speed: 100), .resting(0, 0.5, x: 45, y: 32),
            .moving(0, 0.5, x: 30, y: 44, dx: 1, dy: 0, speed: 100),
        ]
        let sequence = try XCTUnwrap(
            Replay.explain(FingerPaths.recording(fingers), named: "fixture", options: options).explanation.sequences
                .first)
        let said = /the two touches libinput follows had moved ([0-9.]+) mm/
        let moved = try XCTUnwrap(sequence.conclusion.firstMatch(of: said)?.1, sequence.conclusion)
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(Double(moved)), 7, sequence.conclusion)
    }

    /// Three fingers swiping fast, explained on 1.28.1 then 1.31.3 with the drag on: the versions
    /// part where 1.31.3 swipes and 1.28.1 drags, and 1.31.0's fast swipe is the change named.
    func testTheVersionsPartByTheFastSwipe() throws {
        let builds = try libinputBuilds(["1.28.1", "1.31.3"])
        let versions = builds.map { build in
            var options = ReplayOptions()
            options.libinput = build
            options.configuration.threeFingerDrag = .threeFingers
            return options
        }
        let recording = try FingerPaths.synthesized("swipe fingers=3 direction=right distance=40mm duration=500ms")
        var partings: [VersionParting?] = []
        try Replay.explain(recording, named: "fixture", versions: versions) { step in
            if case .versionsParted(_, let events, _, _) = step { partings.append(events) }
        }
        XCTAssertEqual(partings.count, 1)
        XCTAssertEqual(try XCTUnwrap(partings.first??.changes), [.threeFingerFastSwipe])
    }
}
