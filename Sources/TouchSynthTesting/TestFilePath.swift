import Foundation

/// The kit's one rule for a path a test names: an absolute path as it is, a relative one from
/// the directory of the test file that names it (`#filePath`), so that recordings, descriptions
/// and surface files kept beside a test are found whatever the current directory; and for the
/// files it names after a test (snapshots, reports).
enum TestFilePath {
    static func resolve(_ path: String, relativeTo filePath: StaticString) -> String {
        guard !path.hasPrefix("/") else { return path }
        return (("\(filePath)" as NSString).deletingLastPathComponent as NSString).appendingPathComponent(path)
    }

    /// What `body` returns, reading `paths` resolved; a file it finds missing that one of them
    /// named relatively is said to be read from the test file's directory, which a reader used to
    /// the current directory (as `Replay` and the CLI read it) may not expect.
    static func reading<T>(
        _ paths: [String?], relativeTo filePath: StaticString, _ body: () throws(RecordingError) -> T
    ) throws(RecordingError) -> T {
        do { return try body() } catch {
            let relative = paths.compactMap { $0 }.filter { !$0.hasPrefix("/") }
            guard error.kind == .missingFile,
                relative.contains(where: { resolve($0, relativeTo: filePath) == error.file })
            else { throw error }
            var told = error
            told.message += " (a relative path is read from the test file's directory)"
            throw told
        }
    }

    /// `name` as a file name: its letters, digits and `-_.`, the rest `-`; a long one (a gesture
    /// script) cut, with a hash of the whole so that two long names stay apart.
    static func fileName(_ name: String) -> String {
        let safe = String(name.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "-" })
        guard safe.utf8.count > maxNameBytes else { return safe }
        // FNV-1a: the same in every process, unlike Swift's seeded hashing.
        let hash = name.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        var cut = ""
        for character in safe {
            guard cut.utf8.count + character.utf8.count <= maxNameBytes - 17 else { break }
            cut.append(character)
        }
        return cut + "-" + String(format: "%016llx", hash)
    }

    /// Below the 255 bytes a Linux file name may have, with room for an extension and a number.
    private static let maxNameBytes = 200
}
