@testable import Gestures
import AppEvents
import XCTest

/// Steady runs (``Surface``): while a transform or scroll changes, or the live touches move on,
/// and every recognizer following it would only do again what it did for the event before, the
/// surface takes the events itself and hands the recognizers the last two when the run ends or
/// one is read. Each test feeds the same events to a surface of the built-in recognizers and to
/// one of app subclasses (which may refuse events, so the surface visits them at every event),
/// and compares what an app reads: every recognizer's state at every event, the values and
/// locations at every seventh (a read hands the run over, so most runs are handed over by the
/// event that ends them), and the records mid-way and at the end. The same comparison holds the
/// one-step paths of a gesture's first touch and of tracked touches that end to the general one.
final class SteadyRunTests: XCTestCase {
    final class AppPinch: PinchGestureRecognizer {}
    final class AppRotation: RotationGestureRecognizer {}
    final class AppPan: PanGestureRecognizer {}
    final class AppTap: TapGestureRecognizer {}
    final class AppLongPress: LongPressGestureRecognizer {}

    /// The default surface's recognizers but hover, on one full-screen region.
    struct Canvas {
        let pinch: PinchGestureRecognizer
        let rotation: RotationGestureRecognizer
        let twoFingerPan: PanGestureRecognizer
        let scrollPan: PanGestureRecognizer
        let surface: Surface
        let all: [GestureRecognizer]

        init(app: Bool) {
            pinch = app ? AppPinch() : PinchGestureRecognizer()
            rotation = app ? AppRotation() : RotationGestureRecognizer()
            twoFingerPan = app ? AppPan(name: "twoFingerPan") : PanGestureRecognizer(name: "twoFingerPan")
            twoFingerPan.minimumNumberOfTouches = 2
            twoFingerPan.maximumNumberOfTouches = 2
            scrollPan = app ? AppPan(name: "scrollPan") : PanGestureRecognizer(name: "scrollPan")
            scrollPan.allowedScrollTypesMask = .all
            all = [pinch, rotation, twoFingerPan, scrollPan, app ? AppTap() : TapGestureRecognizer(), app ? AppLongPress() : LongPressGestureRecognizer()]
            surface = Surface(regions: [Region(name: "canvas", frame: Rect(x: 0, y: 0, width: 1440, height: 900), gestureRecognizers: all)])
            surface.allowSimultaneousRecognition(pinch, rotation)
        }
    }

    /// Feeds `events` to both canvases (`between` runs after each, on both), compares them as
    /// the type's comment says, and returns the built-in canvas and the indices of the events
    /// after which it was in a steady run.
    @discardableResult
    func compare(_ events: [AppEvent], between: (Int, Canvas) -> Void = { _, _ in }, file: StaticString = #filePath, line: UInt = #line) -> (Canvas, [Int]) {
        let steady = Canvas(app: false), visited = Canvas(app: true)
        var steadyAt: [Int] = []
        for (index, event) in events.enumerated() {
            steady.surface.handle(event)
            visited.surface.handle(event)
            if steady.surface.isInSteadyRun { steadyAt.append(index) }
            for (a, b) in zip(steady.all, visited.all) {
                XCTAssertEqual(a.state, b.state, "\(a.name) after event \(index)", file: file, line: line)
            }
            if index % 7 == 0 {
                XCTAssertEqual(steady.pinch.scale, visited.pinch.scale, "event \(index)", file: file, line: line)
                XCTAssertEqual(steady.pinch.velocity, visited.pinch.velocity, "event \(index)", file: file, line: line)
                XCTAssertEqual(steady.rotation.rotation, visited.rotation.rotation, "event \(index)", file: file, line: line)
                XCTAssertEqual(steady.rotation.velocity, visited.rotation.velocity, "event \(index)", file: file, line: line)
                XCTAssertEqual(steady.scrollPan.translation, visited.scrollPan.translation, "event \(index)", file: file, line: line)
                XCTAssertEqual(steady.scrollPan.velocity, visited.scrollPan.velocity, "event \(index)", file: file, line: line)
                XCTAssertEqual(steady.rotation.location, visited.rotation.location, "event \(index)", file: file, line: line)
                XCTAssertEqual(steady.pinch.numberOfTouches, visited.pinch.numberOfTouches, "event \(index)", file: file, line: line)
                if steady.pinch.numberOfTouches == 2 {
                    XCTAssertEqual(try steady.pinch.location(ofTouch: 1), try visited.pinch.location(ofTouch: 1), "event \(index)", file: file, line: line)
                }
            }
            if index == events.count / 2 {
                XCTAssertEqual(steady.surface.records, visited.surface.records, "read mid-way", file: file, line: line)
            }
            between(index, steady)
            between(index, visited)
        }
        steady.surface.finish(at: (events.last?.timestamp ?? 0) + 1)
        visited.surface.finish(at: (events.last?.timestamp ?? 0) + 1)
        XCTAssertEqual(steady.surface.records, visited.surface.records, file: file, line: line)
        return (steady, steadyAt)
    }

