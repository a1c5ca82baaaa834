import Foundation
import Recordings
import TextTables

extension Benchmark {
    /// The header of the stream's throughput measured alone (`bench --throughput-only`).
    public var throughputHeader: String { "synthetic stream, " + TextTable.counted(runs, "run") }

    /// `touchsynth bench`'s measurement: the replay figures of the recordings at `paths` (the
    /// bundled ones when empty), the parsing figures of the longest, the synthesized hour's when
    /// `hour` (first, while this process holds nothing else: its peak memory is the hour's), and
    /// the stream's throughput; with the header that says what was measured.
    public func suite(_ paths: [String], hour: Bool) throws -> (figures: [BenchFigure], header: String) {
        let paths = paths.isEmpty ? try Self.bundledRecordings() : paths
        let long = hour ? try hourReplay() : []
        let loaded = try paths.map { (path: $0, recording: try Self.recording(at: $0)) }
        let longest = loaded.max { $0.recording.duration < $1.recording.duration }
        let figures =
            try replayFigures(loaded) + (longest.map { try formatParsing($0.recording) } ?? []) + long + throughput()
        let name = longest.map { URL(fileURLWithPath: $0.path).lastPathComponent } ?? ""
        return (
            figures,
            "\(TextTable.counted(paths.count, "recording")), \(TextTable.counted(runs, "run")) each; "
                + "replay figures on the longest, \(name)"
        )
    }

    /// ``hourReplay(description:)`` on the bundled Elantech touchpad's description.
    public func hourReplay() throws -> [BenchFigure] {
        try hourReplay(
            description: try Self.bundled("Tests/Fixtures/devices/touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc"))
    }
}
