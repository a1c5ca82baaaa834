import AppEvents
import ArgumentParser
import Benchmarks
import LibinputEvents
import ModeComparison
import Report

/// `replay`'s and `debug`'s output: each libinput event, or the app events both modes make of it
/// (``ModePipeline``), written as a table with a live status line on a terminal, or as JSON Lines.
final class ModeOutput {
    private let pipeline: ModePipeline
    private var text: ModeStreamText
    /// The live status line, on a terminal only.
    private let status: StatusLine?
    /// Where each printed line goes.
    private let write: (String) throws -> Void
    /// Records each event's latency when set (app modes only: raw mode translates nothing).
    var latency: LatencyLog?

    /// `write`: where lines go, stdout unless given (`compare --events-out` writes them to a file).
    /// `header`: whether JSON output opens with its header line (a file of several streams has one).
    /// `modes`: the delivery modes whose app events are printed, none for libinput's events alone.
    init(modes: [DeliveryMode], json: Bool, configuration: AppEventTranslator.Configuration = .init(), pointerLock: Bool = false,
         colour: ColorChoice = .never, header: Bool = true, write: @escaping (String) throws -> Void = emit) throws {
        pipeline = ModePipeline(modes: modes, configuration: configuration,
                                options: .init(checksInvariants: true, requestsPointerLock: pointerLock))
        let style = TableStyle.forStdout(columns: modes.count, colour: colour)
        text = ModeStreamText(modes: modes, json: json, style: style)
        status = style.statusLine && !json ? StatusLine() : nil
        self.write = write
        for line in try text.opening(jsonHeader: header) { try write(line) }
    }

    /// Translates and prints one event; `availableAt` is when libinput handed it over
    /// (CLOCK_MONOTONIC ns), for ``latency``.
    func handle(_ event: LibinputEvent, availableAt: UInt64? = nil) throws {
        pipeline.step(event)
        if let latency, let availableAt, !pipeline.lanes.isEmpty {
            latency.record(event, availableAt: availableAt, emittedAt: LatencyLog.now())
        }
        try print(try text.lines(event, columns: pipeline.lanes.map(\.lastAppEvents)))
        guard let status else { return }
        status.update(with: event, pointerRegion: pipeline.lanes.first?.translator.pointerRegion.map {
            "\(PointerRegion.path($0.region.identifier, in: $0.view)) \($0.region.style)"
        })
        try status.draw(width: text.style.sourceWidth + text.style.columnWidth * pipeline.lanes.count, colour: text.style.colour)
    }

    /// Ends what only a later event could end (wheel sequences), a second after the last event,
    /// and says what became of every event.
    func finish() throws {
        try status?.clear()
        guard !pipeline.lanes.isEmpty else { return }
        pipeline.finish()
        let columns = pipeline.lanes.map(\.lastAppEvents)
        if columns.contains(where: { !$0.isEmpty }) { try print(try text.lines(nil, columns: columns)) }
        try print(try text.closing(accounting: pipeline.lanes.map(\.translator.accounting)))
    }

    /// Invariant violations seen so far, each prefixed with its mode.
    var invariantViolations: [String] {
        pipeline.lanes.flatMap { lane in lane.violations.map { "\(lane.mode.rawValue): \($0)" } }
    }

    /// Prints lines, moving the status line out of their way.
    private func print(_ lines: [String]) throws {
        guard !lines.isEmpty else { return }
        try status?.clear()
        for line in lines { try write(line) }
    }
}
