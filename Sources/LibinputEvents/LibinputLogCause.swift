/// What libinput was handling when it logged a line: its log has no timestamps, but on the
/// replay's virtual clock the harness knows which step libinput was taking.
public enum LibinputLogCause: Equatable, Sendable {
    /// A frame it read: of device `device` (0 the recording's, then the other devices in the
    /// order given), the `index`th of that device's recording counted from 0, `time` µs into the
    /// recording.
    case frame(device: Int, index: Int, time: UInt64)
    /// The timers due `time` µs into the recording, which woke it.
    case timers(time: UInt64)
    /// A fault the harness injected at `time`: a SYN_DROPPED, or a device unplugged.
    case fault(time: UInt64)

    /// Microseconds into the recording.
    public var time: UInt64 {
        switch self {
        case .frame(_, _, let time), .timers(let time), .fault(let time): time
        }
    }
}
