import Gestures
import AppEvents
import XCTest
import TestSupport

final class PinchRotationTests: XCTestCase {
    func testTransformDrivenPinchHasNoTouchesAndLocationOfTouchThrows() {
        let pinch = PinchGestureRecognizer()
        let surface = makeSurface(pinch)

        surface.handle(Events.transform(0, .began, scale: 1.0))
        XCTAssertEqual(pinch.state, .possible, "a transform begins the pinch once its scale passed the threshold")

        surface.handle(Events.transform(0.1, .changed, scale: 1.5))
        XCTAssertEqual(pinch.state, .began)
        XCTAssertEqual(pinch.numberOfTouches, 0)
        XCTAssertThrowsError(try pinch.location(ofTouch: 0)) { error in
            XCTAssertEqual(error as? GestureRecognizerError, .noTouches)
        }
        XCTAssertEqual(pinch.location, Point(x: 500, y: 400))
        XCTAssertEqual(pinch.scale, 1.5)
        XCTAssertEqual(pinch.velocity, 5, accuracy: 1e-9)

        surface.handle(Events.transform(0.15, .changed, scale: 1.5))
        XCTAssertEqual(pinch.state, .changed)

        surface.handle(Events.transform(0.2, .ended, scale: 1.5))
        XCTAssertEqual(pinch.record.transitions.map(\.state), [.began, .changed, .ended])
        XCTAssertEqual(pinch.record.maxNumberOfTouches, 0)
        XCTAssertEqual(pinch.record.finalValues?.scale, 1.5)
        XCTAssertEqual(pinch.state, .possible, "resets once the transform is over")
    }

    func testARunOfChangesIsRecordedAsOneTransitionPerGesture() {
        let pinch = PinchGestureRecognizer()
        let surface = makeSurface(pinch)
        for gesture in 0..<2 {
            let start = Double(gesture) * 10
            surface.handle(Events.transform(start, .began, scale: 1.0))
            for step in 1...5 {
                surface.handle(Events.transform(start + Double(step) / 10, .changed, scale: 1 + Double(step) / 10))
            }
            surface.handle(Events.transform(start + 1, .ended, scale: 1.5))
        }
        // The first update past the threshold begins the gesture; the four after it change it.
        let oneGesture = [
            GestureTransition(state: .began, time: 0.1), GestureTransition(state: .changed, time: 0.2, count: 4),
            GestureTransition(state: .ended, time: 1),
        ]
        XCTAssertEqual(
            pinch.record.transitions,
            oneGesture + oneGesture.map { GestureTransition(state: $0.state, time: $0.time + 10, count: $0.count) })
        XCTAssertEqual(pinch.record.count(of: .changed), 8)
        XCTAssertEqual(pinch.record.count(of: .began), 2)
    }

    func testFinalValuesAreTheLastChangesWhileARunOfChangesLasts() {
        let pinch = PinchGestureRecognizer()
        let surface = makeSurface(pinch)
        surface.handle(Events.touches(0, [Events.touch(1, .began, 400, 500), Events.touch(2, .began, 600, 500)]))
        // Distances 240, 260, 280, 300 over 200: began, then three changes.
        for step in 1...4 {
            let half = 100 + 10 * Double(step) + 10
            surface.handle(
                Events.touches(
                    Double(step) / 10,
                    [Events.touch(1, .moved, 500 - half, 500), Events.touch(2, .moved, 500 + half, 500)]))
            XCTAssertEqual(pinch.record.finalValues?.scale ?? 0, half / 100, accuracy: 1e-9, "after update \(step)")
        }
        surface.handle(Events.touches(0.5, [Events.touch(1, .ended, 350, 500), Events.touch(2, .ended, 650, 500)]))
        XCTAssertEqual(pinch.record.finalValues?.scale ?? 0, 1.5, accuracy: 1e-9)
        // A new gesture's first input resets the value; the record keeps the last gesture's.
        surface.handle(Events.touches(1, [Events.touch(3, .began, 400, 500), Events.touch(4, .began, 600, 500)]))
        XCTAssertEqual(pinch.scale, 1)
        XCTAssertEqual(pinch.record.finalValues?.scale ?? 0, 1.5, accuracy: 1e-9)
        XCTAssertEqual(pinch.record.transitions.map(\.state), [.began, .changed, .ended])
        XCTAssertEqual(pinch.record.count(of: .changed), 3)
    }

