import ArgumentParser
import Foundation
import LibinputDecisions
import LibinputEventText
import Recordings
import Replays
import Report

/// `touchsynth explain REC`: why libinput did what it did with a recording.
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

    @Argument(help: Help.recording) var recording: String
    @OptionGroup var input: LogInputOptions
    @Flag(help: "JSON Lines output (docs/json.md: explain).") var json = false
    @OptionGroup(title: "Device configuration") var config: DeviceConfigOptions
    @OptionGroup(title: "Device configuration") var quirks: QuirksOptions
    /// Decisions are placed on the virtual clock: explain has no --real-time.
    var clock: ClockOptions? { nil }
    @OptionGroup var libinput: LibinputOptions
    @OptionGroup var empty: EmptyRecordingOptions
    @OptionGroup var log: LogOptions
    @OptionGroup var window: WindowOptions
    @OptionGroup var playback: PlaybackOptions

    func validate() throws {
        try libinput.check(several: true)
    }

    func run() throws {
        try checkReadable([recording, input.desc] + playback.others + quirks.files)
        let loaded = try input.load(recording)
        if json { try emit(JSONLines.header("explain")) }
        var explained: [Explanation] = []
        for build in try libinput.builds() {
            let options = try self.options(build: build)
            let explanation = try explain(loaded, options: options)
            explained.append(explanation)
            try show(explanation)
            if !quirks.files.isEmpty {
                var without = options
                without.quirks = []
                let changes = ExplanationChange.changes(from: try explain(loaded, options: without), to: explanation)
                try show(changes, version: build.version)
            }
        }
        for (a, b) in zip(explained, explained.dropFirst()) {
            try show(ExplanationChange.changes(from: a, to: b), version: b.libinputVersion, against: a.libinputVersion)
        }
    }

    private func explain(_ loaded: Recording, options: ReplayOptions) throws -> Explanation {
        try explained(loaded, from: recording, start: window.start, end: window.end, options: options).explanation
    }

    private func show(_ explanation: Explanation) throws {
        for line in try ExplanationText.output(explanation, recording: recording, json: json) { try emit(line) }
    }

    /// Where two explanations part: with and without the quirks, or two versions.
    private func show(_ changes: [ExplanationChange], version: String, against: String? = nil) throws {
        guard json else {
            return try emit(
                ([""] + ExplanationText.changes(changes, version: version, against: against)).joined(separator: "\n"))
        }
        for line in ExplanationLines.changes(changes, recording: recording, version: version, against: against) {
            try emit(try JSONLines.line(line))
        }
    }
}
