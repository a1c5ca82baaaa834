import Foundation
import ProcessSignals
import Recordings
import MonotonicClock

/// Records an evdev node as libinput record YAML, streamed: the header first, then each frame as
/// it completes, so the file is valid YAML whenever the recording stops.
public struct EvdevRecorder {
    /// What the recording has seen so far.
    public struct Progress: Sendable {
        /// Events written (SYN_REPORTs included).
        public var events = 0
        /// Frames written.
        public var frames = 0
        /// Seconds since recording started.
        public var seconds = 0.0
    }

    /// Why recording stopped.
    public enum Ending: Sendable, Equatable {
        case interrupted
        case deviceRemoved
        case durationReached
    }

    public let node: EvdevNode
    public let device: DeviceDescription

    /// Reads the node's description.
    public init(node: EvdevNode) throws(RecordingError) {
        self.node = node
        device = try node.describe()
    }

    /// Records until SIGINT/SIGTERM, the device's removal or `maxSeconds`. `write` receives the
    /// YAML text in pieces; `progress` is called about ten times a second and at the end.
    public func record(
        maxSeconds: Double? = nil, write: (String) throws -> Void, progress: (Progress) -> Void
    ) throws -> (Ending, Progress) {
        try write(LibinputRecordFormat.header(device: device, node: node.path, dmi: Self.machineDMI))
        return try record(maxSeconds: maxSeconds, frames: { try write(LibinputRecordFormat.frameText($0)) }) {
            progress($0)
        }
    }

    /// Records until SIGINT/SIGTERM or the device's removal, as a recording with the machine's
    /// DMI (`debug --explain`).
    public func recording() throws -> Recording {
        var frames: [EvdevFrame] = []
        _ = try record(frames: { frames.append($0) }, progress: { _ in })
        var recording = Recording(device: device, frames: frames)
        recording.dmi = Self.machineDMI
        return recording
    }

    /// The loop: each complete frame to `frames`, timed from the first event.
    private func record(
        maxSeconds: Double? = nil, frames: (EvdevFrame) throws -> Void, progress: (Progress) -> Void
    ) throws -> (Ending, Progress) {
        let stop = try StopSignal()
        defer { stop.end() }
        // CLOCK_MONOTONIC, which the kernel stamps events with: under `touchsynth mock` it is the
        // replay's virtual clock, so that --duration and the length said follow the recording.
        func now() -> Double { Double(MonotonicClock.now()) / 1e9 }
        let started = now()
        var state = Progress()
        var pending: [EvdevEvent] = []
        var pendingTime: UInt64 = 0
        var origin: UInt64?
        var fds = [
            pollfd(fd: node.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stop.fileDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        var ending: Ending?
        while ending == nil {
            let rc = poll(&fds, nfds_t(fds.count), 100)
            if rc < 0 && errno != EINTR {
                throw RecordingError(.badData, file: node.path, "poll: \(String(cString: strerror(errno)))")
            }
            let events: [(time: UInt64, event: EvdevEvent)]
            do {
                events = try node.readEvents()
            } catch {
                events = []
                ending = .deviceRemoved
            }
            if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 { ending = .deviceRemoved }
            for (time, event) in events {
                let base = origin ?? time
                origin = base
                if pending.isEmpty { pendingTime = time >= base ? time - base : 0 }
                pending.append(event)
                if event.isSynReport {
                    try frames(EvdevFrame(time: pendingTime, events: pending))
                    state.events += pending.count
                    state.frames += 1
                    pending.removeAll(keepingCapacity: true)
                }
            }
            state.seconds = now() - started
            if fds[1].revents & Int16(POLLIN) != 0 { ending = .interrupted }
            if let maxSeconds, state.seconds >= maxSeconds { ending = ending ?? .durationReached }
            progress(state)
        }
        // A frame without its SYN_REPORT was never complete for libinput either: it is not written.
        return (ending ?? .interrupted, state)
    }

    /// This machine's DMI modalias, as `libinput record` writes it, for `MatchDMIModalias`
    /// quirks when the recording is replayed elsewhere; nil where the kernel has none.
    static var machineDMI: String? {
        guard let text = try? String(contentsOfFile: "/sys/class/dmi/id/modalias", encoding: .utf8) else { return nil }
        let modalias = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return modalias.hasPrefix("dmi:") ? modalias : nil
    }
}