    func testTouchDrivenPinchScaleIsDistanceOverInitialDistance() throws {
        let pinch = PinchGestureRecognizer()
        let surface = makeSurface(pinch)

        surface.handle(Events.touches(0, [Events.touch(1, .began, 400, 500), Events.touch(2, .began, 600, 500)]))
        surface.handle(Events.touches(0.1, [Events.touch(1, .moved, 397, 500), Events.touch(2, .moved, 603, 500)]))
        XCTAssertEqual(pinch.state, .possible, "6 points of change stay within the hysteresis")

        surface.handle(Events.touches(0.2, [Events.touch(1, .moved, 350, 500), Events.touch(2, .moved, 650, 500)]))
        XCTAssertEqual(pinch.state, .began)
        XCTAssertEqual(pinch.scale, 1.5, accuracy: 1e-9)
        XCTAssertEqual(pinch.numberOfTouches, 2)
        XCTAssertEqual(try pinch.location(ofTouch: 1), Point(x: 650, y: 500))
        XCTAssertThrowsError(try pinch.location(ofTouch: 2))

        surface.handle(Events.touches(0.3, [Events.touch(1, .moved, 300, 500), Events.touch(2, .moved, 700, 500)]))
        XCTAssertEqual(pinch.scale, 2.0, accuracy: 1e-9)
        XCTAssertEqual(pinch.velocity, 5, accuracy: 1e-9)

        surface.handle(Events.touches(0.4, [Events.touch(1, .ended, 300, 500), Events.touch(2, .ended, 700, 500)]))
        XCTAssertEqual(milestones(pinch), [.began, .ended])
        XCTAssertEqual(pinch.record.finalValues?.scale ?? 0, 2.0, accuracy: 1e-9)
        XCTAssertEqual(pinch.record.maxNumberOfTouches, 2)
    }

    func testOneTouchNeverPinches() {
        let pinch = PinchGestureRecognizer()
        let surface = makeSurface(pinch)
        surface.handle(Events.click(at: 0, 100, 100))
        XCTAssertEqual(milestones(pinch), [.failed])
    }

    func testRotationFromTwoTouches() {
        let rotation = RotationGestureRecognizer()
        let surface = makeSurface(rotation)
        surface.handle(
            PinchStreams.compat([
                PinchStep(time: 0),
                PinchStep(time: 0.1, rotation: 0.03),
                PinchStep(time: 0.2, rotation: .pi / 6),
                PinchStep(time: 0.3, rotation: .pi / 6),
            ]))
        XCTAssertEqual(milestones(rotation), [.began, .ended])
        XCTAssertEqual(rotation.record.transitions.first?.time, 0.2, "0.03 rad is within the hysteresis")
        XCTAssertEqual(rotation.rotation, .pi / 6, accuracy: 1e-9)
        XCTAssertGreaterThan(rotation.rotation, 0, "clockwise on screen is positive")
        XCTAssertEqual(rotation.record.maxNumberOfTouches, 2)
    }

    func testRotationIsContinuousPastHalfATurn() {
        let rotation = RotationGestureRecognizer()
        let surface = makeSurface(rotation)
        // Half-radian steps up to 3.5 rad; the last event lifts both touches where they are.
        let angles = Array(stride(from: 0.0, through: 3.5, by: 0.5)) + [3.5]
        surface.handle(PinchStreams.compat(angles.enumerated().map { PinchStep(time: Double($0) * 0.1, rotation: $1) }))
        XCTAssertEqual(rotation.rotation, 3.5, accuracy: 1e-9, "not wrapped to 3.5 - 2π")
    }

