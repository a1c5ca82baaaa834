import AppEvents
import Gestures
import LibinputEvents
import ModeComparison
import XCTest

/// The activations of the two modes pair one to one; what is left over is accidental.
final class AccidentalActivationRuleTests: XCTestCase {
    func testOverTheWholeStreamTheSurplusOfOneModeIsAccidental() {
        let rule = AccidentalActivationRule.wholeStream
        // A photo's pan: the scroll both modes share, then two pinches' simulated touches in compat.
        XCTAssertEqual(rule.unpaired(compat: [1.1, 2.4, 2.9], indirect: [1.1]).compat, [2.4, 2.9])
        XCTAssertEqual(rule.unpaired(compat: [1.1, 2.4, 2.9], indirect: [1.1]).indirect, [])
        // Nearest first, whichever mode came first: the stray one is the one far from the others.
        XCTAssertEqual(rule.unpaired(compat: [1.0, 5.0], indirect: [5.0]).compat, [1.0])
        XCTAssertEqual(rule.unpaired(compat: [2.0, 5.05], indirect: [5.0]).compat, [2.0])
        XCTAssertEqual(rule.unpaired(compat: [5.0], indirect: [1.0, 5.0]).indirect, [1.0])
        // Seconds apart, they are two gestures, one in each mode: neither pairs (a drag clicked in
        // indirect mode cannot hide a pan a pinch set off in compat mode later).
        XCTAssertEqual(rule.unpaired(compat: [3.0], indirect: [9.0]).compat, [3.0])
        XCTAssertEqual(rule.unpaired(compat: [3.0], indirect: [9.0]).indirect, [9.0])
        XCTAssertEqual(rule.unpaired(compat: [3.0], indirect: [3.9]).compat, [], "within the second")
        for rule in [AccidentalActivationRule.wholeStream, .live] {
            XCTAssertEqual(rule.unpaired(compat: [3.0], indirect: [4.0]).compat, [], "a second apart still pairs")
            XCTAssertEqual(rule.unpaired(compat: [3.0], indirect: [4.0001]).compat, [3.0], "past the second")
            XCTAssertEqual(rule.unpaired(compat: [4.0001], indirect: [3.0]).indirect, [3.0], "either way round")
        }
        XCTAssertEqual(rule.unpairedIndices(compat: [0.1, 7.0, 7.2], indirect: [7.1]).compat, [0, 2])
        XCTAssertEqual(rule.unpaired(compat: [], indirect: [0.5, 0.7]).indirect, [0.5, 0.7])
    }

    /// Simulated touches make an activation accidental in compatibility mode alone, and only for
    /// a recognizer the pinch is not for: one that follows transforms takes them as its input.
    func testSimulatedTouchesSetOffOnlyRecognizersThePinchIsNotFor() {
        let simulated = ActivationInput(time: 1, touches: 2, simulatedTouches: 2)
        XCTAssertTrue(AccidentalActivationRule.isAccidental(in: .compatibility, simulated, followsTransforms: false))
        XCTAssertFalse(AccidentalActivationRule.isAccidental(in: .compatibility, simulated, followsTransforms: true))
        XCTAssertFalse(AccidentalActivationRule.isAccidental(in: .indirectInput, simulated, followsTransforms: false))
        let finger = ActivationInput(time: 1, touches: 1)
        XCTAssertFalse(AccidentalActivationRule.isAccidental(in: .compatibility, finger, followsTransforms: false))
    }

    func testLiveAnActivationPairsOnlyWithinTheWindow() {
        let rule = AccidentalActivationRule.live
        let far = rule.unpaired(compat: [0], indirect: [5])
        XCTAssertEqual(far.compat, [0])
        XCTAssertEqual(far.indirect, [5])
        XCTAssertEqual(rule.unpaired(compat: [0, 0.5], indirect: [0.6]).compat, [0], "one partner each")
        // As they come: the nearest within the window, before or after (a timer's activation
        // carries its own, earlier time).
        XCTAssertEqual(rule.partner(for: 3.0, among: [9.9]), nil)
        XCTAssertEqual(rule.partner(for: 3.0, among: [2.2, 3.5]), 1)
    }

