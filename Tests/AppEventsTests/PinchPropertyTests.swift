import GestureSynthesis
import Foundation
import AppEvents
import LibinputEvents
import XCTest

/// Random pinch/rotate streams, replayable by seed, checked against libinput's own numbers.
final class PinchPropertyTests: XCTestCase {
    private static let streamCount: UInt64 = 600

    private struct Update {
        var dx: Double
        var dy: Double
        var scale: Double
        var angle: Double
    }

    private struct PinchStream {
        /// Where the pointer is when the pinch begins, normalised 0…1.
        var start: (x: Double, y: Double)
        var updates: [Update]
        var cancelled: Bool

        init(seed: UInt64) {
            var rng = SplitMix64(seed: seed)
            start = (rng.open(0, 1), rng.open(0, 1))
            updates = (0..<Int.random(in: 1...40, using: &rng)).map { _ in
                Update(dx: rng.open(-15, 15), dy: rng.open(-15, 15), scale: rng.open(0.2, 5), angle: rng.open(-20, 20))
            }
            cancelled = Bool.random(using: &rng)
        }
    }

    /// The pair begins about the pointer, shifted only as far as keeps both touches on the screen
    /// (its line starts level), and reads back as libinput's scale and rotation, and its
    /// translation but where the least move that keeps both touches on the screen puts one on an
    /// edge; a pair longer than the screen has its touches held on it.
    func testSimulatedTouchesReproduceLibinputScaleRotationAndTranslation() throws {
        let distance = AppEventTranslator.Configuration().simulatedTouchDistance
        let screen = AppEventTranslator.Configuration().screenSize
        for seed in 0..<Self.streamCount {
            let stream = PinchStream(seed: seed)
            let harness = Harness(mode: .compatibility)
            harness.send(.pointerMotionAbsolute(x: stream.start.x, y: stream.start.y))
            let start = harness.translator.pointer.location

            let began = try exactly(
                2, exactly(1, harness.send(.gesturePinchBegin(fingers: 2)))[0].touches, "seed \(seed)")
            let ids = began.map(\.id)
            XCTAssertNotEqual(ids[0], ids[1], "seed \(seed)")
            for touch in began {
                XCTAssertEqual(touch.phase, .began, "seed \(seed)")
                XCTAssertEqual(touch.type, .direct, "seed \(seed)")
                XCTAssertTrue(touch.isSimulated, "seed \(seed)")
            }
            var locations = began.map(\.location)
            XCTAssertClose(locations[0].distance(to: locations[1]), distance, "seed \(seed)")
            let origin = Point(x: min(max(start.x, distance / 2), screen.width - distance / 2), y: start.y)
            XCTAssertClose((locations[0].x + locations[1].x) / 2, origin.x, "seed \(seed)")
            XCTAssertClose((locations[0].y + locations[1].y) / 2, origin.y, "seed \(seed)")
            for location in locations {
                XCTAssertTrue((0..<screen.width).contains(location.x) && (0..<screen.height).contains(location.y))
            }

            var angleSum = 0.0
            var unwrapped = 0.0
            var midpoint = origin, pairFitted = true
            for (step, update) in stream.updates.enumerated() {
                let context = "seed \(seed) update \(step)"
                let events = harness.send(
                    .pinch(dx: update.dx, dy: update.dy, scale: update.scale, angle: update.angle))
                angleSum += update.angle
                let touches = try exactly(2, exactly(1, events, context)[0].touches, context)
                XCTAssertEqual(touches.map(\.id), ids, context)
                XCTAssertEqual(touches.map(\.previousLocation), locations, context)
                // A touch that stayed (held on an edge, an update that moved nothing) is stationary.
                XCTAssertEqual(
                    touches.map(\.phase), touches.map { $0.location == $0.previousLocation ? .stationary : .moved },
                    context)
                XCTAssertTrue(touches.allSatisfy(\.isSimulated), context)

                let (a, b) = (touches[0].location, touches[1].location)
                for p in [a, b] {
                    XCTAssertTrue((0..<screen.width).contains(p.x) && (0..<screen.height).contains(p.y), context)
                }
                // Where libinput's numbers put the pair: its span, and its midpoint moved by the update.
                let span = (
                    x: distance * update.scale * abs(cos(angleSum * .pi / 180)),
                    y: distance * update.scale * abs(sin(angleSum * .pi / 180))
                )
                let fits = span.x <= screen.width && span.y <= screen.height
                let moved = Point(x: midpoint.x + update.dx, y: midpoint.y + update.dy)
                midpoint = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
                defer { (locations, pairFitted) = ([a, b], fits) }
                guard fits else { continue }
                XCTAssertClose(a.distance(to: b) / distance, update.scale, floor: 0, "scale, \(context)")
                let raw = atan2(b.y - a.y, b.x - a.x)
                unwrapped += (raw - unwrapped).remainder(dividingBy: 2 * .pi)
                XCTAssertClose(unwrapped, angleSum * .pi / 180, "rotation, \(context)")
                guard pairFitted else { continue }
                // Where libinput's translation puts the pair, moved back onto the screen by the
                // least on each axis: its lower end to 0, or its upper end to the last point.
                func least(_ centre: Double, _ half: Double, _ length: Double) -> Double {
                    let (low, high) = (centre - abs(half), centre + abs(half))
                    return low < 0 ? -low : high > length.nextDown ? length.nextDown - high : 0
                }
                let half = (x: (b.x - a.x) / 2, y: (b.y - a.y) / 2)
                XCTAssertClose(
                    midpoint.x, moved.x + least(moved.x, half.x, screen.width), "midpoint x, \(context)")
                XCTAssertClose(
                    midpoint.y, moved.y + least(moved.y, half.y, screen.height), "midpoint y, \(context)")
            }

            let ended = try exactly(
                1, harness.send(.pinchEnd(scale: stream.updates.last!.scale, cancelled: stream.cancelled)),
                "seed \(seed)")
            XCTAssertEqual(ended[0].touches.map(\.id), ids, "seed \(seed)")
            let phase: TouchPhase = stream.cancelled ? .cancelled : .ended
            XCTAssertEqual(ended[0].touches.map(\.phase), [phase, phase], "seed \(seed)")
            XCTAssertEqual(ended[0].touches.map(\.location), locations, "seed \(seed)")
            XCTAssertEqual(harness.allViolations, [], "seed \(seed)")
            try stopIfFailed("seed \(seed)")
        }
    }

