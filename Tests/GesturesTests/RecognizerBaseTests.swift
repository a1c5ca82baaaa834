import Gestures
import AppEvents
import XCTest
import TestSupport

final class RecognizerBaseTests: XCTestCase {
    /// `Region.surface` and `GestureRecognizer.region` are not weak (weakly referenced objects
    /// retain slowly); the owner clears them as it goes, so they read nil as weak ones would.
    func testBackReferencesReadNilOnceTheirOwnerIsGone() {
        let pinch = PinchGestureRecognizer()
        var region: Region? = Region(
            name: "canvas", frame: Rect(x: 0, y: 0, width: 100, height: 100), gestureRecognizers: [pinch])
        var first: Surface? = Surface(regions: [region!])
        XCTAssertTrue(region?.surface === first)
        first = nil
        XCTAssertNil(region?.surface)

        // A region added to a second surface belongs to it, even once the first one is gone.
        var second: Surface? = Surface(regions: [region!])
        let third = Surface(regions: [region!])
        XCTAssertTrue(region?.surface === third)
        withExtendedLifetime(second) {}
        second = nil
        XCTAssertTrue(region?.surface === third)

        XCTAssertTrue(pinch.region === region)
        region = nil
        XCTAssertTrue(pinch.region === third.regions[0], "the surface still holds the region")
        XCTAssertEqual(pinch.record.region, "canvas")
    }

    func testARecognizerOutlivingItsRegionHasNone() {
        let pinch = PinchGestureRecognizer()
        var region: Region? = Region(
            name: "canvas", frame: Rect(x: 0, y: 0, width: 100, height: 100), gestureRecognizers: [pinch])
        XCTAssertTrue(pinch.region === region)
        region = nil
        XCTAssertNil(pinch.region)
        XCTAssertEqual(pinch.record.region, "")
    }

    /// Delivery skips loading the weak delegate until one is set; one set later is asked, and
    /// one that went away is not.
    func testADelegateSetMidStreamIsAskedAndAReleasedOneIsNot() {
        let pinch = PinchGestureRecognizer()
        let surface = makeSurface(pinch)
        func pinchAt(_ start: Double) -> [AppEvent] {
            PinchStreams.indirect([
                PinchStep(time: start), PinchStep(time: start + 0.1, scale: 1.4),
                PinchStep(time: start + 0.2, scale: 1.4),
            ])
        }
        surface.handle(pinchAt(0))
        XCTAssertEqual(milestones(pinch), [.began, .ended])

        var delegate: RecordingDelegate? = RecordingDelegate()
        delegate?.acceptsEvent = { _ in false }
        pinch.delegate = delegate
        surface.handle(pinchAt(1))
        XCTAssertEqual(milestones(pinch), [.began, .ended], "the delegate refused the second pinch")
        XCTAssertEqual(delegate?.eventQuestions.count, 3)

        delegate = nil
        surface.handle(pinchAt(2))
        XCTAssertEqual(milestones(pinch), [.began, .ended, .began, .ended])
    }

    func testShouldReceiveTouchIsNotAskedForTransformDrivenInput() {
        let pinch = PinchGestureRecognizer()
        let delegate = RecordingDelegate()
        pinch.delegate = delegate
        let surface = makeSurface(pinch)

        surface.handle(
            PinchStreams.indirect([
                PinchStep(time: 0), PinchStep(time: 0.1, scale: 1.4), PinchStep(time: 0.2, scale: 1.4),
            ]))
        XCTAssertEqual(milestones(pinch), [.began, .ended])
        XCTAssertEqual(delegate.eventQuestions.count, 3)
        XCTAssertEqual(delegate.touchQuestions.count, 0)

        surface.handle(
            PinchStreams.compat([
                PinchStep(time: 1), PinchStep(time: 1.1, scale: 1.4), PinchStep(time: 1.2, scale: 1.4),
            ]))
        XCTAssertEqual(milestones(pinch), [.began, .ended, .began, .ended])
        XCTAssertEqual(delegate.touchQuestions.count, 2, "asked once per new touch")
        XCTAssertEqual(delegate.eventQuestions.count, 6)
    }

