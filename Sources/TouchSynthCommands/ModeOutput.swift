import AppEventInvariants
import AppEvents
import ArgumentParser
import Benchmarks
import Foundation
import LibinputEventText
import LibinputEvents
import LibinputKit
import Report

/// Prints libinput events, or the app events both translators make of them, as a table or JSON
/// Lines; optionally checks the app event streams' invariants.
final class ModeOutput {
    let json: Bool
    private var translators: [(mode: DeliveryMode, translator: AppEventTranslator, checker: InvariantChecker)] = []
    /// The first event's time, which the table's times count from (``TimeBase``).
    private var timeBase: TimeBase?
    /// The app asks for the pointer lock with the first event (granted by the default policy).
    private var requestsPointerLock: Bool
    private var violations: [String] = []
    private var legend = TableLegend()
    private let style: TableStyle
    /// The live status line, on a terminal only.
    private let status: StatusLine?
    /// Where each printed line goes.
    private let write: (String) -> Void

    /// `write`: where lines go, stdout unless given (`compare --events-out` writes them to a file).
    /// `header`: whether JSON output opens with its header line (a file of several streams has one).
    /// `modes`: the delivery modes whose app events are printed, none for libinput's events alone.
    init(modes: [DeliveryMode], json: Bool, configuration: AppEventTranslator.Configuration = .init(), pointerLock: Bool = false,
         colour: ColorChoice = .never, header: Bool = true, write: @escaping (String) -> Void = emit) {
        self.json = json
        self.write = write
        if json && header { write(JSONLines.header(modes.isEmpty ? "libinputEvents" : "modeEvents")) }
        requestsPointerLock = pointerLock
        for mode in modes {
            translators.append((mode, AppEventTranslator(mode: mode, configuration: configuration), InvariantChecker(mode: mode)))
        }
        style = TableStyle.forStdout(columns: translators.count, colour: colour)
        status = style.statusLine && !json ? StatusLine() : nil
        if !json && !translators.isEmpty { printHeader() }
    }

    private func printHeader() {
        var header = style.cell("libinput", width: style.sourceWidth, colour: "1")
        for (index, (mode, _, _)) in translators.enumerated() {
            let title = mode == .compatibility ? "compat (UIApplicationSupportsIndirectInputEvents = NO; * simulated touch)"
                : "indirect (UIApplicationSupportsIndirectInputEvents = YES)"
            header += style.cell(title, width: style.columnWidth, colour: "1", last: index == translators.count - 1)
        }
        line(header)
    }

    /// Prints a line, moving the status line out of its way.
    private func line(_ text: String) {
        status?.clear()
        write(text)
    }

    private func drawStatus(after event: LibinputEvent) {
        guard let status else { return }
        status.update(with: event, pointerRegion: translators.first?.translator.pointerRegion.map {
            "\(PointerRegion.path($0.region.identifier, in: $0.view)) \($0.region.style)"
        })
        status.draw(width: style.sourceWidth + style.columnWidth * translators.count, colour: style.colour)
    }

    /// Records each event's latency when set (app modes only: raw mode translates nothing).
    var latency: LatencyLog?

    /// Translates and prints one event; `availableAt` is when libinput handed it over
    /// (CLOCK_MONOTONIC ns), for ``latency``.
    func handle(_ event: LibinputEvent, availableAt: UInt64? = nil) {
        let timeBase = self.timeBase ?? TimeBase(first: event)
        self.timeBase = timeBase
        if translators.isEmpty {
            if json {
                write(JSONLines.line(event))
            } else {
                line(style.cell(EventFormat.line(event, timeBase: timeBase), width: style.sourceWidth,
                                colour: TableStyle.colour(of: event), last: true))
                drawStatus(after: event)
            }
            return
        }
        let lock = requestsPointerLock
        requestsPointerLock = false
        let columns = translators.indices.map { i in
            (lock ? translators[i].translator.requestPointerLock(true, at: event.time) : []) + translators[i].translator.translate(event)
        }
        if let latency, let availableAt { latency.record(event, availableAt: availableAt, emittedAt: LatencyLog.now()) }
        output(event, columns: columns)
        if !json { drawStatus(after: event) }
    }

