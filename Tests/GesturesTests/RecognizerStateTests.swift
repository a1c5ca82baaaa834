import AppEvents
import Gestures
import XCTest
import TestSupport

/// Every edge of docs/recognizer-states.md, driven through the public API by a recognizer that
/// asks for the states it is told to.
final class RecognizerStateTests: XCTestCase {
    /// Asks, at each touches event it handles, for the next list of states in its script.
    private final class Scripted: GestureRecognizer {
        var script: [[State]] = []

        init(_ name: String) {
            super.init(kind: GestureKind("scripted"), name: name, inputs: [.touches])
        }

        override func touchesChanged(_ touches: [Touch], with event: AppEvent) {
            guard !script.isEmpty else { return }
            for state in script.removeFirst() { transition(to: state) }
        }
    }

    private func down(_ time: Double, id: Int = 1) -> AppEvent {
        Events.touches(time, [Events.touch(id, .began, 10, 10)])
    }
    private func move(_ time: Double, id: Int = 1) -> AppEvent {
        Events.touches(time, [Events.touch(id, .moved, 11, 10)])
    }
    private func up(_ time: Double, id: Int = 1) -> AppEvent {
        Events.touches(time, [Events.touch(id, .ended, 11, 10)])
    }

    private func recorded(_ recognizer: GestureRecognizer) -> [String] {
        recognizer.record.transitions.map { "\($0.state.rawValue)\($0.count > 1 ? "x\($0.count)" : "")" }
    }

    func testAContinuousGestureBeginsChangesInOneRunEndsAndResetsOnceItsInputIsOver() {
        let scripted = Scripted("a")
        scripted.script = [[.began], [.changed], [.changed, .changed], [.ended], [.changed]]
        let surface = makeSurface(scripted)
        surface.handle([down(0), move(0.1), move(0.2), move(0.3)])
        XCTAssertEqual(scripted.state, .ended)
        surface.handle(move(0.4))
        XCTAssertEqual(
            scripted.state, .ended, "a finished recognizer ignores what it asks for, and waits for its input to end")
        surface.handle(up(0.5))
        XCTAssertEqual(scripted.state, .possible, "reset once its touch lifted")
        XCTAssertEqual(recorded(scripted), ["began", "changedx3", "ended"])
    }

    func testADiscreteRecognitionIsRecordedAsRecognized() {
        let scripted = Scripted("a")
        scripted.script = [[], [.recognized]]
        let surface = makeSurface(scripted)
        surface.handle([down(0), up(0.1)])
        XCTAssertEqual(recorded(scripted), ["recognized"])
        XCTAssertEqual(scripted.state, .possible)
    }

    func testFailingCancellingAndAskingForChangeWhilePossible() {
        let failing = Scripted("failing"), cancelling = Scripted("cancelling"), changing = Scripted("changing")
        failing.script = [[.failed, .began]]
        cancelling.script = [[.cancelled]]
        changing.script = [[.changed]]
        let surface = makeSurface(failing, cancelling, changing)
        surface.handle(down(0))
        XCTAssertEqual(failing.state, .failed, "failed stays failed")
        XCTAssertEqual(cancelling.state, .failed, "a cancellation before a begin is a failure")
        XCTAssertEqual(changing.state, .possible, "changed needs a begin first")
        XCTAssertEqual(recorded(failing), ["failed"])
        XCTAssertEqual(recorded(cancelling), ["failed"])
        XCTAssertEqual(recorded(changing), [])
    }

    func testABeganGestureIsCancelled() {
        let scripted = Scripted("a")
        scripted.script = [[.began], [.cancelled]]
        let surface = makeSurface(scripted)
        surface.handle([down(0), move(0.1)])
        XCTAssertEqual(recorded(scripted), ["began", "cancelled"])
    }

    func testACancelledTouchCancelsOrFails() {
        let begun = Scripted("begun"), notBegun = Scripted("notBegun")
        begun.script = [[.began]]
        let surface = makeSurface(begun, notBegun)
        surface.allowSimultaneousRecognition(begun, notBegun)
        surface.handle([down(0), Events.touches(0.1, [Events.touch(1, .cancelled, 10, 10)])])
        XCTAssertEqual(recorded(begun), ["began", "cancelled"])
        XCTAssertEqual(recorded(notBegun), ["failed"])
    }

    /// A competitor following the same touches fails when one begins, whether it is listed before
    /// or after it: UIKit hands a touch to every recognizer before any wins.
    func testACompetitorFailsWhenOneBeginsUnlessTheyMayRecognizeTogether() {
        let following = Scripted("following"), beginning = Scripted("beginning"), late = Scripted("late")
        beginning.script = [[.began]]
        late.script = [[], [.began]]
        let surface = makeSurface(following, beginning, late)
        surface.handle(down(0))
        XCTAssertEqual(
            [following.state, beginning.state, late.state], [.failed, .began, .failed],
            "late took the touch the other began on")

        let together = Scripted("together"), alongside = Scripted("alongside")
        together.script = [[.began]]
        alongside.script = [[], [.began]]
        let shared = makeSurface(together, alongside)
        shared.allowSimultaneousRecognition(together, alongside)
        shared.handle([down(0), move(0.1)])
        XCTAssertEqual([together.state, alongside.state], [.began, .began])
    }

