import AppEvents
import Gestures
import LibinputEvents
import ModeComparison
import Report
import XCTest

/// `compare`'s table: one aligned row per recognizer, both modes side by side, then the counts.
final class ComparisonTableTests: XCTestCase {
    private func record(_ name: String, _ kind: GestureKind, touches: Int, values: GestureValues) -> GestureRecord {
        var record = GestureRecord(region: "canvas", name: name, kind: kind)
        record.transitions = [
            GestureTransition(state: .began, time: 0.05), GestureTransition(state: .ended, time: 0.15),
        ]
        record.maxNumberOfTouches = touches
        record.finalValues = values
        return record
    }

    /// `record`, its activation set off by a pinch's two simulated touches.
    private func simulated(_ record: GestureRecord) -> GestureRecord {
        var record = record
        record.activationInputs = [ActivationInput(time: 0.05, touches: 2, simulatedTouches: 2)]
        return record
    }

    func testTableIsAlignedAndEndsWithTheCounts() {
        let pinch = GestureValues(scale: 1.3)
        let report = ComparisonReport(
            compat: [
                record("pinch", .pinch, touches: 2, values: pinch),
                simulated(
                    record("twoFingerPan", .pan, touches: 2, values: GestureValues(translation: Point(x: 15, y: 0)))),
            ],
            indirect: [
                record("pinch", .pinch, touches: 0, values: pinch),
                GestureRecord(region: "canvas", name: "twoFingerPan", kind: .pan),
            ])
        let lines = report.renderTable(timeBase: TimeBase(origin: 0)).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2 + report.rows.count + 1)
        XCTAssertTrue(lines[0].hasPrefix("recognizer"))
        XCTAssertEqual(
            lines.last,
            "accidental activations (set off by compat mode's simulated touches): 1; unmatched by the other mode: "
                + "compat 1, indirect 0")

