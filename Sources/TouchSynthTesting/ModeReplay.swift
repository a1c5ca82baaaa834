import AppEvents
import Foundation
import Gestures
import LibinputEvents
import Replays
import ModeComparison
import Recordings

/// A recording replayed through real libinput once (``Replay``), and libinput's events
/// delivered in both UIKit modes, each to a fresh surface: what an app's recognizers did in
/// compatibility and in indirect input mode.
///
/// ```swift
/// let replay = try ModeReplay("Recordings/pinch.yml", surface: .build { Surface(regions: [...]) })
/// replay.expect("photo/pinch", .ended, in: .both)
/// replay.expectNoAccidentalActivations()
/// ```
public struct ModeReplay: CustomStringConvertible {
    /// The recording's name in failure messages: its file's name.
    public let name: String
    public let recording: Recording
    /// libinput's events.
    public let events: [LibinputEvent]
    /// How the replay through libinput went.
    public let replayReport: ReplayReport
    /// Where the replay's times count from in text (``Replay/timeBase``): snapshots, reports.
    public let timeBase: TimeBase
    /// Each recognizer in both modes, and the accidental activations (as `touchsynth compare`).
    public let comparison: ComparisonReport
    private let compat: ModeOutcome
    private let indirect: ModeOutcome
    /// For the HTML report of a failure.
    let surface: SurfaceSource
    /// The reports its failures wrote, one per test.
    let reportFiles = ReportFiles()

    /// Replays the recording at `path` (any format `touchsynth replay` reads) with `options`, and
    /// delivers its events to `surface` in both modes.
    public init(_ path: String, surface: SurfaceSource = .default, options: ReplayOptions = ReplayOptions()) throws {
        try self.init(
            try RecordingLoader.load(path), named: (path as NSString).lastPathComponent, surface: surface,
            options: options)
    }

    /// Replays `recording` (loaded, converted or synthesized) with `options`, and delivers its
    /// events to `surface` in both modes; `name` names it in failure messages.
    public init(
        _ recording: Recording, named name: String, surface: SurfaceSource = .default,
        options: ReplayOptions = ReplayOptions()
    ) throws {
        let replay = try Replay(.recording(recording), options: options)
        self.name = name
        self.recording = recording
        self.surface = surface
        events = replay.events
        replayReport = replay.report
        timeBase = replay.timeBase
        // As `touchsynth compare` runs them, so that the two agree.
        let pipeline = try ModePipeline.run(
            replay.events, configuration: surface.configuration, options: .init(keepsAppEvents: true)
        ) {
            try surface.make()
        }
        compat = ModeOutcome(pipeline[.compatibility])
        indirect = ModeOutcome(pipeline[.indirectInput])
        comparison = pipeline.comparison
    }

    /// Short, for a failed `#expect` that prints the values it compared.
    public var description: String { "ModeReplay(\(name), \(events.count) libinput events)" }

    /// What `mode` made of the events.
    public subscript(mode: DeliveryMode) -> ModeOutcome {
        mode == .compatibility ? compat : indirect
    }
}

/// libinput's events as one mode delivered them to a fresh surface, which then finished.
public struct ModeOutcome {
    public let mode: DeliveryMode
    /// The app events, in order.
    public let appEvents: [AppEvent]
    /// The surface after the events, its pending timers fired: its recognizers as they ended up.
    public let surface: Surface

    /// A finished pipeline's lane, which kept its app events and had a surface.
    init(_ lane: ModePipeline.Lane) {
        mode = lane.mode
        appEvents = lane.appEvents
        surface = lane.surface ?? Surface()
    }

    /// The record of `recognizer`: `region/name` (`name#2` for the second of a name), or a name
    /// alone when one region has it.
    public func record(_ recognizer: String) -> GestureRecord? {
        find(recognizer, in: surface.records, paths: RecognizerPath.paths(of: surface.records))
    }

    /// The recognizer named `recognizer` (as ``record(_:)`` finds it), as its own class: an app's
    /// recognizer, with what it counted.
    public func recognizer<Recognizer: GestureRecognizer>(
        _ recognizer: String, as type: Recognizer.Type = Recognizer.self
    ) -> Recognizer? {
        let all = surface.gestureRecognizers
        return find(recognizer, in: all, paths: RecognizerPath.paths(of: all)) as? Recognizer
    }

    private func find<Item>(_ text: String, in items: [Item], paths: [RecognizerPath]) -> Item? {
        let indexed = Array(zip(paths, items))
        return (indexed.first { $0.0.description == text } ?? indexed.first { $0.0.numberedName == text })?.1
    }
}