    /// `events` with shift held from the twentieth to the thirtieth.
    func shifted(_ events: [AppEvent]) -> [AppEvent] {
        var events = events
        for index in 20..<30 { events[index].modifierFlags = .shift }
        return events
    }

    /// A pinch that turns as it goes: the scale passes its threshold early, the rotation late,
    /// and two updates come at the same time.
    func pinchSteps() -> [PinchStep] {
        (0...80).map { step in
            // Steps 40 and 41 share a time: no velocity is taken between them.
            let time = 1 + Double(step == 41 ? 40 : step) * 0.01
            return PinchStep(time: time, scale: 1 + Double(step) * 0.01, rotation: step < 50 ? 0 : Double(step - 50) * 0.01,
                             centre: Point(x: 500 + Double(step) * 0.5, y: 400))
        }
    }

    func testTransformsInARunReadAsEachOneHandled() throws {
        let (canvas, steadyAt) = compare(shifted(PinchStreams.indirect(pinchSteps())))
        XCTAssertGreaterThan(steadyAt.count, 50, "most updates are taken in runs: \(steadyAt)")
        XCTAssertEqual(milestones(canvas.pinch), [.began, .ended])
        XCTAssertEqual(milestones(canvas.rotation), [.began, .ended])
    }

    func testMovesInARunReadAsEachOneHandled() throws {
        let (canvas, steadyAt) = compare(shifted(PinchStreams.compat(pinchSteps())))
        XCTAssertGreaterThan(steadyAt.count, 40, "most moves are taken in runs: \(steadyAt)")
        XCTAssertEqual(milestones(canvas.pinch), [.began, .ended])
        XCTAssertEqual(milestones(canvas.rotation), [.began, .ended])
        XCTAssertEqual(milestones(canvas.twoFingerPan), [.failed])
    }

    /// Five touches, the first two spreading as a pinch's and the others drifting: a run keeps
    /// more touches a move than its storage first had room for.
    func testMovesOfFiveTouchesReadAsEachOneHandled() throws {
        let events = (0...40).map { step -> AppEvent in
            let phase: TouchPhase = step == 0 ? .began : step == 40 ? .ended : .moved
            let spread = 50 + Double(step) * 2, drift = Double(step) * 0.1
            return Events.touches(1 + Double(step) * 0.01, [
                Events.touch(1, phase, 500 - spread, 400), Events.touch(2, phase, 500 + spread, 400),
                Events.touch(3, phase, 300 + drift, 600), Events.touch(4, phase, 400 + drift, 600), Events.touch(5, phase, 500 + drift, 600),
            ])
        }
        let (canvas, steadyAt) = compare(events)
        XCTAssertGreaterThan(steadyAt.count, 20, "\(steadyAt)")
        XCTAssertEqual(milestones(canvas.pinch), [.began, .ended])
        XCTAssertEqual(canvas.pinch.record.maxNumberOfTouches, 5)
    }

