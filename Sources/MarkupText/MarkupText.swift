/// Text inside XML and HTML: the report's SVG and pages, the view's page.
public enum MarkupText {
    /// `text` as character data or a double-quoted attribute's value: `&`, `<`, `>` and `"`
    /// escaped, and control characters (which XML 1.0 forbids, but tab and line ends) as spaces.
    public static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let forbidden = scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF
                out.unicodeScalars.append(forbidden ? " " : scalar)
            }
        }
        return out
    }
}
