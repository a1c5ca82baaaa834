import CX11Input
import DesktopEvents
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// An ordinary X11 client: a window of its own (small under a window manager, the screen without
/// one), titled with what to do, and XInput 2.4's events on it (pointer, smooth scrolling,
/// gestures), handed on as ``XInputEvent`` values put in Wayland's terms (``XInputTranslation``).
/// No privileges.
public final class X11Client {
    /// The XInput version the server agreed to (2.4 brings gestures).
    public private(set) var version: (major: Int32, minor: Int32) = (0, 0)
    /// Whether the window was mapped.
    public private(set) var windowShown = false

    private let display: OpaquePointer
    private var opcode: Int32 = 0
    private var window: Window = 0
    private var translation = XInputTranslation(devices: [:])

    /// XInput 2.4: the version whose gesture events the client selects.
    private var hasGestures: Bool { version.major > 2 || (version.major == 2 && version.minor >= 4) }

    /// Connects to `display` (`$DISPLAY` when nil) and agrees on XInput 2.4, or the server's lower 2.x.
    public init(display name: String? = nil) throws(WindowSystemError) {
        guard let display = XOpenDisplay(name) else {
            guard let which = name ?? ProcessInfo.processInfo.environment["DISPLAY"] else {
                throw WindowSystemError(.unavailable, "no X server: DISPLAY is not set; run it in an X session")
            }
            throw WindowSystemError(.unavailable, "no X server at \(which): run it in an X session (DISPLAY)")
        }
        self.display = display
        X11Errors.install(for: display)
        var event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0 else {
            throw WindowSystemError(.unavailable, "the X server has no XInput extension")
        }
        var major: Int32 = 2, minor: Int32 = 4
        guard XIQueryVersion(display, &major, &minor) == Success, major >= 2 else {
            throw WindowSystemError(.unavailable, "the X server has no XInput 2 (it offers \(major).\(minor))")
        }
        version = (major, minor)
        for (id, device) in queryDevices(XIAllDevices).devices { translation.learn(device, id: id) }
    }

    deinit {
        X11Errors.forget(display)
        XCloseDisplay(display)
    }

    /// What was agreed, in one sentence for the user.
    public var description: String {
        "XInput \(version.major).\(version.minor)" + (hasGestures ? "" : " (no gestures before XInput 2.4)")
    }

    /// Opens the window titled `title` and selects XInput's pointer, scroll and gesture events on
    /// it, returning once it is mapped.
    public func openWindow(title: String) throws(WindowSystemError) {
        let screen = XDefaultScreen(display)
        // A window manager places and sizes the window; without one the window covers the screen,
        // as a tiling compositor's tile does, so that a recording's pointer motion stays over it.
        let size =
            hasWindowManager
            ? (width: UInt32(480), height: UInt32(320))
            : (width: UInt32(XDisplayWidth(display, screen)), height: UInt32(XDisplayHeight(display, screen)))
        window = XCreateSimpleWindow(
            display, XRootWindow(display, screen), 0, 0, size.width, size.height, 0, XBlackPixel(display, screen),
            0x2B3A4F)
        XStoreName(display, window, title)
        XSelectInput(display, window, StructureNotifyMask)
        var types = [XI_Enter, XI_Leave, XI_Motion, XI_ButtonPress, XI_ButtonRelease]
        if hasGestures {
            types += [
                XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd, XI_GestureSwipeBegin,
                XI_GestureSwipeUpdate, XI_GestureSwipeEnd,
            ]
        }
        let selected = select(types, from: XIAllMasterDevices, on: window)
        // Devices enabled while the client runs (a touchpad plugged in), to learn their scroll
        // valuators before their first scroll.
        let watched = select([XI_HierarchyChanged], from: XIAllDevices, on: XDefaultRootWindow(display))
        XMapWindow(display, window)
        XSync(display, 0)
        if let failure = X11Errors.take(display) {
            throw WindowSystemError(.system, "the X server refused the window: \(failure)")
        }
        guard selected, watched else {
            throw WindowSystemError(.system, "the X server refused XInput's events")
        }
        // Only the window's own events: XInput's (the pointer may be over it already) stay queued
        // for run(stoppingOn:_:).
        var event = XEvent()
        while !windowShown {
            XWindowEvent(display, window, StructureNotifyMask, &event)
            if event.type == MapNotify { windowShown = true }
        }
    }

