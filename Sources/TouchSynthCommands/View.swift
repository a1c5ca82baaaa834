import ArgumentParser
import DesktopEvents
import DesktopSession
import Foundation
import LibinputKit
import LiveView
import MockedDevices
import ModeComparison
import ProcessSignals
import Recordings
import Report
import SurfaceDescriptions
import ViewPublishing
import ViewTimeline

/// `touchsynth view [RECORDING]`: the input drawn in a browser, live or a replay to play.
struct View: ParsableCommand, ReplayingCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract:
            "Serve a page on this machine that draws the input and both modes' app screens: live, or a recording to "
            + "play.",
        discussion: """
            Without a recording, libinput's events from the seat (or --device nodes) as they happen; with one, its \
            replay through real libinput, computed first, for the page to play, step, scrub and jump to where the \
            modes differ. The page listens on 127.0.0.1 only unless --listen says otherwise, and ends with Ctrl-C.
            """)

    @Argument(help: "A recording to replay (any format `replay` reads); none for live input.") var recording: String?
    @Option(help: Help.desc) var desc: String?
    @Option(
        name: .customLong("device"),
        help: ArgumentHelp(
            "A device by node (event2 or /dev/input/event2): the one to read of a log or YAML file of several; "
                + "live, the nodes to open instead of the seat (repeatable).",
            valueName: "node"), transform: DeviceNode.named)
    var nodes: [String] = []
    @Option(name: .customLong("node"), help: .hidden) var oldNodes: [String] = []
    @OptionGroup(title: "Device configuration") var config: DeviceConfigOptions
    @OptionGroup(title: "Device configuration") var quirks: QuirksOptions
    @OptionGroup var clockOptions: ClockOptions
    var clock: ClockOptions? { clockOptions }
    @OptionGroup var libinput: LibinputOption
    @OptionGroup var empty: EmptyRecordingOptions
    @OptionGroup var log: LogOptions
    @OptionGroup var window: WindowOptions
    @OptionGroup var playback: PlaybackOptions
    @OptionGroup var with: OtherDevicesOptions
    @Option(help: "The udev seat (live; default: seat0).") var seat: String?
    @Option(help: Help.appScreen) var surface: String?
    @Option(parsing: .unconditional, help: Help.screen) var screen: ScreenSize = ScreenSize(size: .defaultScreen)
    @Flag(help: Help.pointerLock) var pointerLock = false
    @Option(parsing: .unconditional, help: "The port to listen on (0–65535; default: a free one).") var port: UInt16?
    @Option(
        help: ArgumentHelp(
            "Listen on this address instead of 127.0.0.1 (another machine can then watch: say so only on a network "
                + "you trust).",
            valueName: "address")) var listen: String?
    @Flag(help: "Open the page in the desktop's browser (xdg-open).") var open = false
    @OptionGroup(title: "Desktop session") var desktop: DesktopOptions

    func validate() throws {
        try libinput.check(several: false)
        if let system = desktop.system, recording != nil || !devicePaths.isEmpty {
            throw ValidationError(
                "--\(system.rawValue) is live input from the window system: no recording, no --device")
        }
        if recording != nil, nodes.count > 1 {
            throw ValidationError("a recording is read with one --device: the device of a file of several")
        }
        if recording != nil, !oldNodes.isEmpty {
            throw ValidationError("--node opens live devices: a recording takes --device for a log's device")
        }
        if recording != nil, seat != nil {
            throw ValidationError("--seat chooses live devices: a recording is its own device")
        }
        try LiveInputOptions.checkSeat(seat, devices: devicePaths)
        if recording == nil, desc != nil {
            throw ValidationError("--desc describes a recording's device: live devices describe themselves")
        }
    }

    /// The live nodes to open: --device's, or the deprecated --node's.
    private var devicePaths: [String] { nodes + oldNodes }

    func run() throws {
        let makeServer = try ViewServers.maker()
        if !oldNodes.isEmpty { deprecated("--node", use: "--device") }
        try checkReadable([recording, desc, SurfaceDescription.file(named: surface)])
        let description = try screen.surface(surface)
        let configuration = description.translatorConfiguration(screen: screen.size)
        let makeSurface = { try description.makeSurface() }
        let appOptions = ModePipeline.Options(requestsPointerLock: pointerLock)
        // Listening first: a port in use is told before a replay is computed, and an address that
        // cannot be listened on before the warning that it is.
        let server = try { () throws(ViewServerError) in
            try makeServer(recording ?? "live", listen ?? "127.0.0.1", port ?? 0)
        }()
        let io = CommandIO.current
        server.tellTroubles { io.writeErr("touchsynth: \($0)\n") }
        // A loopback address is this machine's own: only those it is written for are warned.
        if let listen, !ListenAddress.isLoopback(listen) {
            writeStderr(
                "touchsynth: warning: listening on \(listen): "
                    + "anyone who can reach this machine there can watch the input")
        }
        guard let recording else {
            let model = try ViewModel(
                title: "live", device: nil, configuration: configuration, options: appOptions, makeSurface: makeSurface)
            server.show(.live(model.scene))
            defer { server.stop() }
            return try desktop.system.map { try watchDesktop($0, model, server: server) }
                ?? watchLive(model, server: server)
        }
        let loaded = try RecordingLoader.load(recording, description: desc, node: nodes.first)
        warn(loaded.notes, in: recording)
        let options = try self.options()
        let (part, run, decisions) = try replayed(
            loaded, from: recording, window: window, options: options, explaining: true)
        let timeline = try TimelineFile()
        try ViewTimeline.writeJSON(
            title: ReportData.title(of: recording, from: window.start, to: window.end), recording: part,
            events: run.events, recordingStart: run.report.recordingStart,
            timeBase: run.timeBase, speed: options.timing.speed, configuration: configuration, options: appOptions,
            decisions: decisions,
            words: { $0.comparison.wordsUnderTable(for: run.events, screen: BuiltInScreen.name(of: surface)) },
            makeSurface: makeSurface, to: timeline.append)
        server.show(.timeline(timeline))
        // Ctrl-C is taken over before the address is told, so that one right after it ends the view.
        let stop = try StopSignal()
        try announce(server)
        stop.waitThenEnd()
        server.stop()
    }

    private func announce(_ server: any ViewPublisher) throws {
        try emit("touchsynth: the view is at \(server.url) (Ctrl-C ends it)")
        if open { openInBrowser(server.url) }
    }

    /// libinput's events from the seat or the nodes, and the pads' own frames, each stepped
    /// through the model and published.
    private func watchLive(_ model: ViewModel, server: any ViewPublisher) throws {
        let context = try LibinputContext.live(seat: seat ?? "seat0", nodes: devicePaths, logsDebug: log.verbose)
        context.configuration = config.configuration
        let session = LiveSession(
            model: model, publish: server.publish, sceneChanged: server.publish(scene:),
            noted: { writeStderr("touchsynth: \($0)") })
        var failure = FirstFailure()
        try session.run(
            context,
            ready: {
                // As `debug`: a seat whose devices this user may not read looks empty; say why at once.
                failure.attempt {
                    try context.requireDevices()
                    try announce(server)
                }
            }, logged: { reportLog(context, verbose: log.verbose) })
        try failure.check()
    }

    /// What the window system delivers to a window of this process's, stepped through the model.
    private func watchDesktop(
        _ system: DesktopSession.WindowSystem, _ model: ViewModel, server: any ViewPublisher
    )
        throws
    {
        let client = try DesktopSession.connect(system)
        let stop = try StopSignal()
        defer { stop.end() }
        writeStderr("touchsynth: " + DesktopSession.connected(client))
        let session = LiveSession(
            model: model, readsPads: false, publish: server.publish, sceneChanged: server.publish(scene:),
            noted: { writeStderr("touchsynth: \($0)") })
        try announce(server)
        try client.runAsLibinputEvents(stoppingOn: stop.fileDescriptor, session.step) {
            writeStderr("touchsynth: \($0)")
        }
    }

    private func openInBrowser(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        // Its own lines (each browser it tried) would bury the view's: one line of ours instead.
        (process.standardOutput, process.standardError) = (FileHandle.nullDevice, FileHandle.nullDevice)
        process.terminationHandler = {
            if $0.terminationStatus != 0 { writeStderr("touchsynth: xdg-open opened no browser: open \(url) yourself") }
        }
        if (try? process.run()) == nil { writeStderr("touchsynth: cannot run env: open \(url) yourself") }
    }
}
