import Foundation
import Recordings

extension Benchmark {
    /// The recording at `path`, to be measured: one with nothing to show would measure nothing,
    /// and is refused as a replay refuses it.
    public static func recording(at path: String) throws(RecordingError) -> Recording {
        let recording = try RecordingLoader.load(path)
        if let why = recording.device.nothingToShow(hasEvents: recording.frames.holdEvents) {
            throw RecordingError(.badData, file: path, why)
        }
        return recording
    }

    /// `path`, a file or folder of the repository's that a measurement takes by default: there only
    /// when the benchmark runs from the repository's root.
    public static func bundled(_ path: String) throws(RecordingError) -> String {
        guard FileManager.default.fileExists(atPath: path) else {
            throw RecordingError(
                .missingFile, file: path,
                "no such file; bench measures the repository's recordings by default: run it from the repository's "
                    + "root, or name recordings")
        }
        return path
    }
}
