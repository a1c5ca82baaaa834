import AppEvents
import ArgumentParser
import Foundation
import Gestures
import LibinputEvents
import Replays
import ModeComparison
import Recordings
import Report
import ReportPage
import SurfaceDescriptions

/// `touchsynth report`: pictures of one recording in both UIKit modes.
struct ReportCommand: ParsableCommand, ReplayingCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract:
            "Replay a recording through real libinput and draw it: finger tracks, compat-mode touches, scale and "
            + "angle, recognizers.",
        discussion:
            "-o FILE.html writes a self-contained page with every plot and a summary table; -o FILE.svg writes the "
            + "one plot --plot names."
    )

    @Argument(help: Help.recording) var recording: String
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Output file: .html for the whole report, .svg for one plot, - (standard output), a device or a pipe for "
                + "the HTML, or with --plot the plot (default: the recording's name with .html, or .svg with --plot).",
            valueName: "file"))
    var output: String?
    @Option(
        help: ArgumentHelp(
            "The one plot to write: \(ReportPlot.allCases.map(\.rawValue).joined(separator: ", ")) (an .svg output "
                + "without it holds the touchpad's)."))
    var plot: ReportPlot?
    @Option(help: Help.appScreen) var surface: String?
    @Option(parsing: .unconditional, help: Help.screen) var screen: ScreenSize = ScreenSize(size: .defaultScreen)
    @Flag(help: Help.pointerLock) var pointerLock = false
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
    @OptionGroup var libinput: LibinputOption

    func validate() throws {
        try libinput.check(several: false)
        if let output, !isPipe(output), !["html", "svg"].contains(Self.lowercasedExtension(output)) {
            throw ValidationError(
                "-o must name an .html or .svg file, a device or a pipe, or be - for the HTML on standard output")
        }
        if plot != nil && !writesSVG {
            throw ValidationError("--plot writes one plot, as SVG: an .html output holds every plot")
        }
    }

    /// Whether the output is one plot: an .svg file, or with --plot standard output, a device, a
    /// pipe or the default file.
    private var writesSVG: Bool {
        guard let output else { return plot != nil }
        return Self.lowercasedExtension(output) == "svg" || (plot != nil && (output == "-" || isPipe(output)))
    }

    /// `REPORT.HTML` is an HTML file.
    private static func lowercasedExtension(_ path: String) -> String {
        URL(fileURLWithPath: path).pathExtension.lowercased()
    }

    func run() throws {
        try checkReadable(
            [recording, input.desc, SurfaceDescription.file(named: surface)] + with.others + quirks.files)
        let description = try screen.surface(surface)
        let path = output ?? ReportIndex.baseName(for: recording) + (writesSVG ? ".svg" : ".html")
        let options = try options()
        let (part, replay, decisions) = try replayed(
            try input.load(recording), from: recording, window: window, options: options, explaining: true,
            upTo: ReportPage.playerFrameLimit)
        let data = try ReportPage(
            title: ReportData.title(of: recording, from: window.start, to: window.end), recording: part,
            events: replay.events, recordingStart: replay.report.recordingStart, timeBase: replay.timeBase,
            speed: options.timing.speed, configuration: description.translatorConfiguration(screen: screen.size),
            options: .init(requestsPointerLock: pointerLock), decisions: decisions,
            screenName: BuiltInScreen.name(of: surface), makeSurface: description.makeSurface
        )
        try writeFile(writesSVG ? data.data.svg(plot ?? .touchpad) : data.html(), to: path)
        guard !isPipe(path) else { return }
        writeStderr(
            "touchsynth: wrote \(path)"
                + (data.timeline == nil && !writesSVG ? " (no player: touchsynth view plays it)" : ""))
    }
}

extension ReportPlot: ExpressibleByArgument {}
