import Gestures
import AppEvents
import XCTest
import TestSupport

final class TapTests: XCTestCase {
    func testPrimaryClickIsRecognizedOnRelease() {
        let tap = TapGestureRecognizer()
        let surface = makeSurface(tap)
        let click = Events.click(at: 1, 200, 300)
        surface.handle(click[0])
        XCTAssertEqual(tap.state, .possible)
        surface.handle(click[1])
        XCTAssertEqual(tap.record.transitions, [GestureTransition(state: .recognized, time: 1.05)])
        XCTAssertEqual(tap.location, Point(x: 200, y: 300))
        XCTAssertEqual(tap.record.maxNumberOfTouches, 1)
    }

    /// Two taps on one region, following the same click, with nobody letting them recognize
    /// together: the first to recognize wins and the other fails, though both are discrete and
    /// recognize as the touch ends.
    func testTwoTapsOnOneClickDoNotBothRecognize() {
        let first = TapGestureRecognizer(name: "first"), second = TapGestureRecognizer(name: "second")
        let surface = makeSurface(first, second)
        surface.handle(Events.click(at: 1, 200, 300))
        XCTAssertEqual(milestones(first), [.recognized])
        XCTAssertEqual(milestones(second), [.failed])
    }

    func testButtonMaskRequiredButton3FiresOnlyOnButton3() {
        let middle = TapGestureRecognizer(name: "middle")
        middle.buttonMaskRequired = .button(3)
        let surface = makeSurface(middle)

        surface.handle(Events.click(at: 0, 100, 100, buttons: .primary))
        surface.handle(Events.click(at: 1, 100, 100, buttons: .secondary))
        XCTAssertFalse(middle.record.activated)
        surface.handle(Events.click(at: 2, 100, 100, buttons: .button(3)))
        XCTAssertEqual(milestones(middle), [.failed, .failed, .recognized])
        XCTAssertEqual(middle.buttonMask, .button(3))
    }

    func testDefaultTapIgnoresOtherButtons() {
        let tap = TapGestureRecognizer()
        let surface = makeSurface(tap)
        surface.handle(Events.click(at: 0, 100, 100, buttons: .button(3)))
        surface.handle(Events.click(at: 1, 100, 100, buttons: .secondary))
        XCTAssertEqual(milestones(tap), [.failed, .failed])
        surface.handle(Events.click(at: 2, 100, 100, buttons: []))
        XCTAssertEqual(milestones(tap).last, .recognized, "a finger (no button) counts as primary")
    }

    func testSecondaryTapFiresOnSecondaryClickAndControlClickWhenTheOptionIsOn() {
        let primary = TapGestureRecognizer(name: "primary")
        primary.treatsControlClickAsSecondary = true
        let secondary = TapGestureRecognizer(name: "secondary")
        secondary.buttonMaskRequired = .secondary
        secondary.treatsControlClickAsSecondary = true
        let surface = makeSurface(primary, secondary)

        surface.handle(Events.click(at: 0, 100, 100, buttons: .secondary))
        surface.handle(Events.click(at: 1, 100, 100, buttons: .primary, modifiers: .control))
        surface.handle(Events.click(at: 2, 100, 100, buttons: .primary, modifiers: .shift))
        XCTAssertEqual(milestones(secondary), [.recognized, .recognized, .failed])
        XCTAssertEqual(milestones(primary), [.failed, .failed, .recognized])
    }

    /// As UIKit's tap recognizer, by default.
    func testControlClickStaysPrimaryByDefault() {
        let primary = TapGestureRecognizer(name: "primary")
        let secondary = TapGestureRecognizer(name: "secondary")
        secondary.buttonMaskRequired = .secondary
        let surface = makeSurface(primary, secondary)
        surface.handle(Events.click(at: 0, 100, 100, buttons: .primary, modifiers: .control))
        XCTAssertEqual(milestones(primary), [.recognized])
        XCTAssertEqual(milestones(secondary), [.failed])
        XCTAssertEqual(primary.modifierFlags, .control)
    }

