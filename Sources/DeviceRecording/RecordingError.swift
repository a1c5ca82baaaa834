import Foundation

/// Why a recording could not be read, with where: one line for a person, an exit code for scripts.
public struct RecordingError: Error, Equatable, CustomStringConvertible, Sendable {
    public enum Kind: Sendable, Equatable {
        /// The data is malformed (sysexits EX_DATAERR, 65).
        case badData
        /// The file does not exist (EX_NOINPUT, 66).
        case missingFile
        /// The file exists but cannot be read (EX_NOPERM, 77).
        case permission
    }

    public var kind: Kind
    public var file: String
    /// 1-based line, when the problem has one.
    public var line: Int?
    public var message: String

    /// An error about `file` (and `line`, when the problem has one).
    public init(_ kind: Kind, file: String, line: Int? = nil, _ message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.message = message
    }

    /// The sysexits status for this kind.
    public var exitCode: Int32 {
        switch kind {
        case .badData: return 65
        case .missingFile: return 66
        case .permission: return 77
        }
    }

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }

    static func bad(_ file: String, _ line: Int?, _ message: String) -> RecordingError {
        RecordingError(.badData, file: file, line: line, message)
    }
}

/// A missing path or a directory is ``RecordingError/Kind/missingFile``.
func checkIsFile(_ path: String) throws(RecordingError) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw RecordingError(.missingFile, file: path, "no such file")
    }
    guard !isDirectory.boolValue else {
        throw RecordingError(.missingFile, file: path, "is a directory, not a file")
    }
}

/// Reads a whole text file, mapping the OS's reasons onto ``RecordingError`` kinds.
public func readText(_ path: String) throws(RecordingError) -> String {
    let fm = FileManager.default
    try checkIsFile(path)
    guard fm.isReadableFile(atPath: path) else {
        throw RecordingError(.permission, file: path, "permission denied")
    }
    guard let data = fm.contents(atPath: path) else {
        throw RecordingError(.permission, file: path, "cannot be read")
    }
    guard let text = String(data: data, encoding: .utf8) else {
        throw RecordingError.bad(path, nil, "not UTF-8 text")
    }
    return text
}
