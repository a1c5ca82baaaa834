import ArgumentParser
import Foundation
import Report

/// `--color`: ANSI colours in table output.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    /// When stdout is a terminal.
    case auto
    case always
    case never
}

extension TableStyle {
    /// The style for stdout with `columns` app-event columns.
    static func forStdout(columns: Int, colour choice: ColorChoice) -> TableStyle {
        let width = stdoutWidth()
        let colour =
            choice == .always
            || (choice == .auto && width != nil && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)
        guard let width else {
            var style = TableStyle.plain
            style.colour = colour
            return style
        }
        return .terminal(width: width, columns: columns, colour: colour)
    }

    /// The columns of stdout's terminal, or `COLUMNS` (over 0), or 120 when neither tells; nil for no terminal.
    static func stdoutWidth() -> Int? {
        guard CommandIO.current.isTerminal(1) else { return nil }
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 120
    }
}
