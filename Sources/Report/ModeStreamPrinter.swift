import AppEvents
import LibinputEvents
import ModeComparison

/// `replay`'s and `debug`'s output: each libinput event, or the app events the modes make of it
/// (one ``ModePipeline``), as a table with a live status line on a terminal, or as JSON Lines.
/// The caller says where text goes: `write` takes whole lines with their newlines, and the status
/// line's escapes.
public final class ModeStreamPrinter {
    private let pipeline: ModePipeline
    private var text: ModeStreamText
    /// The live status line, when the style asks for one and the output is a table.
    private let status: StatusLine?
    private let write: (String) throws -> Void

    /// `modes`: the delivery modes whose app events are printed, none for libinput's events alone.
    /// `header`: whether JSON output opens with its header line (a file of several streams has one).
    /// `options` say what the modes run besides their translators; the invariants are checked
    /// whatever they say, for ``checkLines``.
    public init(
        modes: [DeliveryMode], json: Bool, style: TableStyle, configuration: AppEventTranslator.Configuration = .init(),
        options: ModePipeline.Options = .init(), header: Bool = true, write: @escaping (String) throws -> Void
    ) throws {
        var options = options
        options.checksInvariants = true
        pipeline = ModePipeline(modes: modes, configuration: configuration, options: options)
        text = ModeStreamText(modes: modes, json: json, style: style)
        status = style.statusLine && !json ? StatusLine(write: write) : nil
        self.write = write
        try print(try text.opening(jsonHeader: header))
    }

    /// Each of `events` and the app events both modes make of it, as `replay --mode both --json`
    /// prints them without the header, ending with the flush a second after the last event and
    /// the accounting line: one recording's part of `compare --events-out`, both modes running
    /// what `options` ask, as the comparison's did.
    public static func writeBothModes(
        _ events: [LibinputEvent], configuration: AppEventTranslator.Configuration, options: ModePipeline.Options,
        write: @escaping (String) throws -> Void
    ) throws {
        let output = try ModeStreamPrinter(
            modes: DeliveryMode.allCases, json: true, style: .plain, configuration: configuration,
            options: options, header: false, write: write)
        for event in events { try output.handle(event) }
        try output.finish()
    }

    /// Whether any mode translates: raw output translates nothing.
    public var translates: Bool { !pipeline.lanes.isEmpty }

    /// Translates and prints one event; `translated` runs between the two, when the app events
    /// exist and nothing is printed yet (where `--latency` takes its time).
    public func handle(_ event: LibinputEvent, translated: () -> Void = {}) throws {
        pipeline.step(event)
        translated()
        try print(try text.lines(event, columns: pipeline.lanes.map(\.lastAppEvents)))
        guard let status else { return }
        status.update(
            with: event,
            pointerRegion: pipeline.lanes.first?.translator.pointerRegion.map {
                "\(PointerRegion.path($0.region.identifier, in: $0.view)) \($0.region.style)"
            })
        try status.draw(width: text.style.statusWidth(columns: pipeline.lanes.count), colour: text.style.colour)
    }

    /// Ends what only a later event could end (wheel sequences), a second after the last event,
    /// and says what became of every event.
    public func finish() throws {
        try status?.clear()
        guard translates else { return try print(try text.closing(accounting: [])) }
        pipeline.finish()
        let columns = pipeline.lanes.map(\.lastAppEvents)
        if columns.contains(where: { !$0.isEmpty }) { try print(try text.lines(nil, columns: columns)) }
        try print(try text.closing(accounting: pipeline.lanes.map(\.translator.accounting)))
    }

    /// Clears the status line, so that a line written to the terminal another way (libinput's log
    /// on stderr) takes its place; the next event draws it again.
    public func clearStatusLine() throws { try status?.clear() }

    /// What `--check` says of the stream so far (``ModePipeline/checkLines``), and how many
    /// invariant violations it found.
    public var checkLines: [String] { pipeline.checkLines }
    public var violationCount: Int { pipeline.violationCount }

    /// Prints lines, moving the status line out of their way.
    private func print(_ lines: [String]) throws {
        guard !lines.isEmpty else { return }
        try status?.clear()
        for line in lines { try write(line + "\n") }
    }
}