    /// Recognizers on two regions, each following a touch of its own (a simulated pair straddling
    /// them), both begin, as UIKit blocks only the recognizers a touch is delivered to; two on one
    /// region, following the same touches, still compete.
    func testRecognizersOnDifferentTouchesDoNotCompete() {
        let left = Scripted("left"), right = Scripted("right"), beside = Scripted("beside")
        left.script = [[.began]]
        right.script = [[], [.began]]
        let surface = Surface(regions: [
            Region(
                name: "list", frame: Rect(x: 0, y: 0, width: 500, height: 1000), gestureRecognizers: [beside, left]),
            Region(name: "text", frame: Rect(x: 500, y: 0, width: 500, height: 1000), gestureRecognizers: [right]),
        ])
        let pair = [
            Events.touch(2, .began, 400, 500, simulated: true), Events.touch(3, .began, 600, 500, simulated: true),
        ]
        surface.handle(Events.touches(0, pair))
        surface.handle(
            Events.touches(
                0.1,
                [
                    Events.touch(2, .moved, 390, 500, simulated: true),
                    Events.touch(3, .moved, 610, 500, simulated: true),
                ]
            ))
        XCTAssertEqual([left.state, right.state], [.began, .began])
        XCTAssertEqual(beside.state, .failed, "it follows the touch left began on")
    }

    /// Whoever made a recognizer fail by winning arbitration is in its record; a failure it asked
    /// for itself names nobody.
    func testARecordNamesTheRecognizerThatWonArbitration() {
        let following = Scripted("following"), beginning = Scripted("beginning"), late = Scripted("late")
        let giving = Scripted("givingUp"), waiting = Scripted("waiting")
        beginning.script = [[.began]]
        late.script = [[], [.began]]
        giving.script = [[.failed]]
        waiting.require(toFail: beginning)
        waiting.script = [[.recognized]]
        let surface = makeSurface(giving, following, beginning, late, waiting)
        surface.allowSimultaneousRecognition(waiting, beginning)
        surface.handle([down(0), move(0.25)])
        func losses(_ recognizer: GestureRecognizer) -> [String] {
            recognizer.record.arbitrationLosses.map {
                "\($0.region)/\($0.name) at \($0.time)" + ($0.required ? " (required to fail)" : "")
            }
        }
        XCTAssertEqual(losses(following), ["canvas/beginning at 0.0"], "it competed and the other began first")
        XCTAssertEqual(losses(late), ["canvas/beginning at 0.0"], "it took the touch the other began on")
        XCTAssertEqual(losses(waiting), ["canvas/beginning at 0.0 (required to fail)"])
        XCTAssertEqual(losses(giving), [], "it failed on its own")
        XCTAssertEqual(losses(beginning), [])
        XCTAssertEqual(recorded(following), ["failed"])
        following.forgetHistory()
        XCTAssertEqual(losses(following), [], "forgotten with the rest of the history")
    }

    /// A winner that shares its name with another of its region is named as its record is, with
    /// its number: the second `p` is `canvas/p#2`, not the loser's own name.
    func testAWinnerSharingItsNameIsNamedWithItsNumber() {
        let first = Scripted("p"), second = Scripted("p")
        second.script = [[.began]]
        let surface = makeSurface(first, second)
        surface.handle([down(0), move(0.25)])
        XCTAssertEqual(first.record.arbitrationLosses.map(\.winner.description), ["canvas/p#2"])
        XCTAssertEqual(RecognizerPath.paths(of: surface.records).map(\.description), ["canvas/p", "canvas/p#2"])
    }

    func testABeginWaitsForTheRecognizerItRequiresToFail() {
        let waiting = Scripted("waiting"), required = Scripted("required")
        waiting.require(toFail: required)
        waiting.script = [[.began], [.ended]]
        required.script = [[], [.failed]]
        let surface = makeSurface(required, waiting)
        surface.handle(down(0))
        XCTAssertEqual(waiting.state, .possible, "held while the required recognizer may still recognize")
        surface.handle(move(0.1))
        XCTAssertEqual(recorded(waiting), ["began", "ended"], "the held begin, then the end held with it")
        XCTAssertEqual(recorded(required), ["failed"])
    }

    func testAWaiterFailsWhenTheRecognizerItRequiresToFailRecognizes() {
        let waiting = Scripted("waiting"), required = Scripted("required")
        waiting.require(toFail: required)
        waiting.script = [[.recognized]]
        required.script = [[], [.began]]
        let surface = makeSurface(required, waiting)
        surface.allowSimultaneousRecognition(waiting, required)
        surface.handle([down(0), move(0.1)])
        XCTAssertEqual(recorded(waiting), ["failed"])
        XCTAssertEqual(recorded(required), ["began"])
    }
}
