import Recordings
import MonotonicClock

/// Recorded devices played together on uinput devices made for them: a recording, the devices
/// played with it and the files' other devices (a `libinput record` of a touchpad and a
/// keyboard), in the order a replay makes them (a frame's `device`, docs/json.md), on one clock.
public final class UinputPlayback {
    /// The recordings played, in that order, each with the device it plays on and its file's
    /// place (``order(_:with:)``).
    public let played: [(recording: Recording, device: UinputDevice, file: Int)]

    /// Makes a device on the uinput node at `path` for `recording`, each of `others`, and every
    /// file's other devices.
    public init(
        _ recording: Recording, with others: [Recording] = [], path: String = "/dev/uinput"
    )
        throws(UinputError)
    {
        var played: [(Recording, UinputDevice, Int)] = []
        for (each, file) in Self.order(recording, with: others) {
            played.append((each, try UinputDevice(each.device, path: path), file))
        }
        self.played = played
    }

    /// The devices played, in the order they are made: `recording`, each of `others`, then each
    /// file's other devices; each with its file's place, 0 for `recording` and n for the nth of
    /// `others`, so that a note on a device names the file it came from.
    public static func order(_ recording: Recording, with others: [Recording]) -> [(recording: Recording, file: Int)] {
        let files = [recording] + others
        return files.enumerated().map { ($1, $0) }
            + files.enumerated().flatMap { file, each in each.otherDevices.map { ($0, file) } }
    }

    /// Writes every device's frames at their times after now (``RecordingPlayback``), then keeps
    /// the devices `linger` after the last, for their readers' timers (libinput's tap and hold)
    /// to fire as they would on the recorded machine, and removes them.
    public func play(linger: Duration) throws(UinputError) {
        try RecordingPlayback(devices: played.map(\.recording.frames)).play(on: played.map(\.device))
        MonotonicClock.sleep(until: MonotonicClock.now() + linger.nanoseconds)
        played.forEach { $0.device.destroy() }
    }
}
