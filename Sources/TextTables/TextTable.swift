import Foundation

/// Rows of cells as aligned plain-text columns, as the terminal tables print them: the
/// comparison's, the versions', the corpus's and a shard's.
public enum TextTable {
    /// `rows` (the first the header) as lines: each column as wide as its widest cell, the cells
    /// joined by `separator`, no spaces at a line's end; with `rule`, a line of dashes under the
    /// header whose columns meet at `rule` (`-+-` under ` | `).
    public static func lines(_ rows: [[String]], separator: String = "  ", rule: String? = nil) -> [String] {
        let widths = (rows.first ?? []).indices.map { column in
            rows.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        var lines = rows.map { row in
            var line = zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(
                separator: separator)
            while line.last == " " { line.removeLast() }
            return line
        }
        if let rule, !lines.isEmpty {
            lines.insert(widths.map { String(repeating: "-", count: $0) }.joined(separator: rule), at: 1)
        }
        return lines
    }
}
