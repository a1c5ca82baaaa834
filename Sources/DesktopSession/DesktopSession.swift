import DesktopEvents
import WaylandClient
import X11Client

/// The session's window system, as an ordinary client with a window of its own: what a desktop
/// app receives there.
public enum DesktopSession {
    /// Which window system to connect to.
    public enum WindowSystem: String, Sendable {
        /// The compositor at `$WAYLAND_DISPLAY`, through `zwp_pointer_gestures_v1`.
        case wayland
        /// The X server at `$DISPLAY`, through XInput 2.4.
        case x11
    }

    /// What the window's title and the user are told to do.
    static let instructions =
        "Move the pointer over the window titled \"touchsynth\", then pinch, swipe or scroll"

    /// What the user is told once `client` is connected: what it bound, and what to do.
    public static func connected(_ client: any DesktopWindowClient) -> String {
        "connected; \(client.boundDescription). \(instructions)"
    }

    /// A client of `system`'s server (`$WAYLAND_DISPLAY` or `$DISPLAY`) with its window open.
    public static func connect(_ system: WindowSystem) throws -> any DesktopWindowClient {
        let client: any DesktopWindowClient =
            switch system {
            case .wayland: try WaylandClient()
            case .x11: try X11Client()
            }
        try client.openWindow(title: "touchsynth: " + instructions)
        return client
    }
}
