import AppEvents
import Foundation
import LibinputEvents
import Replays
import ModeComparison
import Recordings
import SurfaceDescriptions
import ViewTimeline
import XCTest
import TestSupport

/// The view's model on real libinput's replay of a real recording, checked against the other
/// computations of the same things: the recording's finger tracks, and `compare`'s report.
final class ViewTimelineTests: XCTestCase {
    /// Two fingers scrolling sideways, then pinching: on the list screen the pinch's simulated
    /// touches set off the list's swipe actions in compat mode only.
    private static let path = Fixtures.evemu.appendingPathComponent(
        "touchpads_SynPS2_Synaptics_TouchPad.hp8470p.two-finger-scroll-horizontal.events"
    ).path

    private struct Made {
        var recording: Recording
        var events: [LibinputEvent]
        var timeline: ViewTimeline
        var configuration: AppEventTranslator.Configuration
        var screen: SurfaceDescription
        var timeBase: TimeBase
    }

    private func make(_ builtIn: BuiltInScreen = .list, path: String = ViewTimelineTests.path) throws -> Made {
        let recording = try RecordingLoader.load(path)
        let replay = try Replay(.recording(recording))
        let screen = builtIn.description()
        let configuration = screen.translatorConfiguration(screen: BuiltInScreen.layoutSize)
        let timeline = ViewTimeline(
            title: "t", recording: recording, events: replay.events, recordingStart: replay.report.recordingStart,
            timeBase: replay.timeBase, configuration: configuration,
            makeSurface: { try! screen.makeSurface() })
        return Made(
            recording: recording, events: replay.events, timeline: timeline, configuration: configuration,
            screen: screen, timeBase: replay.timeBase)
    }

    /// On the Apple pad's clicks the list's text view recognizes a tap, once its wait is over: the
    /// step where a recognizer recognized shows it so (it is possible again by the next), and a
    /// change a recognizer's timer made sits at the first step at or after its time, not at the
    /// later event that read it.
    func testEachChangeIsShownAtItsTimeAndTheStateItReached() throws {
        let made = try make(
            path: Fixtures.evemu.appendingPathComponent("touchpads_bcm5974.three-finger-click.events").path)
        let frames = made.timeline.frames
        XCTAssertTrue(frames.contains { $0.compat.lanes.contains(.recognized) }, "a step shows recognized")
        var changes = 0
        for (i, frame) in frames.enumerated() {
            for change in frame.changes {
                changes += 1
                XCTAssertLessThanOrEqual(change.time, frame.time + 1e-6, "frame \(i)")
                if i > 0 { XCTAssertGreaterThanOrEqual(change.time, frames[i - 1].time - 1e-6, "frame \(i)") }
            }
        }
        XCTAssertGreaterThan(changes, 5)
    }

    func testEveryFrameAndEventBecomesAFrameInTimeOrder() throws {
        let made = try make()
        XCTAssertEqual(
            made.timeline.frames.count, made.recording.frames.count + made.events.count + 1,
            "pad frames, libinput events, the end")
        XCTAssertEqual(made.timeline.frames.map(\.index), Array(made.timeline.frames.indices))
        XCTAssertEqual(made.timeline.frames.map(\.time), made.timeline.frames.map(\.time).sorted())
        XCTAssertEqual(made.timeline.frames.filter { $0.source == "evdev" }.count, made.recording.frames.count)
    }

    func testTheContactsAreTheFingerTracks() throws {
        let made = try make()
        // Each track point is a finger down at a frame; the timeline's evdev frames, in order,
        // are the recording's frames.
        let padFrames = made.timeline.frames.filter { $0.source == "evdev" }
        var expected = [[TrackPoint]](repeating: [], count: made.recording.frames.count)
        let frameIndex = Dictionary(made.recording.frames.enumerated().map { ($0.element.time, $0.offset) }) {
            first, _ in first
        }
        for track in made.recording.fingerTracks {
            for point in track.points { expected[frameIndex[point.time]!].append(point) }
        }
        for (index, frame) in padFrames.enumerated() {
            XCTAssertEqual(frame.contacts.count, expected[index].count, "frame \(index)")
            for (contact, point) in zip(frame.contacts, expected[index]) {
                XCTAssertEqual(contact.x, point.x, accuracy: 1e-9)
                XCTAssertEqual(contact.y, point.y, accuracy: 1e-9)
            }
        }
        XCTAssertEqual(padFrames.map(\.contacts.count).max(), 2)
    }

