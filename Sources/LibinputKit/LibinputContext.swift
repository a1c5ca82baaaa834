import CLibinput
import ProcessSignals
@_exported import LibinputEvents

#if canImport(Glibc)
import Glibc
import MonotonicClock
#endif

/// A libinput context: the udev backend on a seat, or explicit device paths.
///
/// Owns the `struct libinput` and, for the udev backend, the `struct udev`. Not thread-safe,
/// like libinput itself: use it from one thread.
public final class LibinputContext {
    private let li: OpaquePointer
    private let udev: OpaquePointer?
    private let interface: UnsafeMutablePointer<libinput_interface>
    var pendingLog: [LibinputLogMessage] = []
    /// Whether a touchpad (a device that taps) was configured: the one the send-events mode is for.
    var configuredTouchpad = false
    /// Pointing devices, named as a warning names them, configured with a send-events mode and no
    /// touchpad yet to take it: said at the end of the dispatch that added them, unless a touchpad
    /// added with them took it (``configure(_:)``).
    var sendEventsPassedOver: [String] = []
    private var knownDevices: [String: DeviceInfo] = [:]

    /// How every device added from now on is configured.
    public var configuration = DeviceConfiguration()
    /// The version of the libinput this process loaded, named in every DEVICE_ADDED when set:
    /// libinput has no call that tells it, so the caller does.
    public var libinputVersion: String?
    /// What libinput is handling at the moment it logs, asked at each log line: a replay's
    /// libinput side knows it from the virtual clock.
    public var logCause: (() -> LibinputLogCause?)?

    /// Log messages libinput produced since the last call to ``takeLog()``.
    public func takeLog() -> [LibinputLogMessage] {
        defer { pendingLog.removeAll() }
        return pendingLog
    }

    /// Devices currently in the context, by sysname.
    public var devices: [DeviceInfo] { knownDevices.values.sorted { $0.sysname < $1.sysname } }

    /// Throws why a seat's context has no devices (``diagnoseNoDevices()``), once libinput has
    /// added those present: a seat whose devices this user may not read looks empty. A context
    /// over named nodes has added each or refused it by name.
    public func requireDevices() throws(LibinputError) {
        if udev != nil && knownDevices.isEmpty { throw Self.diagnoseNoDevices() }
    }

    private init(udev: OpaquePointer?) throws(LibinputError) {
        self.udev = udev
        interface = .allocate(capacity: 1)
        interface.initialize(
            to: libinput_interface(
                open_restricted: { path, flags, context in
                    let fd = open(path!, flags)
                    if fd < 0 { return -errno }
                    if let context { LibinputContext.owner(context).opened(fd, path: String(cString: path!)) }
                    return fd
                },
                close_restricted: { fd, context in
                    if let context { LibinputContext.owner(context).closing(fd) }
                    close(fd)
                }))
        let created: OpaquePointer?
        if let udev {
            created = libinput_udev_create_context(interface, nil, udev)
        } else {
            created = libinput_path_create_context(interface, nil)
        }
        guard let created else {
            interface.deallocate()
            throw LibinputError(.system, "libinput: cannot create a context")
        }
        li = created
        libinput_log_set_priority(li, LIBINPUT_LOG_PRIORITY_INFO)
        libinput_log_set_handler(li) { li, priority, format, args in
            guard let li, let format, let args, let context = libinput_get_user_data(li) else { return }
            let level: LibinputLogMessage.Priority =
                priority == LIBINPUT_LOG_PRIORITY_ERROR
                ? .error : priority == LIBINPUT_LOG_PRIORITY_INFO ? .info : .debug
            LibinputContext.owner(context).log(level, LibinputContext.logLine(format, args))
        }
        libinput_set_user_data(li, Unmanaged.passUnretained(self).toOpaque())
    }

    static func owner(_ context: UnsafeMutableRawPointer) -> LibinputContext {
        Unmanaged<LibinputContext>.fromOpaque(context).takeUnretainedValue()
    }

    /// A line of libinput's (or libevdev's) log, kept with what libinput was handling.
    func log(_ priority: LibinputLogMessage.Priority, _ text: String) {
        pendingLog.append(LibinputLogMessage(priority: priority, text: text, cause: logCause?()))
    }

