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
        let isTerminal = CommandIO.current.isTerminal(1)
        let colour =
            choice == .always
            || (choice == .auto && isTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil)
        guard isTerminal else {
            var style = TableStyle.plain
            style.colour = colour
            return style
        }
        return .terminal(width: terminalWidth(), columns: columns, colour: colour)
    }

    /// The terminal's columns, or `COLUMNS`, or 120 when neither tells.
    private static func terminalWidth() -> Int {
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 120
    }
}