    func testTransformEventsCarryLibinputScaleAndRotation() throws {
        for seed in 0..<Self.streamCount {
            let stream = PinchStream(seed: seed)
            let harness = Harness(mode: .indirectInput)
            harness.send(.pointerMotionAbsolute(x: stream.start.x, y: stream.start.y))
            let location = harness.translator.pointer.location

            let began = harness.send(.gesturePinchBegin(fingers: 2))
            XCTAssertEqual(
                began.map(\.transform), [TransformEvent(phase: .began, scale: 1, rotation: 0, location: location)],
                "seed \(seed)")
            var angleSum = 0.0
            for (step, update) in stream.updates.enumerated() {
                let context = "seed \(seed) update \(step)"
                let events = harness.send(
                    .pinch(dx: update.dx, dy: update.dy, scale: update.scale, angle: update.angle))
                angleSum += update.angle
                let transform = try XCTUnwrap(exactly(1, events, context)[0].transform, context)
                XCTAssertEqual(transform.phase, .changed, context)
                XCTAssertClose(transform.scale, update.scale, floor: 0, context)
                XCTAssertClose(transform.rotation, angleSum * .pi / 180, context)
                XCTAssertEqual(transform.location, location, context)
            }
            let ended = harness.send(.pinchEnd(scale: stream.updates.last!.scale, cancelled: stream.cancelled))
            XCTAssertEqual(ended.map { $0.transform?.phase }, [stream.cancelled ? .cancelled : .ended], "seed \(seed)")
            XCTAssertFalse(harness.events.contains { $0.type == .touches }, "seed \(seed)")
            XCTAssertEqual(harness.allViolations, [], "seed \(seed)")
            try stopIfFailed("seed \(seed)")
        }
    }

    func testDistanceAndStartAngleAreConfigurable() throws {
        let configuration = AppEventTranslator.Configuration(
            simulatedTouchDistance: 60, simulatedTouchStartAngle: .pi / 2)
        let harness = Harness(mode: .compatibility, configuration: configuration)
        let centre = harness.translator.pointer.location
        let began = try exactly(2, exactly(1, harness.send(.gesturePinchBegin(fingers: 2)))[0].touches)
        // A vertical line, first touch above the gesture location.
        XCTAssertClose(began[0].location.x, centre.x)
        XCTAssertClose(began[0].location.y, centre.y - 30)
        XCTAssertClose(began[1].location.y, centre.y + 30)

        let moved = try exactly(2, exactly(1, harness.send(.pinch(scale: 2, angle: 90)))[0].touches)
        // Rotated a further quarter turn clockwise: the first touch is now on the right.
        XCTAssertClose(moved[0].location.x, centre.x + 60)
        XCTAssertClose(moved[0].location.y, centre.y)
        XCTAssertClose(moved[1].location.x, centre.x - 60)
    }
}

extension PinchPropertyTests {
    /// An update with a non-finite value keeps what is finite in it: a NaN dx leaves x where it
    /// was while dy still moves the centre, an infinite angle delta leaves the angle, a negative
    /// scale counts as 0; then a wholly finite update applies as usual.
    func testAnUpdateKeepsItsFiniteValues() throws {
        let configuration = AppEventTranslator.Configuration(simulatedTouchDistance: 60, simulatedTouchStartAngle: 0)
        let harness = Harness(mode: .compatibility, configuration: configuration)
        let centre = harness.translator.pointer.location
        _ = harness.send(.gesturePinchBegin(fingers: 2))

        let partial = try exactly(
            2, exactly(1, harness.send(.pinch(dx: .nan, dy: 4, scale: 2, angle: .infinity)))[0].touches)
        // Horizontal still, 120 apart, about a centre moved down by 4.
        XCTAssertClose(partial[0].location.x, centre.x - 60)
        XCTAssertClose(partial[1].location.x, centre.x + 60)
        XCTAssertClose(partial[0].location.y, centre.y + 4)
        XCTAssertClose(partial[1].location.y, centre.y + 4)

        let negative = try exactly(2, exactly(1, harness.send(.pinch(scale: -3)))[0].touches)
        XCTAssertClose(negative[0].location.x, centre.x)
        XCTAssertClose(negative[1].location.x, centre.x)

        let finite = try exactly(2, exactly(1, harness.send(.pinch(dx: 2, dy: 0, scale: 1, angle: 90)))[0].touches)
        // A quarter turn clockwise (y down): the first touch now above the centre moved right by 2.
        XCTAssertClose(finite[0].location.x, centre.x + 2)
        XCTAssertClose(finite[0].location.y, centre.y + 4 - 30)
        XCTAssertClose(finite[1].location.y, centre.y + 4 + 30)
        _ = harness.send(.pinchEnd())
        XCTAssertEqual(harness.allViolations, [])
    }
}
