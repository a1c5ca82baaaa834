import Quirks

/// libinput refusing the quirks files a replay tried, told from its log: it logs what it could
/// not read, then `Failed to load the device quirks from …` (`libinput_init_quirks`,
/// `src/libinput.c`), and goes on with no quirks at all, its own included. The harness makes of
/// that one error naming the file and, where libinput names the key, its line.
package struct QuirksRefusal {
    /// The files tried, as given.
    let files: [String]
    private var unknownKey: (key: String, section: String, copy: String)?
    /// What `libinput quirks` says of a line it cannot read: the copy, its 0-based line, why.
    private var parserError: (copy: String, line: Int, problem: String)?
    private var lastError: String?
    /// libinput has said that it loaded no quirks.
    package private(set) var refused = false

    package init(files: [String]) {
        self.files = files
    }

    /// Reads one of libinput's log lines; true when it is about the quirks.
    package mutating func read(_ line: String) -> Bool {
        guard !files.isEmpty else { return false }
        // libinput's tool begins its log lines with their kind (`quirks error: `); its library, not.
        let message = line.hasPrefix("quirks error: ") ? String(line.dropFirst("quirks error: ".count)) : line
        // libinput's own words, and `libinput quirks`'.
        if message.hasPrefix("Failed to load the device quirks")
            || message.hasPrefix("Failed to initialize the device quirks")
        {
            refused = true
            return true
        }
        // `Unknown key %s in %s` and the file, from `parse_attr` and `parse_model` of quirks.c.
        // A regex literal is made again each time: only the lines that can match reach one.
        if message.hasPrefix("Unknown key "),
            let match = message.firstMatch(of: /^Unknown key (\S+) in (\[.*\]) \((.*)\)/)
        {
            unknownKey = (String(match.1), String(match.2), String(match.3))
            return true
        }
        // `Unknown match key '%s'` (`parse_match`): the parser's error, from libinput's tool
        // (``MockedDevice/quirksToolOutput()``), names its file and line.
        if message.hasPrefix("Unknown match key ") {
            lastError = message
            return true
        }
        // The copy's name is the file's, which may hold a colon: the line number is the first
        // `:N:` after it.
        if message.contains("quirks parser error: "),
            let match = message.firstMatch(of: /quirks parser error: .*\/([^\/]+?):([0-9]+): (.*)/),
            let line = Int(match.2)
        {
            parserError = (String(match.1), line, String(match.3))
            return true
        }
        if message.contains(DeviceQuirks.copyPrefix) {
            lastError = message
            return true
        }
        return false
    }

    /// The refusal names the file and line: libinput said which key it has no quirk for, or its
    /// tool's parser which line it failed to read.
    package var locates: Bool { unknownKey != nil || parserError != nil }

    /// One line for the error the replay ends with, for libinput `version`, the files' copies
    /// (what libinput read) in `folder`: a file given may be a pipe, read once.
    package func message(version: String, folder: String) -> String {
        let drops = "it would drop every quirk for it, its own too"
        if let unknownKey,
            let index = files.indices.first(where: { DeviceQuirks.copyName($0, files[$0]) == unknownKey.copy })
        {
            let file = files[index]
            let text = (try? String(contentsOfFile: folder + "/" + unknownKey.copy, encoding: .utf8)) ?? ""
            let line = QuirksFileCheck.line(ofKey: unknownKey.key, inSection: unknownKey.section, of: text)
            return "\(file)\(line.map { ":\($0)" } ?? ""): libinput \(version) has no quirk \(unknownKey.key) "
                + "(in \(unknownKey.section)), and \(drops)"
        }
        if let parserError,
            let index = files.indices.first(where: { DeviceQuirks.copyName($0, files[$0]) == parserError.copy })
        {
            return "\(files[index]):\(parserError.line + 1): libinput \(version) \(parserError.problem), and \(drops)"
        }
        let said = lastError.map { ": \($0)" } ?? " (a value it cannot read)"
        return "\(files.joined(separator: ", ")): libinput \(version) refused these quirks\(said), and \(drops)"
    }
}
