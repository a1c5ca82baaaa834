extension TextTable {
    /// A count with its noun, plural but for one: `1 run`, `3 runs`, `0 events`.
    public static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
