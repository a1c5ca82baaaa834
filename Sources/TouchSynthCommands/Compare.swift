import AppEventInvariants
import AppEvents
import ArgumentParser
import Foundation
import Gestures
import LibinputEventText
import LibinputEvents
import Replays
import ModeComparison
import OutputFiles
import Recordings
import Report
import ReportPage
import SurfaceDescriptions

/// `touchsynth compare`: which recognizers fire, with what values, in each UIKit mode.
struct Compare: ParsableCommand, ReplayingCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract:
            "Replay recordings through real libinput once and compare the gesture recognizers each UIKit mode "
            + "triggers.",
        discussion: """
            The app screen is list unless --surface names another built-in screen (touchsynth surfaces lists them) or \
            a JSON or YAML surface description. With several versions (--libinput 1.22.1,1.28.1) each recording is \
            replayed on each, and the table says where they part.
            """)

    @Argument(
        help: """
            Recordings (evemu, libinput record YAML, evtest text, getevent -lt/-t, a ChromeOS evdev log), or libinput \
            event captures (JSON Lines from debug or replay --json, --mode … --json, or --events-out), which are \
            compared without replaying; - is standard input.
            """
    )
    var recordings: [String]
    @Option(help: Help.appScreen) var surface: String?
    @Option(parsing: .unconditional, help: Help.screen) var screen: ScreenSize = ScreenSize(size: .defaultScreen)
    @Flag(help: "JSON Lines output: one report per recording.") var json = false
    @Flag(
        help: """
            Exit with status 1 when, on any --libinput version, a recognizer fired in one mode but not the other, a \
            context menu or drag started differently in the two modes, or the pointer regions differ between the \
            modes; or when several versions' events differ.
            """
    )
    var failOnDiff = false
    @Flag(
        help: """
            Also check each mode's app events against the delivery invariants, as replay --check does; violations go \
            to stderr and exit status 1.
            """
    )
    var check = false
    @Flag(help: Help.pointerLock) var pointerLock = false
    @Option(
        name: .customLong("report"),
        help: ArgumentHelp("Also write an HTML report per recording and an index.html into DIR.", valueName: "dir"))
    var reportDirectory: String?
    @Option(
        name: .customLong("events-out"),
        help: ArgumentHelp(
            "Also write every libinput event compared, with the app events each mode made of it, to FILE (JSON Lines "
                + "as replay --mode both --json, recording after recording).",
            valueName: "file"))
    var eventsFile: String?
    @OptionGroup var input: LogInputOptions
    @OptionGroup var empty: EmptyRecordingOptions
    @OptionGroup var log: LogOptions
    @OptionGroup var window: WindowOptions
    @OptionGroup var playback: PlaybackOptions
    @OptionGroup var with: OtherDevicesOptions
    @OptionGroup var clockOptions: ClockOptions
    var clock: ClockOptions? { clockOptions }
    @OptionGroup(title: "Device configuration") var config: DeviceConfigOptions
    @OptionGroup(title: "Device configuration") var quirks: QuirksOptions
    @OptionGroup(title: "Across libinput versions")
    var libinput: LibinputOptions

    func validate() throws {
        try libinput.check(several: true)
        if libinput.versions.count > 1 && (reportDirectory != nil || eventsFile != nil) {
            throw ValidationError("--report and --events-out take one libinput version")
        }
        try CommandIO.current.refuseStandardOutput([("--events-out", eventsFile)])
    }

    func run() throws {
        try OutputFile.refuseOneFileTwice([("--report", reportDirectory), ("--events-out", eventsFile)])
        // Checked before a libinput build or any replay; one of several recordings unreadable is told in turn.
        let readable = try checkReadable(
            [input.desc, SurfaceDescription.file(named: surface)] + with.others + quirks.files, passingOver: recordings)
        let captures = recordingOption == nil ? [] : RecordingOrCapture.captures(among: recordings)
        if let first = captures.first, captures.count == readable.count || libinput.versions.count > 1 {
            try refuseCapture(isCapture: true, at: first, alone: true)
        }
        let description = try screen.surface(surface)
        let builds = try libinput.builds()
        if builds.count > 1 { return try compareVersions(builds, description: description) }
        if let reportDirectory { try OutputFile.makeFolder(reportDirectory) }
        CommandIO.current.outliveReader(writing: [reportDirectory, eventsFile])
        let eventsOutput = try eventsFile.map { try openOutput($0) }
        if let eventsOutput {
            try writeText(
                try JSONLines.header("modeEvents") + "\n", to: eventsOutput.fileDescriptor, path: eventsOutput.path)
        }
        let configuration = description.translatorConfiguration(screen: screen.size)
        let options = try self.options(build: builds[0])
        var tally = ComparisonTally()
        var folder = ReportFolder()
        var files = PassingOver()
        if json { try emitJSONHeader("compare") }
        var startNoted = false
        for path in recordings {
            guard let runs = try files.attempt({ try compared(path, description: description, options: options) })
            else { continue }
            window.noteStart(json: json, once: &startNoted)
            for (name, run) in runs {
                if let reportDirectory, let page = run.report {
                    let (file, html) = folder.add(page, of: path)
                    try writeFile(html, to: "\(reportDirectory)/\(file)")
                }
                if let eventsOutput {
                    try ModeStreamPrinter.writeBothModes(run.events, configuration: configuration, options: appOptions)
                    {
                        try writeText($0, to: eventsOutput.fileDescriptor, path: eventsOutput.path)
                    }
                }
                tally.differences += run.comparison.differenceCount
                if check {
                    tellViolations(run.pipeline.checkLines, in: name)
                    tally.violations += run.pipeline.violationCount
                }
                if json {
                    try emit(JSONLines.line(ComparisonReport.Line(recording: name, report: run.comparison)))
                } else {
                    try emit(FileHeader.line(name))
                    try emit(
                        run.comparison.renderTable(
                            for: run.events, screen: BuiltInScreen.name(of: surface),
                            timeBase: run.timeBase, width: TableStyle.stdoutWidth()))
                }
            }
        }
        if let reportDirectory, let index = folder.index {
            try writeFile(index.html, to: "\(reportDirectory)/\(index.file)")
            let of = files.failed ? " of the recordings that replayed" : ""
            writeStderr("touchsynth: wrote \(index.file) and its reports\(of) to \(reportDirectory)")
        }
        // Whole or not at all: events of some of the recordings are not the file asked for.
        if !files.failed {
            try eventsOutput?.commit()
        } else if let eventsFile {
            writeStderr("touchsynth: \(eventsFile): not written, as a recording failed and its events would be missing")
        }
        try files.check()
        if tally.failed(failOnDiff: failOnDiff) { throw ExitCode(ExitStatus.differs) }
    }

    /// What both modes run besides their translators.
    var appOptions: ModePipeline.Options { .init(checksInvariants: check, requestsPointerLock: pointerLock) }

    /// Refuses a capture given with an option that takes recordings (``recordingOption``) where no
    /// recording takes it: the files are captures alone, or are compared across versions. Among
    /// recordings, the option is said unused for it instead.
    func refuseCapture(isCapture: Bool, at path: String, alone: Bool) throws {
        guard isCapture, let option = recordingOption else { return }
        guard alone else {
            return warn(["a capture holds events replayed already: \(option) is not used for it"], in: path)
        }
        try fail("\(path): a capture holds events replayed already; \(option) takes recordings", code: ExitStatus.usage)
    }

    /// The first option given that takes recordings: one that replays or shapes a replay, which a capture has had.
    private var recordingOption: String? {
        given([
            "--report": reportDirectory != nil, "--libinput": !libinput.versions.isEmpty,
            "--start or --end": window.isSet, "--desc": input.desc != nil, "--device": input.node != nil,
            "--quirks": !quirks.files.isEmpty, "--dmi": quirks.dmi != nil, "--with": !with.others.isEmpty,
            "a device setting": config.configuration != DeviceConfiguration(), "--real-time": clockOptions.realTime,
            "--verbose": log.verbose, "--speed": playback.speed != 1, "--as-delivered": playback.asDelivered,
            "--unplug": !playback.unplug.isEmpty, "--syn-dropped": !playback.synDropped.isEmpty,
            "--udev-property": !quirks.udevProperty.isEmpty,
        ]).first
    }

    /// The file's runs compared, each with the name it is reported under: a recording's replay, or a capture's.
    private func compared(
        _ path: String, description: SurfaceDescription, options: ReplayOptions
    ) throws -> [(name: String, run: ComparedRun)] {
        let configuration = description.translatorConfiguration(screen: screen.size)
        let file = try RecordingOrCapture(path: path)
        try refuseCapture(isCapture: file.isCapture, at: path, alone: false)
        guard !file.isCapture else {
            return try ComparedRun.captures(
                file, configuration: configuration, options: appOptions, makeSurface: description.makeSurface)
        }
        let loaded = try file.recording(description: input.desc, node: input.node)
        warn(loaded.notes, in: path)
        let (recording, replay, decisions) = try replayed(
            loaded, from: path, window: window, options: options, explaining: reportDirectory != nil,
            upTo: ReportPage.playerFrameLimit)
        let title = ReportData.title(of: path, from: window.start, to: window.end)
        let compared = try ComparedRun(
            replay.events, recording: reportDirectory == nil ? nil : (title, recording, replay.report.recordingStart),
            speed: options.timing.speed, timeBase: replay.timeBase, configuration: configuration, options: appOptions,
            decisions: decisions, screenName: BuiltInScreen.name(of: surface), makeSurface: description.makeSurface)
        return [(path, compared)]
    }
}
