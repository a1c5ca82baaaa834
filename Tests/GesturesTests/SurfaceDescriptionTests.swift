import Foundation
import Gestures
import IndirectInput
import XCTest

final class SurfaceDescriptionTests: XCTestCase {
    private let json = """
    {"regions": [
      {"name": "canvas", "frame": [0, 0, 1440, 900],
       "recognizers": [
         {"kind": "pinch"},
         {"kind": "pan", "name": "twoFingerPan", "minimumNumberOfTouches": 2, "maximumNumberOfTouches": 2},
         {"kind": "pan", "name": "scrollPan", "allowedScrollTypes": ["continuous"]},
         {"kind": "tap", "name": "middleTap", "buttonMaskRequired": [3], "treatsControlClickAsSecondary": false},
         {"kind": "tap", "name": "doubleTap", "numberOfTapsRequired": 2},
         {"kind": "tap", "requiresFailureOf": ["doubleTap"], "allowedTouchTypes": ["indirectPointer"]},
         {"kind": "longPress", "minimumPressDuration": 1.0}
       ],
       "simultaneous": [["pinch", "twoFingerPan"]]},
      {"name": "toolbar", "frame": [0, 0, 1440, 60], "recognizers": [{"kind": "hover"}]}
    ]}
    """

    private func decode(_ text: String) throws -> SurfaceDescription {
        try JSONDecoder().decode(SurfaceDescription.self, from: Data(text.utf8))
    }

    func testBuildsRegionsAndRecognizersWithTheirOptions() throws {
        let surface = try decode(json).makeSurface()
        XCTAssertEqual(surface.regions.map(\.name), ["canvas", "toolbar"])
        XCTAssertEqual(surface.region(named: "toolbar")?.frame, Rect(x: 0, y: 0, width: 1440, height: 60))
        XCTAssertEqual(surface.hitTest(Point(x: 10, y: 10))?.name, "toolbar", "later regions lie on top")

        let canvas = try XCTUnwrap(surface.region(named: "canvas"))
        XCTAssertEqual(canvas.gestureRecognizers.map(\.name), ["pinch", "twoFingerPan", "scrollPan", "middleTap", "doubleTap", "tap", "longPress"])
        let twoFinger = try XCTUnwrap(canvas.gestureRecognizer(named: "twoFingerPan") as? PanGestureRecognizer)
        XCTAssertEqual(twoFinger.minimumNumberOfTouches, 2)
        XCTAssertEqual(twoFinger.maximumNumberOfTouches, 2)
        XCTAssertEqual(twoFinger.allowedScrollTypesMask, [])
        let scrollPan = try XCTUnwrap(canvas.gestureRecognizer(named: "scrollPan") as? PanGestureRecognizer)
        XCTAssertEqual(scrollPan.allowedScrollTypesMask, .continuous)
        XCTAssertEqual(scrollPan.maximumNumberOfTouches, Int.max)
        let middle = try XCTUnwrap(canvas.gestureRecognizer(named: "middleTap") as? TapGestureRecognizer)
        XCTAssertEqual(middle.buttonMaskRequired, .button(3))
        XCTAssertFalse(middle.treatsControlClickAsSecondary)
        let tap = try XCTUnwrap(canvas.gestureRecognizer(named: "tap") as? TapGestureRecognizer)
        XCTAssertEqual(tap.allowedTouchTypes, [.indirectPointer])
        XCTAssertEqual(tap.buttonMaskRequired, .primary)
        XCTAssertEqual((canvas.gestureRecognizer(named: "longPress") as? LongPressGestureRecognizer)?.minimumPressDuration, 1.0)
    }

    func testRequiresFailureOfAndSimultaneousAreWired() throws {
        let surface = try decode(json).makeSurface()
        let canvas = try XCTUnwrap(surface.region(named: "canvas"))
        let tap = try XCTUnwrap(canvas.gestureRecognizer(named: "tap"))
        surface.handle(Events.click(at: 0, 100, 100, type: .indirectPointer))
        XCTAssertEqual(tap.state, .possible, "waits for doubleTap")
        surface.finish(at: 1)
        XCTAssertEqual(milestones(tap), [.recognized])

        let fresh = try decode(json).makeSurface()
        let pinch = try XCTUnwrap(fresh.region(named: "canvas")?.gestureRecognizer(named: "pinch"))
        let twoFinger = try XCTUnwrap(fresh.region(named: "canvas")?.gestureRecognizer(named: "twoFingerPan"))
        fresh.handle(PinchStreams.compat([
            PinchStep(time: 2), PinchStep(time: 2.1, scale: 1.5), PinchStep(time: 2.2, scale: 1.5, centre: Point(x: 540, y: 400)),
            PinchStep(time: 2.3, scale: 1.5, centre: Point(x: 540, y: 400)),
        ]))
        XCTAssertEqual(milestones(pinch), [.began, .ended])
        XCTAssertEqual(milestones(twoFinger), [.began, .ended], "allowed to pan while pinching")
    }