    /// The surplus of one mode is a difference; in compatibility mode, those its simulated
    /// touches set off are accidental, and no activation of indirect input mode is.
    func testARecognizerActivatedMoreOftenInOneModeCountsItsSurplus() throws {
        func record(_ times: [Double], simulated: Int = 0) -> GestureRecord {
            var record = GestureRecord(region: "photo", name: "pan", kind: .pan)
            record.transitions = times.flatMap {
                [GestureTransition(state: .began, time: $0), GestureTransition(state: .ended, time: $0 + 0.1)]
            }
            record.activationInputs = times.map { ActivationInput(time: $0, touches: 2, simulatedTouches: simulated) }
            return record
        }
        let report = ComparisonReport(compat: [record([1.1, 2.4, 2.9], simulated: 2)], indirect: [record([1.1])])
        let row = try XCTUnwrap(report.rows.first)
        XCTAssertEqual(row.unmatched, ComparisonRow.Unmatched(compat: [1, 2]))
        XCTAssertEqual(row.accidentalIn, .compatibility)
        XCTAssertEqual(row.accidentalTimes, [2.4, 2.9])
        XCTAssertEqual(report.accidentalActivationCount, 2)
        XCTAssertEqual(report.unmatchedActivationCount(in: .compatibility), 2)
        XCTAssertEqual(report.differenceCount, 1)
        XCTAssertEqual(row.difference, "compat: 2 more, accidental")

        // A finger's touches (or a click's), and indirect mode's surplus: differences, no accident.
        for (compat, indirect) in [
            (record([1.1, 2.4]), record([1.1])), (record([1.1]), record([1.1, 2.4], simulated: 2)),
        ] {
            let report = ComparisonReport(compat: [compat], indirect: [indirect])
            let row = try XCTUnwrap(report.rows.first)
            let mode = try XCTUnwrap(row.unmatched.modes.first)
            XCTAssertEqual(row.unmatched.modes, [mode])
            XCTAssertNil(row.accidentalIn)
            XCTAssertEqual(row.unmatchedTimes(in: mode), [2.4])
            XCTAssertEqual(report.accidentalActivations, [])
            XCTAssertEqual(report.differenceCount, 1)
            XCTAssertEqual(row.difference, "\(mode.rawValue): 1 more")
        }
    }

    /// A pan a pinch's simulated touches set off in compat mode, seconds after a drag only indirect
    /// mode's pan took: two differences, one each way, and compat's is accidental; no pairing
    /// across the seconds between them hides either.
    func testActivationsSecondsApartAreEachADifference() throws {
        var compat = GestureRecord(region: "v", name: "anyPan", kind: .pan)
        compat.transitions = [GestureTransition(state: .began, time: 3.9), GestureTransition(state: .ended, time: 4.5)]
        compat.activationInputs = [ActivationInput(time: 3.9, touches: 2, simulatedTouches: 2)]
        var indirect = GestureRecord(region: "v", name: "anyPan", kind: .pan)
        indirect.transitions = [
            GestureTransition(state: .began, time: 1.1), GestureTransition(state: .ended, time: 1.6),
        ]
        indirect.activationInputs = [ActivationInput(time: 1.1, touches: 1, pointerTouches: 1)]
        let report = ComparisonReport(compat: [compat], indirect: [indirect])
        let row = try XCTUnwrap(report.rows.first)
        XCTAssertEqual(row.unmatched, ComparisonRow.Unmatched(compat: [0], indirect: [0]))
        XCTAssertEqual(row.accidentalTimes, [3.9])
        XCTAssertEqual(report.accidentalActivationCount, 1)
        XCTAssertEqual(row.difference, "compat: 1, indirect: 1 unmatched, compat's accidental")
        XCTAssertEqual(
            report.differencesInWords(timeBase: TimeBase(origin: 0)),
            [
                "v/anyPan began once in compat mode (key NO) and once in indirect mode (key YES); once in compat mode "
                    + "and once in indirect mode not within a second of the other's; compat's: a pinch's two "
                    + "simulated touches set it off at 3.900s, where indirect mode's transform events carry no "
                    + "touches; indirect's: the click that set it off at 1.100s is a direct touch in compat mode, as a "
                    + "finger's, and an indirectPointer touch in indirect mode, and the recognizer took it in one mode "
                    + "only"
            ])
    }
}
