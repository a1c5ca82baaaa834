import Foundation
import OutputFiles

extension RecordingFormat {
    /// Writes `recording` in this format to `file`, a regular file not yet put in place
    /// (``OutputFile/canBeReadBack``), a MiB at a time, and returns what it lost
    /// (``losses(of:readingBack:)``), read back from the file: a long recording's text is never
    /// held whole; first, an extension that names another format, which other tools go by. A
    /// write that fails throws, with the system's reason.
    public func write(_ recording: Recording, to file: OutputFile) throws(OutputFileError) -> [String] {
        var stream = FileTextStream(fd: file.fileDescriptor)
        write(recording, to: &stream)
        stream.flush()
        if let code = stream.failure {
            throw OutputFileError(
                kind: .io, path: file.path, reason: "cannot write: " + String(cString: strerror(code)))
        }
        return misnamed(file.path)
            + losses(of: recording) { () throws(RecordingError) in
                try RecordingStream(copy: file.fileDescriptor, of: file.path)
            }
    }

    /// A note when `path`'s extension names another format (``forPath(_:)``); none for .txt and
    /// .log, which name no format to other tools. A pipe or device's name says it as a file's does.
    public func misnamed(_ path: String) -> [String] {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        guard let named = Self.forPath(path), named != self, !["txt", "log"].contains(ext) else { return [] }
        return ["written in \(rawValue), not the \(named.rawValue) its extension names"]
    }
}
