import Gestures
import AppEvents
import XCTest
import TestSupport

final class PanTests: XCTestCase {
    /// UIKit's `UIScrollTypeMask` bits, each `1 << UIScrollType`: discrete (a wheel) 0, continuous
    /// (a trackpad) 1, so that a mask read from or written for UIKit means the same.
    func testTheScrollMaskHasUIKitsBits() {
        XCTAssertEqual(ScrollTypeMask.discrete.rawValue, 1)
        XCTAssertEqual(ScrollTypeMask.continuous.rawValue, 2)
        XCTAssertEqual(ScrollTypeMask.all.rawValue, 3)
        XCTAssertEqual(ScrollTypeMask(.continuous), .continuous)
    }

    func testEmptyScrollMaskIgnoresScrollWithoutBeingAsked() {
        let pan = PanGestureRecognizer()
        let delegate = RecordingDelegate()
        pan.delegate = delegate
        let surface = makeSurface(pan)
        XCTAssertEqual(pan.allowedScrollTypesMask, [])

        surface.handle([
            Events.scroll(0, .began, .continuous, translation: Point(x: 0, y: 5)),
            Events.scroll(0.1, .changed, .continuous, translation: Point(x: 0, y: 40)),
            Events.scroll(0.2, .ended, .continuous, translation: Point(x: 0, y: 40)),
        ])
        XCTAssertEqual(pan.record.transitions, [])
        XCTAssertTrue(delegate.eventQuestions.isEmpty, "a pan without scroll types is not asked about scroll events")
    }

    func testContinuousMaskFollowsTrackpadScrollWithNoTouches() {
        let pan = PanGestureRecognizer()
        pan.allowedScrollTypesMask = .continuous
        let delegate = RecordingDelegate()
        pan.delegate = delegate
        let surface = makeSurface(pan)

        surface.handle(Events.scroll(0, .began, .continuous, translation: Point(x: 0, y: 5)))
        XCTAssertEqual(pan.state, .began)
        XCTAssertEqual(pan.numberOfTouches, 0)
        XCTAssertThrowsError(try pan.location(ofTouch: 0))
        surface.handle(Events.scroll(0.1, .changed, .continuous, translation: Point(x: 0, y: 45)))
        XCTAssertEqual(pan.translation, Point(x: 0, y: 45))
        XCTAssertEqual(pan.velocity, Point(x: 0, y: 400))
        surface.handle(Events.scroll(0.2, .ended, .continuous, translation: Point(x: 0, y: 45)))
        XCTAssertEqual(pan.velocity, Point(x: 0, y: 400), "the end moves nothing: an app flings at the last rate")

        XCTAssertEqual(milestones(pan), [.began, .ended])
        XCTAssertEqual(pan.record.finalValues?.translation, Point(x: 0, y: 45))
        XCTAssertEqual(delegate.eventQuestions.count, 3)
        XCTAssertTrue(delegate.touchQuestions.isEmpty, "scroll-driven input has no touches to ask about")
    }

    /// A scroll or transform that began over no region stays no region's while the pointer moves
    /// onto one, as one that began over a region stays that region's; the next one that begins
    /// there is the region's.
    func testAScrollOrTransformThatBeganOverNoRegionStaysNoRegions() {
        let pan = PanGestureRecognizer()
        pan.allowedScrollTypesMask = .all
        let pinch = PinchGestureRecognizer()
        let surface = Surface(regions: [
            Region(name: "left", frame: Rect(x: 0, y: 0, width: 600, height: 900), gestureRecognizers: [pan, pinch])
        ])
        let outside = Point(x: 720, y: 450), inside = Point(x: 500, y: 450)
        func scroll(_ time: Double, _ phase: GesturePhase, _ y: Double, at point: Point) -> AppEvent {
            Events.scroll(time, phase, .continuous, translation: Point(x: 0, y: y), at: point)
        }
        surface.handle([
            scroll(0, .began, 5, at: outside), scroll(0.1, .changed, 60, at: inside),
            scroll(0.2, .ended, 60, at: inside),
            Events.transform(0.3, .began, at: outside), Events.transform(0.4, .changed, scale: 1.5, at: inside),
            Events.transform(0.5, .ended, scale: 1.5, at: inside),
        ])
        XCTAssertEqual(pan.record.transitions, [])
        XCTAssertEqual(pinch.record.transitions, [])
        surface.handle([
            scroll(1, .began, 5, at: inside), scroll(1.1, .changed, 60, at: inside),
            scroll(1.2, .ended, 60, at: inside),
        ])
        XCTAssertEqual(milestones(pan), [.began, .ended])
    }

    func testContinuousMaskIgnoresWheel() {
        let pan = PanGestureRecognizer()
        pan.allowedScrollTypesMask = .continuous
        let surface = makeSurface(pan)
        surface.handle([
            Events.scroll(0, .began, .discrete, translation: Point(x: 0, y: 10)),
            Events.scroll(0.1, .ended, .discrete, translation: Point(x: 0, y: 10)),
        ])
        XCTAssertEqual(pan.record.transitions, [])

        pan.allowedScrollTypesMask = .all
        surface.handle([
            Events.scroll(1, .began, .discrete, translation: Point(x: 0, y: 10)),
            Events.scroll(1.1, .ended, .discrete, translation: Point(x: 0, y: 10)),
        ])
        XCTAssertEqual(milestones(pan), [.began, .ended])
    }