    func testRotationStepsPastAQuarterTurnAreTakenTheWayTheyTurned() {
        // Moves are measured when the value is read; steps of 2 rad (past a quarter turn) are
        // measured as they come, so none is taken the wrong way round the seam.
        let rotation = RotationGestureRecognizer()
        let surface = makeSurface(rotation)
        let angles = [0, 0.1, 2.1, 4.1, 4.6, 5.1, 5.6, 6.1, 6.3, 8.3, 8.3]
        let events = PinchStreams.compat(angles.enumerated().map { PinchStep(time: Double($0) * 0.1, rotation: $1) })
        surface.handle(Array(events.dropLast()))
        XCTAssertEqual(rotation.state, .changed)
        XCTAssertEqual(rotation.rotation, 8.3, accuracy: 1e-9, "read mid-gesture")
        XCTAssertEqual(rotation.velocity, 20, accuracy: 1e-9, "2 rad in 0.1 s")
        surface.handle(Array(events.suffix(1)))
        XCTAssertEqual(milestones(rotation), [.began, .ended])
        XCTAssertEqual(rotation.record.finalValues?.rotation ?? 0, 8.3, accuracy: 1e-9)
    }

    func testSmallMovesBeforeTheBeginAreMeasuredOnceTheyAddUpPastTheHysteresis() {
        // Before a begin, moves surely within the hysteresis are left unmeasured: the begin must
        // still come at the first move past it.
        let pinch = PinchGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        let surface = makeSurface(pinch, rotation)
        surface.allowSimultaneousRecognition(pinch, rotation)
        let steps = [(1, 0), (1.02, 0.02), (1.04, 0.04), (1.079, 0.049), (1.081, 0.0501), (1.1, 0.06), (1.1, 0.06)]
        surface.handle(
            PinchStreams.compat(
                steps.enumerated().map { PinchStep(time: Double($0) / 10, scale: $1.0, rotation: $1.1) }))
        XCTAssertEqual(pinch.record.transitions.first?.time, 0.4, "7.9 points stay within 8; 8.1 pass")
        XCTAssertEqual(rotation.record.transitions.first?.time, 0.4, "0.049 rad stays within 0.05; 0.0501 passes")
        XCTAssertEqual(pinch.record.finalValues?.scale ?? 0, 1.1, accuracy: 1e-9)
        XCTAssertEqual(rotation.record.finalValues?.rotation ?? 0, 0.06, accuracy: 1e-9)
    }

    /// A transform's hysteresis is the touches' over the 100-point simulated pair (0.08 of scale,
    /// 0.05 rad): the same pinch begins at the same step in both modes.
    func testTransformsBeginWhereTheSimulatedTouchesDo() {
        let steps = [(1, 0), (1.02, 0.02), (1.079, 0.049), (1.081, 0.0501), (1.1, 0.06), (1.1, 0.06)].enumerated().map {
            PinchStep(time: Double($0) / 10, scale: $1.0, rotation: $1.1)
        }
        var begins: [[Double?]] = []
        for events in [PinchStreams.compat(steps), PinchStreams.indirect(steps)] {
            let pinch = PinchGestureRecognizer()
            let rotation = RotationGestureRecognizer()
            let surface = makeSurface(pinch, rotation)
            surface.allowSimultaneousRecognition(pinch, rotation)
            surface.handle(events)
            begins.append([pinch.record.transitions.first?.time, rotation.record.transitions.first?.time])
        }
        XCTAssertEqual(begins, [[0.3, 0.3], [0.3, 0.3]], "1.079 and 0.049 rad stay within; 1.081 and 0.0501 pass")
    }

    func testTouchesOfATypeNoLongerAllowedAreNotFollowedMidGesture() {
        // The surface's delivery remembers that a recognizer follows the live touches; changing
        // the allowed types must make it look again.
        let pinch = PinchGestureRecognizer()
        let surface = makeSurface(pinch)
        let events = PinchStreams.compat(
            [1, 1.5, 1.6, 2, 2.2, 2.2].enumerated().map { PinchStep(time: Double($0) / 10, scale: $1) })
        surface.handle(Array(events.prefix(3)))
        XCTAssertEqual(pinch.scale, 1.6, accuracy: 1e-9)
        pinch.allowedTouchTypes = [.indirectPointer]
        surface.handle(events[3])
        XCTAssertEqual(pinch.scale, 1.6, accuracy: 1e-9, "direct touches are no longer delivered")
        pinch.allowedTouchTypes = [.direct, .indirectPointer]
        surface.handle(events[4])
        XCTAssertEqual(pinch.scale, 2.2, accuracy: 1e-9, "followed again once allowed")
    }