    func testMovingTooFarIsNoTap() {
        let tap = TapGestureRecognizer()
        let surface = makeSurface(tap)
        surface.handle([
            Events.touches(0, [Events.touch(1, .began, 100, 100)], buttons: .primary),
            Events.touches(0.1, [Events.touch(1, .moved, 115, 100)], buttons: .primary),
            Events.touches(0.2, [Events.touch(1, .ended, 115, 100)], buttons: .primary),
        ])
        XCTAssertEqual(milestones(tap), [.failed])
    }

    func testTwoFingerTap() {
        let tap = TapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        let surface = makeSurface(tap)
        surface.handle(Events.click(at: 0, 100, 100))
        surface.handle([
            Events.touches(1, [Events.touch(1, .began, 100, 100), Events.touch(2, .began, 140, 100)]),
            Events.touches(1.1, [Events.touch(1, .ended, 100, 100), Events.touch(2, .ended, 140, 100)]),
        ])
        XCTAssertEqual(milestones(tap), [.failed, .recognized])
        XCTAssertEqual(tap.record.maxNumberOfTouches, 2)
    }

    func testSingleTapWaitsForTheDoubleTapToFail() {
        let double = TapGestureRecognizer(name: "double")
        double.numberOfTapsRequired = 2
        let single = TapGestureRecognizer(name: "single")
        single.require(toFail: double)
        let surface = makeSurface(double, single)

        surface.handle(Events.click(at: 0, 100, 100))
        XCTAssertEqual(single.state, .possible, "held back while the double tap may still happen")
        surface.finish(at: 2)
        XCTAssertEqual(double.record.transitions.map(\.state), [.failed])
        XCTAssertEqual(single.record.transitions.map(\.state), [.recognized])
        XCTAssertEqual(
            single.record.transitions.first?.time ?? 0, 0.4, accuracy: 1e-9,
            "recognized when the double tap's interval (0.35 s after the release at 0.05) ran out")

        surface.handle(Events.click(at: 3, 100, 100))
        surface.handle(Events.click(at: 3.2, 100, 100))
        surface.finish(at: 5)
        XCTAssertEqual(milestones(double), [.failed, .recognized])
        XCTAssertEqual(milestones(single), [.recognized, .failed])
    }

    func testAnAppSubclassCanFilterOnTheEventsButtons() {
        /// WWDC20 10094 "Handle trackpad and mouse input": accept secondary clicks, and control + primary.
        final class SecondaryOnlyTap: TapGestureRecognizer {
            override func shouldReceive(_ event: AppEvent) -> Bool {
                event.buttonMask == .secondary || (event.buttonMask == .primary && event.modifierFlags == .control)
            }
        }
        let tap = SecondaryOnlyTap()
        tap.buttonMaskRequired = .secondary
        // The control-click it accepts counts as the secondary click it requires.
        tap.treatsControlClickAsSecondary = true
        let surface = makeSurface(tap)
        surface.handle(Events.click(at: 0, 100, 100, buttons: .primary))
        XCTAssertEqual(tap.record.transitions, [], "the rejected click never reached it")
        surface.handle(Events.click(at: 1, 100, 100, buttons: .primary, modifiers: .control))
        XCTAssertEqual(milestones(tap), [.recognized])
    }

    func testPointerOnlyTapIgnoresDirectTouches() {
        let tap = TapGestureRecognizer()
        tap.allowedTouchTypes = [.indirectPointer]
        let delegate = RecordingDelegate()
        tap.delegate = delegate
        let surface = makeSurface(tap)
        surface.handle(Events.click(at: 0, 100, 100, type: .direct))
        XCTAssertEqual(tap.record.transitions, [])
        XCTAssertTrue(delegate.eventQuestions.isEmpty)
        surface.handle(Events.click(at: 1, 100, 100, type: .indirectPointer))
        XCTAssertEqual(milestones(tap), [.recognized])
        XCTAssertEqual(delegate.touchQuestions.map(\.type), [.indirectPointer])
    }
}
