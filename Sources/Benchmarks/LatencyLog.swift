import Histograms
import Foundation
import LibinputEvents
import MonotonicClock
import MockedDevices
import OutputFiles

/// How long each libinput event took to become app events: from its availability (libinput's
/// dispatch returned it) and from its kernel timestamp, to the moment both modes' translators
/// returned their app events (before any printing). Kept as histograms, and one tab-separated
/// line per event in a file: type, nanoseconds from availability, microseconds from the
/// timestamp. In a replay the events cross from the libinput side first, and that last is
/// negative for most events: the harness writes frames ahead of their timestamps
/// (``ReplayTiming/writeAhead``), so it is summarized live only.
public final class LatencyLog {
    /// Latencies pooled over events.
    public struct Pool: Sendable {
        /// From availability to emission, in units of 10 ns (exact up to 1 ms, within 1.1 % above).
        public private(set) var fromAvailability = DelayHistogram()
        /// From the frame's kernel timestamp to emission, in µs.
        public private(set) var fromTimestamp = DelayHistogram()
        /// The events emitted before their kernel timestamps (a mocked device's frames are written
        /// ahead of theirs), which the histogram counts as 0.
        public private(set) var beforeTimestamp = 0

        public init() {}

        public mutating func add(nanosFromAvailability: Int64, microsFromTimestamp: Int64) {
            fromAvailability.add(nanosFromAvailability / 10)
            fromTimestamp.add(microsFromTimestamp)
            if microsFromTimestamp < 0 { beforeTimestamp += 1 }
        }

        /// Microseconds from availability below which `fraction` of the events were.
        public func availability(_ fraction: Double) -> Double { Double(fromAvailability.percentile(fraction)) / 100 }

        /// Microseconds from the kernel timestamp below which `fraction` of the events were.
        public func timestamp(_ fraction: Double) -> Double { Double(fromTimestamp.percentile(fraction)) }

        /// The figures; from the timestamps only when frames were not written ahead of them.
        public func summary(writeAhead: Duration) -> String {
            let ahead = writeAhead.nanoseconds / 1000
            let available = String(
                format:
                    "touchsynth: latency over %d libinput events: available → app events p50 %.2f µs "
                    + "p99 %.2f µs max %.2f µs",
                fromAvailability.count, availability(0.5), availability(0.99), Double(fromAvailability.maximum) / 100)
            // A virtual clock (`touchsynth mock` without --real-time) stands still while a frame is handled.
            if fromAvailability.count > 0, fromAvailability.maximum == 0 {
                return "touchsynth: latency over \(fromAvailability.count) libinput events: none, as the clock stood "
                    + "still while they were handled (a virtual clock, as under touchsynth mock; its --real-time "
                    + "runs on this machine's)"
            }
            if ahead > 0 {
                return available
                    + "; frames written \(ahead) µs ahead of their kernel timestamps, so not timed from them"
            }
            if beforeTimestamp > 0 {
                return available
                    + "; \(beforeTimestamp) of them emitted before their kernel timestamps (a mocked device's frames "
                    + "are written ahead of theirs), so not timed from them"
            }
            return available
                + String(
                    format: "; kernel timestamp → app events p50 %.0f µs p99 %.0f µs max %lld µs",
                    timestamp(0.5), timestamp(0.99), fromTimestamp.maximum)
        }
    }

    public private(set) var pool = Pool()
    private let output: OutputFile
    private let file: UnsafeMutablePointer<FILE>
    /// The first failed write's errno: a full disk is reported at the end, not per line.
    public private(set) var writeError: Int32?

    /// Writes the per-event lines to `output`, which ``finish()`` puts in place.
    public init(output: OutputFile) throws(OutputFileError) {
        // Buffered: a line per event, written on the dispatch path.
        let copy = dup(output.fileDescriptor)
        guard let file = fdopen(copy, "w") else {
            let code = errno
            if copy >= 0 { close(copy) }
            throw OutputFileError(
                kind: .io, path: output.path, reason: "cannot write: " + String(cString: strerror(code)))
        }
        self.output = output
        self.file = file
        write("# type\tns from availability\tus from kernel timestamp\n")
    }

    deinit { fclose(file) }

    /// Records `event` as having its app events now; nothing when `availableAt` is unknown.
    public func record(_ event: LibinputEvent, availableAt: UInt64?) {
        guard let availableAt else { return }
        record(event, availableAt: availableAt, emittedAt: UInt64(MonotonicClock.now()))
    }

    public func record(_ event: LibinputEvent, availableAt available: UInt64, emittedAt emitted: UInt64) {
        let fromAvailable = Int64(emitted) - Int64(available)
        let fromStamp = Int64(emitted / 1000) - Int64(event.time)
        pool.add(nanosFromAvailability: fromAvailable, microsFromTimestamp: fromStamp)
        write("\(event.typeName)\t\(fromAvailable)\t\(fromStamp)\n")
    }

    /// Writes out what is buffered and puts the file in place; when a write failed, leaves the
    /// file out and returns that write's errno.
    public func finish() throws(OutputFileError) -> Int32? {
        if fflush(file) != 0 && writeError == nil { writeError = errno }
        if let writeError {
            output.discard()
            return writeError
        }
        try output.commit()
        return nil
    }

    private func write(_ line: String) {
        if fputs(line, file) < 0 && writeError == nil { writeError = errno }
    }
}
