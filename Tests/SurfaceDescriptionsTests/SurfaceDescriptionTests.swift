import AppEvents
import Foundation
import Gestures
import Recordings
import SurfaceDescriptions
import XCTest
import TestSupport

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

    /// Reads "nan", "inf" and "-inf" as numbers, as a YAML description's `.nan` and `.inf` are.
    private func decode(_ text: String) throws -> SurfaceDescription {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(SurfaceDescription.self, from: Data(text.utf8))
    }

    /// What `makeSurface()` throws for `text`; nil if it builds or the error is of another type.
    private func error(_ text: String) -> SurfaceDescriptionError? {
        do {
            _ = try decode(text).makeSurface()
            return nil
        } catch {
            return error as? SurfaceDescriptionError
        }
    }

    /// A description of one region "a" with `frame` and `recognizers` (JSON).
    private func region(frame: String = "[0,0,10,10]", _ recognizers: String) -> String {
        #"{"regions":[{"name":"a","frame":"# + frame + #","recognizers":["# + recognizers + "]}]}"
    }

    func testBuildsRegionsAndRecognizersWithTheirOptions() throws {
        let surface = try decode(json).makeSurface()
        XCTAssertEqual(surface.regions.map(\.name), ["canvas", "toolbar"])
        XCTAssertEqual(surface.region(named: "toolbar")?.frame, Rect(x: 0, y: 0, width: 1440, height: 60))
        XCTAssertEqual(surface.hitTest(Point(x: 10, y: 10))?.name, "toolbar", "later regions lie on top")

        let canvas = try XCTUnwrap(surface.region(named: "canvas"))
        XCTAssertEqual(
            canvas.gestureRecognizers.map(\.name),
            ["pinch", "twoFingerPan", "scrollPan", "middleTap", "doubleTap", "tap", "longPress"])
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
        XCTAssertEqual(
            (canvas.gestureRecognizer(named: "longPress") as? LongPressGestureRecognizer)?.minimumPressDuration, 1.0)
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
        fresh.handle(
            PinchStreams.compat([
                PinchStep(time: 2), PinchStep(time: 2.1, scale: 1.5),
                PinchStep(time: 2.2, scale: 1.5, centre: Point(x: 540, y: 400)),
                PinchStep(time: 2.3, scale: 1.5, centre: Point(x: 540, y: 400)),
            ]))
        XCTAssertEqual(milestones(pinch), [.began, .ended])
        XCTAssertEqual(milestones(twoFinger), [.began, .ended], "allowed to pan while pinching")
    }

    /// A surface holds at most ``SurfaceDescription/mostRecognizers``: the region that passes it is named.
    func testASurfaceOfTooManyRecognizersIsRefusedAtTheRegionThatPassesTheBound() throws {
        func regions(_ counts: [Int]) -> String {
            let regions = counts.enumerated().map { n, count in
                let recognizers = (0..<count).map { #"{"kind":"tap","name":"t\#($0)"}"# }.joined(separator: ",")
                return #"{"name":"r\#(n)","frame":[0,0,10,10],"recognizers":["# + recognizers + "]}"
            }
            return #"{"regions":["# + regions.joined(separator: ",") + "]}"
        }
        let most = SurfaceDescription.mostRecognizers
        XCTAssertNil(error(regions([most - 1, 1])))
        XCTAssertEqual(error(regions([most - 1, 1, 1])), .tooManyRecognizers(region: "r2", limit: most))
    }

    func testRejectsBadDescriptions() throws {
        XCTAssertEqual(
            error(#"{"regions":[{"name":"a","frame":[0,0,10],"recognizers":[]}]}"#),
            .invalidFrame(region: "a", frame: [0, 0, 10]))
        XCTAssertEqual(
            error(#"{"regions":[{"name":"a","frame":[0,0,10,10],"recognizers":[{"kind":"pan"},{"kind":"pan"}]}]}"#),
            .duplicateRecognizer(region: "a", name: "pan"))
        XCTAssertEqual(
            error(
                #"{"regions":[{"name":"a","frame":[0,0,10,10],"recognizers":[{"kind":"tap","#
                    + #""requiresFailureOf":["x"]}]}]}"#
            ), .unknownRecognizer(region: "a", name: "x"))
        XCTAssertEqual(
            error(
                #"{"regions":[{"name":"a","frame":[0,0,10,10],"recognizers":[{"kind":"pinch","#
                    + #""numberOfTapsRequired":2}]}]}"#
            ), .optionNotApplicable(region: "a", name: "pinch", kind: .pinch, option: "numberOfTapsRequired"))
        XCTAssertEqual(
            error(
                #"{"regions":[{"name":"a","frame":[0,0,10,10],"recognizers":[{"kind":"pan","minimumNumberOfTouches":3,"#
                    + #""maximumNumberOfTouches":2}]}]}"#
            ),
            .invalidValue(
                region: "a", name: "pan", option: "maximumNumberOfTouches",
                requirement: "be at least minimumNumberOfTouches"))
        XCTAssertEqual(
            error(
                #"{"regions":[{"name":"a","frame":[0,0,10,10],"recognizers":[]},{"name":"a","frame":[0,0,10,10],"#
                    + #""recognizers":[]}]}"#
            ), .duplicateRegion("a"))
        XCTAssertEqual(
            error(#"{"regions":[{"name":"a","frame":[0,0,10,10],"recognizers":[{"kind":"edgePan"}]}]}"#),
            .unknownKind(region: "a", name: "edgePan", kind: GestureKind("edgePan")))
        XCTAssertEqual(
            SurfaceDescriptionError.unknownKind(region: "a", name: "edgePan", kind: GestureKind("edgePan")).description,
            "region a, edgePan: no recognizer of kind edgePan (known: pinch, rotation, pan, hover, tap, longPress, "
                + "swipe, contextMenu, drag, multiSelect)"
        )
        // An empty kind, or YAML's null, is a kind left out, not one unknown.
        for kind in ["", "~", "null"] {
            XCTAssertEqual(
                SurfaceDescriptionError.unknownKind(region: "a", name: kind, kind: GestureKind(kind)).description,
                "region a: a recognizer without its kind (one of pinch, rotation, pan, hover, tap, longPress, "
                    + "swipe, contextMenu, drag, multiSelect)")
        }
        XCTAssertTrue(
            SurfaceDescriptionError.unknownKind(region: "a", name: "myTap", kind: GestureKind("")).description
                .hasPrefix("region a, myTap: a recognizer without its kind"))
        XCTAssertThrowsError(
            try decode(
                #"{"regions":[{"name":"a","frame":[0,0,10,10],"recognizers":[{"kind":"tap","#
                    + #""buttonMaskRequired":["middle"]}]}]}"#
            ))
    }

    func testBuildsContextMenuAndDragWithTheirOptions() throws {
        let surface = try decode(
            region(
                #"{"kind":"contextMenu","minimumPressDuration":0.8,"allowableMovement":4,"#
                    + #""treatsControlClickAsSecondary":false},{"kind":"drag","allowableMovement":6,"liftDelay":0.3,"#
                    + #""dragThreshold":2}"#
            )
        ).makeSurface()
        let a = try XCTUnwrap(surface.region(named: "a"))
        let menu = try XCTUnwrap(a.gestureRecognizer(named: "contextMenu") as? ContextMenuInteraction)
        XCTAssertEqual(menu.kind, .contextMenu)
        XCTAssertEqual(menu.minimumPressDuration, 0.8)
        XCTAssertEqual(menu.allowableMovement, 4)
        XCTAssertFalse(menu.treatsControlClickAsSecondary)
        let drag = try XCTUnwrap(a.gestureRecognizer(named: "drag") as? DragInteraction)
        XCTAssertEqual(drag.kind, .drag)
        XCTAssertEqual(drag.allowableMovement, 6)
        XCTAssertEqual(drag.liftDelay, 0.3)
        XCTAssertEqual(drag.dragThreshold, 2)
    }

    func testRejectsContextMenuAndDragOptionsElsewhereOrOutOfRange() {
        XCTAssertEqual(
            error(region(#"{"kind":"tap","dragThreshold":8}"#)),
            .optionNotApplicable(region: "a", name: "tap", kind: .tap, option: "dragThreshold"))
        XCTAssertEqual(
            error(region(#"{"kind":"contextMenu","liftDelay":0.5}"#)),
            .optionNotApplicable(region: "a", name: "contextMenu", kind: .contextMenu, option: "liftDelay"))
        XCTAssertEqual(
            error(region(#"{"kind":"drag","minimumPressDuration":0.5}"#)),
            .optionNotApplicable(region: "a", name: "drag", kind: .drag, option: "minimumPressDuration"))
        XCTAssertEqual(
            error(region(#"{"kind":"drag","liftDelay":-0.1}"#)),
            .invalidValue(
                region: "a", name: "drag", option: "liftDelay", requirement: "be a finite number, not negative"))
        XCTAssertEqual(
            error(region(#"{"kind":"drag","dragThreshold":"inf"}"#)),
            .invalidValue(
                region: "a", name: "drag", option: "dragThreshold", requirement: "be a finite number, not negative"))
        XCTAssertEqual(
            error(region(#"{"kind":"contextMenu","minimumPressDuration":"nan"}"#)),
            .invalidValue(
                region: "a", name: "contextMenu", option: "minimumPressDuration",
                requirement: "be a finite number, not negative"))
    }

    func testBuildsASwipeAndRefusesItsBadOptions() throws {
        let surface = try decode(
            region(#"{"kind":"swipe","direction":["left","up"],"numberOfTouchesRequired":2,"maximumAngle":20}"#)
        ).makeSurface()
        let swipe = try XCTUnwrap(
            surface.region(named: "a")?.gestureRecognizer(named: "swipe") as? SwipeGestureRecognizer)
        XCTAssertEqual(swipe.direction, [.left, .up])
        XCTAssertEqual(swipe.numberOfTouchesRequired, 2)
        XCTAssertEqual(swipe.maximumAngle, 20)
        XCTAssertEqual(swipe.minimumDistance, 50)
        let unsigned = try decode(region(#"{"kind":"swipe","maximumDuration":-0.0}"#)).makeSurface()
        let zero = unsigned.region(named: "a")?.gestureRecognizer(named: "swipe") as? SwipeGestureRecognizer
        XCTAssertEqual(zero?.maximumDuration.sign, .plus, "-0 is 0")
        for (options, message) in [
            (#""direction":[]"#, "direction must name at least one of right, left, up, down"),
            (#""maximumAngle":91"#, "maximumAngle must be from 0 to 90"),
            (#""maximumAngle":-1"#, "maximumAngle must be from 0 to 90"),
            (#""minimumDistance":"nan""#, "minimumDistance must be a finite number, not negative"),
            (#""numberOfTouchesRequired":0"#, "numberOfTouchesRequired must be at least 1"),
        ] {
            XCTAssertEqual(
                error(region(#"{"kind":"swipe","# + options + "}"))?.description, "region a, swipe: " + message)
        }
        for height in ["0", "-1", #""inf""#] {
            XCTAssertEqual(
                error(region(#"{"kind":"multiSelect","rowHeight":"# + height + "}"))?.description,
                "region a, multiSelect: rowHeight must be a finite number over 0", height)
        }
        XCTAssertEqual(
            error(region(#"{"kind":"tap","direction":["left"]}"#)),
            .optionNotApplicable(region: "a", name: "tap", kind: .tap, option: "direction"))
    }

    func testRejectsARecognizerRequiringItsOwnFailure() {
        XCTAssertEqual(
            error(region(#"{"kind":"tap","requiresFailureOf":["tap"]}"#)),
            .failureRequirementCycle(region: "a", names: ["tap", "tap"])
        )
    }

    func testRejectsRecognizersRequiringEachOthersFailure() {
        XCTAssertEqual(
            error(
                region(
                    #"{"kind":"pan"},{"kind":"tap","name":"single","requiresFailureOf":["double"]},{"kind":"tap","#
                        + #""name":"double","numberOfTapsRequired":2,"requiresFailureOf":["single"]}"#
                )),
            .failureRequirementCycle(region: "a", names: ["single", "double", "single"])
        )
        XCTAssertEqual(
            error(
                region(
                    #"{"kind":"tap","name":"x","requiresFailureOf":["y"]},{"kind":"tap","name":"y","#
                        + #""requiresFailureOf":["z"]},{"kind":"tap","name":"z","requiresFailureOf":["x"]}"#
                )),
            .failureRequirementCycle(region: "a", names: ["x", "y", "z", "x"])
        )
        XCTAssertEqual(
            SurfaceDescriptionError.failureRequirementCycle(region: "a", names: ["single", "double", "single"])
                .description,
            "region a: requiresFailureOf goes round in a circle, single -> double -> single; they would wait on each "
                + "other forever"
        )
    }

    func testAcceptsFailureRequirementsThatShareARecognizerWithoutACycle() {
        // x waits for y and z, y for z: z is reached twice, but nothing leads back.
        XCTAssertNil(
            error(
                region(
                    #"{"kind":"tap","name":"x","requiresFailureOf":["y","z"]},{"kind":"tap","name":"y","#
                        + #""requiresFailureOf":["z"]},{"kind":"tap","name":"z"}"#
                )))
    }

    func testRejectsFramesWithNaNOrInfiniteValuesOrANegativeSize() {
        for frame in [
            #"["nan",0,10,10]"#, #"[0,"nan",10,10]"#, #"[0,0,"inf",10]"#, #"[0,0,10,"-inf"]"#, #"["-inf",0,10,10]"#,
            "[0,0,-1,10]", "[0,0,10,-0.5]",
        ] {
            // NaN is unequal to itself, so compare the frame's text rather than the error.
            guard case .invalidFrame(let name, let values)? = error(region(frame: frame, "")) else {
                XCTFail("\(frame) was not rejected as a frame")
                continue
            }
            XCTAssertEqual(name, "a")
            XCTAssertEqual(
                values.map { "\($0)" }, try decode(region(frame: frame, "")).regions[0].frame.map { "\($0)" })
        }
    }

    func testRejectsNegativeOrNonFiniteDurationsAndDistances() {
        for value in ["-0.1", #""nan""#, #""inf""#] {
            XCTAssertEqual(
                error(region(#"{"kind":"longPress","minimumPressDuration":"# + value + "}")),
                .invalidValue(
                    region: "a", name: "longPress", option: "minimumPressDuration",
                    requirement: "be a finite number, not negative"), value
            )
            XCTAssertEqual(
                error(region(#"{"kind":"tap","allowableMovement":"# + value + "}")),
                .invalidValue(
                    region: "a", name: "tap", option: "allowableMovement",
                    requirement: "be a finite number, not negative"), value
            )
        }
        XCTAssertEqual(
            error(region(#"{"kind":"tap","numberOfTapsRequired":0}"#)),
            .invalidValue(region: "a", name: "tap", option: "numberOfTapsRequired", requirement: "be at least 1"))
        XCTAssertEqual(
            error(region(#"{"kind":"tap","buttonMaskRequired":[63]}"#)),
            .invalidValue(
                region: "a", name: "tap", option: "buttonMaskRequired",
                requirement: "name at least one button, each from 1 to 62"))
    }

    func testExtremeButValidValuesBuildAndRun() throws {
        let surface = try decode(
            region(
                frame: "[-1e308,-1e308,1.7e308,1.7e308]",
                #"{"kind":"tap","numberOfTapsRequired":9223372036854775807},{"kind":"longPress","#
                    + #""minimumPressDuration":1.7e308,"numberOfTouchesRequired":9223372036854775807}"#
            )
        ).makeSurface()
        surface.handle(Events.click(at: 0, 100, 100))
        surface.handle(Events.click(at: 0.2, 100, 100))
        surface.finish(at: 10)
        let a = try XCTUnwrap(surface.region(named: "a"))
        XCTAssertEqual(a.gestureRecognizers.map(milestones), [[.failed], [.failed, .failed]])
    }

    func testTheCanvasScreen() throws {
        let surface = Surface.builtIn(.canvas)
        XCTAssertEqual(surface.regions.map(\.name), ["canvas"])
        let canvas = try XCTUnwrap(surface.region(named: "canvas"))
        XCTAssertEqual(canvas.frame, Rect(x: 0, y: 0, width: 1440, height: 900))
        XCTAssertEqual(
            canvas.gestureRecognizers.map(\.name),
            ["pinch", "rotation", "twoFingerPan", "scrollPan", "hover", "tap", "longPress"])
        XCTAssertEqual(
            canvas.gestureRecognizers.map(\.kind), [.pinch, .rotation, .pan, .pan, .hover, .tap, .longPress])
        let twoFinger = try XCTUnwrap(canvas.gestureRecognizer(named: "twoFingerPan") as? PanGestureRecognizer)
        XCTAssertEqual([twoFinger.minimumNumberOfTouches, twoFinger.maximumNumberOfTouches], [2, 2])
        XCTAssertEqual(twoFinger.allowedScrollTypesMask, [])
        XCTAssertEqual(
            (canvas.gestureRecognizer(named: "scrollPan") as? PanGestureRecognizer)?.allowedScrollTypesMask, .all)

        surface.handle(Events.transform(0, .began, scale: 1.5, rotation: 0.3))
        XCTAssertEqual(canvas.gestureRecognizer(named: "pinch")?.state, .began)
        XCTAssertEqual(
            canvas.gestureRecognizer(named: "rotation")?.state, .began, "pinch and rotation recognize together")
    }

    /// Every built-in screen reads back as written, through JSON too, its options included, and
    /// scales to another screen: frames and pointer regions stretched, the rest unchanged.
    func testBuiltInScreensRoundTripThroughJSONAndScale() throws {
        for screen in BuiltInScreen.allCases {
            let description = screen.description()
            let data = try JSONEncoder().encode(description)
            XCTAssertEqual(try JSONDecoder().decode(SurfaceDescription.self, from: data), description, screen.rawValue)
            let text = String(decoding: data, as: UTF8.self)
            XCTAssertFalse(text.contains("null"), "\(screen): absent options are left out")
            XCTAssertNoThrow(try description.makeSurface(), screen.rawValue)
            XCTAssertFalse(screen.summary.hasPrefix("#"), screen.rawValue)
        }
        let list = BuiltInScreen.list.description(screen: Size(width: 720, height: 450))
        XCTAssertEqual(list.regions.map(\.frame), [[0, 0, 240, 450], [240, 0, 480, 450]])
        XCTAssertTrue(String(decoding: try JSONEncoder().encode(list), as: UTF8.self).contains(#""rowHeight":44"#))
        // A pointer region's padding is a length in points, as the row height is: it stays.
        let photos = BuiltInScreen.photos.description(screen: Size(width: 2880, height: 1800))
        let paddings = photos.regions.compactMap(\.pointerInteraction?.regions).flatMap { $0.map(\.padding) }
        XCTAssertFalse(paddings.isEmpty)
        XCTAssertEqual(Set(paddings), [[8, 4]])
    }

    /// Sentences name the screen `--surface` chose, the default one when it chose none, so that
    /// `compare` and `view` name the same screen.
    func testTheScreenUnsetIsNamedAsTheDefault() {
        XCTAssertEqual(BuiltInScreen.name(of: nil), BuiltInScreen.default.rawValue)
        XCTAssertEqual(BuiltInScreen.name(of: nil), "list")
        XCTAssertEqual(BuiltInScreen.name(of: "photos"), "photos")
        XCTAssertEqual(BuiltInScreen.name(of: "my/screen.yml"), "my/screen.yml")
    }

    /// Foundation's JSON scanner traps past 512 levels (found by tools/fuzz); descriptions are
    /// refused long before, with the line, and brackets inside strings do not count.
    func testExcessiveNestingIsFoundBeforeDecoding() {
        XCTAssertNil(StructuredFile.excessiveNesting(in: json))
        XCTAssertNil(StructuredFile.excessiveNesting(in: "{\"name\": \"" + String(repeating: "[", count: 1000) + "\"}"))
        XCTAssertEqual(StructuredFile.excessiveNesting(in: "{\"regions\":\n" + String(repeating: "[", count: 600)), 2)
        XCTAssertEqual(
            StructuredFile.excessiveNesting(in: String(repeating: "[", count: StructuredFile.maxNesting)), nil)
    }
}
