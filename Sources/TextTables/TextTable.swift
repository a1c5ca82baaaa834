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

    /// ``lines(_:separator:rule:)``, or, where a line would be wider than `width` (a terminal's,
    /// which would wrap it across the columns), each row as a block: its first cell, then a line
    /// per other cell named by its column's header, no cell cut.
    public static func lines(_ rows: [[String]], separator: String, rule: String?, width: Int?) -> [String] {
        let table = lines(rows, separator: separator, rule: rule)
        guard let width, let header = rows.first, table.contains(where: { $0.count > width }) else { return table }
        let names = header.dropFirst().map { $0 + ":" }
        let nameWidth = names.map(\.count).max() ?? 0
        return rows.dropFirst().flatMap { row -> [String] in
            let cells = zip(names, row.dropFirst()).map { (name: String, cell: String) -> String in
                var line = "  " + name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + " " + cell
                while line.last == " " { line.removeLast() }
                return line
            }
            return [row.first ?? ""] + cells
        }
    }
}
