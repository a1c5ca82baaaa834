import DesktopEvents
import LibinputEvents

extension WaylandClient {
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

    /// ``run(stoppingOn:_:)`` with each event made libinput's (``WaylandEventMapping``): what an
    /// app receives, for the translator, the printer and the view. `noted` gets each line the
    /// mapping says of what it dropped or ended itself.
    public func runAsLibinputEvents(
        stoppingOn stop: Int32, _ handle: @escaping (LibinputEvent) -> Void,
        noted: @escaping (String) -> Void = { _ in }
    ) throws(WaylandError) {
        var mapping = WaylandEventMapping(pointerVersion: bound.pointerVersion)
        try run(stoppingOn: stop) { event in
            let told = mapping.notes.count
            mapping.map(event).forEach(handle)
            mapping.notes.dropFirst(told).forEach(noted)
        }
    }
}
