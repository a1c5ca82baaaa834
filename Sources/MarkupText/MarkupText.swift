/// Text inside XML and HTML: the report's SVG and pages, the view's page.
public enum MarkupText {
    /// `text` as character data or an attribute's value: `&`, `<`, `>` and `"` escaped.
    public static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
