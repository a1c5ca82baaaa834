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
    /// The recording replayed, as read (or synthesized).
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
    /// Of a script's replay, each statement libinput made another gesture of, said in failures.
    var madeOtherwise: [String] = []
    /// The reports its failures wrote, one per test.
    let reportFiles = ReportFiles()

    /// Replays the recording at `path` (any format `touchsynth replay` reads) with `options`, and
    /// delivers its events to `surface` in both modes. `description` is the device description of
    /// a log that has none (`touchsynth replay --desc`), `device` the device of a getevent log or
    /// YAML file of several (`--device`). Relative paths are read from the directory of the test file.
    public init(
        _ path: String, description: String? = nil, device: String? = nil, surface: SurfaceSource = .default,
        options: ReplayOptions = ReplayOptions(), relativeTo filePath: StaticString = #filePath
    ) throws {
        let recording = try TestFilePath.reading([path, description], relativeTo: filePath) {
            () throws(RecordingError) in
            try RecordingLoader.load(
                TestFilePath.resolve(path, relativeTo: filePath),
                description: description.map { TestFilePath.resolve($0, relativeTo: filePath) }, node: device)
        }
        try self.init(recording, named: (path as NSString).lastPathComponent, surface: surface, options: options)
    }

    /// Replays `recording` (loaded, converted or synthesized) with `options`, and delivers its
    /// events to `surface` in both modes; `name` names it in failure messages.
    public init(
        _ recording: Recording, named name: String, surface: SurfaceSource = .default,
        options: ReplayOptions = ReplayOptions()
    ) throws {
        if let problem = surface.configuration.problem { throw BadConfiguration(recording: name, problem: problem) }
        let replay = try Replay(.recording(recording), options: options)
        self.name = name
        self.recording = recording
        self.surface = surface
        events = replay.events
        replayReport = replay.report
        timeBase = replay.timeBase
        // As `touchsynth compare` runs them, so that the two agree.
        var made: [Surface] = []
        let pipeline = try ModePipeline.run(
            replay.events, configuration: surface.configuration, options: surface.pipelineOptions
        ) {
            made.append(try surface.makeFresh(besides: made, recording: name))
            return made[made.count - 1]
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
    /// The mode the events were delivered in.
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
    /// alone when one region has it; nil when there is none, or when several regions have the name.
    public func record(_ recognizer: String) -> GestureRecord? {
        try? requireRecord(recognizer)
    }

    /// The recognizer named `recognizer` (as ``record(_:)`` finds it), as its own class: an app's
    /// recognizer, with what it counted.
    public func recognizer<Recognizer: GestureRecognizer>(
        _ recognizer: String, as type: Recognizer.Type = Recognizer.self
    ) -> Recognizer? {
        try? requireRecognizer(recognizer, as: type)
    }

    /// The record of `recognizer`, as ``record(_:)`` finds it, or an error saying why there is
    /// none, as a failed expectation says it: for `try` in a test, where `nil` would say nothing.
    public func requireRecord(_ recognizer: String) throws(RecognizerNotFound) -> GestureRecord {
        let lookup = lookUp(recognizer)
        if let record = lookup.found { return record }
        throw RecognizerNotFound(mode: mode, problem: lookup.problem(recognizer, among: surface.records))
    }

    /// The recognizer `recognizer` names, as its own class (``recognizer(_:as:)``), or an error
    /// saying why there is none: no such name, a name several regions have, or another class.
    public func requireRecognizer<Recognizer: GestureRecognizer>(
        _ recognizer: String, as type: Recognizer.Type = Recognizer.self
    ) throws(RecognizerNotFound) -> Recognizer {
        let all = surface.gestureRecognizers
        let lookup = RecognizerLookup(recognizer, in: all, paths: RecognizerPath.paths(of: all))
        guard let found = lookup.found else {
            throw RecognizerNotFound(mode: mode, problem: lookup.problem(recognizer, among: surface.records))
        }
        guard let typed = found as? Recognizer else {
            throw RecognizerNotFound(mode: mode, problem: "\(recognizer) is a \(Swift.type(of: found)), not a \(type)")
        }
        return typed
    }

    /// What `recognizer` names among the records, for an expectation's message.
    func lookUp(_ recognizer: String) -> RecognizerLookup<GestureRecord> {
        RecognizerLookup(recognizer, in: surface.records, paths: RecognizerPath.paths(of: surface.records))
    }

    /// The path of the record `recognizer` names, by the same rule as ``lookUp(_:)``.
    func path(of recognizer: String) -> RecognizerLookup<RecognizerPath> {
        let paths = RecognizerPath.paths(of: surface.records)
        return RecognizerLookup(recognizer, in: paths, paths: paths)
    }
}

/// What a name given to the kit names: the one item whose path or numbered name it is, none, or
/// several (a name alone that more than one region has).
enum RecognizerLookup<Item> {
    case found(Item)
    case missing
    case ambiguous([RecognizerPath])

    init(_ text: String, in items: [Item], paths: [RecognizerPath]) {
        let indexed = Array(zip(paths, items))
        if let exact = indexed.first(where: { $0.0.description == text }) {
            self = .found(exact.1)
            return
        }
        let named = indexed.filter { $0.0.numberedName == text }
        switch named.count {
        case 0: self = .missing
        case 1: self = .found(named[0].1)
        default: self = .ambiguous(named.map(\.0))
        }
    }

    var found: Item? {
        if case .found(let item) = self { item } else { nil }
    }

    /// The path a misspelt `text` most likely meant: nearest by its path, or by its name alone.
    private static func nearest(to text: String, among paths: [RecognizerPath]) -> String? {
        let spellings = paths.flatMap { [($0.description, $0), ($0.numberedName, $0)] }
        let nearest = NearestName.nearest(to: text, among: spellings.map(\.0))
        return spellings.first { $0.0 == nearest }?.1.description
    }

    /// Why `text` found no one item among a surface's `records`, as a failure says it; "" when it
    /// found one.
    func problem(_ text: String, among records: [GestureRecord]) -> String {
        switch self {
        case .found: ""
        case .missing:
            "no recognizer \(text) on the surface (it has "
                + ModeReplay.list(RecognizerPath.paths(of: records).map(\.description)) + ")"
                + (Self.nearest(to: text, among: RecognizerPath.paths(of: records)).map { "; did you mean \($0)?" }
                    ?? "")
        case .ambiguous(let paths):
            "\(text) names \(paths.count) recognizers, " + ModeReplay.list(paths.map(\.description))
                + "; name one as region/name"
        }
    }
}

/// Why a lookup of the kit found no one recognizer: its name, and the mode's surface it looked in.
public struct RecognizerNotFound: Error, CustomStringConvertible {
    public let mode: DeliveryMode
    /// `no recognizer pinch on the surface (it has photo/zoom, photo/pan)`, or why else.
    public let problem: String

    public var description: String { "\(mode.rawValue): \(problem)" }
}
