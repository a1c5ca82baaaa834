import AppEvents
import Foundation
import SurfaceDescriptions
import XCTest
import TestSupport

/// A surface description's `pointerInteraction`: the regions and styles it builds, and what it refuses.
final class PointerInteractionDescriptionTests: XCTestCase {
    private func interactions(
        _ pointerInteraction: String, frame: String = "[100, 200, 300, 120]"
    ) throws -> [PointerInteraction] {
        let text =
            #"{"regions": [{"name": "view", "frame": \#(frame), "recognizers": [],"#
            + #" "pointerInteraction": \#(pointerInteraction)}]}"#
        let description = try JSONDecoder().decode(SurfaceDescription.self, from: Data(text.utf8))
        _ = try description.makeSurface()
        return try description.pointerInteractions()
    }

    private func error(_ pointerInteraction: String) -> SurfaceDescriptionError? {
        do {
            _ = try interactions(pointerInteraction)
            return nil
        } catch {
            return error as? SurfaceDescriptionError
        }
    }

    func testByDefaultOneRegionCoversTheViewWithTheAutomaticEffect() throws {
        let built = try interactions("{}")
        XCTAssertEqual(
            built,
            [
                PointerInteraction(
                    view: "view", viewFrame: Rect(x: 100, y: 200, width: 300, height: 120),
                    regions: [
                        PointerRegion(
                            identifier: "view", rect: Rect(x: 100, y: 200, width: 300, height: 120), style: .automatic)
                    ])
            ])
        XCTAssertEqual(built[0].magnetism, 0)
    }

    /// A pointer region's padding hit-tests to its view, as WWDC20 10093 asks the app to make it:
    /// a click there is the view's, at the pointer's own location; a click beyond is not.
    func testAClickInAPaddedRegionIsTheViews() throws {
        let text =
            #"{"regions": [{"name": "button", "frame": [100, 100, 40, 40], "recognizers": [{"kind": "tap"}],"#
            + #" "pointerInteraction": {"regions": [{"padding": [10, 10]}]}}]}"#
        let description = try JSONDecoder().decode(SurfaceDescription.self, from: Data(text.utf8))
        for (x, recognized) in [(95.0, true), (85.0, false)] {
            let surface = try description.makeSurface()
            XCTAssertEqual(
                surface.regions[0].hitAreas, [Rect(x: 90, y: 90, width: 60, height: 60)], "the padded region")
            Events.click(at: 0, x, 120).forEach(surface.handle)
            let tap = try XCTUnwrap(surface.region(named: "button")?.gestureRecognizer(named: "tap"))
            XCTAssertEqual(tap.record.transitions.map(\.state) == [.recognized], recognized, "x \(x)")
            if recognized { XCTAssertEqual(tap.location.x, x, "where the pointer is") }
        }
    }

    func testRowsPaddingAndStylesBuildTheTalksExamples() throws {
        let built = try interactions(
            """
            {"style": {"effect": "highlight"}, "magnetism": 0.5, "regions": [
              {"name": "line", "rows": 3, "style": {"shape": "verticalBeam", "constrainedAxes": ["vertical"]}},
              {"name": "button", "padding": [8, 4]},
              {"rect": [0, 0, 10, 10], "style": {"effect": "lift", "shape": "roundedRect", "cornerRadius": 4}},
              {"name": "custom", "rect": [0, 0, 10, 10], "style": {"shape": "path", "path": [[0, 0], [10, 0], [5, 8]], \
              "constrainedAxes": ["horizontal", "vertical"]}}
            ]}
            """)[0]
        XCTAssertEqual(built.magnetism, 0.5)
        XCTAssertEqual(built.regions.map(\.identifier), ["line.1", "line.2", "line.3", "button", "view.3", "custom"])
        XCTAssertEqual(
            built.regions[1].rect, Rect(x: 100, y: 240, width: 300, height: 40), "three contiguous lines of 40 points")
        XCTAssertEqual(
            built.regions[1].style, .shape(.verticalBeam(length: 40), constrainedAxes: .vertical),
            "a beam as long as its line is high")
        XCTAssertEqual(built.regions[3].rect, Rect(x: 92, y: 196, width: 316, height: 128))
        XCTAssertEqual(built.regions[3].style, .effect(.highlight), "the interaction's style")
        XCTAssertEqual(
            built.regions[4].style,
            .effect(.lift, shape: .roundedRect(Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 4)))
        XCTAssertEqual(built.regions[5].style.constrainedAxes, [.horizontal, .vertical])
    }

