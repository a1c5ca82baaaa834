import ArgumentParser
import Benchmarks
import DesktopEvents
import DesktopSession
import EvdevRecording
import Foundation
import LibinputEventText
import LibinputEvents
import LibinputKit
import MockedDevices
import ProcessSignals
import Recordings
import Replays
import Report

/// `touchsynth debug`: live libinput events, or the app events of either UIKit mode, one line each.
struct Debug: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "debug",
        abstract:
            "Print libinput events (or the app events of a UIKit mode) from the seat or the given devices until "
            + "interrupted."
    )

    @OptionGroup var devices: LiveInputOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup(title: "Device configuration") var config: DeviceConfigOptions
    @OptionGroup var log: LogOptions
    @Flag(
        help: """
            Record the touchpad until Ctrl-C, then say why libinput did what it did, as explain does on a recording \
            (libinput's live log has no frames to place its decisions at; the recording's replay does).
            """)
    var explain = false
    @OptionGroup(title: "Desktop session") var desktop: DesktopOptions

    func validate() throws {
        if let system = desktop.system, explain {
            throw ValidationError("--\(system.rawValue) and --explain are one each: the window system has no frames")
        }
        let unused = output.appEventOptions + (log.verbose ? ["--verbose"] : [])
        if explain, !unused.isEmpty {
            throw ValidationError(
                "--explain says why libinput did what it did, without app events or libinput's live log: "
                    + "\(unused.joined(separator: ", ")) would change nothing")
        }
        try output.requireMode()
    }

    func run() throws {
        if explain { return try explainRecorded() }
        if let system = desktop.system { return try showDesktop(system) }
        let context = try devices.context(logsDebug: log.verbose)
        context.configuration = config.configuration
        let latency = try output.latencyLog()
        let configuration = try output.translatorConfiguration() // a bad --surface before any wait
        var printing = FirstFailure()
        // A seat whose devices this user may not read looks empty: said at once, not after Ctrl-C,
        // and with no output's opening (a table's header), which is made with the first event.
        var printer: ModeStreamPrinter?
        var empty: LibinputError?
        try context.run(ready: {
            do throws(LibinputError) { try context.requireDevices() } catch { empty = error }
            return empty == nil
        }) { event in
            let printed = printing.attempt {
                printer = try printer ?? output.printer(configuration: configuration)
                try printer?.handle(event) { latency?.record(event, availableAt: context.lastDispatchNanos) }
            }
            reportLog(context, verbose: log.verbose)
            return printed
        }
        reportLog(context, verbose: log.verbose)
        if let empty { throw empty }
        // Nothing came before the end: the opening alone.
        let opened = try printer ?? output.printer(configuration: configuration)
        try output.finish(opened, latency: latency, writeAhead: .zero)
        try printing.check()
        try output.checkInvariants(of: opened)
    }
}

extension Debug {
    /// What the window system delivers to a window of this process's, printed as libinput's
    /// events are, until Ctrl-C.
    private func showDesktop(_ system: DesktopSession.WindowSystem) throws {
        let client = try DesktopSession.connect(system)
        let printer = try output.printer()
        var printing = FirstFailure()
        let context = devices.devicePaths.isEmpty ? nil : try devices.context()
        // Said once both sides are listening, so that input begun after this line reaches both.
        writeStderr("touchsynth: " + DesktopSession.connected(client))
        // The modes translate what an app receives, the window's events; raw lines show both sides.
        let printsDevice = output.mode.modes.isEmpty
        let (libinput, window) = try BothSides.run(context, client) { event, isWindow in
            if isWindow || printsDevice { _ = printing.attempt { try printer.handle(event) } }
        } noted: {
            writeStderr("touchsynth: \($0)")
        }
        try printing.check()
        try printer.finish()
        // With the device's events beside the window's: what became of each of libinput's gestures.
        guard context != nil else { return }
        for outcome in CompositorComparison.outcomes(libinput: libinput, window: window) {
            try emit(output.json ? try JSONLines.line(outcome) : outcome.line)
        }
    }

    /// The touchpad (`--device`, else the only one) recorded until Ctrl-C, then explained.
    private func explainRecorded() throws {
        let path = try devices.devicePaths.first.map(DeviceNode.path) ?? onlyTouchpad()
        let recorder = try EvdevRecorder(node: try EvdevNode(path: path))
        writeStderr("touchsynth: recording \(path) (\(recorder.device.name)); Ctrl-C to stop and explain")
        // What a node gives is what its kernel delivered: filtered again, a touch could move frames.
        let options = replayOptions(config: config, delivered: true)
        let (explanation, _, replay) = try Replay.explain(try recorder.recording(), named: path, options: options)
        try told(replay, from: path, options: options)
        if output.json { try emitJSONHeader("explain") }
        try emit(try ExplanationText.output(explanation, recording: path, json: output.json))
    }
}

/// libinput's log since the last call: its errors and timing warnings, or all of it when `verbose`.
func reportLog(_ context: LibinputContext, verbose: Bool = false) {
    for message in context.takeLog() { showLibinputLog(message, from: nil, verbose: verbose) }
}
