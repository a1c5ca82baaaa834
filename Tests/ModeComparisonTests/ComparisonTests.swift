import AppEvents
import Foundation
import Gestures
import LibinputEvents
import ModeComparison
import SurfaceDescriptions
import XCTest
import TestSupport

final class ComparisonTests: XCTestCase {
    /// A pinch whose centre first drifts 15 points (fingers rarely stay put), then spreads to 1.3.
    private let driftingPinch = [
        PinchStep(time: 0),
        PinchStep(time: 0.05, centre: Point(x: 515, y: 400)),
        PinchStep(time: 0.10, scale: 1.3, centre: Point(x: 515, y: 400)),
        PinchStep(time: 0.15, scale: 1.3, centre: Point(x: 515, y: 400)),
    ]

    /// A canvas whose pinch may run with a two-finger pan, as scroll views allow.
    private func pinchAndPanSurface() -> Surface {
        let pinch = PinchGestureRecognizer()
        let pan = PanGestureRecognizer(name: "twoFingerPan")
        pan.minimumNumberOfTouches = 2
        pan.maximumNumberOfTouches = 2
        let surface = makeSurface(pinch, pan)
        surface.allowSimultaneousRecognition(pinch, pan)
        return surface
    }

    func testSimulatedPinchTouchesAlsoTriggerTheTwoFingerPan() throws {
        let compat = pinchAndPanSurface()
        compat.handle(PinchStreams.compat(driftingPinch))
        let indirect = pinchAndPanSurface()
        indirect.handle(PinchStreams.indirect(driftingPinch))

        let compatPan = try XCTUnwrap(compat.region(named: "canvas")?.gestureRecognizer(named: "twoFingerPan"))
        let indirectPan = try XCTUnwrap(indirect.region(named: "canvas")?.gestureRecognizer(named: "twoFingerPan"))
        XCTAssertEqual(milestones(compatPan), [.began, .ended])
        XCTAssertEqual(compatPan.record.finalValues?.translation, Point(x: 15, y: 0))
        XCTAssertEqual(indirectPan.record.transitions, [], "transform events activate no touch-based recognizer")
        for surface in [compat, indirect] {
            XCTAssertEqual(
                surface.region(named: "canvas").map { milestones($0.gestureRecognizers[0]) }, [.began, .ended])
        }

        let report = comparison(
            compat: PinchStreams.compat(driftingPinch), indirect: PinchStreams.indirect(driftingPinch),
            surface: pinchAndPanSurface)
        XCTAssertEqual(
            report.accidentalActivations,
            [
                AccidentalActivation(
                    RecognizerPath(region: "canvas", name: "twoFingerPan"), mode: .compatibility,
                    times: compatPan.record.activationTimes)
            ])
        XCTAssertEqual(report.accidentalActivationCount, 1)
        XCTAssertEqual(report.unmatchedActivationCount(in: .indirectInput), 0)

        let pinchRow = try XCTUnwrap(report.rows.first { $0.name == "pinch" })
        XCTAssertEqual(pinchRow.compat.maxNumberOfTouches, 2)
        XCTAssertEqual(pinchRow.indirect.maxNumberOfTouches, 0)
        XCTAssertEqual(pinchRow.compat.finalValues?.scale ?? 0, 1.3, accuracy: 1e-9)
        XCTAssertEqual(pinchRow.indirect.finalValues?.scale, 1.3)
        XCTAssertNil(pinchRow.accidentalIn)
    }

