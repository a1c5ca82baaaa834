extension TextTable {
    /// A count with its noun, plural but for one: `1 run`, `3 runs`, `0 events`, `2 touches`
    /// (`plural` where adding an s does not make it).
    public static func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) " + word(noun, plural, for: count)
    }

    /// `singular` for a count of one, else `plural` (by default `singular` and an s): the noun or
    /// verb beside a count said elsewhere (`slot`/`slots 1, 2`, `differs`/`differ`).
    public static func word(_ singular: String, _ plural: String? = nil, for count: Int) -> String {
        count == 1 ? singular : plural ?? singular + "s"
    }
}
