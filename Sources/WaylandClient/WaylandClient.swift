import CWaylandClient
import DesktopEvents
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// An ordinary Wayland client of the session's compositor: a small window of its own
/// (xdg-shell, a wl_shm buffer, its title saying what to do), and the seat's pointer and pointer
/// gestures bound, what arrives handed on as ``DesktopPointerEvent`` values. No privileges.
public final class WaylandClient {
    /// What the compositor offered and what was bound.
    public struct Bound: Equatable, Sendable {
        /// `wl_seat`'s version, which the pointer's is.
        public var pointerVersion: UInt32 = 0
        /// `zwp_pointer_gestures_v1`'s version, nil when the compositor offers no gestures.
        public var gesturesVersion: UInt32?
        /// Whether the seat has a pointer.
        public var hasPointer = false
    }

    public private(set) var bound = Bound()
    /// The interfaces the compositor offered, by name, with their versions.
    public private(set) var globals: [String: UInt32] = [:]
    /// Whether the window was configured and shown.
    public private(set) var windowShown = false
    /// Why the window could not be shown, when it could not.
    private var windowError: WindowSystemError?

    private let display: OpaquePointer
    private var proxies: [OpaquePointer: Kind] = [:]
    private var globalNames: [String: UInt32] = [:]
    /// Where the pointer's events go: kept until ``run(stoppingOn:_:)`` takes them, since the
    /// pointer can enter the window while it is being opened, and the compositor says so once.
    private var handle: ((DesktopPointerEvent) -> Void)?
    private var early: [DesktopPointerEvent] = []
    private var compositor: OpaquePointer?, shm: OpaquePointer?, wmBase: OpaquePointer?, seat: OpaquePointer?
    private var gestures: OpaquePointer?, surface: OpaquePointer?, xdgSurface: OpaquePointer?, buffer: OpaquePointer?
    private var pointerCreated = false
    /// The buffer's size: 480 × 320 until the compositor configures another (a tiling one gives
    /// the window its tile, where a smaller buffer would leave the pointer beside it).
    private var size = (width: Int32(480), height: Int32(320))
    /// The size the last `xdg_toplevel.configure` asked for, made at the `xdg_surface.configure`.
    private var configured: (width: Int32, height: Int32)?

    private enum Kind {
        case registry, wmBase, xdgSurface, toplevel, seat, pointer, swipe, pinch, hold, other
    }

    /// Connects to `display` (`$WAYLAND_DISPLAY`, else `wayland-0`, when nil) and learns what the
    /// compositor offers.
    public init(display name: String? = nil) throws(WindowSystemError) {
        let environment = ProcessInfo.processInfo.environment
        let which = name ?? environment["WAYLAND_DISPLAY"] ?? "wayland-0"
        let noCompositor = WindowSystemError(
            .unavailable, "no Wayland compositor at \(which): run it in a Wayland session (WAYLAND_DISPLAY)")
        // Without a runtime directory libwayland finds no socket by name, and says so on stderr
        // itself (`connect_to_socket`): said here in the one line instead.
        if environment["WAYLAND_SOCKET"] == nil, !which.hasPrefix("/"),
            environment["XDG_RUNTIME_DIR"]?.hasPrefix("/") != true
        {
            throw noCompositor
        }
        guard let display = wl_display_connect(name) else { throw noCompositor }
        self.display = display
        _ = try create(display, interface: "wl_registry", request: "get_registry", kind: .registry)
        try roundtrip()
    }

    deinit {
        wl_display_disconnect(display)
    }

