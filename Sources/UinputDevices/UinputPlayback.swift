import Recordings

/// Recorded devices played together on uinput devices made for them: a recording, the devices
/// played with it and the files' other devices (a `libinput record` of a touchpad and a
/// keyboard), in the order a replay makes them (a frame's `device`, docs/json.md), on one clock.
public final class UinputPlayback {
    /// The recordings played, in that order, each with the device it plays on.
    public let played: [(recording: Recording, device: UinputDevice)]

    /// Makes a device on the uinput node at `path` for `recording`, each of `others`, and every
    /// file's other devices.
    public init(
        _ recording: Recording, with others: [Recording] = [], path: String = "/dev/uinput"
    )
        throws(UinputError)
    {
        var played: [(Recording, UinputDevice)] = []
        for each in [recording] + others + ([recording] + others).flatMap(\.otherDevices) {
            played.append((each, try UinputDevice(each.device, path: path)))
        }
        self.played = played
    }

    /// Writes every device's frames at their times after now (``RecordingPlayback``); returns
    /// once the last is written.
    public func play() throws(UinputError) {
        try RecordingPlayback(devices: played.map(\.recording.frames)).play(on: played.map(\.device))
    }

    /// Removes the devices.
    public func destroy() { played.forEach { $0.device.destroy() } }
}