    /// Live, an accidental activation no later event follows is flagged once its second has
    /// passed, by the clock alone (`decide(at:)`, which the live session calls as time goes by):
    /// not before, and the flags are compare's.
    func testLiveAnActivationNoInputFollowsIsFlaggedOnceItsSecondPassed() throws {
        let made = try make()
        let model = try ViewModel(title: "live", device: made.recording.device, configuration: made.configuration) {
            try made.screen.makeSurface()
        }
        var flagged: [String] = []
        func note(_ frame: ViewFrame?) {
            flagged += (frame?.changes ?? []).filter(\.accidental).map {
                "\(model.scene.lanes[$0.lane].name) \($0.mode.rawValue)"
            }
        }
        for event in made.events { note(model.step(event)) }
        let last = try XCTUnwrap(made.events.last?.time)
        let reported = try ModePipeline.run(made.events, configuration: made.configuration) {
            try made.screen.makeSurface()
        }.comparison.accidentalActivations.map { "\($0.path) \($0.mode.rawValue)" }
        XCTAssertFalse(reported.isEmpty)
        XCTAssertNotEqual(flagged, reported, "the last of them waits on the clock")
        XCTAssertNil(model.decide(at: last), "not yet: the other mode may still match it")
        note(model.decide(at: last + 1_100_000))
        XCTAssertEqual(flagged, reported)
        XCTAssertNil(model.decide(at: last + 5_000_000), "each is flagged once")
    }