    /// Binds the compositor, the shared memory, the window manager base, the seat (its pointer)
    /// and the gestures (version 3 where offered), and opens the window titled `title`.
    public func openWindow(title: String) throws(WindowSystemError) {
        for needed in ["wl_compositor", "wl_shm", "xdg_wm_base", "wl_seat"] where globals[needed] == nil {
            throw WindowSystemError(.unavailable, "the compositor offers no \(needed)")
        }
        compositor = try bind("wl_compositor", version: 4)
        shm = try bind("wl_shm", version: 1)
        wmBase = try bind("xdg_wm_base", version: 1, kind: .wmBase)
        seat = try bind("wl_seat", version: 7, kind: .seat)
        bound.pointerVersion = min(globals["wl_seat"] ?? 1, 7)
        if globals["zwp_pointer_gestures_v1"] != nil {
            gestures = try bind("zwp_pointer_gestures_v1", version: 3)
            bound.gesturesVersion = min(globals["zwp_pointer_gestures_v1"] ?? 1, 3)
        }
        let surface = try create(compositor!, interface: "wl_surface", request: "create_surface", kind: .other)
        self.surface = surface
        xdgSurface = try create(
            wmBase!, interface: "xdg_surface", request: "get_xdg_surface", objects: [surface], kind: .xdgSurface)
        let toplevel = try create(xdgSurface!, interface: "xdg_toplevel", request: "get_toplevel", kind: .toplevel)
        try send(toplevel, "set_title", [.string(title)])
        try send(surface, "commit", [])
        try roundtrip()
        try roundtrip()
        if let windowError { throw windowError }
    }

    /// Dispatches the compositor's events, handing each pointer and gesture event to `handle`,
    /// until `stop` (a descriptor) becomes readable or the compositor goes.
    public func run(stoppingOn stop: Int32, _ handle: @escaping (DesktopPointerEvent) -> Void) throws(WindowSystemError)
    {
        self.handle = handle
        early.forEach(handle)
        early = []
        let fd = wl_display_get_fd(display)
        while true {
            while wl_display_prepare_read(display) != 0 { wl_display_dispatch_pending(display) }
            _ = wl_display_flush(display)
            var fds = [
                pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, -1)
            if ready < 0 && errno != EINTR {
                wl_display_cancel_read(display)
                throw WindowSystemError(.system, "waiting for the compositor: \(String(cString: strerror(errno)))")
            }
            if fds[1].revents != 0 {
                wl_display_cancel_read(display)
                return
            }
            if fds[0].revents & Int16(POLLIN) != 0 {
                guard wl_display_read_events(display) == 0 else { throw lost() }
            } else {
                wl_display_cancel_read(display)
                if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 { throw lost() }
            }
            guard wl_display_dispatch_pending(display) >= 0 else { throw lost() }
            // A buffer for a new size the compositor asked for could not be made.
            if let windowError { throw windowError }
        }
    }

    private func lost() -> WindowSystemError {
        WindowSystemError(.unavailable, "the compositor closed the connection")
    }

    private func roundtrip() throws(WindowSystemError) {
        guard wl_display_roundtrip(display) >= 0 else { throw lost() }
    }

    // MARK: requests

    private enum Argument {
        case uint(UInt32), int(Int32), string(String), object(OpaquePointer?), fd(Int32)
    }

    /// Sends `request` on `proxy` with `arguments`, creating none.
    private func send(_ proxy: OpaquePointer, _ request: String, _ arguments: [Argument]) throws(WindowSystemError) {
        let interface = wl_proxy_get_class(proxy).flatMap { InterfaceTable.all[String(cString: $0)] }
        guard let interface else { throw WindowSystemError(.system, "a proxy of no known interface") }
        let opcode = try InterfaceTable.request(request, of: interface)
        _ = marshal(proxy, opcode, arguments, creating: nil, version: 0)
    }

    /// Sends `request` on `proxy`, which creates an object of `interface` (a new_id first, then
    /// `objects`), and listens to it.
    private func create(
        _ proxy: OpaquePointer, interface name: String, request: String, objects: [OpaquePointer] = [],
        kind: Kind, extra: [Argument] = []
    ) throws(WindowSystemError) -> OpaquePointer {
        let ownerName = String(cString: wl_proxy_get_class(proxy))
        guard let interface = InterfaceTable.all[name], let owner = InterfaceTable.all[ownerName] else {
            throw WindowSystemError(.system, "no interface \(name) or \(ownerName)")
        }
        let opcode = try InterfaceTable.request(request, of: owner)
        let made = marshal(
            proxy, opcode, [.object(nil)] + objects.map { .object($0) } + extra, creating: interface,
            version: wl_proxy_get_version(proxy))
        guard let made else { throw WindowSystemError(.system, "the compositor connection refused \(request)") }
        listen(made, kind)
        return made
    }

