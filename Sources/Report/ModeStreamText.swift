import AppEvents
import Foundation
import LibinputEventText
import LibinputEvents
import TextTables

/// The lines `replay` and `debug` print: libinput's events alone, or beside the app events each
/// mode made of them; a table, or JSON Lines (`libinputEvents` and `modeEvents` in
/// docs/json.md). Text from values: the caller writes the lines where they go.
public struct ModeStreamText {
    public let modes: [DeliveryMode]
    public let json: Bool
    public let style: TableStyle
    /// The first event's time, which the table's times count from (``TimeBase``).
    private var timeBase: TimeBase?
    private var legend = TableLegend()

    /// Text for the app events of `modes` (none: libinput's events alone), as JSON Lines or a
    /// table in `style`.
    public init(modes: [DeliveryMode], json: Bool, style: TableStyle) {
        self.modes = modes
        self.json = json
        self.style = style
    }

    /// The lines before the first event: JSON's header line when `jsonHeader` (a file of several
    /// streams has one), or the table's titles when there are modes.
    public func opening(jsonHeader: Bool = true) throws -> [String] {
        if json { return jsonHeader ? [try JSONLines.header(modes.isEmpty ? "libinputEvents" : "modeEvents")] : [] }
        guard !modes.isEmpty else { return [] }
        var header = style.cell("libinput", width: style.sourceWidth, colour: "1")
        for (index, mode) in modes.enumerated() {
            header += style.cell(
                Self.title(of: mode), width: style.columnWidth, colour: "1", last: index == modes.count - 1)
        }
        return [header]
    }

    private static func title(of mode: DeliveryMode) -> String {
        mode == .compatibility
            ? "compat (Info.plist key NO): direct touches, * simulated"
            : "indirect (Info.plist key YES): indirectPointer touches"
    }

    /// The lines for `event` (nil for the end of the stream) and the app events each mode made
    /// of it, in ``modes``' order.
    public mutating func lines(_ event: LibinputEvent?, columns: [[AppEvent]]) throws -> [String] {
        if let event, timeBase == nil { timeBase = TimeBase(first: event) }
        for column in columns { for appEvent in column { legend.note(appEvent) } }
        if json {
            if modes.isEmpty, let event { return [try JSONLines.line(event)] }
            return [try JSONLines.line(ModeLine(libinput: event, columns: Array(zip(modes, columns)), accounting: nil))]
        }
        if modes.isEmpty, let event, let timeBase {
            let line = EventFormat.line(event, timeBase: timeBase)
            if style.cuts(line, width: style.sourceWidth) { legend.noteCut() }
            return [style.cell(line, width: style.sourceWidth, colour: TableStyle.colour(of: event), last: true)]
        }
        guard columns.contains(where: { !$0.isEmpty }) else { return [] }
        // Time first: it stays visible when a narrow terminal cuts the event's name.
        let source =
            event.map { e in String(format: "%8.3fs ", (timeBase ?? TimeBase(first: e)).seconds(e.time)) + e.typeName }
            ?? "(end of stream)"
        if style.cuts(source, width: style.sourceWidth) { legend.noteCut() }
        return (0..<(columns.map(\.count).max() ?? 0)).map { row in
            var text = style.cell(
                row == 0 ? source : "", width: style.sourceWidth, colour: event.map(TableStyle.colour(of:)))
            for (index, column) in columns.enumerated() {
                let appEvent = row < column.count ? column[row] : nil
                let shown = appEvent.map { earlier($0, than: event) + AppEventFormat.short($0) } ?? ""
                if style.cuts(shown, width: style.columnWidth) { legend.noteCut() }
                text += style.cell(
                    shown, width: style.columnWidth, colour: appEvent.flatMap(TableStyle.colour(of:)),
                    last: index == columns.count - 1)
            }
            // Trailing blanks only: the time column is right-aligned.
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// "(at 0.320s) " before an app event stamped earlier than the libinput event it is printed
    /// with (a wheel scroll's end, made when the next event showed the wheel had stopped), or
    /// made at the end of the stream; "" for one stamped with its row's event or after it.
    private mutating func earlier(_ appEvent: AppEvent, than event: LibinputEvent?) -> String {
        guard let timeBase else { return "" }
        let at = timeBase.seconds(atTimestamp: appEvent.timestamp)
        // One later than its row comes of a libinput event stamped before it was sent (a tap's
        // button carries the touch's time); the app event is stamped as it is sent, as UIKit's are.
        if let event, at > timeBase.seconds(event.time) - 0.0005 { return "" }
        legend.noteEarlier()
        return String(format: "(at %.3fs) ", at)
    }

    /// The closing lines: what became of every libinput event in each mode (emitted, merged into
    /// later events' state, or dropped, with the reasons) and the legend; libinput's events alone,
    /// the legend alone, when a line was cut. JSON: a last line with `"libinput": null` and an
    /// `accounting` object (none for libinput's events alone).
    public func closing(accounting: [Accounting]) throws -> [String] {
        var legend = legend
        if modes.contains(where: { style.cuts(Self.title(of: $0), width: style.columnWidth) }) { legend.noteCut() }
        guard !modes.isEmpty else { return json ? [] : legend.lines(accounting: []) }
        if json {
            return [
                try JSONLines.line(
                    ModeLine(libinput: nil, columns: modes.map { ($0, []) }, accounting: Array(zip(modes, accounting))))
            ]
        }
        let counts = zip(modes, accounting).map { mode, a in
            let merged = a.merged.values.reduce(0, +), dropped = a.dropped.values.reduce(0, +)
            let reasons = a.dropped.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            let events = TextTable.counted(a.events, "libinput event")
            return "\(mode.rawValue): \(events): \(a.emitted) emitted, \(merged) merged into later events, "
                + "\(dropped) dropped" + (reasons.isEmpty ? "" : " (\(reasons))")
        }
        return counts + legend.lines(accounting: accounting)
    }
}

/// One line of `--mode … --json`: a libinput event (`null` after the last) with the app events
/// each mode made of it, under the mode's name; the last line adds each mode's accounting.
struct ModeLine: Encodable {
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
