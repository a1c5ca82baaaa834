import Foundation

/// The DMI modalias of the machine a recording was made on (`dmi:bvn…:svn…:pn…:`), which
/// libinput's `MatchDMIModalias` quirks match: `libinput record` writes it as `system: dmi:`,
/// `evemu-record` files often carry it in a `# DMI:` comment.
public enum MachineDMI {
    /// The modalias in a recording's or description's header text, if it names one.
    public static func find(in text: String) -> String? {
        // A getevent log's header is the whole log, and a regex literal is parsed each time it is
        // evaluated: only the lines that can match reach one, and most logs name no DMI at all, which
        // one search of the text says without splitting it.
        guard text.contains("dmi:") else { return nil }
        for line in text.split(separator: "\n") where line.contains("dmi:") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let m = trimmed.wholeMatch(of: /#\s*DMI:\s*(dmi:\S*)/) { return String(m.1) }
            if let m = trimmed.wholeMatch(of: /dmi:\s*"(dmi:[^"]*)"/) { return String(m.1) }
        }
        return nil
    }

    /// What is wrong with `modalias` as a DMI modalias, in words; nil when nothing is: it starts
    /// `dmi:`, and as a udev property's value it holds no white space or control character.
    public static func problem(_ modalias: String) -> String? {
        guard modalias.hasPrefix("dmi:") else { return "a DMI modalias starts dmi:" }
        guard !modalias.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 }) else {
            return "a DMI modalias holds no white space or control character"
        }
        return nil
    }

    /// The modalias in the first 64 KiB of the file at `path`.
    public static func find(inFile path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 64 << 10)) ?? Data()
        return find(in: String(decoding: head, as: UTF8.self))
    }
}