    /// `wl_registry.bind` of the global `name` at the lower of `version` and what is offered.
    private func bind(_ name: String, version: UInt32, kind: Kind = .other) throws(WindowSystemError) -> OpaquePointer {
        guard let interface = InterfaceTable.all[name], let id = globalNames[name], let offered = globals[name],
            let registry = proxies.first(where: { $0.value == .registry })?.key
        else { throw WindowSystemError(.unavailable, "the compositor offers no \(name)") }
        let version = min(version, offered)
        let made = name.withCString { cName -> OpaquePointer? in
            var args = [wl_argument(u: id), wl_argument(s: cName), wl_argument(u: version), wl_argument(n: 0)]
            return wl_proxy_marshal_array_flags(registry, 0, interface, version, 0, &args)
        }
        guard let made else { throw WindowSystemError(.system, "binding \(name) failed") }
        listen(made, kind)
        return made
    }

    private func marshal(
        _ proxy: OpaquePointer, _ opcode: UInt32, _ arguments: [Argument],
        creating interface: UnsafePointer<wl_interface>?,
        version: UInt32
    ) -> OpaquePointer? {
        var strings: [UnsafeMutablePointer<CChar>] = []
        defer { strings.forEach { free($0) } }
        var args = arguments.map { argument -> wl_argument in
            switch argument {
            case .uint(let v): return wl_argument(u: v)
            case .int(let v): return wl_argument(i: v)
            case .fd(let v): return wl_argument(h: v)
            case .object(let p): return wl_argument(o: p)
            case .string(let s):
                let copy = strdup(s)!
                strings.append(copy)
                return wl_argument(s: UnsafePointer(copy))
            }
        }
        return wl_proxy_marshal_array_flags(proxy, opcode, interface, version, 0, &args)
    }

    // MARK: events

    private func listen(_ proxy: OpaquePointer, _ kind: Kind) {
        proxies[proxy] = kind
        guard kind != .other else { return }
        wl_proxy_add_dispatcher(proxy, waylandDispatch, nil, Unmanaged.passUnretained(self).toOpaque())
    }

    /// One event of `proxy`: `name` and its arguments, typed by `signature`.
    fileprivate func dispatch(_ proxy: OpaquePointer, _ name: String, _ args: UnsafeMutablePointer<wl_argument>) {
        func fixed(_ i: Int) -> Double { Double(args[i].f) / 256 }
        func handle(_ event: DesktopPointerEvent) {
            if let handle = self.handle { handle(event) } else { early.append(event) }
        }
        switch (proxies[proxy], name) {
        case (.registry, "global"):
            let interface = String(cString: args[1].s)
            globals[interface] = args[2].u
            globalNames[interface] = args[0].u
        case (.wmBase, "ping"):
            try? send(proxy, "pong", [.uint(args[0].u)])
        case (.toplevel, "configure") where args[0].i > 0 && args[1].i > 0:
            configured = (min(args[0].i, 8192), min(args[1].i, 8192))
        case (.xdgSurface, "configure"):
            try? send(proxy, "ack_configure", [.uint(args[0].u)])
            let resized = configured.map { $0 != size } ?? false
            if let configured { size = configured }
            if !windowShown || resized {
                do { try showBuffer() } catch { windowError = error }
            }
        case (.seat, "capabilities"):
            bound.hasPointer = args[0].u & 1 != 0
            if bound.hasPointer && !pointerCreated { try? createPointer() }
        case (.pointer, "enter"): handle(.enter(x: fixed(2), y: fixed(3)))
        case (.pointer, "leave"): handle(.leave)
        case (.pointer, "motion"): handle(.motion(time: args[0].u, x: fixed(1), y: fixed(2)))
        case (.pointer, "button"): handle(.button(time: args[1].u, button: args[2].u, pressed: args[3].u == 1))
        case (.pointer, "axis"): handle(.axis(time: args[0].u, axis: args[1].u, value: fixed(2)))
        case (.pointer, "frame"): handle(.frame)
        case (.pointer, "axis_source"): handle(.axisSource(args[0].u))
        case (.pointer, "axis_stop"): handle(.axisStop(time: args[0].u, axis: args[1].u))
        case (.pointer, "axis_discrete"): handle(.axisDiscrete(axis: args[0].u, discrete: args[1].i))
        case (.pointer, "axis_value120"): handle(.axisValue120(axis: args[0].u, value120: args[1].i))
        case (.swipe, "begin"): handle(.swipeBegin(time: args[1].u, fingers: args[3].u))
        case (.swipe, "update"): handle(.swipeUpdate(time: args[0].u, dx: fixed(1), dy: fixed(2)))
        case (.swipe, "end"): handle(.swipeEnd(time: args[1].u, cancelled: args[2].i != 0))
        case (.pinch, "begin"): handle(.pinchBegin(time: args[1].u, fingers: args[3].u))
        case (.pinch, "update"):
            handle(.pinchUpdate(time: args[0].u, dx: fixed(1), dy: fixed(2), scale: fixed(3), rotation: fixed(4)))
        case (.pinch, "end"): handle(.pinchEnd(time: args[1].u, cancelled: args[2].i != 0))
        case (.hold, "begin"): handle(.holdBegin(time: args[1].u, fingers: args[3].u))
        case (.hold, "end"): handle(.holdEnd(time: args[1].u, cancelled: args[2].i != 0))
        default: break
        }
    }

