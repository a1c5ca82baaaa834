import CWaylandClient
import DesktopEvents

#if canImport(Glibc)
import Glibc
#endif

/// A Wayland interface as its protocol's XML describes it; the build generates those the client
/// binds beyond the core protocol (``generated``, by touchsynth-wayland-protocols).
struct ProtocolInterface {
    let name: String
    let version: Int
    let requests: [ProtocolMessage]
    let events: [ProtocolMessage]
}

/// A request or event: its name, wayland-scanner's signature string, each argument's interface.
struct ProtocolMessage {
    let name: String
    let signature: String
    let types: [String?]
}

/// libwayland's interface tables: the core protocol's from libwayland-client, the others built
/// once from their description, as wayland-scanner's C would hold them. They live as long as
/// the process, as static tables do.
enum InterfaceTable {
    /// The tables by interface name.
    nonisolated(unsafe) static let all: [String: UnsafePointer<wl_interface>] = build()

    private static func build() -> [String: UnsafePointer<wl_interface>] {
        var tables: [String: UnsafePointer<wl_interface>] = [:]
        for core in [
            wl_display_interface, wl_registry_interface, wl_callback_interface, wl_compositor_interface,
            wl_shm_pool_interface,
            wl_shm_interface, wl_buffer_interface, wl_surface_interface, wl_seat_interface, wl_pointer_interface,
            wl_output_interface, wl_region_interface,
        ] {
            let table = UnsafeMutablePointer<wl_interface>.allocate(capacity: 1)
            table.initialize(to: core)
            tables[String(cString: core.name)] = UnsafePointer(table)
        }
        let made = ProtocolInterface.generated.map { ($0, UnsafeMutablePointer<wl_interface>.allocate(capacity: 1)) }
        for (interface, table) in made { tables[interface.name] = UnsafePointer(table) }
        for (interface, table) in made {
            table.initialize(
                to: wl_interface(
                    name: strdup(interface.name), version: Int32(interface.version),
                    method_count: Int32(interface.requests.count), methods: messages(interface.requests, tables),
                    event_count: Int32(interface.events.count), events: messages(interface.events, tables)))
        }
        return tables
    }

    private static func messages(
        _ list: [ProtocolMessage], _ tables: [String: UnsafePointer<wl_interface>]
    ) -> UnsafePointer<wl_message> {
        let array = UnsafeMutablePointer<wl_message>.allocate(capacity: max(list.count, 1))
        for (index, message) in list.enumerated() {
            let types = UnsafeMutablePointer<UnsafePointer<wl_interface>?>.allocate(
                capacity: max(message.types.count, 1))
            for (i, type) in message.types.enumerated() { (types + i).initialize(to: type.flatMap { tables[$0] }) }
            (array + index).initialize(
                to: wl_message(name: strdup(message.name), signature: strdup(message.signature), types: types))
        }
        return UnsafePointer(array)
    }

    /// The opcode of `name` among `interface`'s requests.
    static func request(_ name: String, of interface: UnsafePointer<wl_interface>) throws(WindowSystemError) -> UInt32 {
        if let methods = interface.pointee.methods {
            for index in 0..<Int(interface.pointee.method_count) where String(cString: methods[index].name) == name {
                return UInt32(index)
            }
        }
        throw WindowSystemError(.system, "\(String(cString: interface.pointee.name)) has no request \(name)")
    }
}