    func testTouchPanBeginsAfterTenPoints() {
        let pan = PanGestureRecognizer()
        let surface = makeSurface(pan)
        surface.handle(Events.touches(0, [Events.touch(1, .began, 100, 100)]))
        surface.handle(Events.touches(0.1, [Events.touch(1, .moved, 108, 100)]))
        XCTAssertEqual(pan.state, .possible)
        surface.handle(Events.touches(0.2, [Events.touch(1, .moved, 112, 100)]))
        XCTAssertEqual(pan.state, .began)
        XCTAssertEqual(pan.numberOfTouches, 1)
        surface.handle(Events.touches(0.3, [Events.touch(1, .moved, 132, 110)]))
        XCTAssertEqual(pan.translation, Point(x: 32, y: 10))
        XCTAssertEqual(pan.velocity.x, 200, accuracy: 1e-9)
        surface.handle(Events.touches(0.4, [Events.touch(1, .ended, 132, 110)]))
        XCTAssertEqual(milestones(pan), [.began, .ended])
        XCTAssertEqual(pan.record.finalValues?.translation, Point(x: 32, y: 10))
        XCTAssertEqual(pan.velocity.x, 200, accuracy: 1e-9, "a lift is no sample: the last rate stays")
    }

    func testTouchesOutsideTheRangeDoNotPan() {
        let twoFinger = PanGestureRecognizer(name: "twoFinger")
        twoFinger.minimumNumberOfTouches = 2
        twoFinger.maximumNumberOfTouches = 2
        let surface = makeSurface(twoFinger)

        surface.handle(Events.touches(0, [Events.touch(1, .began, 100, 100)]))
        surface.handle(Events.touches(0.1, [Events.touch(1, .moved, 150, 100)]))
        surface.handle(Events.touches(0.2, [Events.touch(1, .ended, 150, 100)]))
        XCTAssertEqual(milestones(twoFinger), [.failed], "one finger never pans a two-finger pan")

        surface.handle(Events.touches(1, [1, 2, 3].map { Events.touch($0, .began, 100 + Double($0) * 20, 100) }))
        XCTAssertEqual(milestones(twoFinger), [.failed, .failed], "three touches exceed the maximum")
    }

    func testAddingATouchDoesNotMakeTheTranslationJump() {
        let pan = PanGestureRecognizer()
        let surface = makeSurface(pan)
        surface.handle(Events.touches(0, [Events.touch(1, .began, 100, 100)]))
        surface.handle(Events.touches(0.1, [Events.touch(1, .moved, 120, 100)]))
        surface.handle(
            Events.touches(0.2, [Events.touch(1, .stationary, 120, 100), Events.touch(2, .began, 300, 300)]))
        XCTAssertEqual(pan.translation, Point(x: 20, y: 0))
        surface.handle(Events.touches(0.3, [Events.touch(1, .moved, 130, 100), Events.touch(2, .moved, 310, 300)]))
        XCTAssertEqual(pan.translation, Point(x: 30, y: 0))
        XCTAssertEqual(pan.numberOfTouches, 2)
    }

    /// A table's swipe-actions pan follows one axis: a sideways drag begins it, a downward one
    /// (the list scrolling) fails it; a scroll-driven one decides at its first motion.
    func testAnAxisPanBeginsAlongItsAxisAndFailsAcrossIt() {
        let swipe = PanGestureRecognizer(name: "swipeActions")
        swipe.axis = .horizontal
        swipe.allowedScrollTypesMask = .continuous
        let surface = makeSurface(swipe)
        surface.handle([
            Events.touches(0, [Events.touch(1, .began, 500, 400)]),
            Events.touches(0.05, [Events.touch(1, .moved, 503, 412)]),
            Events.touches(0.1, [Events.touch(1, .ended, 503, 412)]),
        ])
        XCTAssertEqual(milestones(swipe), [.failed], "12 points down, 3 across")
        surface.handle([
            Events.touches(1, [Events.touch(2, .began, 500, 400)]),
            Events.touches(1.05, [Events.touch(2, .moved, 488, 403)]),
            Events.touches(1.1, [Events.touch(2, .ended, 480, 403)]),
        ])
        XCTAssertEqual(milestones(swipe), [.failed, .began, .ended])
        surface.handle([
            Events.scroll(2, .began, .continuous, translation: Point(x: 1, y: 6)),
            Events.scroll(2.1, .changed, .continuous, translation: Point(x: 30, y: 8)),
            Events.scroll(2.2, .ended, .continuous, translation: Point(x: 30, y: 8)),
        ])
        XCTAssertEqual(
            milestones(swipe), [.failed, .began, .ended, .failed], "a scroll that starts downwards is the list's")
    }
}
