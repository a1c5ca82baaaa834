import Foundation

/// The description given for an event-only log (`--desc`): a whole device in any format TouchSynth
/// reads, or a bare evemu `A:` axis list, whose axes then replace the inferred ones.
public enum LogDescription: Sendable {
    case device(DeviceDescription)
    /// Axes by code, and the file they came from.
    case axes([UInt16: AbsInfo], from: String)

    /// Reads `path`: only `A:` lines (and comments) are an axis list; otherwise a description
    /// or recording of any format, or a litest device file, whose device is taken. A log of
    /// events alone, which holds none, is bad data.
    public init(path: String) throws(RecordingError) {
        try self.init(text: try readText(path, of: "a device description"), file: path)
    }

    /// ``init(path:)`` for `text`, read already from `file` (a pipe can be read only once).
    public init(text: String, file path: String) throws(RecordingError) {
        if let litest = try LitestDeviceFormat.device(in: text, file: path) {
            self = .device(litest)
            return
        }
        let meaningful = text.split(separator: "\n").map {
            $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        }
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if !meaningful.isEmpty && meaningful.allSatisfy({ $0.hasPrefix("A:") }) {
            self = .axes(try EvemuFormat.parseAxes(text, file: path), from: path)
        } else {
            let device = try RecordingStream(text: text, file: path).device
            // Read from no file: guessed from the events of a log without a description, which
            // the description of another log would only be guessed again.
            guard !device.source.file.isEmpty else {
                throw RecordingError(
                    .badData, file: path,
                    "no device description in it, only events: a description is a recording or description "
                        + "that holds one (evemu's N: and A: lines, evtest's or getevent -p's header, a libinput "
                        + "record), or an evemu A: axis list")
            }
            self = .device(device)
        }
    }
}