    /// A printf-style log line as one line: trimmed of the newline libinput ends each line with
    /// (and of any other ASCII space); one that breaks a message in two ("Touch jump detected…
    /// \nSee https://…") is a space.
    static func logLine(_ format: UnsafePointer<CChar>, _ args: CVaListPointer) -> String {
        var buffer = [CChar](repeating: 0, count: 1024)
        _ = vsnprintf(&buffer, buffer.count, format, args)
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0d).contains(byte) }
        let first = bytes.firstIndex { !isSpace($0) } ?? bytes.endIndex
        let end = (bytes.lastIndex { !isSpace($0) }).map { $0 + 1 } ?? first
        return String(decoding: bytes[first..<end].map { $0 == 0x0a || $0 == 0x0d ? 0x20 : $0 }, as: UTF8.self)
    }

    /// The device nodes libinput holds open, by descriptor.
    private var openNodes: [Int32: String] = [:]

    /// libinput opening a node: the first time as it adds the device, again as it resumes one it
    /// suspended (`evdev_device_resume`), which it does not log.
    private func opened(_ fd: Int32, path: String) {
        openNodes[fd] = path
        let sysname = Self.sysname(path)
        if knownDevices[sysname] != nil { logOwnLine(sysname, LibinputLogMessage.deviceReopened) }
    }

    /// libinput closing a node: as it suspends the device (`evdev_device_suspend`), which it does
    /// not log, or as it removes it.
    private func closing(_ fd: Int32) {
        guard let path = openNodes.removeValue(forKey: fd) else { return }
        let sysname = Self.sysname(path)
        if knownDevices[sysname] != nil { logOwnLine(sysname, LibinputLogMessage.deviceClosed) }
    }

    /// A node's sysname, as libinput names its device: the path's last component.
    private static func sysname(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

    /// One of TouchSynth's own lines about a device (its sysname, or more), among libinput's
    /// (``LibinputLogMessage/isTouchSynths``).
    func logOwnLine(_ device: String, _ line: String, priority: LibinputLogMessage.Priority = .info) {
        pendingLog.append(
            LibinputLogMessage(priority: priority, text: "\(device) - \(line)", cause: logCause?(), isTouchSynths: true)
        )
    }

    deinit {
        libinput_set_user_data(li, nil)
        libinput_unref(li)
        if let udev { udev_unref(udev) }
        interface.deallocate()
    }

    /// Whether libinput logs at debug priority too (its state machines' chatter, as
    /// `libinput debug-events --verbose` shows); info and errors otherwise.
    public var logsDebug = false {
        didSet { libinput_log_set_priority(li, logsDebug ? LIBINPUT_LOG_PRIORITY_DEBUG : LIBINPUT_LOG_PRIORITY_INFO) }
    }

    /// A context over udev, taking every input device of `seat`.
    public static func udev(seat: String = "seat0", logsDebug: Bool = false) throws(LibinputError) -> LibinputContext {
        guard let udev = udev_new() else { throw LibinputError(.system, "udev: cannot create a context") }
        let context: LibinputContext
        do {
            context = try LibinputContext(udev: udev)
        } catch {
            udev_unref(udev)
            throw error
        }
        context.logsDebug = logsDebug
        guard context.routingLibevdevLog({ libinput_udev_assign_seat(context.li, seat) }) == 0 else {
            throw LibinputError(.system, "libinput: cannot assign seat \(seat)")
        }
        return context
    }

    /// A context over explicit device nodes (`/dev/input/eventN`), each configured as `configuration` says.
    public static func path(
        _ devices: [String], configuration: DeviceConfiguration = DeviceConfiguration(),
        logsDebug: Bool = false
    ) throws(LibinputError) -> LibinputContext {
        let context = try LibinputContext(udev: nil)
        context.configuration = configuration
        context.logsDebug = logsDebug
        for path in devices { try context.addDevice(path) }
        return context
    }

    /// A context over `nodes`, or over `seat` when none is named: what a live command opens.
    /// A node may be given short, `event2` for `/dev/input/event2`, as a getevent log names it.
    public static func live(
        seat: String, nodes: [String], logsDebug: Bool = false
    ) throws(LibinputError) -> LibinputContext {
        guard !nodes.isEmpty else { return try udev(seat: seat, logsDebug: logsDebug) }
        return try path(nodes.map(DeviceNode.path), logsDebug: logsDebug)
    }

    /// Adds a device node to a path context.
    public func addDevice(_ path: String) throws(LibinputError) {
        try Self.checkReadable(path)
        // libinput says only "Invalid path" of what is not an input device node.
        if let (isDirectory, message) = DeviceNode.notANode(path) {
            throw LibinputError(isDirectory ? .missingFile : .badData, message)
        }
        guard routingLibevdevLog({ libinput_path_add_device(li, path) }) != nil else {
            // libinput calls a node without a device behind it an "Invalid path"; opening it says which.
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            if fd >= 0 {
                close(fd)
            } else if let gone = DeviceNode.noDevice(errno: errno) {
                throw LibinputError(.missingFile, "\(path): \(gone)")
            }
            throw LibinputError(
                .deviceRejected, "libinput: cannot add \(path): " + Self.rejection(in: takeLog()), device: path)
        }
    }

    /// Why libinput would not use a device, from its log: its complaint (`kernel bug: device has
    /// min == max on ABS_X`) rather than its closing `not using input device` line.
    static func rejection(in log: [LibinputLogMessage]) -> String {
        let lines = log.map(\.text)
        return lines.last { $0.contains("bug:") } ?? lines.last ?? "libinput rejected it"
    }

    /// The file descriptor to poll for readiness.
    public var fileDescriptor: Int32 { libinput_get_fd(li) }

    /// When the events of the latest ``dispatch()`` became available: CLOCK_MONOTONIC nanoseconds
    /// as libinput's processing returned, before they are converted and handed out.
    public private(set) var lastDispatchNanos: UInt64 = 0

    /// Reads what the kernel delivered, runs libinput's timers, and returns the resulting events.
    public func dispatch() -> [LibinputEvent] {
        routingLibevdevLog { _ = libinput_dispatch(li) }
        lastDispatchNanos = UInt64(MonotonicClock.now())
        var events: [LibinputEvent] = []
        while let raw = libinput_get_event(li) {
            if let event = convert(raw) { events.append(event) }
            libinput_event_destroy(raw)
        }
        warnOfSendEventsPassedOver()
        return events
    }

    /// Waits on libinput's fd and hands every event to `handle` until SIGINT or SIGTERM (or
    /// `handle` returns false). Events pending at the signal are still delivered: a clean shutdown.
    /// `ready` runs once the devices present at the start have been added, and ends the loop there
    /// by returning false (a seat without devices to read); `dispatched` after the
    /// events of each dispatch have been handled, before the loop waits again. The loop also ends
    /// once `hangup`, if given, becomes readable: the end of a connection whose peer went away.
    public func run(
        ready: () -> Bool = { true }, dispatched: () -> Void = {}, hangup: Int32? = nil,
        _ handle: (LibinputEvent) -> Bool
    ) throws(LibinputError) {
        let stop: StopSignal
        do { stop = try StopSignal() } catch { throw LibinputError(.system, error.message) }
        defer { stop.end() }

        var fds = [
            pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stop.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: hangup ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        for event in dispatch() where !handle(event) { return }
        dispatched()
        guard ready() else { return }
        while true {
            let rc = poll(&fds, nfds_t(fds.count), -1)
            if rc < 0 {
                if errno == EINTR { continue }
                throw LibinputError(.system, "poll: \(String(cString: strerror(errno)))")
            }
            defer { dispatched() }
            for event in dispatch() where !handle(event) { return }
            if fds[1].revents & Int16(POLLIN) != 0 || fds[2].revents != 0 { return }
        }
    }

    private func convert(_ event: OpaquePointer) -> LibinputEvent? {
        guard let device = libinput_event_get_device(event) else { return nil }
        let sysname = String(cString: libinput_device_get_sysname(device))
        let type = libinput_event_get_type(event)
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            var info = Self.info(device)
            info.libinputVersion = libinputVersion
            // Known before it is configured: a send-events mode may close it at once.
            knownDevices[sysname] = info
            configure(device)
            if libinput_device_config_scroll_has_natural_scroll(device) != 0 {
                info.naturalScrolling = libinput_device_config_scroll_get_natural_scroll_enabled(device) != 0
                knownDevices[sysname]?.naturalScrolling = info.naturalScrolling
            }
            return LibinputEvent(time: MonotonicClock.microseconds(), device: sysname, kind: .deviceAdded(info))
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            knownDevices[sysname] = nil
            return LibinputEvent(time: MonotonicClock.microseconds(), device: sysname, kind: .deviceRemoved)
        case LIBINPUT_EVENT_POINTER_MOTION, LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE, LIBINPUT_EVENT_POINTER_BUTTON,
            LIBINPUT_EVENT_POINTER_SCROLL_WHEEL, LIBINPUT_EVENT_POINTER_SCROLL_FINGER,
            LIBINPUT_EVENT_POINTER_SCROLL_CONTINUOUS:
            return pointer(libinput_event_get_pointer_event(event), type: type, sysname: sysname)
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            let k = libinput_event_get_keyboard_event(event)
            return LibinputEvent(
                time: libinput_event_keyboard_get_time_usec(k), device: sysname,
                kind: .keyboardKey(
                    key: libinput_event_keyboard_get_key(k),
                    state: libinput_event_keyboard_get_key_state(k) == LIBINPUT_KEY_STATE_PRESSED
                        ? .pressed : .released,
                    seatCount: libinput_event_keyboard_get_seat_key_count(k)))
        case LIBINPUT_EVENT_SWITCH_TOGGLE:
            let s = libinput_event_get_switch_event(event)
            guard let which = Switch(libinputNumber: libinput_event_switch_get_switch(s).rawValue) else { return nil }
            let state: SwitchState =
                libinput_event_switch_get_switch_state(s) == LIBINPUT_SWITCH_STATE_ON ? .on : .off
            return LibinputEvent(
                time: libinput_event_switch_get_time_usec(s), device: sysname, kind: .switchToggle(which, state: state))
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP,
            LIBINPUT_EVENT_TOUCH_CANCEL, LIBINPUT_EVENT_TOUCH_FRAME:
            return touch(libinput_event_get_touch_event(event), type: type, sysname: sysname)
        case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN, LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE, LIBINPUT_EVENT_GESTURE_SWIPE_END,
            LIBINPUT_EVENT_GESTURE_PINCH_BEGIN, LIBINPUT_EVENT_GESTURE_PINCH_UPDATE, LIBINPUT_EVENT_GESTURE_PINCH_END,
            LIBINPUT_EVENT_GESTURE_HOLD_BEGIN, LIBINPUT_EVENT_GESTURE_HOLD_END:
            return gesture(libinput_event_get_gesture_event(event), type: type, sysname: sysname)
        default:
            // Tablets: not part of what TouchSynth models.
            return nil
        }
    }

    private func pointer(_ p: OpaquePointer?, type: libinput_event_type, sysname: String) -> LibinputEvent? {
        guard let p else { return nil }
        let time = libinput_event_pointer_get_time_usec(p)
        let kind: LibinputEvent.Kind
        switch type {
        case LIBINPUT_EVENT_POINTER_MOTION:
            kind = .pointerMotion(
                dx: libinput_event_pointer_get_dx(p), dy: libinput_event_pointer_get_dy(p),
                unacceleratedDx: libinput_event_pointer_get_dx_unaccelerated(p),
                unacceleratedDy: libinput_event_pointer_get_dy_unaccelerated(p))
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            kind = .pointerMotionAbsolute(
                x: libinput_event_pointer_get_absolute_x_transformed(p, 1),
                y: libinput_event_pointer_get_absolute_y_transformed(p, 1))
        case LIBINPUT_EVENT_POINTER_BUTTON:
            kind = .pointerButton(
                button: libinput_event_pointer_get_button(p),
                state: libinput_event_pointer_get_button_state(p) == LIBINPUT_BUTTON_STATE_PRESSED
                    ? .pressed : .released,
                seatCount: libinput_event_pointer_get_seat_button_count(p))
        default:
            let source: Scroll.Source =
                type == LIBINPUT_EVENT_POINTER_SCROLL_WHEEL
                ? .wheel
                : type == LIBINPUT_EVENT_POINTER_SCROLL_FINGER ? .finger : .continuous
            let vAxis = LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL, hAxis = LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL
            let hasV = libinput_event_pointer_has_axis(p, vAxis) != 0
            let hasH = libinput_event_pointer_has_axis(p, hAxis) != 0
            kind = .pointerScroll(
                Scroll(
                    source: source,
                    vertical: hasV ? libinput_event_pointer_get_scroll_value(p, vAxis) : nil,
                    horizontal: hasH ? libinput_event_pointer_get_scroll_value(p, hAxis) : nil,
                    vertical120: hasV && source == .wheel
                        ? libinput_event_pointer_get_scroll_value_v120(p, vAxis) : nil,
                    horizontal120: hasH && source == .wheel
                        ? libinput_event_pointer_get_scroll_value_v120(p, hAxis) : nil))
        }
        return LibinputEvent(time: time, device: sysname, kind: kind)
    }

    private func touch(_ t: OpaquePointer?, type: libinput_event_type, sysname: String) -> LibinputEvent? {
        guard let t else { return nil }
        let time = libinput_event_touch_get_time_usec(t)
        let kind: LibinputEvent.Kind
        switch type {
        case LIBINPUT_EVENT_TOUCH_FRAME:
            kind = .touchFrame
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            let slot = libinput_event_touch_get_slot(t), seatSlot = libinput_event_touch_get_seat_slot(t)
            let x = libinput_event_touch_get_x_transformed(t, 1), y = libinput_event_touch_get_y_transformed(t, 1)
            kind =
                type == LIBINPUT_EVENT_TOUCH_DOWN
                ? .touchDown(slot: slot, seatSlot: seatSlot, x: x, y: y)
                : .touchMotion(slot: slot, seatSlot: seatSlot, x: x, y: y)
        case LIBINPUT_EVENT_TOUCH_UP:
            kind = .touchUp(slot: libinput_event_touch_get_slot(t), seatSlot: libinput_event_touch_get_seat_slot(t))
        default:
            kind = .touchCancel(slot: libinput_event_touch_get_slot(t), seatSlot: libinput_event_touch_get_seat_slot(t))
        }
        return LibinputEvent(time: time, device: sysname, kind: kind)
    }

    private func gesture(_ g: OpaquePointer?, type: libinput_event_type, sysname: String) -> LibinputEvent? {
        guard let g else { return nil }
        let time = libinput_event_gesture_get_time_usec(g)
        let fingers = Int(libinput_event_gesture_get_finger_count(g))
        var delta: GestureDelta {
            GestureDelta(
                dx: libinput_event_gesture_get_dx(g), dy: libinput_event_gesture_get_dy(g),
                unacceleratedDx: libinput_event_gesture_get_dx_unaccelerated(g),
                unacceleratedDy: libinput_event_gesture_get_dy_unaccelerated(g))
        }
        var cancelled: Bool { libinput_event_gesture_get_cancelled(g) != 0 }
        let kind: LibinputEvent.Kind
        switch type {
        case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN: kind = .gestureSwipeBegin(fingers: fingers)
        case LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE: kind = .gestureSwipeUpdate(fingers: fingers, delta: delta)
        case LIBINPUT_EVENT_GESTURE_SWIPE_END: kind = .gestureSwipeEnd(fingers: fingers, cancelled: cancelled)
        case LIBINPUT_EVENT_GESTURE_PINCH_BEGIN: kind = .gesturePinchBegin(fingers: fingers)
        case LIBINPUT_EVENT_GESTURE_PINCH_UPDATE:
            kind = .gesturePinchUpdate(
                fingers: fingers, delta: delta, scale: libinput_event_gesture_get_scale(g),
                angleDelta: libinput_event_gesture_get_angle_delta(g))
        case LIBINPUT_EVENT_GESTURE_PINCH_END:
            kind = .gesturePinchEnd(fingers: fingers, scale: libinput_event_gesture_get_scale(g), cancelled: cancelled)
        case LIBINPUT_EVENT_GESTURE_HOLD_BEGIN: kind = .gestureHoldBegin(fingers: fingers)
        default: kind = .gestureHoldEnd(fingers: fingers, cancelled: cancelled)
        }
        return LibinputEvent(time: time, device: sysname, kind: kind)
    }

    private static func info(_ device: OpaquePointer) -> DeviceInfo {
        let capabilities: [(libinput_device_capability, Capability)] = [
            (LIBINPUT_DEVICE_CAP_KEYBOARD, .keyboard), (LIBINPUT_DEVICE_CAP_POINTER, .pointer),
            (LIBINPUT_DEVICE_CAP_TOUCH, .touch), (LIBINPUT_DEVICE_CAP_TABLET_TOOL, .tabletTool),
            (LIBINPUT_DEVICE_CAP_TABLET_PAD, .tabletPad), (LIBINPUT_DEVICE_CAP_GESTURE, .gesture),
            (LIBINPUT_DEVICE_CAP_SWITCH, .switch),
        ]
        var width = 0.0, height = 0.0
        let hasSize = libinput_device_get_size(device, &width, &height) == 0
        return DeviceInfo(
            name: String(cString: libinput_device_get_name(device)),
            sysname: String(cString: libinput_device_get_sysname(device)),
            capabilities: CapabilitySet(
                capabilities.filter { libinput_device_has_capability(device, $0.0) != 0 }.map(\.1)),
            sizeMM: hasSize ? (width, height) : nil)
    }
}