    func testShouldReceiveEventSeesTheEventsFlagsWhileTheRecognizerKeepsTheLastHandled() {
        let hover = HoverGestureRecognizer()
        let delegate = RecordingDelegate()
        delegate.acceptsEvent = { !$0.modifierFlags.contains(.shift) }
        hover.delegate = delegate
        let surface = makeSurface(hover)

        surface.handle(Events.hover(0, .regionMoved, 100, 100))
        surface.handle(Events.hover(0.1, .regionMoved, 110, 100, modifiers: .alternate))
        XCTAssertEqual(delegate.eventQuestions.last?.modifierFlags, .alternate)
        XCTAssertEqual(delegate.recognizerFlagsWhenAsked.last, [], "not yet updated when asked")
        XCTAssertEqual(hover.modifierFlags, .alternate, "copied once the event was handled")

        surface.handle(Events.hover(0.2, .regionMoved, 120, 100, modifiers: .shift))
        XCTAssertEqual(delegate.eventQuestions.last?.modifierFlags, .shift)
        XCTAssertEqual(hover.modifierFlags, .alternate, "a rejected event is not handled")
        XCTAssertEqual(hover.record.modifierFlags, .alternate)
        XCTAssertEqual(hover.record.transitions.map(\.state), [.began, .changed])
    }

    func testARejectedEndCancelsTheGesture() {
        let hover = HoverGestureRecognizer()
        let delegate = RecordingDelegate()
        delegate.acceptsEvent = { $0.modifierFlags.contains(.alternate) }
        hover.delegate = delegate
        let surface = makeSurface(hover)
        surface.handle(Events.hover(0, .regionMoved, 100, 100, modifiers: .alternate))
        surface.handle(Events.hover(0.1, .regionExited, 100, 100))
        XCTAssertEqual(milestones(hover), [.began, .cancelled])
        XCTAssertEqual(hover.state, .possible)
    }

    func testRecognizersAreNotAskedAboutEventsTheyDoNotHandle() {
        let pinch = PinchGestureRecognizer()
        let tap = TapGestureRecognizer()
        let pinchDelegate = RecordingDelegate()
        let tapDelegate = RecordingDelegate()
        pinch.delegate = pinchDelegate
        tap.delegate = tapDelegate
        let surface = makeSurface(pinch, tap)
        surface.handle([
            Events.scroll(0, .began, .continuous, translation: .zero),
            Events.hover(0.1, .regionMoved, 10, 10),
            Events.transform(0.2, .began),
        ])
        XCTAssertEqual(pinchDelegate.eventQuestions.map(\.type), [.transform])
        XCTAssertTrue(tapDelegate.eventQuestions.isEmpty)
    }

    func testSystemGesturesPointerLockAndRelativeMotionAreIgnored() {
        let pan = PanGestureRecognizer()
        pan.allowedScrollTypesMask = .all
        let hover = HoverGestureRecognizer()
        let delegate = RecordingDelegate()
        pan.delegate = delegate
        hover.delegate = delegate
        let surface = makeSurface(pan, hover)
        let payloads: [AppEvent.Payload] = [
            .systemGesture(SystemGestureEvent(kind: .swipe, phase: .began, fingers: 3, translation: .zero)),
            .systemGesture(
                SystemGestureEvent(kind: .swipe, phase: .changed, fingers: 3, translation: Point(x: 200, y: 0))),
            .pointerLock(isLocked: true),
            .relativeMotion(dx: 40, dy: 0),
        ]
        for (index, payload) in payloads.enumerated() {
            surface.handle(AppEvent(timestamp: Double(index), buttonMask: [], modifierFlags: [], payload: payload))
        }
        XCTAssertTrue(delegate.eventQuestions.isEmpty)
        XCTAssertEqual(surface.records.flatMap(\.transitions), [])
    }

    func testTouchesStayWithTheRegionTheyBeganIn() {
        let leftPan = PanGestureRecognizer(name: "left")
        let rightPan = PanGestureRecognizer(name: "right")
        let surface = Surface(regions: [
            Region(name: "left", frame: Rect(x: 0, y: 0, width: 500, height: 1000), gestureRecognizers: [leftPan]),
            Region(name: "right", frame: Rect(x: 500, y: 0, width: 500, height: 1000), gestureRecognizers: [rightPan]),
        ])
        surface.handle([
            Events.touches(0, [Events.touch(1, .began, 450, 100)]),
            Events.touches(0.1, [Events.touch(1, .moved, 600, 100)]),
            Events.touches(0.2, [Events.touch(1, .ended, 600, 100)]),
        ])
        XCTAssertEqual(milestones(leftPan), [.began, .ended])
        XCTAssertEqual(leftPan.record.finalValues?.translation, Point(x: 150, y: 0))
        XCTAssertEqual(rightPan.record.transitions, [])
        XCTAssertEqual(surface.hitTest(Point(x: 500, y: 10))?.name, "right")
        XCTAssertNil(surface.hitTest(Point(x: 1000, y: 10)))
    }