    /// Selects XInput's event `types` from `devices` on `window`: whether the server took them.
    private func select(_ types: [Int32], from devices: Int32, on window: Window) -> Bool {
        var bits = [UInt8](repeating: 0, count: Int(XI_LASTEVENT >> 3) + 1)
        for type in types { bits[Int(type >> 3)] |= UInt8(1 << (type & 7)) }
        return bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: devices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            return XISelectEvents(display, window, &mask, 1) == Success
        }
    }

    /// Hands each of the window's events to `handle` until `stop` (a descriptor) becomes readable
    /// or the server closes the connection.
    public func run(stoppingOn stop: Int32, _ handle: @escaping (DesktopPointerEvent) -> Void) throws(WindowSystemError)
    {
        let fd = XConnectionNumber(display)
        var event = XEvent()
        while true {
            while XPending(display) > 0 {
                XNextEvent(display, &event)
                for made in read(&event) { translation.translate(made).forEach(handle) }
            }
            if X11Errors.isLost(display) { throw WindowSystemError(.unavailable, "the X server closed the connection") }
            var fds = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&fds, 2, -1) < 0 && errno != EINTR {
                throw WindowSystemError(.system, "waiting for the X server: \(String(cString: strerror(errno)))")
            }
            if fds[1].revents != 0 { return }
            if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 {
                throw WindowSystemError(.unavailable, "the X server closed the connection")
            }
        }
    }

    /// The XInput event in `event`, as a value; none for any other event.
    private func read(_ event: inout XEvent) -> [XInputEvent] {
        guard event.type == GenericEvent, event.xcookie.extension == opcode,
            XGetEventData(display, &event.xcookie) != 0, let data = event.xcookie.data
        else { return [] }
        defer { XFreeEventData(display, &event.xcookie) }
        let type = event.xcookie.evtype
        switch type {
        case XI_Enter:
            // Where the scroll valuators stand as this is read: a scroll queued behind the enter (the
            // pointer entering mid-scroll) is measured from there. Taking the first scroll after an
            // enter as its position instead, as GTK does, loses a short scroll's first event.
            let enter = data.assumingMemoryBound(to: XIEnterEvent.self).pointee
            return [.enter(x: enter.event_x, y: enter.event_y, scroll: queryDevices(XIAllDevices).positions)]
        case XI_Leave: return [.leave]
        case XI_HierarchyChanged:
            let change = data.assumingMemoryBound(to: XIHierarchyEvent.self).pointee
            for info in UnsafeBufferPointer(start: change.info, count: Int(change.num_info))
            where info.flags & (XISlaveAdded | XIDeviceEnabled) != 0 {
                let queried = queryDevices(info.deviceid)
                for (id, device) in queried.devices {
                    translation.learn(device, id: id, positions: queried.positions[id])
                }
            }
            return []
        case XI_Motion, XI_ButtonPress, XI_ButtonRelease:
            let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            let time = UInt32(truncatingIfNeeded: device.time)
            if type != XI_Motion {
                let emulated = device.flags & XIPointerEmulated != 0
                return [
                    .button(time: time, button: Int(device.detail), pressed: type == XI_ButtonPress, emulated: emulated)
                ]
            }
            if !translation.knows(Int(device.sourceid)) {
                // Learned once, whatever it is: a device that is no slave pointer scrolls nothing.
                let known = queryDevices(device.sourceid).devices[Int(device.sourceid)]
                translation.learn(known ?? .init(scroll: [:], isTouchpad: false), id: Int(device.sourceid))
            }
            return [
                .motion(
                    time: time, device: Int(device.sourceid), x: device.event_x, y: device.event_y,
                    valuators: Self.values(device.valuators))
            ]
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            let pinch = data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee
            let time = UInt32(truncatingIfNeeded: pinch.time)
            switch type {
            case XI_GesturePinchBegin: return [.gesture(.pinchBegin(time: time, fingers: Self.fingers(pinch.detail)))]
            case XI_GesturePinchUpdate:
                return [
                    .gesture(
                        .pinchUpdate(
                            time: time, dx: pinch.delta_x, dy: pinch.delta_y, scale: pinch.scale,
                            rotation: pinch.delta_angle))
                ]
            default:
                return [.gesture(.pinchEnd(time: time, cancelled: pinch.flags & XIGesturePinchEventCancelled != 0))]
            }
        case XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd:
            let swipe = data.assumingMemoryBound(to: XIGestureSwipeEvent.self).pointee
            let time = UInt32(truncatingIfNeeded: swipe.time)
            switch type {
            case XI_GestureSwipeBegin: return [.gesture(.swipeBegin(time: time, fingers: Self.fingers(swipe.detail)))]
            case XI_GestureSwipeUpdate:
                return [.gesture(.swipeUpdate(time: time, dx: swipe.delta_x, dy: swipe.delta_y))]
            default:
                return [.gesture(.swipeEnd(time: time, cancelled: swipe.flags & XIGestureSwipeEventCancelled != 0))]
            }
        default: return []
        }
    }

    /// Whether a window manager runs: an EWMH one names its window on the root
    /// (`_NET_SUPPORTING_WM_CHECK`).
    private var hasWindowManager: Bool {
        let check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", 1)
        guard check != 0 else { return false }
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            display, XDefaultRootWindow(display), check, 0, 1, 0, XA_WINDOW, &type, &format, &count, &after, &data)
        if let data { XFree(data) }
        return status == Success && count > 0
    }

    /// The devices whose XInput type is `TOUCHPAD`, as xf86-input-libinput sets for every touchpad;
    /// XInput 2 has no type, and only touchpads libinput makes gestures on have the gesture class.
    private func touchpadIDs() -> Set<Int> {
        var count: Int32 = 0
        let touchpad = XInternAtom(display, XI_TOUCHPAD, 1)
        guard touchpad != 0, let list = XListInputDevices(display, &count) else { return [] }
        defer { XFreeDeviceList(list) }
        return Set(
            UnsafeBufferPointer(start: list, count: Int(count)).filter { $0.type == touchpad }.map { Int($0.id) })
    }

    /// A gesture's `detail`, its fingers; never negative.
    private static func fingers(_ detail: Int32) -> UInt32 { UInt32(max(detail, 0)) }

    /// The valuators an event set, by number: its mask says which, its values come packed.
    private static func values(_ state: XIValuatorState) -> [Int: Double] {
        guard let mask = state.mask, let values = state.values else { return [:] }
        var result: [Int: Double] = [:]
        var next = 0
        for number in 0..<(Int(state.mask_len) * 8) where mask[number >> 3] & UInt8(1 << (number & 7)) != 0 {
            result[number] = values[next]
            next += 1
        }
        return result
    }

    /// The slave pointers among `id` (a device or `XIAllDevices`): their scroll valuators, whether
    /// they are touchpads, and where each scroll valuator stands now.
    private func queryDevices(
        _ id: Int32
    ) -> (devices: [Int: XInputTranslation.Device], positions: [Int: [Int: Double]]) {
        var count: Int32 = 0
        guard let infos = XIQueryDevice(display, id, &count) else { return ([:], [:]) }
        defer { XIFreeDeviceInfo(infos) }
        let touchpads = touchpadIDs()
        var devices: [Int: XInputTranslation.Device] = [:], positions: [Int: [Int: Double]] = [:]
        for info in UnsafeBufferPointer(start: infos, count: Int(count)) where info.use == XISlavePointer {
            var device = XInputTranslation.Device(scroll: [:], isTouchpad: touchpads.contains(Int(info.deviceid)))
            var values: [Int: Double] = [:]
            for index in 0..<Int(info.num_classes) {
                guard let any = info.classes[index] else { continue }
                switch any.pointee.type {
                case XIScrollClass:
                    let scroll = UnsafeRawPointer(any).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
                    device.scroll[Int(scroll.number)] = XInputScrollAxis(
                        axis: scroll.scroll_type == XIScrollTypeHorizontal ? 1 : 0, increment: scroll.increment)
                case XIValuatorClass:
                    let valuator = UnsafeRawPointer(any).assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
                    values[Int(valuator.number)] = valuator.value
                case XIGestureClass: device.isTouchpad = true
                default: break
                }
            }
            devices[Int(info.deviceid)] = device
            positions[Int(info.deviceid)] = values.filter { device.scroll[$0.key] != nil }
        }
        return (devices, positions)
    }
}
