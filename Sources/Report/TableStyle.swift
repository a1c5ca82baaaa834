import AppEvents
import LibinputEvents

/// How table output looks: column widths, colours, and whether a status line is kept at the
/// bottom (a terminal only; piped output is plain lines).
public struct TableStyle: Sendable {
    public var colour: Bool
    public var statusLine: Bool
    /// Width of the libinput column.
    public var sourceWidth: Int
    /// Width of each app-event column.
    public var columnWidth: Int
    /// Cells longer than their column are cut with "…" (a terminal); otherwise they overflow.
    public var truncates: Bool
    /// The terminal's columns, which the status line must fit to be cleared: one that wraps
    /// leaves its first rows behind. Nil: the columns' widths.
    public var terminalWidth: Int?

    public init(
        colour: Bool, statusLine: Bool, sourceWidth: Int, columnWidth: Int, truncates: Bool, terminalWidth: Int? = nil
    ) {
        self.colour = colour
        self.statusLine = statusLine
        self.sourceWidth = sourceWidth
        self.columnWidth = columnWidth
        self.truncates = truncates
        self.terminalWidth = terminalWidth
    }

    /// The status line's width beside `columns` app-event columns: the table's, within the terminal.
    public func statusWidth(columns: Int) -> Int {
        min(sourceWidth + columnWidth * columns, terminalWidth ?? .max)
    }

    /// A terminal `width` columns wide with `columns` app-event columns: a status line that fits
    /// it, and cells cut to fit a table 60 columns wide at least (narrower, its rows wrap). The
    /// libinput column takes a third (34 at most), or the whole width without app-event columns;
    /// each app-event column an equal share of the rest, 20 at least.
    public static func terminal(width: Int, columns: Int, colour: Bool) -> TableStyle {
        let table = max(width, 60)
        let source = columns == 0 ? table : min(34, table / 3)
        let column = columns == 0 ? 0 : max((table - source) / columns, 20)
        return TableStyle(
            colour: colour, statusLine: true, sourceWidth: source, columnWidth: column, truncates: true,
            terminalWidth: max(width, 1))
    }

    /// Piped output: plain lines, wide columns, nothing cut, no colour.
    public static let plain = TableStyle(
        colour: false, statusLine: false, sourceWidth: 38, columnWidth: 64, truncates: false)

    /// `text` fitted to `width` (cut with "…" or padded), then coloured; the padding stays
    /// outside the colour, so colour codes never count towards the width.
    public func cell(_ text: String, width: Int, colour code: String?, last: Bool = false) -> String {
        let plain = cuts(text, width: width) ? text.cut(toFit: width) : text
        let padding = last ? "" : String(repeating: " ", count: plain.count < width ? width - plain.count : 2)
        guard colour, let code else { return plain + padding }
        return "\u{1B}[\(code)m\(plain)\u{1B}[0m\(padding)"
    }

    /// Whether ``cell(_:width:colour:last:)`` cuts `text` to fit `width`.
    public func cuts(_ text: String, width: Int) -> Bool {
        truncates && text.needsCut(toFit: width)
    }

    /// ANSI colour of a libinput event's name: gestures yellow, pointer cyan, keys magenta,
    /// device bookkeeping dim.
    public static func colour(of event: LibinputEvent) -> String {
        switch event.kind {
        case .deviceAdded, .deviceRemoved: return "2"
        case .keyboardKey: return "35"
        case .pointerMotion, .pointerMotionAbsolute, .pointerButton, .pointerScroll: return "36"
        case .touchDown, .touchMotion, .touchUp, .touchCancel, .touchFrame: return "2"
        default: return "33"
        }
    }

    /// ANSI colour of an app event by its phase: begins (and pointer regions entered) green, ends
    /// (and regions left) blue, cancels red; system gestures (which no app sees) dim.
    public static func colour(of event: AppEvent) -> String? {
        let phase: String
        switch event.payload {
        case .touches(let touches): phase = touches.first?.phase.rawValue ?? ""
        case .hover(let touch): phase = touch.phase.rawValue
        case .scroll(let scroll): phase = scroll.phase.rawValue
        case .transform(let transform): phase = transform.phase.rawValue
        case .systemGesture: return "2"
        case .pointerLock: return "35"
        case .relativeMotion: return nil
        case .pointerRegion(let region): return region.phase == .willEnter ? "32" : "34"
        }
        switch phase {
        case "began", "regionEntered": return "32"
        case "ended", "regionExited": return "34"
        case "cancelled": return "31;1"
        default: return nil
        }
    }
}

extension String {
    /// Itself when shorter than `width`; otherwise its start and "…", one column short of
    /// `width` so that a separating blank remains (``TableStyle/cuts(_:width:)``).
    /// (`TableStyle` and `LiveStatus` fit text to columns with it.)
    public func cut(toFit width: Int) -> String {
        needsCut(toFit: width) ? String(prefix(max(width - 2, 1))) + "…" : self
    }

    /// Whether ``cut(toFit:)`` shortens it: it is not shorter than `width`.
    func needsCut(toFit width: Int) -> Bool {
        count > width - 1
    }
}