    /// A pinch with the pointer over a small button on a pinchable canvas: compat mode's
    /// simulated touches land on the canvas either side of the button and pinch it, indirect
    /// mode's transform goes to the button. The canvas's pinch differs between the modes, but the
    /// touches are the pinch it is made for: no accident, and the button's tap none either.
    func testAPinchRecognizerTheSimulatedTouchesBeganIsNoAccident() throws {
        let pinch = [PinchStep(time: 0), PinchStep(time: 0.1, scale: 1.5), PinchStep(time: 0.2, scale: 1.5)]
        func surface() -> Surface {
            Surface(regions: [
                Region(
                    name: "canvas", frame: Rect(x: 0, y: 0, width: 1000, height: 1000),
                    gestureRecognizers: [PinchGestureRecognizer()]),
                Region(
                    name: "button", frame: Rect(x: 480, y: 380, width: 40, height: 40),
                    gestureRecognizers: [TapGestureRecognizer()]),
            ])
        }
        let report = comparison(
            compat: PinchStreams.compat(pinch), indirect: PinchStreams.indirect(pinch), surface: surface)
        let row = try XCTUnwrap(report.rows.first { $0.path == RecognizerPath(region: "canvas", name: "pinch") })
        XCTAssertEqual(row.compat.began, 1)
        XCTAssertEqual(row.indirect.began, 0)
        XCTAssertEqual(row.unmatched.compat, [0], "a difference between the modes")
        XCTAssertNil(row.accidentalIn)
        XCTAssertEqual(report.accidentalActivations, [])
        XCTAssertTrue(
            report.differencesInWords(timeBase: TimeBase(origin: 0)).contains {
                $0.hasPrefix(
                    "canvas/pinch began once in compat mode (key NO) and never in indirect mode (key YES): "
                        + "it takes a pinch in both modes: in compat mode the pinch's simulated touches, either side "
                        + "of the pointer, began it at 0.100s, from touches down at (450, 400) and (550, 400); in "
                        + "indirect mode the transform goes to the region under the pointer and did not reach it; no "
                        + "accident: the touches are its input")
            }, "\(report.differencesInWords(timeBase: TimeBase(origin: 0)))")
    }

    /// A pinch with the pointer near the edge between two pinchable regions: indirect mode's
    /// transform goes to the region under the pointer, and compat mode's simulated touches land
    /// one on each region, so neither pinch has both. The words say so, with where and when.
    func testAPinchSplitAcrossTwoRegionsIsToldByWhereEachModeDeliveredIt() throws {
        let pinch = [PinchStep(time: 0), PinchStep(time: 0.1, scale: 1.5), PinchStep(time: 0.2, scale: 1.5)]
        func surface() -> Surface {
            Surface(regions: [
                Region(
                    name: "left", frame: Rect(x: 0, y: 0, width: 520, height: 1000),
                    gestureRecognizers: [PinchGestureRecognizer()]),
                Region(
                    name: "right", frame: Rect(x: 520, y: 0, width: 480, height: 1000),
                    gestureRecognizers: [PinchGestureRecognizer()]),
            ])
        }
        let report = comparison(
            compat: PinchStreams.compat(pinch), indirect: PinchStreams.indirect(pinch), surface: surface)
        let row = try XCTUnwrap(report.rows.first { $0.path == RecognizerPath(region: "left", name: "pinch") })
        XCTAssertEqual(row.unmatched.indirect, [0])
        let failure = try XCTUnwrap(row.compat.failureInputs.first)
        XCTAssertEqual(failure.starts, [Point(x: 450, y: 400)])
        XCTAssertEqual(row.indirect.activationInputs.first?.eventLocation, Point(x: 500, y: 400))
        let words = report.differencesInWords(timeBase: TimeBase(origin: 0))
        XCTAssertEqual(
            words,
            [
                "left/pinch began once in indirect mode (key YES) and never in compat mode (key NO): in indirect mode "
                    + "the pinch reached it as a transform at 0.100s, the pointer at (500, 400), a transform going to "
                    + "the region under the pointer; in compat mode a pinch's two simulated touches, either side of "
                    + "the pointer, each go to the region under itself: it followed only one of them, down at "
                    + "(450, 400), and failed at " + TimeBase(origin: 0).text(atTimestamp: failure.time)
            ])
    }

