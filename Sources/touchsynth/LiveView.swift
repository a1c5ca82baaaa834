import ArgumentParser
import Foundation
import AppEvents
import LibinputEvents

/// `--color`: ANSI colours in table output.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    /// When stdout is a terminal.
    case auto
    case always
    case never
}

/// How table output looks on this stdout: column widths, colours, and whether a status line is
/// kept at the bottom (a terminal only; piped output is plain lines).
struct TableStyle {
    var colour: Bool
    var statusLine: Bool
    /// Width of the libinput column.
    var sourceWidth: Int
    /// Width of each app-event column.
    var columnWidth: Int
    /// Cells longer than their column are cut with "…" (a terminal); otherwise they overflow.
    var truncates: Bool

    /// The style for stdout with `columns` app-event columns.
    static func forStdout(columns: Int, colour choice: ColorChoice) -> TableStyle {
        let isTerminal = isatty(1) == 1
        let colour = choice == .always || (choice == .auto && isTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)
        guard isTerminal else {
            return TableStyle(colour: colour, statusLine: false, sourceWidth: 38, columnWidth: 64, truncates: false)
        }
        let width = max(terminalWidth(), 60)
        let source = columns == 0 ? width : min(34, width / 3)
        let column = columns == 0 ? 0 : max((width - source) / columns, 20)
        return TableStyle(colour: colour, statusLine: true, sourceWidth: source, columnWidth: column, truncates: true)
    }

    /// The terminal's columns, or `COLUMNS`, or 120 when neither tells.
    private static func terminalWidth() -> Int {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 120
    }

    /// `text` fitted to `width` (cut with "…" or padded), then coloured; the padding stays
    /// outside the colour, so colour codes never count towards the width.
    func cell(_ text: String, width: Int, colour code: String?, last: Bool = false) -> String {
        let plain = truncates ? text.cut(toFit: width) : text
        let padding = last ? "" : String(repeating: " ", count: plain.count < width ? width - plain.count : 2)
        guard colour, let code else { return plain + padding }
        return "\u{1B}[\(code)m\(plain)\u{1B}[0m\(padding)"
    }

    /// ANSI colour of a libinput event's name: gestures yellow, pointer cyan, keys magenta,
    /// device bookkeeping dim.
    static func colour(of event: LibinputEvent) -> String {
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
    static func colour(of event: AppEvent) -> String? {
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

/// The bottom line of a live terminal view: the device last heard from, the fingers libinput
/// reports, the gesture under way and, with a surface's pointer interactions, the pointer's
/// region and style. libinput tells finger counts only through gestures and two-finger
/// scrolling, so "fingers" is what those say (1 while the pointer moves).
final class StatusLine {
    /// "view/region style" of the pointer's region, nil when it is in none.
    var pointerRegion: String?
    private var deviceNames: [String: String] = [:]
    private var device = "-"
    private var fingers: Int?
    private var gesture = "idle"
    private var pinch: (scale: Double, angle: Double) = (1, 0)
    private var seconds = 0.0
    private var start: UInt64?
    private var isShown = false

    func update(with event: LibinputEvent) {
        let origin = start ?? event.time
        start = origin
        seconds = Double(event.time - min(event.time, origin)) / 1e6
        if case .deviceAdded(let info) = event.kind { deviceNames[event.device] = info.name }
        device = deviceNames[event.device].map { "\(event.device) \($0)" } ?? event.device
        switch event.kind {
        case .gesturePinchBegin(let n):
            (fingers, gesture, pinch) = (n, "pinch", (1, 0))
        case .gesturePinchUpdate(let n, _, let scale, let angle):
            fingers = n
            pinch = (scale, pinch.angle + angle)
            gesture = String(format: "pinch scale %.2f angle %+.1f°", pinch.scale, pinch.angle)
        case .gestureSwipeBegin(let n), .gestureSwipeUpdate(let n, _):
            (fingers, gesture) = (n, "swipe")
        case .gestureHoldBegin(let n):
            (fingers, gesture) = (n, "hold")
        case .gesturePinchEnd(_, _, let cancelled), .gestureSwipeEnd(_, let cancelled), .gestureHoldEnd(_, let cancelled):
            (fingers, gesture) = (0, cancelled ? "idle (last gesture cancelled)" : "idle")
        case .pointerScroll(let scroll):
            if scroll.source == .finger { fingers = scroll.isStop ? 0 : 2 }
            gesture = scroll.isStop ? "idle" : "scroll (\(scroll.source.rawValue))"
        case .pointerMotion, .pointerMotionAbsolute:
            fingers = 1
            gesture = "pointer"
        case .pointerButton(_, let state, let count):
            gesture = state == .pressed || count > 0 ? "button down" : "idle"
        case .deviceRemoved:
            (fingers, gesture) = (nil, "device removed")
        default:
            break
        }
    }

    /// The status text: `▌ event10 Touchpad │ fingers 2 │ pinch scale 1.20 angle -3.0° │ 1.234 s`,
    /// with `│ region text/line.3 verticalBeam(20) constrained vertical` before the time when
    /// the pointer is in a pointer region.
    func text(width: Int) -> String {
        let region = pointerRegion.map { " │ region \($0)" } ?? ""
        return "▌ \(device) │ fingers \(fingers.map(String.init) ?? "-") │ \(gesture)\(region) │ \(String(format: "%.3f s", seconds))".cut(toFit: width)
    }

    /// Draws the status line (reversed when colours are on) without a newline.
    func draw(width: Int, colour: Bool) {
        let text = text(width: width)
        emitRaw(colour ? "\r\u{1B}[K\u{1B}[7m\(text)\u{1B}[0m" : "\r\u{1B}[K\(text)")
        isShown = true
    }

    /// Clears it so that a line can be printed in its place.
    func clear() {
        guard isShown else { return }
        emitRaw("\r\u{1B}[K")
        isShown = false
    }
}

private extension String {
    /// Itself when shorter than `width`; otherwise its start and "…", one column short of
    /// `width` so that a separating blank remains.
    func cut(toFit width: Int) -> String {
        count > width - 1 ? String(prefix(max(width - 2, 1))) + "…" : self
    }
}