    /// A frame's time and its changes' times are written to the microsecond libinput stamps, so
    /// the page's milliseconds round them once, as replay's do, and one event has one time.
    func testTimesAreWrittenToTheMicrosecond() throws {
        let made = try make()
        for frame in made.timeline.frames {
            let json = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: Data(frame.json(after: nil).utf8)) as? [String: Any])
            let written = try XCTUnwrap(json["t"] as? Double)
            XCTAssertEqual(written, frame.time, accuracy: 5e-7, "frame \(frame.index)")
            let changes = json["changes"] as? [[String: Any]] ?? []
            for (change, written) in zip(frame.changes, changes.compactMap { $0["t"] as? Double }) {
                XCTAssertEqual(written, change.time, accuracy: 5e-7, "frame \(frame.index)")
            }
        }
    }

    func testAccidentalActivationsAreComparesAndTheModesFirstDifferThere() throws {
        let made = try make()
        let pipeline = try ModePipeline.run(made.events, configuration: made.configuration) {
            try made.screen.makeSurface()
        }
        let report = pipeline.comparison
        let flagged = made.timeline.accidentalActivations.map {
            "\(made.timeline.scene.lanes[$0.lane].name) \($0.mode.rawValue)"
        }
        let reported = report.accidentalActivations.map { "\($0.path) \($0.mode.rawValue)" }
        XCTAssertFalse(reported.isEmpty)
        XCTAssertEqual(flagged, reported)
        let first = try XCTUnwrap(made.timeline.nextDifference(after: -1))
        XCTAssertTrue(
            made.timeline.frames[first].changes.contains { $0.accidental },
            "the first difference is the accidental activation")
        XCTAssertFalse(made.timeline.frames[first - 1].differs)
        // A difference starts at each frame that differs after one that does not, and only there.
        for (before, frame) in zip([nil] + made.timeline.frames.map(\.differs), made.timeline.frames) {
            XCTAssertEqual(frame.startsDifference, frame.differs && before != true, "frame \(frame.index)")
        }
    }

    /// On the photos screen the pan starts three times in compat mode and once in indirect mode:
    /// the timeline flags the two surplus starts, at the times `compare` gives them.
    func testASurplusOfActivationsIsFlaggedWhereCompareCountsIt() throws {
        let made = try make(.photos)
        let report = try ModePipeline.run(made.events, configuration: made.configuration) {
            try made.screen.makeSurface()
        }.comparison
        let flagged = made.timeline.accidentalActivations.map {
            "\(made.timeline.scene.lanes[$0.lane].name) \($0.mode.rawValue) \(Int(($0.time * 1e6).rounded()))"
        }
        let reported = report.accidentalActivations.flatMap { activation in
            activation.times.map {
                "\(activation.path) \(activation.mode.rawValue) "
                    + "\(Int((made.timeBase.seconds(atTimestamp: $0) * 1e6).rounded()))"
            }
        }
        XCTAssertEqual(reported.count, 2, "\(reported)")
        XCTAssertEqual(flagged, reported)
    }

    func testTheJSONCarriesEveryFramesStateForward() throws {
        let made = try make()
        // The bytes the server sends are the text's.
        XCTAssertEqual(made.timeline.jsonData, Data(made.timeline.json.utf8))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: made.timeline.jsonData) as? [String: Any])
        let frames = try XCTUnwrap(object["frames"] as? [[String: Any]])
        XCTAssertEqual(frames.count, made.timeline.frames.count)
        var compat: [String: Any] = [:], indirect: [String: Any] = [:], contacts: [Any] = []
        for (json, frame) in zip(frames, made.timeline.frames) {
            compat = json["compat"] as? [String: Any] ?? compat
            indirect = json["indirect"] as? [String: Any] ?? indirect
            contacts = json["contacts"] as? [Any] ?? contacts
            XCTAssertEqual(compat["lanes"] as? [String], frame.compat.lanes.map(\.rawValue), "frame \(frame.index)")
            XCTAssertEqual(indirect["lanes"] as? [String], frame.indirect.lanes.map(\.rawValue), "frame \(frame.index)")
            XCTAssertEqual((compat["touches"] as? [Any])?.count, frame.compat.touches.count)
            XCTAssertEqual(contacts.count, frame.contacts.count)
            XCTAssertEqual(json["differs"] as? Bool, frame.differs)
        }
        XCTAssertLessThan(made.timeline.json.utf8.count, frames.count * 1500, "frames hold only what changed")
    }

    /// libinput's decisions, explained, land on the step of the frame libinput read when it
    /// made each (or a timer's, on the events it made), and the JSON carries them.
    func testLibinputsDecisionsLandOnTheirFrames() throws {
        let recording = try RecordingLoader.load(Self.path)
        let (explanation, part, replay) = try Replay.explain(recording, named: Self.path, options: ReplayOptions())
        let screen = BuiltInScreen.list.description()
        let timeline = ViewTimeline(
            title: "t", recording: part, events: replay.events, recordingStart: replay.report.recordingStart,
            timeBase: replay.timeBase, configuration: screen.translatorConfiguration(screen: BuiltInScreen.layoutSize),
            decisions: explanation.notes, makeSurface: { try! screen.makeSurface() })
        let placed = timeline.frames.flatMap(\.decisions)
        XCTAssertEqual(placed.count, explanation.notes.count)
        XCTAssertGreaterThan(placed.count, 10)
        for note in explanation.notes {
            guard case .frame(let index) = note.place else { continue }
            let step = try XCTUnwrap(timeline.frames.first { $0.decisions.contains(note) }, note.line)
            XCTAssertEqual(step.source, "evdev", note.line)
            XCTAssertEqual(step.time, explanation.seconds(part.frames[index].time), accuracy: 1e-6, note.line)
        }
        XCTAssertTrue(timeline.json.contains("\"decisions\":[{\"machine\":\"gesture\""))
    }

    /// A decision another device's frame made, a lid shutting and opening, lands at that frame's
    /// time: on the first step at or after it, the last for one after the recording's end.
    func testADecisionAnotherDevicesFrameMadeLandsAtItsTime() throws {
        let path = Fixtures.synthesized.appendingPathComponent("two-finger-scroll.yml").path
        var options = ReplayOptions()
        options.otherDevices = [.file(Fixtures.directory.appendingPathComponent("keyboard/lid-switch.evemu").path)]
        let (explanation, part, replay) = try Replay.explain(RecordingLoader.load(path), named: path, options: options)
        let screen = BuiltInScreen.list.description()
        let timeline = ViewTimeline(
            title: "t", recording: part, events: replay.events, recordingStart: replay.report.recordingStart,
            timeBase: replay.timeBase, configuration: screen.translatorConfiguration(screen: BuiltInScreen.layoutSize),
            decisions: explanation.notes, makeSurface: { try! screen.makeSurface() })
        XCTAssertEqual(timeline.frames.flatMap(\.decisions).count, explanation.notes.count)
        let suspends = explanation.notes.filter { $0.machine == "suspend" }
        XCTAssertEqual(suspends.map(\.state), ["suspended", "resumed"])
        for note in suspends {
            guard case .time(let micros) = note.place else { return XCTFail("\(note.place)") }
            let step = try XCTUnwrap(timeline.frames.first { $0.decisions.contains(note) }, note.line)
            let at = explanation.seconds(micros)
            XCTAssertTrue(
                step.time >= at - 1e-6 || step.index == timeline.frames.count - 1, "\(note.line) at \(step.time)")
        }
    }

    /// The JSON written as the frames are made, which `view` serves without holding them, is the
    /// held timeline's byte for byte: decisions, accidental activations (the list's and the
    /// photos screen's surplus), changes a timer made at a later step, the scene's words, a
    /// replay played at twice its speed, and one that delivered nothing.
    func testTheJSONWrittenAsTheFramesAreMadeIsTheHeldTimelines() throws {
        let bcm5974 = Fixtures.evemu.appendingPathComponent("touchpads_bcm5974.three-finger-click.events").path
        let runs = [(Self.path, BuiltInScreen.list, 1.0), (Self.path, .photos, 1), (bcm5974, .list, 2)]
        for (path, builtIn, speed) in runs {
            let recording = try RecordingLoader.load(path)
            var options = ReplayOptions()
            options.timing.speed = speed
            let (explanation, part, replay) = try Replay.explain(recording, named: path, options: options)
            let screen = builtIn.description()
            let configuration = screen.translatorConfiguration(screen: BuiltInScreen.layoutSize)
            let words = { (pipeline: ModePipeline) in
                (
                    pipeline.comparison.accidentalActivations.map { "\($0.path) \($0.mode.rawValue)" },
                    pipeline.comparison.rows.filter { $0.compat.failed > 0 }.map(\.recognizer)
                )
            }
            for delivered in [true, false] {
                let events = delivered ? replay.events : []
                let start = delivered ? replay.report.recordingStart : nil
                var (held, pipeline) = ViewTimeline.run(
                    title: "t", recording: part, events: events, recordingStart: start, timeBase: replay.timeBase,
                    speed: speed, configuration: configuration, decisions: explanation.notes,
                    makeSurface: { try! screen.makeSurface() })
                (held.scene.differences, held.scene.failures) = words(pipeline)
                // Handed on in chunks, as to a file, in order.
                var chunks: [Data] = []
                ViewTimeline.writeJSON(
                    title: "t", recording: part, events: events, recordingStart: start, timeBase: replay.timeBase,
                    speed: speed, configuration: configuration, decisions: explanation.notes,
                    words: words, makeSurface: { try! screen.makeSurface() }, chunk: 4096
                ) { chunks.append($0) }
                let named = "\(path), \(builtIn), ×\(speed), \(delivered ? "delivered" : "nothing delivered")"
                XCTAssertEqual(String(decoding: chunks.reduce(Data(), +), as: UTF8.self), held.json, named)
                XCTAssertTrue(chunks.dropLast().allSatisfy { $0.count >= 4096 }, named)
                if delivered { XCTAssertGreaterThan(chunks.count, 1, named) }
                XCTAssertEqual(held.frames.flatMap(\.decisions).isEmpty, !delivered, named)
            }
        }
    }

    func testTheSameReplayGivesTheSameTimeline() throws {
        XCTAssertEqual(try make().timeline.json, try make().timeline.json)
    }
}