    /// The 10,000-region bound is the surface's, over all its views.
    func testASurfaceHasAtMostTenThousandRegions() throws {
        func surface(_ rows: [Int]) -> String {
            let views = rows.enumerated().map {
                #"{"name": "v\#($0.offset)", "frame": [0, 0, 10, 10], "recognizers": [],"#
                    + #" "pointerInteraction": {"regions": [{"rows": \#($0.element)}]}}"#
            }
            return #"{"regions": [\#(views.joined(separator: ","))]}"#
        }
        let fits = try JSONDecoder().decode(SurfaceDescription.self, from: Data(surface([6000, 4000]).utf8))
        XCTAssertEqual(try fits.pointerInteractions().map(\.regions.count), [6000, 4000])
        let over = try JSONDecoder().decode(SurfaceDescription.self, from: Data(surface([6000, 4000, 1]).utf8))
        XCTAssertThrowsError(try over.pointerInteractions()) { error in
            guard case .invalidPointerInteraction("v2", 0, "rows", _)? = error as? SurfaceDescriptionError else {
                return XCTFail("\(error)")
            }
        }
    }

    func testBadPointerInteractionsAreRefusedNamingWhere() {
        let cases: [(String, Int?, String)] = [
            (#"{"magnetism": 2}"#, nil, "magnetism"),
            (#"{"regions": [{"rect": [0, 0, -1, 5]}]}"#, 0, "rect"),
            (#"{"regions": [{"rect": [0, 0, 1, 5], "padding": [1, 1]}]}"#, 0, "padding"),
            (#"{"regions": [{}, {"padding": [-1, 0]}]}"#, 1, "padding"),
            (#"{"regions": [{"rows": 0}]}"#, 0, "rows"),
            (#"{"regions": [{"rows": 6000}, {"rows": 5000}]}"#, 1, "rows"),
            (#"{"regions": [{"padding": [1e308, 0]}]}"#, 0, "padding"),
            (#"{"regions": []}"#, nil, "regions"),
            (#"{"style": {"shape": "path"}, "regions": [{"style": {"effect": "lift"}}]}"#, nil, "style"),
            (#"{"style": {"shape": "roundedRect", "cornerRadius": -1}, "regions": [{"rows": 2}]}"#, nil, "style"),
            (#"{"regions": [{"name": "a"}, {"name": "a"}]}"#, 1, "name"),
            (#"{"regions": [{"name": "a", "rows": 2}, {"name": "a.2"}]}"#, 1, "name"),
            (#"{"style": {"effect": "highlight", "constrainedAxes": ["vertical"]}}"#, nil, "style"),
            (#"{"style": {}}"#, nil, "style"),
            (#"{"regions": [{"style": {"shape": "path", "path": [[0, 0], [1, 1]]}}]}"#, 0, "style"),
            (#"{"regions": [{"style": {"shape": "verticalBeam", "length": -3}}]}"#, 0, "style"),
            (#"{"regions": [{"style": {"shape": "verticalBeam", "cornerRadius": 3}}]}"#, 0, "style"),
        ]
        for (text, index, option) in cases {
            guard case .invalidPointerInteraction(let region, let found, let foundOption, _)? = error(text) else {
                XCTFail("\(text) was not refused")
                continue
            }
            XCTAssertEqual(region, "view", text)
            XCTAssertEqual(found, index, text)
            XCTAssertEqual(foundOption, option, text)
        }
        XCTAssertEqual(
            error(#"{"regions": [{"rows": 0}]}"#)?.description,
            "region view, pointerInteraction region 1, rows: must lie between 1 and 10000")
    }
}