    func testStandardSurfaceCountsPerMode() throws {
        let report = comparison(
            compat: PinchStreams.compat(driftingPinch), indirect: PinchStreams.indirect(driftingPinch)
        ) { Surface.builtIn(.canvas) }
        func row(_ name: String) throws -> ComparisonRow {
            try XCTUnwrap(report.rows.first { $0.region == "canvas" && $0.name == name })
        }
        XCTAssertEqual(
            report.rows.map(\.name), ["pinch", "rotation", "twoFingerPan", "scrollPan", "hover", "tap", "longPress"])

        // Compatibility mode: the drift begins the two-finger pan first, which takes the touches
        // from the pinch; the tap and long press fail on the second touch.
        let pan = try row("twoFingerPan")
        XCTAssertEqual([pan.compat.began, pan.compat.ended, pan.indirect.began], [1, 1, 0])
        XCTAssertEqual(pan.accidentalIn, .compatibility)
        XCTAssertEqual(try row("pinch").compat.failed, 1)
        XCTAssertEqual(try row("tap").compat.failed, 1)
        XCTAssertEqual(try row("longPress").compat.failed, 1)
        XCTAssertEqual(try row("scrollPan").compat.failed, 1)

        // Indirect mode: the transform drives the pinch; it turns too little to begin the rotation.
        let pinch = try row("pinch")
        XCTAssertEqual([pinch.indirect.began, pinch.indirect.ended, pinch.indirect.failed], [1, 1, 0])
        // The pinch works in indirect mode alone: a difference, and no accident.
        XCTAssertEqual(pinch.unmatched.modes, [.indirectInput])
        XCTAssertNil(pinch.accidentalIn)
        XCTAssertEqual(try row("rotation").indirect.began, 0)
        XCTAssertEqual(try row("tap").indirect, ModeSummary(record: nil))

        XCTAssertEqual(report.accidentalActivationCount, 1)
        XCTAssertEqual(report.unmatchedActivationCount(in: .compatibility), 1)
        XCTAssertEqual(report.unmatchedActivationCount(in: .indirectInput), 1)
    }

    /// The JSON form: each recognizer's values under `final` and the value's name, as each kind
    /// names them.
    func testReportsJSONCarriesTheValuesUnderTheirNames() throws {
        let report = comparison(
            compat: PinchStreams.compat(driftingPinch), indirect: PinchStreams.indirect(driftingPinch)
        ) { Surface.builtIn(.canvas) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: try encoder.encode(report)) as? [String: Any])
        let rows = try XCTUnwrap(json["rows"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: rows.map { ($0["name"] as? String ?? "", $0) })
        let pinch = try XCTUnwrap(byName["pinch"]?["indirect"] as? [String: Any])
        XCTAssertEqual(pinch["finalScale"] as? Double, 1.3)
        XCTAssertEqual(
            Set(pinch.keys),
            [
                "began", "ended", "recognized", "cancelled", "failed", "maxNumberOfTouches", "finalScale", "activated",
                "transitions",
            ])
        let pan = try XCTUnwrap(byName["twoFingerPan"]?["compat"] as? [String: Any])
        XCTAssertNotNil(pan["finalTranslation"] as? [String: Double])
        XCTAssertEqual(byName["twoFingerPan"]?["accidentalIn"] as? String, "compat")
    }

