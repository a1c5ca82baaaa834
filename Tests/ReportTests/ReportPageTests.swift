import AppEvents
import Recordings
import ReportPage
import Replays
import SurfaceDescriptions
import TestSupport
import XCTest

/// A report's page: the player embedded up to its frame limit, left out beyond it with the
/// plots and table unchanged, and drawn from a run of what the page's options ask.
final class ReportPageTests: XCTestCase {
    func testALongReplaysPageLeavesThePlayerOutAndKeepsTheRest() throws {
        let recording = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        let replay = try Replay(.recording(recording))
        let screen = BuiltInScreen.list.description()
        let configuration = screen.translatorConfiguration(screen: BuiltInScreen.layoutSize)
        func page(limit: Int) throws -> ReportPage {
            try ReportPage(
                title: "pinch-in.yml", recording: recording, events: replay.events,
                recordingStart: replay.report.recordingStart, timeBase: replay.timeBase, configuration: configuration,
                playerFrameLimit: limit
            ) { try screen.makeSurface() }
        }
        let whole = try page(limit: ReportPage.playerFrameLimit), cut = try page(limit: 10)
        XCTAssertNotNil(whole.timeline)
        XCTAssertNil(cut.timeline)
        XCTAssertEqual(cut.data.html(), whole.data.html(), "the same plots and table from either run")
        XCTAssertTrue(cut.html().contains("Left out: the replay has \(cut.frameCount) frames"))
        XCTAssertFalse(cut.html().contains("<script"))
    }

    /// The app holding the pointer lock (`report --pointer-lock`) holds it in the run the page is
    /// drawn from, with the player or without.
    func testThePointerLockAskedForIsInThePagesRun() throws {
        let path = Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.leftmove.events").path
        let recording = try RecordingLoader.load(path)
        let replay = try Replay(.recording(recording))
        let screen = BuiltInScreen.canvas.description()
        for limit in [ReportPage.playerFrameLimit, 10] {
            let page = try ReportPage(
                title: "leftmove", recording: recording, events: replay.events,
                recordingStart: replay.report.recordingStart, timeBase: replay.timeBase,
                configuration: screen.translatorConfiguration(screen: BuiltInScreen.layoutSize),
                options: .init(requestsPointerLock: true), playerFrameLimit: limit
            ) { try screen.makeSurface() }
            for mode in DeliveryMode.allCases {
                let events = page.data.pipeline[mode].appEvents
                XCTAssertEqual(events.first?.payload, .pointerLock(isLocked: true), "\(mode), limit \(limit)")
                XCTAssertTrue(events.contains { $0.type == .relativeMotion }, "\(mode), limit \(limit)")
            }
        }
    }

    /// A folder names each report for its recording, a second of one name with `-2`, standard
    /// input's "report", and its index, once it has a report, links each under that name.
    func testAFolderNamesEachReportOnceAndIndexesThem() throws {
        let path = Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path
        let recording = try RecordingLoader.load(path)
        let replay = try Replay(.recording(recording))
        let screen = BuiltInScreen.list.description()
        let page = try ReportPage(
            title: "pinch-in.yml", recording: recording, events: replay.events,
            recordingStart: replay.report.recordingStart, timeBase: replay.timeBase,
            configuration: screen.translatorConfiguration(screen: BuiltInScreen.layoutSize)
        ) { try screen.makeSurface() }
        var folder = ReportFolder()
        XCTAssertNil(folder.index)
        let names = [path, path, "-"].map { folder.add(page, of: $0).file }
        XCTAssertEqual(names, ["pinch-in.html", "pinch-in-2.html", "report.html"])
        let index = try XCTUnwrap(folder.index)
        XCTAssertEqual(index.file, "index.html")
        for name in names { XCTAssertTrue(index.html.contains("href=\"\(name)\""), name) }
    }
}