    private func createPointer() throws(WindowSystemError) {
        guard let seat else { return }
        pointerCreated = true
        let pointer = try create(seat, interface: "wl_pointer", request: "get_pointer", kind: .pointer)
        guard let gestures, let version = bound.gesturesVersion else { return }
        _ = try create(
            gestures, interface: "zwp_pointer_gesture_swipe_v1", request: "get_swipe_gesture", objects: [pointer],
            kind: .swipe)
        _ = try create(
            gestures, interface: "zwp_pointer_gesture_pinch_v1", request: "get_pinch_gesture", objects: [pointer],
            kind: .pinch)
        if version >= 3 {
            _ = try create(
                gestures, interface: "zwp_pointer_gesture_hold_v1", request: "get_hold_gesture", objects: [pointer],
                kind: .hold)
        }
    }

    /// The window's content: one colour in shared memory (`wl_shm`, ARGB8888).
    private func showBuffer() throws(WindowSystemError) {
        guard let shm, let surface else { return }
        let stride = size.width * 4, bytes = Int(stride * size.height)
        let name = "/touchsynth-window-\(getpid())"
        let fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0o600)
        shm_unlink(name)
        guard fd >= 0, ftruncate(fd, off_t(bytes)) == 0 else {
            throw WindowSystemError(.system, "cannot make the window's buffer: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        if let memory = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), memory != MAP_FAILED {
            memory.initializeMemory(as: UInt32.self, repeating: 0xFF2B_3A4F, count: bytes / 4)
            munmap(memory, bytes)
        }
        let pool = try create(
            shm, interface: "wl_shm_pool", request: "create_pool", kind: .other, extra: [.fd(fd), .int(Int32(bytes))])
        // The buffer keeps the memory; the pool, and the buffer this one replaces, can go.
        defer { try? destroy(pool) }
        let buffer = try create(
            pool, interface: "wl_buffer", request: "create_buffer", kind: .other,
            extra: [.int(0), .int(size.width), .int(size.height), .int(stride), .uint(0)])
        try send(surface, "attach", [.object(buffer), .int(0), .int(0)])
        try send(surface, "damage", [.int(0), .int(0), .int(size.width), .int(size.height)])
        try send(surface, "commit", [])
        if let shown = self.buffer { try destroy(shown) }
        self.buffer = buffer
        windowShown = true
    }

    /// Sends `proxy`'s `destroy` request and lets go of it.
    private func destroy(_ proxy: OpaquePointer) throws(WindowSystemError) {
        try send(proxy, "destroy", [])
        proxies[proxy] = nil
        wl_proxy_destroy(proxy)
    }
}

/// libwayland's dispatcher for every proxy the client listens to: the event's name, to the client.
private let waylandDispatch: wl_dispatcher_func_t = { _, target, _, message, args in
    guard let target, let message, let args,
        let data = wl_proxy_get_user_data(OpaquePointer(target))
    else { return 0 }
    let client = Unmanaged<WaylandClient>.fromOpaque(data).takeUnretainedValue()
    client.dispatch(OpaquePointer(target), String(cString: message.pointee.name), args)
    return 0
}
