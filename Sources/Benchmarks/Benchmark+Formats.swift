import Foundation
import Recordings

extension Benchmark {
    /// Reading a long log in each format TouchSynth reads and writes: `recording` repeated until it
    /// lasts a minute, written in the format and read back from the text. Recordings last seconds,
    /// so a cost that grows with a log's length (a getevent log's header is the whole log) shows
    /// only here.
    public func formatParsing(_ recording: Recording) throws(RecordingError) -> [BenchFigure] {
        let minute = Self.repeated(recording, toLast: 60_000_000)
        return try RecordingFormat.allCases.map { format throws(RecordingError) in
            let text = format.text(minute)
            var figure = BenchFigure(
                name: "parse the longest recording repeated to a minute (\(minute.frames.count) frames) as "
                    + format.rawValue,
                unit: "Mframes/s")
            for _ in 0..<runs {
                let start = DispatchTime.now().uptimeNanoseconds
                let frames = try RecordingLoader.load(text: text, file: "minute.\(format.rawValue)").frames.count
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                figure.samples.append(Double(frames) / seconds / 1e6)
            }
            return figure
        }
    }

    /// `recording`'s frames again and again, each time a frame interval after the last, until they
    /// last `duration` microseconds.
    private static func repeated(_ recording: Recording, toLast duration: UInt64) -> Recording {
        var long = recording
        let period = recording.duration + 10_000
        var offset = period
        while long.duration < duration && !recording.frames.isEmpty {
            long.frames += recording.frames.map { EvdevFrame(time: $0.time + offset, events: $0.events) }
            offset += period
        }
        return long
    }
}
