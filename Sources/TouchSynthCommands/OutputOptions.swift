import AppEvents
import Benchmarks
import ArgumentParser
import Report
import SurfaceDescriptions

/// What `debug` and `replay` print, shared by both commands.
struct OutputOptions: ParsableArguments {
    @Option(
        help: """
            raw (libinput events), compat (the app's UIApplicationSupportsIndirectInputEvents NO, or absent before iOS \
            17), indirect (YES, or absent from iOS 17 on), or both side by side.
            """
    ) var mode = ModeChoice.raw
    @Flag(help: Help.json) var json = false
    @Flag(help: "Check the app event streams' invariants; violations go to stderr and exit status 1.") var check = false
    @Option(
        name: .customLong("screen"), parsing: .unconditional,
        help: ArgumentHelp(Help.screen.abstract + " (default: \(ScreenSize(size: .defaultScreen)))"))
    var givenScreen: ScreenSize?
    /// The screen: `--screen`'s, else the default one.
    var screen: ScreenSize { givenScreen ?? ScreenSize(size: .defaultScreen) }
    @Flag(help: Help.pointerLock) var pointerLock = false
    @Option(
        help: """
            An app screen whose pointer interactions decide the pointer's regions and styles: a built-in one by name \
            (photos, list, map, canvas) or a surface description file. None by default, so no regions: compare, report \
            and view run list unless told, and --surface list here gives what they show.
            """
    ) var surface: String?
    @Option(
        help: "Colours in table output: auto (when stdout is a terminal; NO_COLOR turns them off), always or never.")
    var color: ColorChoice = .auto
    @Option(
        help: ArgumentHelp(
            "Write each libinput event's latency to FILE (type, ns from availability, µs from its kernel timestamp, "
                + "to its app events; negative in replays, which write frames ahead) and a summary to stderr; needs "
                + "--mode compat, indirect or both, and the real clock in a replay (replay's or mock's --real-time).",
            valueName: "file")) var latency: String?

    /// The options given that concern the app events, by their names: `debug --explain` has none.
    var appEventOptions: [String] { given(["--mode": !mode.modes.isEmpty]) + modeOptions }

    /// The options given that shape or measure what a mode delivers, which need one.
    private var modeOptions: [String] {
        given([
            "--check": check, "--screen": givenScreen != nil, "--pointer-lock": pointerLock,
            "--surface": surface != nil, "--latency": latency != nil,
        ])
    }

    func validate() throws {
        try CommandIO.current.refuseStandardOutput([("--latency", latency)])
        if json && color != .auto { throw ValidationError("--color is for table output, which --json replaces") }
    }

    /// Refuses options for the app events without a mode to deliver them. Each command asks after
    /// its own refusals (`--explain`, `--with-libinput`), which take none of them.
    func requireMode() throws {
        guard mode.modes.isEmpty, !modeOptions.isEmpty else { return }
        throw ValidationError(
            "\(modeOptions.joined(separator: ", ")) \(modeOptions.count == 1 ? "is" : "are") for the app events: "
                + "give --mode compat, indirect or both")
    }

    /// The translators' configuration: the screen and the surface's pointer interactions. A bad
    /// surface description ends the command (`SurfaceDescription.named`).
    func translatorConfiguration() throws -> AppEventTranslator.Configuration {
        // The columns are what each mode delivers, whichever app receives them: no screen unless named.
        try screen.surface(surface, fallback: nil).translatorConfiguration(screen: screen.size)
    }

    /// Writes out `latency` and its summary (frames written `writeAhead` early; 74 for a failed line),
    /// then ends the printing: what was measured is kept when stdout's reader went (`| head`).
    func finish(_ printer: ModeStreamPrinter, latency: LatencyLog?, writeAhead: Duration) throws {
        if let latency, let path = self.latency {
            if let code = try latency.finish() { try failWriting(path, errno: code) }
            writeStderr(latency.pool.summary(writeAhead: writeAhead))
        }
        try printer.finish()
    }

    /// With `--check`, each invariant violation on stderr, as `compare --check` says them (naming
    /// the `recording`, if any), and status 1 if there was one.
    func checkInvariants(of printer: ModeStreamPrinter, recording: String? = nil) throws {
        guard check else { return }
        tellViolations(printer.checkLines, in: recording)
        if printer.violationCount > 0 { throw ExitCode(ExitStatus.differs) }
    }

    /// The latency log of `--latency`, its file put in place when the command finishes.
    func latencyLog() throws -> LatencyLog? { try latency.map { try LatencyLog(output: try openOutput($0)) } }

    /// The printer of the events (and the modes' app events) to stdout, in the form asked for; its status line
    /// makes room for each line to stderr. Its opening lines (JSON's header) wait for its first event.
    func printer(configuration: AppEventTranslator.Configuration? = nil) throws -> ModeStreamPrinter {
        let configuration = try configuration ?? translatorConfiguration()
        let printer = try CommandIO.current.holdingOutput {
            try ModeStreamPrinter(
                modes: mode.modes, json: json, style: .forStdout(columns: mode.modes.count, colour: color),
                configuration: configuration, options: .init(requestsPointerLock: pointerLock), write: emitRaw)
        }
        CommandIO.current.beforeEachErr { try? printer.clearStatusLine() }
        return printer
    }
}

extension ModeChoice: ExpressibleByArgument {}

/// `1440x900`.
struct ScreenSize: ExpressibleByArgument, CustomStringConvertible {
    var size: Size

    /// The surface `--surface` names on this screen (``SurfaceDescription/named(_:screen:fallback:)``),
    /// with a warning for each region of a description file that nothing on this screen reaches.
    func surface(_ name: String?, fallback: BuiltInScreen? = .default) throws -> SurfaceDescription {
        let description = try SurfaceDescription.named(name, screen: size, fallback: fallback)
        warn(description.unreachableRegionNotes(on: size), in: name ?? "--surface")
        return description
    }

    init(size: Size) { self.size = size }

    init?(argument: String) {
        guard let size = Size(dimensions: argument) else { return nil }
        self.size = size
    }

    var description: String { size.dimensions }
}
