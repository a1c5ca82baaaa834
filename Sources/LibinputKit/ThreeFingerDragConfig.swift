import CLibinput
import LibinputEvents

#if canImport(Glibc)
import Glibc
#endif

/// Three-finger drag's configuration, found at run time: libinput 1.28 brought it, and the side
/// is built against the system's libinput, which may be older than the one a replay loads.
enum ThreeFingerDragConfig {
    private typealias FingerCount = @convention(c) (OpaquePointer?) -> Int32
    private typealias SetEnabled = @convention(c) (OpaquePointer?, UInt32) -> UInt32

    /// Sets `drag` on `device`: whether the libinput loaded offers it there, as a touchpad of two
    /// slots or more does (`libinput_device_config_3fg_drag_get_finger_count`).
    static func set(_ drag: DeviceConfiguration.ThreeFingerDrag, on device: OpaquePointer) -> Bool {
        guard let count = symbol("libinput_device_config_3fg_drag_get_finger_count", as: FingerCount.self),
            let set = symbol("libinput_device_config_3fg_drag_set_enabled", as: SetEnabled.self)
        else { return false }
        let fingers = count(device)
        // `enum libinput_config_3fg_drag_state`, in libinput.h's order.
        let state: UInt32 =
            switch drag {
            case .disabled: 0
            case .threeFingers: 1
            case .fourFingers: 2
            }
        guard drag == .disabled || fingers >= (drag == .threeFingers ? 3 : 4) else { return false }
        // LIBINPUT_CONFIG_STATUS_SUCCESS
        return set(device, state) == 0
    }

    /// A function of the libinput this process loaded, by name; nil where that version lacks it.
    private static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        guard let address = dlsym(dlopen(nil, RTLD_NOW), name) else { return nil }
        return unsafeBitCast(address, to: type)
    }
}
