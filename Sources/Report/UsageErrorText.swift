import Recordings

/// A usage error as one line, from ArgumentParser's words for it: its message, any list of
/// choices (a line each, `  - touchpad`) on the same line, and the help of the argument it is
/// about, unless the choices say what the value may be.
public enum UsageErrorText {
    /// `touchsynth: MESSAGE (ARGUMENT: HELP; see 'COMMAND --help')`, from `message` and the full
    /// text with its `Help:` line (`fullText`); nil for an empty message.
    public static func line(message: String, fullText: String, command: String) -> String? {
        let lines = message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let choices = lines.dropFirst().map { $0.hasPrefix("- ") ? String($0.dropFirst(2)) : $0 }
        let said = ([lines.first ?? ""] + (choices.isEmpty ? [] : [choices.joined(separator: ", ")]))
            .joined(separator: " ")
        guard !said.isEmpty else { return nil }
        let help = choices.isEmpty ? argumentHelp(in: fullText).map { $0 + "; " } : nil
        // A value quoted back may hold a terminal's escapes: written escaped, as a file's name is.
        return "touchsynth: \(RecordingError.escaped(said)) (\(help ?? "")see '\(command) --help')"
    }

    /// The help of the argument a usage error is about (its `Help:` line: `--screen <screen>
    /// Virtual screen size…`), as `--screen: Virtual screen size…`; nil when it has none.
    private static func argumentHelp(in full: String) -> String? {
        guard let line = full.split(separator: "\n").first(where: { $0.hasPrefix("Help:") }) else { return nil }
        let words = line.dropFirst("Help:".count).split(separator: " ", omittingEmptySubsequences: true)
        guard let name = words.first else { return nil }
        // The value's placeholder (`<screen>`) follows an option's name; an argument is its own.
        let text = words.dropFirst(name.hasPrefix("-") && words.count > 1 && words[1].hasPrefix("<") ? 2 : 1)
        let said = text.joined(separator: " ")
        return said.isEmpty ? nil : "\(name): " + (said.hasSuffix(".") ? String(said.dropLast()) : said)
    }
}
