import Recordings

/// What the kernel holds of a device after the events its driver sent (none, as it is made):
/// what the evdev ioctls answer (`EVIOCGKEY`, `EVIOCGSW`, `EVIOCGLED`, `EVIOCGABS`,
/// `EVIOCGMTSLOTS`), and what a reader resynchronises to after SYN_DROPPED, the frames it lost
/// included.
public struct KernelDeviceState: Equatable, Sendable {
    /// The keys (and buttons) down.
    public var keysDown: Set<UInt16>
    /// The switches on (`SW_LID` closed, `SW_TABLET_MODE` in tablet mode).
    public var switchesOn: Set<UInt16>
    /// The LEDs lit (`LED_CAPSL`).
    public var ledsOn: Set<UInt16>
    /// Each axis's value but the multitouch ones, whose values the kernel keeps per slot.
    public var axes: [UInt16: Int32]
    /// The slot readers were last told of: `ABS_MT_SLOT`'s value.
    public var slot: Int32
    /// Each slot's `ABS_MT_*` values, by code; empty for a device without slots.
    public var slots: [[UInt16: Int32]]
}

extension InputCoreFilter {
    /// The device's state after every event this filter has taken.
    public var state: KernelDeviceState {
        KernelDeviceState(
            keysDown: keysDown, switchesOn: switchesOn, ledsOn: ledsOn,
            axes: absValues.filter { !(Self.mtFirst...Self.mtLast).contains($0.key) },
            slot: reportedSlot,
            slots: slots.map { values in
                Dictionary(uniqueKeysWithValues: values.indices.map { (Self.mtFirst + UInt16($0), values[$0]) })
            })
    }
}
