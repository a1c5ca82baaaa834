/// A fault the harness injects into a replay, at an instant on the recording's clock
/// (microseconds since its first frame).
public enum ReplayFault: Equatable, Sendable {
    /// The device is unplugged: its node and sysfs entries go and udev announces the removal, as
    /// when a Bluetooth or USB touchpad disconnects. Its remaining frames are not delivered.
    case removal(devnode: String, at: UInt64)
    /// The kernel's event buffer overflowed: the frames due within `lost` microseconds from `at`
    /// never arrive, and the reader gets SYN_DROPPED instead. libevdev then reads the device's
    /// state back through its ioctls, which answer, as a kernel's do, the state the lost frames
    /// left (keys, axes and every slot): a touch lifted in the gap ends, one put down begins, and
    /// one that moved arrives where it went.
    case synDropped(devnode: String, at: UInt64, lost: UInt64)

    /// The node of the device it strikes.
    public var devnode: String {
        switch self {
        case .removal(let devnode, _), .synDropped(let devnode, _, _): devnode
        }
    }

    /// What it is, in words: `an unplug`, `a SYN_DROPPED`.
    public var name: String {
        switch self {
        case .removal: "an unplug"
        case .synDropped: "a SYN_DROPPED"
        }
    }

    /// Microseconds into the replay.
    public var time: UInt64 {
        switch self {
        case .removal(_, let time), .synDropped(_, let time, _): time
        }
    }
}