    /// After touches begin, the locations are read from the touches the recognizer follows; they
    /// must stay those of that event when the tracked touches then change unhandled: a refused
    /// event that lifts one, or an end reaching a recognizer that failed.
    func testTouchLocationsStayThoseOfTheEventInWhichTouchesBegan() throws {
        let pinch = PinchGestureRecognizer()
        let delegate = RecordingDelegate()
        pinch.delegate = delegate
        let pan = PanGestureRecognizer()
        pan.maximumNumberOfTouches = 1
        let surface = makeSurface(pinch, pan)
        surface.handle(Events.touches(0, [Events.touch(1, .began, 400, 500), Events.touch(2, .began, 600, 500)]))
        XCTAssertEqual(pinch.numberOfTouches, 2)
        XCTAssertEqual(pinch.location, Point(x: 500, y: 500))
        XCTAssertEqual(pan.state, .failed, "two touches are more than the pan takes")
        XCTAssertEqual(pan.numberOfTouches, 2)

        // Refused by the pinch's delegate, and not processed by the failed pan: both go on
        // reporting the touches as they began.
        delegate.acceptsEvent = { _ in false }
        surface.handle(Events.touches(0.1, [Events.touch(1, .moved, 380, 520), Events.touch(2, .ended, 620, 520)]))
        for recognizer in [pinch, pan] as [GestureRecognizer] {
            XCTAssertEqual(recognizer.numberOfTouches, 2, "\(recognizer.name)")
            XCTAssertEqual(try recognizer.location(ofTouch: 0), Point(x: 400, y: 500), "\(recognizer.name)")
            XCTAssertEqual(try recognizer.location(ofTouch: 1), Point(x: 600, y: 500), "\(recognizer.name)")
            XCTAssertEqual(recognizer.location, Point(x: 500, y: 500), "\(recognizer.name)")
        }
    }

    func testTouchLocationsStayThoseOfTheLastHandledEvent() throws {
        let pinch = PinchGestureRecognizer()
        let delegate = RecordingDelegate()
        pinch.delegate = delegate
        let surface = makeSurface(pinch)
        surface.handle(Events.touches(0, [Events.touch(1, .began, 400, 500), Events.touch(2, .began, 600, 500)]))
        // Both touches move, as tracked: read back from the touches the recognizer follows.
        surface.handle(Events.touches(0.1, [Events.touch(1, .moved, 397, 500), Events.touch(2, .moved, 603, 500)]))
        XCTAssertEqual(pinch.numberOfTouches, 2)
        XCTAssertEqual(try pinch.location(ofTouch: 0), Point(x: 397, y: 500))
        XCTAssertEqual(try pinch.location(ofTouch: 1), Point(x: 603, y: 500))
        XCTAssertEqual(pinch.location, Point(x: 500, y: 500))

        // Refused: the recognizer stops following the lifted touch, but reports the event it handled.
        delegate.acceptsEvent = { _ in false }
        surface.handle(Events.touches(0.2, [Events.touch(1, .moved, 380, 520), Events.touch(2, .ended, 620, 520)]))
        XCTAssertEqual(pinch.numberOfTouches, 2)
        XCTAssertEqual(try pinch.location(ofTouch: 0), Point(x: 397, y: 500))
        XCTAssertEqual(try pinch.location(ofTouch: 1), Point(x: 603, y: 500))
        XCTAssertThrowsError(try pinch.location(ofTouch: 2))
        XCTAssertEqual(pinch.location, Point(x: 500, y: 500))

        // Handled again: the one touch left, which fails the pinch (its pair is gone)…
        delegate.acceptsEvent = { _ in true }
        surface.handle(Events.touches(0.3, [Events.touch(1, .moved, 300, 400)]))
        XCTAssertEqual(pinch.state, .failed)
        XCTAssertEqual(pinch.numberOfTouches, 1)
        XCTAssertEqual(try pinch.location(ofTouch: 0), Point(x: 300, y: 400))
        XCTAssertEqual(pinch.location, Point(x: 300, y: 400))

        // …which still follows it until it lifts, without handling its moves.
        surface.handle(Events.touches(0.4, [Events.touch(1, .moved, 200, 300)]))
        XCTAssertEqual(pinch.state, .failed)
        XCTAssertEqual(try pinch.location(ofTouch: 0), Point(x: 300, y: 400))
        XCTAssertEqual(pinch.location, Point(x: 300, y: 400))
        surface.handle(Events.touches(0.5, [Events.touch(1, .ended, 200, 300)]))
        XCTAssertEqual(pinch.state, .possible)
        XCTAssertEqual(pinch.numberOfTouches, 0)
    }