    /// Ends what only a later event could end (wheel sequences) and reports unfinished gestures.
    func finish(at time: UInt64) {
        status?.clear()
        guard !translators.isEmpty else { return }
        let columns = translators.indices.map { i in translators[i].translator.flush(at: time) }
        if columns.contains(where: { !$0.isEmpty }) { output(nil, columns: columns) }
        for (mode, _, checker) in translators {
            violations += checker.finish().map { "\(mode.rawValue): \($0)" }
        }
        reportAccounting()
    }

    /// What became of every libinput event in each mode: emitted, merged into later events'
    /// state, or dropped, with the reasons. JSON: a last line with `"libinput": null` and an
    /// `accounting` object; table: one line per mode.
    private func reportAccounting() {
        if json {
            write(JSONLines.line(ModeLine(libinput: nil, columns: translators.map { ($0.mode, []) },
                                          accounting: translators.map { ($0.mode, $0.translator.accounting) })))
            return
        }
        for (mode, translator, _) in translators {
            let a = translator.accounting
            let merged = a.merged.values.reduce(0, +), dropped = a.dropped.values.reduce(0, +)
            let reasons = a.dropped.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            line("\(mode.rawValue): \(a.events) libinput events: \(a.emitted) emitted, \(merged) merged into later events, \(dropped) dropped"
                 + (reasons.isEmpty ? "" : " (\(reasons))"))
        }
        legend.lines(accounting: translators.map(\.translator.accounting)).forEach(line)
    }

    /// Invariant violations seen so far, each prefixed with its mode.
    var invariantViolations: [String] { violations }

    private func output(_ event: LibinputEvent?, columns: [[AppEvent]]) {
        for i in translators.indices {
            for appEvent in columns[i] {
                violations += translators[i].checker.check(appEvent).map { "\(translators[i].mode.rawValue): \($0)" }
                legend.note(appEvent)
            }
        }
        if json {
            write(JSONLines.line(ModeLine(libinput: event, columns: Array(zip(translators.map(\.mode), columns)), accounting: nil)))
            return
        }
        guard columns.contains(where: { !$0.isEmpty }) else { return }
        // Time first: it stays visible when a narrow terminal cuts the event's name.
        let source = event.map { e in
            String(format: "%8.3fs ", (timeBase ?? TimeBase(first: e)).seconds(e.time)) + e.typeName
        } ?? "(end of stream)"
        for row in 0..<(columns.map(\.count).max() ?? 0) {
            var text = style.cell(row == 0 ? source : "", width: style.sourceWidth, colour: event.map(TableStyle.colour(of:)))
            for (index, column) in columns.enumerated() {
                let appEvent = row < column.count ? column[row] : nil
                text += style.cell(appEvent.map(AppEventFormat.short) ?? "", width: style.columnWidth,
                                   colour: appEvent.flatMap(TableStyle.colour(of:)), last: index == columns.count - 1)
            }
            // Trailing blanks only: the time column is right-aligned.
            while text.last == " " { text.removeLast() }
            line(text)
        }
    }
}

/// One line of `--mode … --json`: a libinput event (`null` after the last) with the app events
/// each mode made of it, under the mode's name; the last line adds each mode's accounting.
private struct ModeLine: Encodable {
    var libinput: LibinputEvent?
    var columns: [(DeliveryMode, [AppEvent])]
    var accounting: [(DeliveryMode, Accounting)]?

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: NamedKey.self)
        try c.encode(libinput, forKey: NamedKey("libinput"))
        for (mode, events) in columns { try c.encode(events, forKey: NamedKey(mode.rawValue)) }
        guard let accounting else { return }
        var byMode = c.nestedContainer(keyedBy: NamedKey.self, forKey: NamedKey("accounting"))
        for (mode, counts) in accounting { try byMode.encode(counts, forKey: NamedKey(mode.rawValue)) }
    }
}