    func testScrollsInARunReadAsEachOneHandled() throws {
        var events = [Events.scroll(1, .began, .continuous, translation: .zero)]
        for step in 1...40 {
            // Two at the same time, mid-way.
            events.append(Events.scroll(1 + Double(step == 21 ? 20 : step) * 0.01, .changed, .continuous, translation: Point(x: 0, y: Double(step * step) * 0.1)))
        }
        events.append(Events.scroll(1.5, .ended, .continuous, translation: Point(x: 0, y: 160)))
        events += [
            Events.scroll(2, .began, .discrete, translation: Point(x: 0, y: 10)),
            Events.scroll(2.02, .changed, .discrete, translation: Point(x: 0, y: 20)),
            Events.scroll(2.04, .changed, .discrete, translation: Point(x: 0, y: 30)),
            Events.scroll(2.06, .changed, .discrete, translation: Point(x: 0, y: 40)),
            Events.scroll(2.2, .ended, .discrete, translation: Point(x: 0, y: 40)),
        ]
        let (canvas, steadyAt) = compare(events)
        XCTAssertGreaterThan(steadyAt.count, 30, "\(steadyAt)")
        XCTAssertEqual(milestones(canvas.scrollPan), [.began, .ended, .began, .ended])
    }

    /// A built-in recognizer takes a gesture's first touch, and the tracked touches in order when
    /// some end, in one step (a click's press and release); app subclasses take them through the
    /// general path, which searches and filters. Clicks, two quick ones, a long press, a drag,
    /// touches that begin together or one after another, end one at a time, in reverse order or
    /// cancelled, and an indirect pointer's click read the same in both.
    func testTouchesThatBeginAloneOrEndInOrderReadAsTheGeneralPathLeavesThem() throws {
        var events = Events.click(at: 1, 100, 100, id: 1)
        events += Events.click(at: 2, 200, 200, id: 2) + Events.click(at: 2.2, 201, 200, id: 3)
        events.append(Events.touches(3, [Events.touch(4, .began, 300, 300)]))
        events.append(Events.touches(3.8, [Events.touch(4, .ended, 300, 300)]))
        events.append(Events.touches(5, [Events.touch(5, .began, 400, 400)]))
        for step in 1...20 { events.append(Events.touches(5 + Double(step) * 0.01, [Events.touch(5, .moved, 400 + Double(step) * 10, 400)])) }
        events.append(Events.touches(5.21, [Events.touch(5, .ended, 600, 400)]))
        events.append(Events.touches(6, [Events.touch(6, .began, 500, 400), Events.touch(7, .began, 600, 400)]))
        events.append(Events.touches(6.1, [Events.touch(6, .moved, 530, 400), Events.touch(7, .moved, 630, 400)]))
        events.append(Events.touches(6.3, [Events.touch(6, .ended, 530, 400), Events.touch(7, .stationary, 630, 400)]))
        events.append(Events.touches(6.4, [Events.touch(7, .ended, 630, 400)]))
        events.append(Events.touches(7, [Events.touch(8, .began, 500, 500)]))
        events.append(Events.touches(7.05, [Events.touch(8, .stationary, 500, 500), Events.touch(9, .began, 600, 500)]))
        events.append(Events.touches(7.1, [Events.touch(8, .ended, 500, 500), Events.touch(9, .ended, 600, 500)]))
        events.append(Events.touches(8, [Events.touch(10, .began, 500, 500), Events.touch(11, .began, 600, 500)]))
        events.append(Events.touches(8.1, [Events.touch(11, .ended, 600, 500), Events.touch(10, .ended, 500, 500)]))
        events.append(Events.touches(9, [Events.touch(12, .began, 700, 700)]))
        events.append(Events.touches(9.05, [Events.touch(12, .cancelled, 700, 700)]))
        events += Events.click(at: 10, 800, 800, id: 13, type: .indirectPointer)
        let (canvas, _) = compare(events)
        let tap = try XCTUnwrap(canvas.all.first { $0 is TapGestureRecognizer })
        let longPress = try XCTUnwrap(canvas.all.first { $0 is LongPressGestureRecognizer })
        XCTAssertEqual(milestones(tap).filter { $0 == .recognized }.count, 4, "the four clicks; the long press, the drag and the others fail it")
        XCTAssertEqual(milestones(longPress).filter { $0 == .began }.count, 1)
        XCTAssertEqual(milestones(canvas.twoFingerPan).filter { $0 == .began }.count, 1, "the two touches that move together")
    }