    /// A subclass of a built-in recognizer overrides UIKit's touch hooks, as an app subclasses
    /// `UIPanGestureRecognizer`: each is called with its phase's touches, after the built-in
    /// recognizer took the event, so the state and translation read there are the event's.
    func testASubclassOfABuiltInRecognizerHearsEachTouchPhaseAfterItsWork() {
        let pan = PhaseCountingPan()
        let surface = makeSurface(pan)
        surface.handle(Events.touches(0, [Events.touch(1, .began, 100, 100)]))
        surface.handle(Events.touches(0.1, [Events.touch(1, .moved, 112, 100)]))
        surface.handle(Events.touches(0.2, [Events.touch(1, .moved, 190, 100), Events.touch(2, .began, 300, 300)]))
        surface.handle(Events.touches(0.3, [Events.touch(1, .ended, 190, 100), Events.touch(2, .ended, 300, 300)]))

        XCTAssertEqual(pan.heard, ["began 1", "moved 1 began 12.0", "began 1", "moved 1 changed 90.0", "ended 2"])
        XCTAssertEqual(pan.record.transitions.map(\.state), [.began, .changed, .ended])
    }

    /// A recognizer written on the base class with only the phase hooks gets every touch change.
    func testARecognizerOfItsOwnGetsThePhasesWithoutTouchesChanged() {
        let own = PhaseOnlyRecognizer()
        let surface = makeSurface(own)
        surface.handle(Events.touches(0, [Events.touch(1, .began, 100, 100)]))
        surface.handle(Events.touches(0.1, [Events.touch(1, .moved, 120, 100)]))
        surface.handle(Events.touches(0.2, [Events.touch(1, .ended, 120, 100)]))
        XCTAssertEqual(own.record.transitions.map(\.state), [.recognized])
    }
}

final class ForgetHistoryTests: XCTestCase {
    /// A surface watched for hours forgets what it recorded; a run of `changed` under way goes on
    /// in the entry kept, and what comes after is recorded as before.
    func testForgettingKeepsOnlyTheLastTransitionAndRecordsOn() {
        let pan = PanGestureRecognizer()
        let surface = makeSurface(pan)
        surface.handle(Events.click(at: 0, 100, 100))
        surface.handle(Events.touches(1, [Events.touch(2, .began, 100, 100)]))
        surface.handle(Events.touches(1.1, [Events.touch(2, .moved, 160, 100)]))
        surface.handle(Events.touches(1.2, [Events.touch(2, .moved, 200, 100)]))
        XCTAssertGreaterThan(pan.record.transitions.count, 1)
        let last = pan.record.transitions.last
        surface.forgetHistory()
        XCTAssertEqual(pan.record.transitions, last.map { [$0] })
        XCTAssertTrue(surface.pointerRegionTransitions.isEmpty)
        surface.handle(Events.touches(1.3, [Events.touch(2, .moved, 240, 100)]))
        XCTAssertEqual(pan.record.transitions.count, 1, "the run of changed goes on in the kept entry")
        surface.handle(Events.touches(1.4, [Events.touch(2, .ended, 240, 100)]))
        XCTAssertEqual(pan.record.transitions.map(\.state), [.changed, .ended])
    }
}

/// Counts UIKit's touch hooks, calling `super` first as a UIKit subclass does.
private final class PhaseCountingPan: PanGestureRecognizer {
    var heard: [String] = []

    override func touchesBegan(_ touches: [Touch], with event: AppEvent) {
        super.touchesBegan(touches, with: event)
        heard.append("began \(touches.count)")
    }

    override func touchesMoved(_ touches: [Touch], with event: AppEvent) {
        super.touchesMoved(touches, with: event)
        let state = state == .possible ? "" : " \(state.rawValue) \(translation.x)"
        heard.append("moved \(touches.count)" + state)
    }

    override func touchesEnded(_ touches: [Touch], with event: AppEvent) {
        super.touchesEnded(touches, with: event)
        heard.append("ended \(touches.count)")
    }
}

/// Recognized when its one touch lifts, from the phase hooks alone.
private final class PhaseOnlyRecognizer: GestureRecognizer {
    init() {
        super.init(kind: .tap, name: "own", inputs: [.touches])
    }

    override func touchesEnded(_ touches: [Touch], with event: AppEvent) {
        transition(to: .recognized)
    }
}
