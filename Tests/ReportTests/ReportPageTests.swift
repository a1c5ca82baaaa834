import AppEvents
import Recordings
import ReportPage
import Replays
import SurfaceDescriptions
import TestSupport
import ViewTimeline
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
        // The count is the player's: the pad's frames, libinput's events and the end.
        XCTAssertEqual(whole.frameCount, whole.timeline?.frames.count)
        let exactly = try page(limit: whole.frameCount), oneShort = try page(limit: whole.frameCount - 1)
        XCTAssertNotNil(exactly.timeline)
        XCTAssertNil(oneShort.timeline)
    }

    /// The page of the recording at `path` on the list screen, replayed as it comes, and the replay.
    private func listPage(_ path: String, title: String) throws -> (page: ReportPage, replay: Replay) {
        let recording = try RecordingLoader.load(path)
        let replay = try Replay(.recording(recording))
        let screen = BuiltInScreen.list.description()
        let page = try ReportPage(
            title: title, recording: recording, events: replay.events,
            recordingStart: replay.report.recordingStart, timeBase: replay.timeBase,
            configuration: screen.translatorConfiguration(screen: BuiltInScreen.layoutSize), screenName: "list"
        ) { try screen.makeSurface() }
        return (page, replay)
    }

    /// Where no recognizer did anything, the page says what libinput reported instead, in the
    /// sentence compare prints in place of its table, naming the screen as compare does.
    func testAPageWhereNothingWasTakenSaysWhatLibinputReported() throws {
        let (page, replay) = try listPage(
            Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.leftmove.events").path,
            title: "leftmove")
        let sentence = try XCTUnwrap(page.data.comparison.nothingTakenInWords(for: replay.events, screen: "list"))
        XCTAssertTrue(sentence.contains("no recognizer on the list screen took any of it"), sentence)
        XCTAssertTrue(sentence.hasPrefix("libinput reported pointer motion"), sentence)
        XCTAssertEqual(page.data.whatDiffers, [sentence])
        XCTAssertTrue(page.data.html().contains("<h2>What differs</h2>"), "the sentence has its heading")
        // The header names the libinput that replayed it, as its DEVICE_ADDED does.
        let version = try XCTUnwrap(page.data.libinputVersion)
        XCTAssertTrue(
            replay.events.contains {
                if case .deviceAdded(let info) = $0.kind { info.libinputVersion == version } else { false }
            })
        XCTAssertTrue(page.data.html().contains(" s, from libinput \(version)</dd>"))
    }

    /// Recognizers that failed and activated in neither mode are told why on the page, as compare tells them.
    func testAPageSaysWhyRecognizersFailedInBothModes() throws {
        let (page, replay) = try listPage(
            Fixtures.evemu.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.button-rpress.events").path,
            title: "button-rpress")
        let why = page.data.comparison.failuresInWords(timeBase: replay.timeBase)
        XCTAssertFalse(why.isEmpty)
        XCTAssertEqual(page.data.whyFailed, why)
        let html = page.data.html()
        XCTAssertTrue(html.contains("<h2>Why they failed</h2>\n<ul id=\"failures\">"), html)
        XCTAssertTrue(html.contains("<li>\(why[0])</li>"), why[0])
    }

    /// A replay at another speed has libinput read the pad's frames at that speed: the player
    /// draws each frame at the time libinput read it, as the view does, not the recording's.
    func testThePlayerDrawsThePadAtTheReplaysSpeed() throws {
        let recording = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        var options = ReplayOptions()
        options.timing.speed = 2
        let replay = try Replay(.recording(recording), options: options)
        let screen = BuiltInScreen.list.description()
        let configuration = screen.translatorConfiguration(screen: BuiltInScreen.layoutSize)
        let page = try ReportPage(
            title: "pinch-in.yml", recording: recording, events: replay.events,
            recordingStart: replay.report.recordingStart, timeBase: replay.timeBase, speed: 2,
            configuration: configuration
        ) { try screen.makeSurface() }
        let view = try ViewTimeline.run(
            title: "pinch-in.yml", recording: recording, events: replay.events,
            recordingStart: replay.report.recordingStart, timeBase: replay.timeBase, speed: 2,
            configuration: configuration
        ) { try screen.makeSurface() }.timeline
        XCTAssertEqual(try XCTUnwrap(page.timeline).frames.map(\.time), view.frames.map(\.time))
        // The last of libinput's events comes after the pad's last frame it read, at half the recording's time.
        let last = try XCTUnwrap(page.timeline?.frames.dropLast().last?.time)
        XCTAssertLessThan(last, Double(recording.duration) / 1e6 / 2 + 0.1)
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
        let page = try listPage(path, title: "pinch-in.yml").page
        var folder = ReportFolder()
        XCTAssertNil(folder.index)
        let names = [path, path, "-"].map { folder.add(page, of: $0).file }
        XCTAssertEqual(names, ["pinch-in.html", "pinch-in-2.html", "report.html"])
        let index = try XCTUnwrap(folder.index)
        XCTAssertEqual(index.file, "index.html")
        for name in names { XCTAssertTrue(index.html.contains("href=\"\(name)\""), name) }
    }
}