        let separators = lines.dropLast().filter { !$0.hasPrefix("-") }.map { line in
            line.indices.filter { line[$0] == "|" }.map { line.distance(from: line.startIndex, to: $0) }
        }
        XCTAssertTrue(
            separators.allSatisfy { $0 == separators[0] }, "columns line up:\n\(lines.joined(separator: "\n"))")
        let panLine = lines.first { $0.hasPrefix("canvas/twoFingerPan") } ?? ""
        XCTAssertTrue(panLine.contains("began 1 ended 1, most touches 2, translation (15.0, 0.0)"), panLine)
        XCTAssertTrue(panLine.hasSuffix("| compat only, accidental"), panLine)
        XCTAssertTrue(lines.contains { $0.hasPrefix("canvas/pinch") && $0.contains("most touches 0, scale 1.30") })
        // compare's table says what the indirect pan's dash is, under the rows; with no dash, nothing.
        let legend = "(-: never changed state in that mode; failed N: input reached it, and it failed)"
        let withLegend = report.renderTable(timeBase: TimeBase(origin: 0), legend: true).split(separator: "\n")
        XCTAssertEqual(withLegend[2 + report.rows.count], Substring(legend))
        let busy = ComparisonReport(
            compat: [record("pinch", .pinch, touches: 2, values: pinch)],
            indirect: [record("pinch", .pinch, touches: 0, values: pinch)])
        XCTAssertFalse(busy.renderTable(timeBase: TimeBase(origin: 0), legend: true).contains(legend))
    }

    /// A context menu the pinch's simulated touches opened by resting is said to have been
    /// recognized (it has no began), and why: a long press, not the touches' motion.
    func testAMenuHeldOpenByThePinchIsSaidToBeALongPress() {
        var menu = GestureRecord(region: "list", name: "contextMenu", kind: .contextMenu)
        menu.transitions = [GestureTransition(state: .recognized, time: 1.56)]
        menu.activationInputs = [ActivationInput(time: 1.56, touches: 2, simulatedTouches: 2)]
        menu.maxNumberOfTouches = 2
        menu.followedSimulatedTouches = true
        menu.starts = [
            InteractionStart(
                input: .longPress, time: 1.56, touchType: .direct, isSimulated: true, location: Point(x: 258, y: 450),
                liftDelay: 0.5)
        ]
        let report = ComparisonReport(
            compat: [menu], indirect: [GestureRecord(region: "list", name: "contextMenu", kind: .contextMenu)])
        XCTAssertEqual(
            report.differencesInWords(timeBase: TimeBase(origin: 0)),
            [
                "list/contextMenu was recognized once in compat mode (key NO) and never in indirect mode (key YES): "
                    + "the pinch's simulated touches, held still, were a long press at 1.560s"
            ])
    }

    /// A pinch recognizer the simulated touches began in compat mode, and indirect mode's
    /// transform reached and failed: the words say where the pointer was and when it failed.
    func testAPinchTheTransformFailedIsToldWithWhereAndWhen() {
        var compat = GestureRecord(region: "canvas", name: "pinch", kind: .pinch)
        compat.transitions = [GestureTransition(state: .began, time: 2), GestureTransition(state: .ended, time: 2.5)]
        compat.activationInputs = [
            ActivationInput(
                time: 2, touches: 2, simulatedTouches: 2, starts: [Point(x: 10, y: 5), Point(x: 110, y: 5)])
        ]
        compat.followsTransforms = true
        var indirect = GestureRecord(region: "canvas", name: "pinch", kind: .pinch)
        indirect.transitions = [GestureTransition(state: .failed, time: 2.1)]
        indirect.failureInputs = [ActivationInput(time: 2.1, touches: 0, eventLocation: Point(x: 60, y: 5))]
        indirect.followsTransforms = true
        let report = ComparisonReport(compat: [compat], indirect: [indirect])
        XCTAssertEqual(
            report.differencesInWords(timeBase: TimeBase(origin: 1_000_000)),
            [
                "canvas/pinch began once in compat mode (key NO) and never in indirect mode (key YES): it takes a "
                    + "pinch in both modes: in compat mode the pinch's simulated touches, either side of the pointer, "
                    + "began it at 1.000s, from touches down at (10, 5) and (110, 5); in indirect mode the transform "
                    + "reached it, the pointer at (60, 5), and it failed at 1.100s; no accident: the touches are its "
                    + "input"
            ])
    }

    /// A pinch recognizer indirect mode's transform set off and compat mode's touches did not is
    /// told by what the compat one followed of that pinch's touches: one of them, and when it
    /// failed; none, though it failed on another pinch much later; or none its touch types take.
    func testATransformOnlyPinchIsToldByWhatTheTouchesDidAtThatPinch() {
        func report(failures: [ActivationInput], allowed: Set<TouchType> = Set(TouchType.allCases)) -> [String] {
            var compat = GestureRecord(region: "left", name: "pinch", kind: .pinch)
            compat.transitions = failures.map { GestureTransition(state: .failed, time: $0.time) }
            compat.failureInputs = failures
            compat.followsTransforms = true
            compat.allowedTouchTypes = allowed
            var indirect = GestureRecord(region: "left", name: "pinch", kind: .pinch)
            indirect.transitions = [
                GestureTransition(state: .began, time: 1), GestureTransition(state: .ended, time: 2.5),
            ]
            indirect.activationInputs = [ActivationInput(time: 1, touches: 0, eventLocation: Point(x: 500, y: 400))]
            indirect.followsTransforms = true
            return ComparisonReport(compat: [compat], indirect: [indirect]).differencesInWords(
                timeBase: TimeBase(origin: 0))
        }
        let reached =
            "left/pinch began once in indirect mode (key YES) and never in compat mode (key NO): in indirect mode the "
            + "pinch reached it as a transform at 1.000s, the pointer at (500, 400), a transform going to the region "
            + "under the pointer; in compat mode a pinch's two simulated touches, either side of the pointer, each "
            + "go to the region under itself"
        let one = ActivationInput(time: 2.5, touches: 1, simulatedTouches: 1, starts: [Point(x: 450, y: 400)])
        XCTAssertEqual(
            report(failures: [one]),
            [reached + ": it followed only one of them, down at (450, 400), and failed at 2.500s"])
        var later = one
        later.time = 12
        XCTAssertEqual(report(failures: [later]), [reached + ": neither reached it"])
        XCTAssertEqual(
            report(failures: [], allowed: [.indirectPointer]),
            [reached + ", and its allowedTouchTypes ([indirectPointer]) leave out those direct touches"])
    }

    /// A click's touch is `direct` in compat mode and `indirectPointer` in indirect mode: a tap
    /// taking only one type is recognized in one mode, said first, with its `allowedTouchTypes`;
    /// a drag that lost to a pan taking the click's direct touch names the winner. A pan that a
    /// pinch moved earlier is not blamed on the pinch for a click. Each says when the click was,
    /// since the time base, and where.
    func testAClickIsToldFromThePinchAndALossNamesTheWinner() {
        func record(_ name: String, _ kind: GestureKind, _ inputs: [ActivationInput]) -> GestureRecord {
            var record = GestureRecord(region: "board", name: name, kind: kind)
            record.transitions = inputs.map {
                GestureTransition(state: kind == .tap ? .recognized : .began, time: $0.time)
            }
            record.activationInputs = inputs
            record.followedSimulatedTouches = true
            return record
        }
        let click = ActivationInput(time: 0.9, touches: 1, pointerTouches: 1, starts: [Point(x: 120, y: 40.5)])
        var (compatTap, indirectTap) = (record("tap", .tap, []), record("tap", .tap, [click]))
        (compatTap.allowedTouchTypes, indirectTap.allowedTouchTypes) = ([.indirectPointer], [.indirectPointer])
        var lost = record("drag", .drag, [])
        // The loss at the click is told; one a minute later, of another gesture, is not.
        lost.arbitrationLosses = [
            ArbitrationLoss(region: "board", name: "fingerPan", time: 0.9, required: false),
            ArbitrationLoss(region: "board", name: "other", time: 60, required: false),
        ]
        let report = ComparisonReport(
            compat: [compatTap, record("fingerPan", .pan, [click]), lost],
            indirect: [indirectTap, record("fingerPan", .pan, []), record("drag", .drag, [click])])
        let clickWords =
            "the click that set it off at 0.400s, from a touch down at (120, 40.5), is a direct touch in compat "
            + "mode, as a finger's, and an indirectPointer touch in indirect mode"
        XCTAssertEqual(
            report.differencesInWords(timeBase: TimeBase(origin: 500_000)),
            [
                "board/tap was recognized once in indirect mode (key YES) and never in compat mode (key NO): "
                    + clickWords + "; its allowedTouchTypes ([indirectPointer]) leave out compat mode's direct "
                    + "touch, so only indirect mode's click reached it",
                "board/fingerPan began once in compat mode (key NO) and never in indirect mode (key YES): "
                    + clickWords + ", and the recognizer took it in one mode only",
                "board/drag began once in indirect mode (key YES) and never in compat mode (key NO): in compat mode "
                    + "it lost arbitration to board/fingerPan at 0.400s (" + clickWords + ")",
            ])
    }

    /// A recognizer set off in compat mode once by a pinch's touches and once by a click has
    /// both causes told, each with when and where.
    func testMixedCausesAreEachTold() {
        var press = GestureRecord(region: "left", name: "press", kind: .longPress)
        press.transitions = [GestureTransition(state: .began, time: 1.5), GestureTransition(state: .began, time: 3.5)]
        press.activationInputs = [
            ActivationInput(time: 1.5, touches: 1, simulatedTouches: 1, starts: [Point(x: 10, y: 20)]),
            ActivationInput(time: 3.5, touches: 1, pointerTouches: 1, starts: [Point(x: 30, y: 40)]),
        ]
        var indirect = GestureRecord(region: "left", name: "press", kind: .longPress)
        indirect.allowedTouchTypes = [.direct]
        let report = ComparisonReport(compat: [press], indirect: [indirect])
        XCTAssertEqual(
            report.differencesInWords(timeBase: TimeBase(origin: 1_000_000)),
            [
                "left/press began twice in compat mode (key NO) and never in indirect mode (key YES): one of the "
                    + "pinch's simulated touches, held still, was a long press at 0.500s, from a touch down at "
                    + "(10, 20); and "
                    + "the click that set it off at 2.500s, from a touch down at (30, 40), is a direct touch in compat "
                    + "mode, as a finger's, and an indirectPointer touch in indirect mode; its allowedTouchTypes "
                    + "([direct]) leave out indirect mode's indirectPointer touch, so only compat mode's click reached "
                    + "it"
            ])
    }

    /// A menu that opened in both modes, but from different inputs, is said to have.
    func testAMenuOpenedByDifferentInputsIsSaid() {
        func menu(_ input: InteractionStart.Input, simulated: Bool, at time: Double) -> GestureRecord {
            var record = GestureRecord(region: "board", name: "contextMenu", kind: .contextMenu)
            record.transitions = [GestureTransition(state: .recognized, time: time)]
            record.starts = [
                InteractionStart(
                    input: input, time: time, touchType: .direct, isSimulated: simulated, location: Point(x: 0, y: 0),
                    liftDelay: 0)
            ]
            return record
        }
        let report = ComparisonReport(
            compat: [menu(.longPress, simulated: true, at: 0.99)],
            indirect: [menu(.secondaryClick, simulated: false, at: 0.04)])
        XCTAssertEqual(
            report.differencesInWords(timeBase: TimeBase(origin: 0)),
            [
                "board/contextMenu started in both modes, from different inputs: longPress of simulated touches in "
                    + "compat mode, secondaryClick in indirect mode"
            ])
    }

    /// A menu's start is shown in seconds since the replay's first event, as `replay` shows the
    /// event that opened it, not on libinput's clock.
    func testTimesCountFromTheTimeBase() {
        var menu = GestureRecord(region: "canvas", name: "contextMenu", kind: .contextMenu)
        menu.transitions = [GestureTransition(state: .recognized, time: 1.52)]
        menu.starts = [
            InteractionStart(
                input: .secondaryClick, time: 1.52, touchType: .indirectPointer,
                isSimulated: false, location: Point(x: 10, y: 20), liftDelay: 0)
        ]
        let report = ComparisonReport(compat: [menu], indirect: [menu])
        let table = report.renderTable(timeBase: TimeBase(origin: 1_020_000))
        XCTAssertTrue(
            table.contains("secondaryClick (indirectPointer) at 0.500s, 0.000s after its touch came down"), table)
        XCTAssertFalse(table.contains("1.52"), table)
    }

    /// A start by a simulated touch says so in words: the table has no legend for a mark.
    func testAStartBySimulatedTouchesSaysSo() {
        let start = InteractionStart(
            input: .longPress, time: 1.52, touchType: .direct, isSimulated: true, location: Point(x: 10, y: 20),
            liftDelay: 0.5)
        XCTAssertEqual(
            start.summary(timeBase: TimeBase(origin: 1_020_000)),
            "longPress (direct, simulated) at 0.500s, 0.500s after its touch came down")
    }
}