    /// A pinch held still opens a context menu in compat mode only; the summary says how, and the
    /// JSON leaves `starts` out where there are none, as in reports written before it existed.
    func testContextMenuStartsAreSummarisedAndWrittenOnlyWhenThere() throws {
        let held = [PinchStep(time: 0), PinchStep(time: 0.6), PinchStep(time: 0.7)]
        let report = comparison(compat: PinchStreams.compat(held), indirect: PinchStreams.indirect(held)) {
            makeSurface(ContextMenuInteraction())
        }
        let row = try XCTUnwrap(report.rows.first)
        XCTAssertEqual(row.accidentalIn, .compatibility)
        XCTAssertEqual(row.compat.starts.map(\.input), [.longPress])
        XCTAssertEqual(row.compat.starts.map(\.isSimulated), [true])
        XCTAssertEqual(row.indirect.starts, [])
        let text = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        XCTAssertEqual(text.components(separatedBy: #""starts":"#).count, 2, text)
        XCTAssertTrue(text.contains(#""touchType":"direct""#), text)
    }

    /// Each failure is written with its time, its rule and the rule's numbers; a lost
    /// arbitration names its winner; a failure without a reason has its time alone.
    func testFailuresAreWrittenWithTheirRulesAndNumbers() throws {
        var record = GestureRecord(region: "canvas", name: "tap", kind: .tap)
        record.transitions = [1, 2, 3].map { GestureTransition(state: .failed, time: $0) }
        record.failureInputs = [
            ActivationInput(time: 1, touches: 1, failure: .moved(distance: 31.5, allowed: 10)),
            ActivationInput(time: 2, touches: 1, failure: .lostArbitration),
            ActivationInput(time: 3, touches: 1),
        ]
        record.arbitrationLosses = [ArbitrationLoss(region: "canvas", name: "press", time: 2, required: false)]
        let report = ComparisonReport(compat: [record], indirect: [record])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: try JSONEncoder().encode(report)) as? [String: Any])
        let row = try XCTUnwrap((json["rows"] as? [[String: Any]])?.first?["compat"] as? [String: Any])
        let failures = try XCTUnwrap(row["failures"] as? [[String: Any]])
        XCTAssertEqual(failures.count, 3)
        XCTAssertEqual(failures[0]["reason"] as? String, "moved")
        XCTAssertEqual(failures[0]["distance"] as? Double, 31.5)
        XCTAssertEqual(failures[0]["allowed"] as? Double, 10)
        XCTAssertEqual(failures[1]["winner"] as? String, "canvas/press")
        XCTAssertEqual(failures[1]["requiredToFail"] as? Bool, false)
        XCTAssertEqual(Set(failures[2].keys), ["time"])
    }

    /// A swipe's reasons: the motion and the ways it takes, the seconds it allows.
    func testASwipesFailuresAreWrittenWithTheirNumbers() throws {
        var record = GestureRecord(region: "page", name: "swipe", kind: .swipe)
        record.transitions = [1, 2].map { GestureTransition(state: .failed, time: $0) }
        record.failureInputs = [
            ActivationInput(
                time: 1, touches: 1, failure: .offDirection(motion: Point(x: 0, y: 60), allowed: [.left, .right])),
            ActivationInput(time: 2, touches: 1, failure: .tooSlow(allowed: 0.5)),
        ]
        let report = ComparisonReport(compat: [record], indirect: [record])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: try JSONEncoder().encode(report)) as? [String: Any])
        let row = try XCTUnwrap((json["rows"] as? [[String: Any]])?.first?["compat"] as? [String: Any])
        let failures = try XCTUnwrap(row["failures"] as? [[String: Any]])
        XCTAssertEqual(failures[0]["reason"] as? String, "offDirection")
        XCTAssertEqual(failures[0]["directions"] as? String, "right|left")
        XCTAssertEqual((failures[0]["motion"] as? [String: Double])?["y"], 60)
        XCTAssertEqual(failures[1]["reason"] as? String, "tooSlow")
        XCTAssertEqual(failures[1]["allowed"] as? Double, 0.5)
    }

    func testRecognizersMissingFromOneSideCountAsInactive() {
        let only = GestureRecord(region: "canvas", name: "extra", kind: .tap)
        var recognized = only
        recognized.transitions = [GestureTransition(state: .recognized, time: 1)]
        let report = ComparisonReport(compat: [], indirect: [recognized])
        XCTAssertEqual(report.rows.map(\.recognizer), ["canvas/extra"])
        XCTAssertEqual(report.rows.first?.indirect.recognized, 1)
        XCTAssertEqual(report.rows.first?.unmatched, ComparisonRow.Unmatched(indirect: [0]))
        XCTAssertEqual(report.accidentalActivations, [])
    }
}
