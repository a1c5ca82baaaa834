import ArgumentParser
import LibinputDecisions
import LibinputEventText
import Recordings
import Replays
import Report

/// `touchsynth explain REC…`: why libinput did what it did with each recording.
struct Explain: ParsableCommand, ReplayingCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract:
            "Replay a recording through real libinput and say why it did what it did, touch sequence by sequence.",
        discussion: """
            Each decision libinput's state machines logged (gesture, tap, palm, thumb, pressure, buttons, edge \
            scrolling) is placed at the frame or timer that caused it, with the numbers behind it recomputed from the \
            frames by that libinput version's rules, each citing its line in libinput's source. With --quirks, what \
            the quirks change; with several --libinput versions, where the versions decide differently.
            """)

    @Argument(
        help: ArgumentHelp(
            "The recordings (evemu, libinput record YAML, evtest text, getevent -lt/-t, a ChromeOS evdev log), each "
                + "explained in turn; one that cannot be read is said and passed over."))
    var recordings: [String]
    @OptionGroup var input: LogInputOptions
    @Flag(help: "JSON Lines output (docs/json.md: explain), its times from the first frame, not the device added.")
    var json = false
    @OptionGroup(title: "Device configuration") var config: DeviceConfigOptions
    @OptionGroup(title: "Device configuration") var quirks: QuirksOptions
    /// Decisions are placed on the virtual clock: explain has no --real-time.
    var clock: ClockOptions? { nil }
    @OptionGroup var libinput: LibinputOptions
    @OptionGroup var empty: EmptyRecordingOptions
    @OptionGroup var log: LogOptions
    @OptionGroup var window: WindowOptions
    @OptionGroup var playback: PlaybackOptions
    @OptionGroup var with: OtherDevicesOptions

    func validate() throws {
        try libinput.check(several: true)
    }

    func run() throws {
        try checkReadable([input.desc] + with.others + quirks.files, passingOver: recordings)
        if json { try emitJSONHeader("explain") }
        var files = PassingOver()
        var startNoted = false
        for recording in recordings {
            guard let loaded = try files.attempt({ try input.load(recording) }) else { continue }
            _ = try files.attempt { try explain(loaded, from: recording, startNoted: &startNoted) }
        }
        try files.check()
    }

    /// `loaded`, read from `recording`, explained on each version asked for, with what the quirks
    /// change and where the versions part.
    private func explain(_ loaded: Recording, from recording: String, startNoted: inout Bool) throws {
        let versions = try libinput.builds().map { try options(build: $0) }
        try Replay.explain(loaded, named: recording, from: window.start, to: window.end, versions: versions) { step in
            switch step {
            case .replayed(let replay):
                window.noteStart(json: json, once: &startNoted)
                try told(replay, from: recording, options: versions[0])
            case .explained(let explanation):
                try emit(try ExplanationText.output(explanation, recording: recording, json: json))
            case .quirksChanged(let changes, let version): try show(changes, recording: recording, version: version)
            case .versionsParted(let changes, let events, let version, let against):
                try show(changes, recording: recording, version: version, against: against, events: events)
            }
        }
    }

    /// Where two explanations part: with and without the quirks, or two versions (and their events).
    private func show(
        _ changes: [ExplanationChange], recording: String, version: String, against: String? = nil,
        events: VersionParting? = nil
    ) throws {
        guard json else {
            return try emit(
                ([""] + ExplanationText.changes(changes, version: version, against: against, events: events)).joined(
                    separator: "\n"))
        }
        let lines = ExplanationLines.changes(
            changes, recording: recording, version: version, against: against, events: events)
        try emit(try lines.map { try JSONLines.line($0) })
    }
}
