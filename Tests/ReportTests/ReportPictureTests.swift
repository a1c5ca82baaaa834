import Foundation
import Recordings
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
import TestSupport

/// `touchsynth report` and `compare --report` on real libinput replays: the pictures are checked
/// as XML against counts taken independently from the recording and from `replay --json`.
final class ReportPictureTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchsynth-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func render(
        _ recording: URL, _ extra: [String] = [], output name: String = "report.html"
    ) throws -> XMLDocument {
        let output = directory.appendingPathComponent(name)
        let result = runCommand(["report", recording.path, "-o", output.path] + extra)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XMLDocument(contentsOf: output, options: [])
    }

    private func nodes(_ document: XMLDocument, _ xpath: String) throws -> [XMLElement] {
        try document.nodes(forXPath: xpath).compactMap { $0 as? XMLElement }
    }

    /// By XPath: FoundationXML's `attribute(forName:)` finds nothing on elements in a default namespace.
    private func attribute(_ element: XMLElement, _ name: String) -> String? {
        (try? element.nodes(forXPath: "@\(name)"))?.first?.stringValue
    }

    private func points(_ polyline: XMLElement) throws -> [(Double, Double)] {
        try XCTUnwrap(attribute(polyline, "points")).split(separator: " ").map { pair in
            let xy = pair.split(separator: ",").compactMap { Double($0) }
            XCTAssertEqual(xy.count, 2, "point \(pair)")
            return (xy.first ?? .nan, xy.last ?? .nan)
        }
    }

    /// The plot rectangle (the axis frame) of the `svg` element that holds `element`.
    private func plotRect(of svg: XMLElement) throws -> CGRect {
        let rect = try XCTUnwrap(
            try svg.nodes(forXPath: ".//*[local-name()='rect'][@class='axis']").first as? XMLElement)
        let value = { (name: String) in Double(self.attribute(rect, name) ?? "") ?? .nan }
        return CGRect(x: value("x"), y: value("y"), width: value("width"), height: value("height"))
    }

    private func svg(_ document: XMLDocument, figure: String) throws -> XMLElement {
        try XCTUnwrap(
            try nodes(document, "//*[local-name()='figure'][@id='\(figure)']/*[local-name()='svg']").first,
            "figure \(figure)")
    }

    /// Frames in which each contact (slot, tracking ID) was down, counted straight from the
    /// recording's MT events, in the order the contacts began.
    private func framesDown(_ recording: Recording) -> [Int] {
        var slot = 0
        var live: [Int: Int] = [:]
        var counts: [Int] = []
        for frame in recording.frames {
            for e in frame.events where e.type == Evdev.EV_ABS {
                if e.code == Evdev.ABS_MT_SLOT { slot = Int(e.value) }
                if e.code == Evdev.ABS_MT_TRACKING_ID {
                    if e.value < 0 { live[slot] = nil } else { live[slot] = counts.count; counts.append(0) }
                }
            }
            for index in live.values { counts[index] += 1 }
        }
        return counts
    }

    /// Per touch ID, how many compat touches events carried it, and whether it was simulated;
    /// and how many pinch events libinput and transform events indirect mode produced.
    private func streamCounts(
        _ recording: URL
    ) throws -> (touches: [Int: (count: Int, simulated: Bool)], pinch: Int, transforms: Int, simulatedPairs: Int) {
        let result = runCommand(["replay", "--mode", "both", "--json", recording.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        var touches: [Int: (count: Int, simulated: Bool)] = [:]
        var pinch = 0, transforms = 0, pairs = 0
        for object in try jsonLines(result.stdout) {
            if let libinput = object["libinput"] as? [String: Any], let type = libinput["type"] as? String,
                type == "GESTURE_PINCH_BEGIN" || type == "GESTURE_PINCH_UPDATE", libinput["fingers"] as? Int == 2
            {
                pinch += 1
            }
            for event in object["compat"] as? [[String: Any]] ?? [] where event["type"] as? String == "touches" {
                let list = event["touches"] as? [[String: Any]] ?? []
                if list.count == 2 && list.allSatisfy({ $0["simulated"] as? Bool == true }) { pairs += 1 }
                for touch in list {
                    let id = try XCTUnwrap(touch["id"] as? Int)
                    touches[id, default: (0, touch["simulated"] as? Bool == true)].count += 1
                }
            }
            transforms +=
                (object["indirect"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "transform" }.count
        }
        return (touches, pinch, transforms, pairs)
    }

    func testPinchAndRotationReportsDrawAPointPerFrameAndPerEventInsideTheirAxes() throws {
        for name in ["pinch-out.yml", "rotate-cw.yml"] {
            let url = Fixtures.synthesized.appendingPathComponent(name)
            // The canvas screen, where one pinch and one rotation recognizer take the whole screen.
            let document = try render(url, ["--surface", "canvas"])
            let recording = try RecordingLoader.load(url.path)

            // (a) One track per contact, one point per frame it was down, inside the pad.
            let touchpad = try svg(document, figure: "touchpad")
            let tracks = try touchpad.nodes(forXPath: ".//*[@class='finger-track']").compactMap { $0 as? XMLElement }
            let expected = framesDown(recording)
            XCTAssertEqual(tracks.count, expected.count, "\(name): contacts")
            let padRect = try plotRect(of: touchpad)
            for (track, frames) in zip(tracks, expected) {
                let line = try XCTUnwrap(
                    try track.nodes(forXPath: ".//*[local-name()='polyline']").first as? XMLElement)
                let drawn = try points(line)
                XCTAssertEqual(
                    drawn.count, frames, "\(name): points of contact \(attribute(track, "data-tracking-id") ?? "?")")
                XCTAssertEqual(Int(attribute(track, "data-points") ?? ""), frames)
                XCTAssertTrue(
                    drawn.allSatisfy { padRect.insetBy(dx: -0.01, dy: -0.01).contains(CGPoint(x: $0.0, y: $0.1)) },
                    "\(name): a finger outside the pad")
                XCTAssertEqual(try track.nodes(forXPath: ".//*[@class='start']").count, 1)
                XCTAssertEqual(try track.nodes(forXPath: ".//*[@class='end']").count, 1)
            }

            // (b) One track per compat touch, a point per touches event carrying it.
            let counts = try streamCounts(url)
            let screen = try svg(document, figure: "screen")
            let simulated = try screen.nodes(forXPath: ".//*[@class='simulated-track']").compactMap {
                $0 as? XMLElement
            }
            XCTAssertEqual(simulated.count, counts.touches.values.filter(\.simulated).count, name)
            XCTAssertEqual(simulated.count, 2, "\(name): one simulated pair")
            let screenRect = try plotRect(of: screen)
            for track in simulated {
                let id = try XCTUnwrap(Int(attribute(track, "data-touch-id") ?? ""))
                let line = try XCTUnwrap(
                    try track.nodes(forXPath: ".//*[local-name()='polyline']").first as? XMLElement)
                let drawn = try points(line)
                XCTAssertEqual(drawn.count, counts.touches[id]?.count, "\(name): points of touch \(id)")
                XCTAssertTrue(
                    drawn.allSatisfy { screenRect.contains(CGPoint(x: $0.0, y: $0.1)) },
                    "\(name): the pair stays on screen")
            }

            // (c) Timelines: a point per libinput pinch event, transform event and simulated pair.
            for figure in ["scale", "angle"] {
                let plot = try svg(document, figure: figure)
                let rect = try plotRect(of: plot)
                let series = try plot.nodes(forXPath: ".//*[@class='series']").compactMap { $0 as? XMLElement }
                let byName = Dictionary(uniqueKeysWithValues: series.map { (attribute($0, "data-series") ?? "", $0) })
                let expectedCounts = [
                    "libinput": counts.pinch, "indirect: transform events": counts.transforms,
                    "compat: from simulated touches": counts.simulatedPairs,
                ]
                XCTAssertEqual(Set(byName.keys), Set(expectedCounts.keys), "\(name) \(figure)")
                for (seriesName, count) in expectedCounts {
                    let lines = try XCTUnwrap(byName[seriesName]).nodes(forXPath: ".//*[local-name()='polyline']")
                        .compactMap { $0 as? XMLElement }
                    let drawn = try lines.flatMap(points)
                    XCTAssertEqual(drawn.count, count, "\(name) \(figure): \(seriesName)")
                    XCTAssertGreaterThan(count, 10)
                    XCTAssertTrue(
                        drawn.allSatisfy { rect.insetBy(dx: -0.01, dy: -0.01).contains(CGPoint(x: $0.0, y: $0.1)) },
                        "\(name) \(figure): \(seriesName) in range")
                }
            }

            // Axes with units on every plot; (d) a lane per recognizer and mode; (e) the table.
            for (figure, unit) in [
                ("touchpad", "(mm)"), ("screen", "(points)"), ("scale", "(s)"), ("angle", "(s)"),
                ("recognizers", "(s)"),
            ] {
                let plot = try svg(document, figure: figure)
                let xTitle = try XCTUnwrap(
                    try plot.nodes(forXPath: ".//*[@data-axis='x']").first?.stringValue, "\(figure): x axis")
                XCTAssertTrue(xTitle.hasSuffix(unit), "\(figure): \(xTitle)")
                XCTAssertEqual(try plot.nodes(forXPath: ".//*[@data-axis='y']").count, 1, "\(figure): y axis")
                XCTAssertGreaterThanOrEqual(
                    try plot.nodes(forXPath: ".//*[@class='tick']").count, 3, "\(figure): ticks")
                XCTAssertEqual(try plot.nodes(forXPath: ".//*[@class='legend']").count, 1, "\(figure): legend")
            }
            let tableRows = try nodes(document, "//*[local-name()='table'][@id='summary']/*[local-name()='tr']")
            let lanes = try svg(document, figure: "recognizers").nodes(forXPath: ".//*[@class='lane']")
            XCTAssertEqual(lanes.count, 2 * (tableRows.count - 1), "\(name): two lanes per recognizer row")
            let recognizer = name.hasPrefix("pinch") ? "canvas/pinch" : "canvas/rotation"
            for mode in ["compat", "indirect"] {
                let lane = try XCTUnwrap(
                    try svg(document, figure: "recognizers")
                        .nodes(forXPath: ".//*[@class='lane'][@data-recognizer='\(recognizer)'][@data-mode='\(mode)']")
                        .first as? XMLElement)
                XCTAssertEqual(
                    try lane.nodes(forXPath: ".//*[@class='bar']").count, 1,
                    "\(name): \(recognizer) began and ended once in \(mode)")
            }
        }
    }

    func testEachPlotAloneIsAStandaloneSVG() throws {
        let url = Fixtures.synthesized.appendingPathComponent("pinch-rotate.yml")
        for plot in ["touchpad", "screen", "scale", "angle", "recognizers", "pointer"] {
            let document = try render(url, ["--plot", plot], output: "\(plot).svg")
            let root = try XCTUnwrap(document.rootElement())
            XCTAssertEqual(root.localName, "svg", plot)
            XCTAssertEqual(root.uri, "http://www.w3.org/2000/svg", plot)
            XCTAssertNotNil(attribute(root, "viewBox"), plot)
        }
    }

    func testCompareWritesAReportPerRecordingAndAnIndex() throws {
        let recordings =
            ["pinch-out.yml", "rotate-cw.yml"].map { Fixtures.synthesized.appendingPathComponent($0).path }
            + [Fixtures.evemu.appendingPathComponent("touchpads_bcm5974.three-finger-click.events").path]
        let out = directory.appendingPathComponent("reports")
        let result = runCommand(["compare", "--report", out.path] + recordings)
        XCTAssertEqual(result.status, 0, result.stderr)
        let index = try XMLDocument(contentsOf: out.appendingPathComponent("index.html"), options: [])
        let links = try index.nodes(forXPath: "//*[local-name()='a']/@href").compactMap(\.stringValue)
        XCTAssertEqual(links, ["pinch-out.html", "rotate-cw.html", "touchpads_bcm5974.three-finger-click.html"])
        for link in links {
            let page = try XMLDocument(contentsOf: out.appendingPathComponent(link), options: [])
            // The six plots are figures with an id; the player's figures have none.
            XCTAssertEqual(
                try page.nodes(forXPath: "//*[local-name()='figure'][@id]/*[local-name()='svg']").count, 6, link)
        }
    }

    func testBadArgumentsAndFilesGiveOneLineErrors() throws {
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-out.yml").path
        let missing = runCommand([
            "report", directory.appendingPathComponent("nope.yml").path, "-o",
            directory.appendingPathComponent("x.html").path,
        ])
        XCTAssertEqual(missing.status, 66, missing.stderr)
        let wrongExtension = runCommand(["report", pinch, "-o", directory.appendingPathComponent("x.txt").path])
        XCTAssertEqual(wrongExtension.status, 64, wrongExtension.stderr)
        let unwritable = runCommand([
            "report", pinch, "-o",
            directory.appendingPathComponent("no/such/dir/x.html").path,
        ])
        XCTAssertEqual(unwritable.status, 73, unwritable.stderr)
        for result in [missing, wrongExtension, unwritable] {
            XCTAssertFalse(result.stderr.isEmpty)
        }
        XCTAssertEqual(missing.stderr.split(separator: "\n").count, 1, missing.stderr)
        XCTAssertEqual(unwritable.stderr.split(separator: "\n").count, 1, unwritable.stderr)
    }

    /// Every command that writes a file says why it could not, in the system's words, with 73.
    func testOutputThatCannotBeWrittenGivesTheSystemsReason() throws {
        let pinch = Fixtures.synthesized.appendingPathComponent("pinch-out.yml").path
        let absent = directory.appendingPathComponent("no/such").path
        let aFile = directory.appendingPathComponent("a-file").path
        XCTAssertTrue(FileManager.default.createFile(atPath: aFile, contents: Data()))
        let device = Fixtures.root.appendingPathComponent(
            "Tests/Fixtures/devices/touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc"
        ).path
        let cases: [(arguments: [String], stderr: String)] = [
            (
                ["convert", pinch, "-o", "\(absent)/x.evemu"],
                "\(absent)/x.evemu: cannot write: No such file or directory"
            ),
            (
                ["synthesize", "--text", "pinch scale=1.5", "--desc", device, "-o", "\(absent)/x.yml"],
                "\(absent)/x.yml: cannot write: No such file or directory"
            ),
            (
                ["corpus", device, "--markdown", "\(absent)/x.md"],
                "\(absent)/x.md: cannot write: No such file or directory"
            ),
            (["compare", "--report", "\(aFile)/reports", pinch], "\(aFile)/reports: cannot create: Not a directory"),
        ]
        for (arguments, stderr) in cases {
            let result = runCommand(arguments)
            XCTAssertEqual(result.status, 73, arguments.joined(separator: " "))
            XCTAssertEqual(result.stderr, "touchsynth: \(stderr)\n", arguments.joined(separator: " "))
        }
    }
}
