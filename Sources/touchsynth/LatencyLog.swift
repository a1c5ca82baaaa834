import Foundation
import LibinputEvents
import LibinputKit
import MockedDevices
import Recordings

/// How long each libinput event took to become app events: from its availability (libinput's
/// dispatch returned it) and from its kernel timestamp, to the moment both modes' translators
/// returned their app events (before any printing). Kept as histograms, and one tab-separated
/// line per event in a file: type, nanoseconds from availability, microseconds from the
/// timestamp. In a replay that last is negative for most events: the harness writes frames
/// ahead of their timestamps (``ReplayTiming/writeAhead``), so it is summarized live only.
final class LatencyLog {
    /// Latencies pooled over events.
    struct Pool {
        /// From availability to emission, in units of 10 ns (exact up to 1 ms).
        private(set) var fromAvailability = DelayHistogram()
        /// From the frame's kernel timestamp to emission, in µs.
        private(set) var fromTimestamp = DelayHistogram()

        mutating func add(nanosFromAvailability: Int64, microsFromTimestamp: Int64) {
            fromAvailability.add(nanosFromAvailability / 10)
            fromTimestamp.add(microsFromTimestamp)
        }

        /// Adds the events of a file written by a ``LatencyLog``.
        mutating func add(file path: String) throws {
            for line in try readText(path, of: "a latency log", mayBeLong: true).split(separator: "\n") where !line.hasPrefix("#") {
                let fields = line.split(separator: "\t")
                guard fields.count == 3, let ns = Int64(fields[1]), let us = Int64(fields[2]) else {
                    throw CommandError(.badData, "\(path): not a latency line: \(line)")
                }
                add(nanosFromAvailability: ns, microsFromTimestamp: us)
            }
        }

        /// Microseconds from availability below which `fraction` of the events were.
        func availability(_ fraction: Double) -> Double { Double(fromAvailability.percentile(fraction)) / 100 }

        /// Microseconds from the kernel timestamp below which `fraction` of the events were.
        func timestamp(_ fraction: Double) -> Double { Double(fromTimestamp.percentile(fraction)) }

        /// The figures; from the timestamps only when frames were not written ahead of them
        /// (`writeAhead`, in µs).
        func summary(writeAhead: Int64) -> String {
            let available = String(format: "touchsynth: latency over %d libinput events: available → app events p50 %.2f µs p99 %.2f µs max %.2f µs",
                                   fromAvailability.count, availability(0.5), availability(0.99), Double(fromAvailability.maximum) / 100)
            if writeAhead > 0 { return available + "; frames written \(writeAhead) µs ahead of their kernel timestamps, so not timed from them" }
            return available + String(format: "; kernel timestamp → app events p50 %.0f µs p99 %.0f µs max %lld µs",
                                      timestamp(0.5), timestamp(0.99), fromTimestamp.maximum)
        }
    }

    private(set) var pool = Pool()
    private let path: String
    private let file: UnsafeMutablePointer<FILE>
    /// The first failed write's errno: a full disk is reported at the end, not per line.
    private var writeError: Int32?

    /// The figures, for frames written `writeAhead` before their timestamps (zero on a live device).
    func summary(writeAhead: Duration = .zero) -> String {
        let (seconds, attoseconds) = writeAhead.components
        return pool.summary(writeAhead: seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
    }

    /// Opens (truncates) `path` for the per-event lines; one that cannot be opened ends the
    /// program, as any output file (``openForWriting(_:)``).
    init(path: String) {
        self.path = path
        // Buffered: a line per event, written on the dispatch path.
        guard let file = fdopen(openForWriting(path), "w") else { failWriting(path, errno: errno) }
        self.file = file
        write("# type\tns from availability\tus from kernel timestamp\n")
    }

    deinit { fclose(file) }

    func record(_ event: LibinputEvent, availableAt available: UInt64, emittedAt emitted: UInt64) {
        let fromAvailable = Int64(emitted) - Int64(available)
        let fromStamp = Int64(emitted / 1000) - Int64(event.time)
        pool.add(nanosFromAvailability: fromAvailable, microsFromTimestamp: fromStamp)
        write("\(event.typeName)\t\(fromAvailable)\t\(fromStamp)\n")
    }

    /// Writes out what is buffered; a line that could not be written ends the program with an
    /// error naming the file (74).
    func flush() {
        if fflush(file) != 0 && writeError == nil { writeError = errno }
        if let writeError { failWriting(path, errno: writeError) }
    }

    private func write(_ line: String) {
        if fputs(line, file) < 0 && writeError == nil { writeError = errno }
    }
}
