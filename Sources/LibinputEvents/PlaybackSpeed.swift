/// A recording played faster or slower (`--speed`): its instants as libinput lives them.
///
/// The harness stamps each frame with ``micros(_:at:)`` of its time, to the microsecond that an
/// evdev timestamp holds, so that the replay's frames, libinput's events and every text placing
/// one beside the other agree on the instant.
public enum PlaybackSpeed {
    /// `micros` into the recording, played at `speed` (2: twice as fast), as microseconds into
    /// the replay.
    public static func micros(_ micros: UInt64, at speed: Double) -> UInt64 {
        speed == 1 ? micros : UInt64((Double(micros) / speed).rounded())
    }

    /// `micros` into the replay, played at `speed`, as microseconds into the recording: the
    /// inverse of ``micros(_:at:)``, as near as a microsecond allows.
    public static func recordingMicros(_ micros: Int64, at speed: Double) -> Int64 {
        speed == 1 ? micros : Int64((Double(micros) * speed).rounded())
    }
}

extension LibinputLogCause {
    /// The cause with its time as libinput lived it, the recording played at `speed`.
    public func played(at speed: Double) -> LibinputLogCause {
        switch self {
        case .frame(let device, let index, let time):
            .frame(device: device, index: index, time: PlaybackSpeed.micros(time, at: speed))
        case .timers(let time): .timers(time: PlaybackSpeed.micros(time, at: speed))
        case .fault(let time): .fault(time: PlaybackSpeed.micros(time, at: speed))
        }
    }
}
