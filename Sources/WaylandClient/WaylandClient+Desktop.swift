import DesktopEvents

extension WaylandClient: DesktopWindowClient {
    /// What was bound, in one sentence for the user: the pointer's and the gestures' versions,
    /// and what is missing.
    public var boundDescription: String {
        let gestures = bound.gesturesVersion.map {
            "zwp_pointer_gestures_v1 version \($0)" + ($0 < 3 ? " (no holds before version 3)" : "")
        }
        return "wl_pointer version \(bound.pointerVersion), "
            + (gestures ?? "no pointer gestures: the compositor forwards none")
            + (bound.hasPointer ? "" : "; the seat has no pointer yet")
    }

    /// The mapping for this compositor's `wl_pointer` version (frames from version 5).
    public func makeMapping() -> DesktopEventMapping {
        DesktopEventMapping(pointerVersion: bound.pointerVersion)
    }
}
