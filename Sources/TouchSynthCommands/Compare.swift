import AppEventInvariants
import AppEvents
import ArgumentParser
import Foundation
import Gestures
import LibinputEvents
import MockedDevices
import ModeComparison
import Recordings
import Report
import SurfaceDescriptions

/// `touchsynth compare`: which recognizers fire, with what values, in each UIKit mode.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Replay recordings through real libinput once and compare the gesture recognizers each UIKit mode triggers.",
        discussion: """
            The app screen is list unless --surface names another built-in screen (touchsynth surfaces lists them) or a JSON or YAML surface description. \
            With several versions (--libinput 1.22.1,1.28.1) each recording is replayed on each, and the table says where they part.
            """)

    @Argument(help: "Recordings (evemu, libinput record YAML, evtest text, getevent -lt/-t, a ChromeOS evdev log), or libinput event captures (JSON Lines from debug or replay --json, --mode … --json, or --events-out), which are compared without replaying; - is standard input.")
    var recordings: [String]
    @Option(help: "The app screen: a built-in one by name (list, the default; photos, map, canvas) or a surface description file (YAML for .yml/.yaml, JSON for .json; otherwise JSON if it opens with { or [, else YAML).") var surface: String?
    @Flag(help: "JSON Lines output: one report per recording.") var json = false
    @Flag(help: "Exit with status 1 when a recognizer fired in one mode but not the other, a context menu or drag started differently in the two modes, the pointer regions differ between the modes, or (several --libinput versions) when the versions' events differ.")
    var failOnDiff = false
    @Flag(help: "Also check each mode's app events against the delivery invariants, as replay --check does; violations go to stderr and exit status 1.")
    var check = false
    @Option(name: .customLong("report"), help: ArgumentHelp("Also write an HTML report per recording and an index.html into DIR.", valueName: "dir"))
    var reportDirectory: String?
    @Option(name: .customLong("events-out"), help: ArgumentHelp(
        "Also write every libinput event compared, with the app events each mode made of it, to FILE (JSON Lines as replay --mode both --json, recording after recording).",
        valueName: "file"))
    var eventsFile: String?
    @OptionGroup var input: LogInputOptions
    @OptionGroup var empty: EmptyRecordingOptions
    @OptionGroup var log: LogOptions
    @OptionGroup var window: WindowOptions
    @OptionGroup var clock: ClockOptions
    @OptionGroup(title: "Device configuration") var config: DeviceConfigOptions
    @OptionGroup(title: "Across libinput versions")
    var libinput: LibinputOptions

    func validate() throws {
        try libinput.check(several: true)
        if libinput.versions.count > 1 && (reportDirectory != nil || eventsFile != nil) {
            throw ValidationError("--report and --events-out take one libinput version")
        }
    }

    func run() throws {
        // Each recording is checked as it comes; the libinput build, which can take a minute, waits for the first.
        requireReadable([recordings.first, input.desc])
        let description = loadSurfaceDescription(surface, screen: .defaultScreen)
        let builds = libinput.builds()
        if builds.count > 1 { return try compareVersions(builds, description: description) }
        if let reportDirectory { makeDirectory(reportDirectory) }
        let eventsOutput = eventsFile.map { (path: $0, fd: openForWriting($0)) }
        if let eventsOutput { writeText(JSONLines.header("modeEvents") + "\n", to: eventsOutput.fd, path: eventsOutput.path) }
        defer { if let eventsOutput { close(eventsOutput.fd) } }
        // The description was checked when it was loaded, so building it again cannot fail.
        let comparison = Comparison { reportingErrors { try description.makeSurface() } }
        let configuration = description.translatorConfiguration(screen: .defaultScreen)
        var differences = 0, violations = 0
        var pages: [ReportIndex.Entry] = []
        // A recording that cannot be read or replayed is reported and passed over, as `grep` does
        // a file; the first one's exit code ends the run.
        var failure: Int32?
        if json { emit(JSONLines.header("compare")) }
        for path in recordings {
            let recording: Recording?, replayed: Replay?, events: [LibinputEvent]
            do {
                let file = try RecordingOrCapture(path: path)
                if file.isCapture && reportDirectory != nil {
                    fail("\(path): a capture has no recording to draw the touchpad from; --report takes recordings", code: 64)
                }
                recording = file.isCapture ? nil : try window.cut(file.recording(description: self.input.desc, node: self.input.node), path: path)
                warn(recording?.notes ?? [], in: path)
                if let recording { try empty.check(recording, path: path) }
                let options = replayOptions(clock: clock, libinput: builds[0], config: config, log: log)
                replayed = try recording.map { try replayEvents(.recording($0), from: path, options: options) }
                events = try replayed?.events ?? file.capture()
            } catch {
                let (message, code) = ExitStatus.failure(for: error)
                writeStderr("touchsynth: \(message)")
                failure = failure ?? code
                continue
            }
            // A capture's times count from its first event, as the replay it was taken from did.
            let timeBase = replayed?.timeBase ?? TimeBase(of: events)
            let report: ComparisonReport
            if let reportDirectory, let recording, let replayed {
                // The page's table and this one come from the same replay and recognizer run.
                let data = makeReport(path, recording: recording, replay: replayed, description: description,
                                      screen: .defaultScreen)
                report = data.comparison
                let file = reportFileName(for: path, taken: pages.map(\.file))
                writeFile(data.html(), to: "\(reportDirectory)/\(file)")
                pages.append(ReportIndex.Entry(file: file, data: data))
            } else {
                report = comparison.compare(events, configuration: configuration)
            }
            if let eventsOutput { writeEvents(events, to: eventsOutput.fd, path: eventsOutput.path, configuration: configuration) }
            differences += report.differenceCount
            if check {
                for mode in DeliveryMode.allCases {
                    let found = InvariantChecker.violations(in: Comparison.appEvents(events, mode: mode, configuration: configuration), mode: mode)
                    found.forEach { writeStderr("touchsynth: \(path): \(mode.rawValue): \($0)") }
                    violations += found.count
                }
            }
            if json {
                emit(JSONLines.line(ReportLine(recording: path, report: report)))
            } else {
                emit("== \(path)")
                emit(report.renderTable(for: events, screen: surface ?? BuiltInScreen.default.rawValue,
                                        timeBase: timeBase))
            }
        }
        if let reportDirectory {
            writeFile(ReportIndex.html(pages), to: "\(reportDirectory)/index.html")
            writeStderr("touchsynth: wrote \(pages.count) reports and index.html to \(reportDirectory)")
        }
        if let failure { throw ExitCode(failure) }
        if (failOnDiff && differences > 0) || violations > 0 { throw ExitCode(1) }
    }

    /// Each of `events` and the app events both modes make of it, as `replay --mode both --json`
    /// prints them, ending with the flush `compare` does a second after the last event and the
    /// accounting line.
    private func writeEvents(_ events: [LibinputEvent], to fd: Int32, path: String, configuration: AppEventTranslator.Configuration) {
        let output = ModeOutput(modes: DeliveryMode.allCases, json: true, configuration: configuration, header: false) { writeText($0 + "\n", to: fd, path: path) }
        events.forEach { output.handle($0) }
        output.finish(at: Comparison.flushTime(of: events))
    }

    /// The recording's name with .html; a second recording of the same name gets "-2".
    private func reportFileName(for path: String, taken: [String]) -> String {
        let base = reportName(for: path)
        var name = base + ".html", n = 1
        while taken.contains(name) {
            n += 1
            name = "\(base)-\(n).html"
        }
        return name
    }
}

/// One line of `compare --json`: the report's fields and the recording (or capture) it is of.
private struct ReportLine: Encodable {
    var recording: String
    var report: ComparisonReport

    func encode(to encoder: any Encoder) throws {
        try report.encode(to: encoder)
        var c = encoder.container(keyedBy: NamedKey.self)
        try c.encode(recording, forKey: NamedKey("recording"))
    }
}
