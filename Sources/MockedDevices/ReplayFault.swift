/// A fault the harness injects into a replay, at an instant on the recording's clock
/// (microseconds since its first frame).
public enum ReplayFault: Equatable, Sendable {
    /// The device is unplugged: its node and sysfs entries go and udev announces the removal, as
    /// when a Bluetooth or USB touchpad disconnects. Its remaining frames are not delivered.
    case removal(devnode: String, at: UInt64)
    /// The kernel's event buffer overflowed: the frames due within `lost` microseconds from `at`
    /// never arrive, and the reader gets SYN_DROPPED instead. libevdev then re-reads the device
    /// state through ioctls. The mocked device answers the key and axis ioctls with its initial
    /// state and, as umockdev 0.17 cannot answer EVIOCGMTSLOTS at libevdev's size, libevdev keeps
    /// its touch slots: libinput resumes from the frames after the gap, with what moved during it
    /// arriving as one jump.
    case synDropped(devnode: String, at: UInt64, lost: UInt64)

    var devnode: String {
        switch self {
        case .removal(let devnode, _), .synDropped(let devnode, _, _): devnode
        }
    }

    var time: UInt64 {
        switch self {
        case .removal(_, let time), .synDropped(_, let time, _): time
        }
    }
}
