import Recordings

/// The line that opens a file's part of a command's text (`== pinch.yml`), its name escaped as an
/// error's is, so that a newline or a terminal's escape in it keeps the line whole.
public enum FileHeader {
    /// `== NAME`.
    public static func line(_ file: String) -> String { "== " + RecordingError.escaped(file) }
}