    func testRejectsBadDescriptions() throws {
        func error(_ text: String) -> SurfaceDescriptionError? {
            do {
                _ = try decode(text).makeSurface()
                return nil
            } catch {
                return error as? SurfaceDescriptionError
            }
        }
        XCTAssertEqual(error(#"{"regions":[{"name":"a","frame":[0,0,10],"recognizers":[]}]}"#), .invalidFrame(region: "a", frame: [0, 0, 10]))
        XCTAssertEqual(error(#"{"regions":[{"name":"a","frame":[0,0,10,10],"recognizers":[{"kind":"pan"},{"kind":"pan"}]}]}"#), .duplicateRecognizer(region: "a", name: "pan"))
        XCTAssertEqual(error(#"{"regions":[{"name":"a","frame":[0,0,10,10],"recognizers":[{"kind":"tap","requiresFailureOf":["x"]}]}]}"#), .unknownRecognizer(region: "a", name: "x"))
        XCTAssertEqual(error(#"{"regions":[{"name":"a","frame":[0,0,10,10],"recognizers":[{"kind":"pinch","numberOfTapsRequired":2}]}]}"#), .optionNotApplicable(region: "a", name: "pinch", kind: .pinch, option: "numberOfTapsRequired"))
        XCTAssertEqual(error(#"{"regions":[{"name":"a","frame":[0,0,10,10],"recognizers":[{"kind":"pan","minimumNumberOfTouches":3,"maximumNumberOfTouches":2}]}]}"#), .invalidValue(region: "a", name: "pan", option: "maximumNumberOfTouches"))
        XCTAssertEqual(error(#"{"regions":[{"name":"a","frame":[0,0,10,10],"recognizers":[]},{"name":"a","frame":[0,0,10,10],"recognizers":[]}]}"#), .duplicateRegion("a"))
        XCTAssertThrowsError(try decode(#"{"regions":[{"name":"a","frame":[0,0,10,10],"recognizers":[{"kind":"swipe"}]}]}"#))
        XCTAssertThrowsError(try decode(#"{"regions":[{"name":"a","frame":[0,0,10,10],"recognizers":[{"kind":"tap","buttonMaskRequired":["middle"]}]}]}"#))
    }

    func testStandardSurface() throws {
        let surface = Surface.standard(screen: (width: 1440, height: 900))
        XCTAssertEqual(surface.regions.map(\.name), ["canvas"])
        let canvas = try XCTUnwrap(surface.region(named: "canvas"))
        XCTAssertEqual(canvas.frame, Rect(x: 0, y: 0, width: 1440, height: 900))
        XCTAssertEqual(canvas.gestureRecognizers.map(\.name), ["pinch", "rotation", "twoFingerPan", "scrollPan", "hover", "tap", "longPress"])
        XCTAssertEqual(canvas.gestureRecognizers.map(\.kind), [.pinch, .rotation, .pan, .pan, .hover, .tap, .longPress])
        let twoFinger = try XCTUnwrap(canvas.gestureRecognizer(named: "twoFingerPan") as? PanGestureRecognizer)
        XCTAssertEqual([twoFinger.minimumNumberOfTouches, twoFinger.maximumNumberOfTouches], [2, 2])
        XCTAssertEqual(twoFinger.allowedScrollTypesMask, [])
        XCTAssertEqual((canvas.gestureRecognizer(named: "scrollPan") as? PanGestureRecognizer)?.allowedScrollTypesMask, .all)

        surface.handle(Events.transform(0, .began, scale: 1.5, rotation: 0.3))
        XCTAssertEqual(canvas.gestureRecognizer(named: "pinch")?.state, .began)
        XCTAssertEqual(canvas.gestureRecognizer(named: "rotation")?.state, .began, "pinch and rotation recognize together")
    }

    func testStandardDescriptionRoundTripsThroughJSON() throws {
        let standard = SurfaceDescription.standard(screen: (width: 800, height: 600))
        let data = try JSONEncoder().encode(standard)
        XCTAssertEqual(try JSONDecoder().decode(SurfaceDescription.self, from: data), standard)
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(text.contains(#""allowedScrollTypes":["all"]"#), text)
        XCTAssertFalse(text.contains("null"), "absent options are left out")
    }
}