    func testVelocityIsKeptWhenASampleComesAtTheSameTime() {
        let pinch = PinchGestureRecognizer()
        let surface = makeSurface(pinch)
        let steps = [(0, 1), (0.1, 1.5), (0.2, 2), (0.2, 2.5), (0.3, 2.7), (0.4, 2.7)].map {
            PinchStep(time: $0, scale: $1)
        }
        let events = PinchStreams.compat(steps)
        surface.handle(Array(events.prefix(3)))
        XCTAssertEqual(pinch.velocity, 5, accuracy: 1e-9)
        surface.handle(events[3])
        XCTAssertEqual(pinch.velocity, 5, accuracy: 1e-9, "no time passed: the last rate stays")
        XCTAssertEqual(pinch.scale, 2.5, accuracy: 1e-9)
        surface.handle(events[4])
        XCTAssertEqual(pinch.velocity, 2, accuracy: 1e-9, "from the sample at the same time, the later one")
        surface.handle(events[5])
        XCTAssertEqual(pinch.state, .possible, "reset once the touches lifted")
        XCTAssertEqual(pinch.scale, 2.7, accuracy: 1e-9, "the last gesture's values stay readable")
        XCTAssertEqual(pinch.velocity, 2, accuracy: 1e-9, "a lift is no sample: the last rate stays")
        XCTAssertEqual(pinch.record.finalValues?.scale ?? 0, 2.7, accuracy: 1e-9)
    }

    func testTouchesOnOnePointGiveNoRotationStep() {
        let rotation = RotationGestureRecognizer()
        let surface = makeSurface(rotation)
        // The pair starts on a diagonal (π/4), meets at one point, then lies vertically (π/2).
        surface.handle(Events.touches(0, [Events.touch(1, .began, 400, 400), Events.touch(2, .began, 600, 600)]))
        surface.handle(Events.touches(0.1, [Events.touch(1, .moved, 500, 500), Events.touch(2, .moved, 500, 500)]))
        XCTAssertEqual(rotation.rotation, 0, "a pair on one point has no direction to measure")
        XCTAssertEqual(rotation.state, .possible)
        surface.handle(Events.touches(0.2, [Events.touch(1, .moved, 500, 400), Events.touch(2, .moved, 500, 600)]))
        XCTAssertEqual(rotation.rotation, .pi / 4, accuracy: 1e-12)
        XCTAssertEqual(rotation.state, .began)
    }

    func testTransformDrivenRotation() {
        let rotation = RotationGestureRecognizer()
        let surface = makeSurface(rotation)
        surface.handle(
            PinchStreams.indirect([
                PinchStep(time: 0), PinchStep(time: 0.1, rotation: -0.4), PinchStep(time: 0.2, rotation: -0.4),
            ]))
        XCTAssertEqual(milestones(rotation), [.began, .ended])
        XCTAssertEqual(rotation.rotation, -0.4)
        XCTAssertEqual(rotation.record.maxNumberOfTouches, 0)
    }

    func testPinchAndRotationExcludeEachOtherUnlessAllowed() {
        let pinch = PinchGestureRecognizer()
        let rotation = RotationGestureRecognizer()
        let surface = makeSurface(pinch, rotation)
        surface.handle(Events.transform(0, .began, scale: 1.5, rotation: 0.3))
        XCTAssertEqual(pinch.state, .began)
        XCTAssertEqual(rotation.state, .failed, "a recognizer that wants to begin while another recognizes fails")

        let allowedPinch = PinchGestureRecognizer()
        let allowedRotation = RotationGestureRecognizer()
        let delegate = RecordingDelegate()
        delegate.allowsSimultaneous = true
        allowedRotation.delegate = delegate
        let allowed = makeSurface(allowedPinch, allowedRotation)
        allowed.handle(Events.transform(0, .began, scale: 1.5, rotation: 0.3))
        XCTAssertEqual(allowedPinch.state, .began)
        XCTAssertEqual(allowedRotation.state, .began)
    }
}
