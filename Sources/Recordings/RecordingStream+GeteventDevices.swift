import Foundation

extension RecordingStream {
    /// A getevent log's devices with events, none chosen, on the log's one clock from the first
    /// event of those that play: the first that libinput takes, its frames last first, the others
    /// played alongside, and the notes, one for each device that does not play. A log of one
    /// device is read as ever.
    static func readEvery(
        _ text: String, file: String
    ) throws(RecordingError) -> (DeviceDescription, [EvdevFrame], [Recording], [String]) {
        let (logs, notes) = try GeteventFormat.parseEvery(text, file: file)
        if logs.count == 1, logs[0].node.isEmpty {
            let (device, frames, notes) = try finish(logs[0].log, given: nil)
            return (device, frames, [], notes)
        }
        var playing: [(recording: Recording, start: UInt64)] = [], said = notes
        for (node, log) in logs {
            do throws(RecordingError) {
                let (device, frames, logNotes) = try finish(log, given: nil)
                let named = "\(node) \"\(device.name)\""
                guard device.isLibinputDevice else {
                    said.append(DeviceChoice.notPlayed(named))
                    continue
                }
                said += logNotes.map { named + ": " + $0 }
                playing.append((Recording(device: device, frames: frames.reversed()), log.events.first?.time ?? 0))
            } catch {
                said.append(DeviceChoice.notPlayed(node, error))
            }
        }
        guard let origin = playing.map(\.start).min() else {
            throw RecordingError(.badData, file: file, "no device with events that libinput takes")
        }
        // Each device's frames count from its own first event: moved onto the log's one clock.
        let moved = playing.map { recording, start in
            var onClock = recording
            onClock.frames = recording.frames.map { EvdevFrame(time: $0.time + start - origin, events: $0.events) }
            return onClock
        }
        return (moved[0].device, moved[0].frames.reversed(), Array(moved.dropFirst()), said)
    }
}