    /// A threshold changed part-way through a run applies from the next event on: the rotation,
    /// given a hysteresis it has already turned past, begins at the next move, in both surfaces.
    func testAThresholdSetDuringARunAppliesToTheNextEvent() throws {
        let steps = (0...40).map { step in PinchStep(time: 1 + Double(step) * 0.01, scale: 1 + Double(step) * 0.01, rotation: Double(step) * 0.001) }
        let (canvas, steadyAt) = compare(PinchStreams.compat(steps)) { index, canvas in
            if index == 25 { canvas.rotation.hysteresis = 0.01 }
        }
        XCTAssertTrue(steadyAt.contains(24), "a run was on when the threshold changed: \(steadyAt)")
        XCTAssertEqual(canvas.rotation.record.transitions.first?.state, .began)
        XCTAssertEqual(canvas.rotation.record.transitions.first?.time, steps[26].time)
    }

    /// A delegate set during a run is asked about the next event, and its no keeps the
    /// recognizer where the run left it.
    func testADelegateSetDuringARunIsAskedAboutTheNextEvent() throws {
        let canvas = Canvas(app: false)
        let events = PinchStreams.indirect(pinchSteps())
        events.prefix(30).forEach(canvas.surface.handle)
        XCTAssertTrue(canvas.surface.isInSteadyRun)
        let delegate = RecordingDelegate()
        delegate.acceptsEvent = { _ in false }
        canvas.pinch.delegate = delegate
        canvas.surface.handle(events[30])
        XCTAssertEqual(delegate.eventQuestions.count, 1)
        XCTAssertEqual(canvas.pinch.scale, pinchSteps()[29].scale, "the last update it took")
    }

    /// A surface told to take no steady runs visits the recognizers at every event, and they read
    /// as the runs left them; one told so mid-run hands its run over first.
    func testASurfaceTakingNoSteadyRunsVisitsEveryEvent() throws {
        let events = PinchStreams.compat(pinchSteps())
        let steady = Canvas(app: false), everyEvent = Canvas(app: false), stopped = Canvas(app: false)
        everyEvent.surface.takesSteadyRuns = false
        var runs = (steady: 0, everyEvent: 0, stopped: 0)
        for (index, event) in events.enumerated() {
            if index == 40 {
                XCTAssertTrue(stopped.surface.isInSteadyRun)
                stopped.surface.takesSteadyRuns = false
                XCTAssertFalse(stopped.surface.isInSteadyRun, "told mid-run, it ends the run")
            }
            for canvas in [steady, everyEvent, stopped] { canvas.surface.handle(event) }
            if steady.surface.isInSteadyRun { runs.steady += 1 }
            if everyEvent.surface.isInSteadyRun { runs.everyEvent += 1 }
            if stopped.surface.isInSteadyRun && index >= 40 { runs.stopped += 1 }
        }
        XCTAssertGreaterThan(runs.steady, 40)
        XCTAssertEqual(runs.everyEvent, 0)
        XCTAssertEqual(runs.stopped, 0)
        for canvas in [steady, everyEvent, stopped] { canvas.surface.finish(at: 3) }
        XCTAssertEqual(steady.surface.records, everyEvent.surface.records)
        XCTAssertEqual(steady.surface.records, stopped.surface.records)
    }

    /// A record's first difference names the transition, or else the field, where two differ.
    func testARecordsFirstDifferenceIsTheFirstThatDiffers() {
        var a = GestureRecord(region: "canvas", name: "pinch", kind: .pinch)
        a.transitions = [GestureTransition(state: .began, time: 1), GestureTransition(state: .changed, time: 1.5, count: 3)]
        var b = a
        XCTAssertNil(a.firstDifference(from: b))
        b.transitions[1].count = 4
        XCTAssertEqual(a.firstDifference(from: b), "transition 2: changed at 1.5 x3 against changed at 1.5 x4")
        b.transitions = a.transitions + [GestureTransition(state: .ended, time: 2)]
        XCTAssertEqual(a.firstDifference(from: b), "transition 3: none against ended at 2.0")
        b = a
        b.finalValues = GestureValues(scale: 2)
        XCTAssertEqual(a.firstDifference(from: b), "final values: none against scale 2.0")
        b = a
        b.modifierFlags = .shift
        XCTAssertEqual(a.firstDifference(from: b), "modifiers: - against shift")
    }
}
