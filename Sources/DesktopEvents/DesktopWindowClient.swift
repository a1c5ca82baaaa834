import LibinputEvents

/// A client of the desktop session with a window of its own (``DesktopEventMapping``'s sources:
/// Wayland's, X11's): what it bound, and its window's pointer and gesture events until stopped.
public protocol DesktopWindowClient: AnyObject {
    /// What was bound, in one sentence for the user: versions, and what is missing.
    var boundDescription: String { get }
    /// Opens the window, titled `title`, and returns once it is shown.
    func openWindow(title: String) throws(WindowSystemError)
    /// The mapping its events go through, with the events' device name.
    func makeMapping() -> DesktopEventMapping
    /// Hands each of the window's events to `handle` until `stop` (a descriptor) becomes readable
    /// or the session ends the connection.
    func run(stoppingOn stop: Int32, _ handle: @escaping (DesktopPointerEvent) -> Void) throws
}

extension DesktopWindowClient {
    /// ``run(stoppingOn:_:)`` with each event made libinput's (``DesktopEventMapping``): what an
    /// app receives, for the translator, the printer and the view. `noted` gets each line the
    /// mapping says of what it dropped or ended itself, and when the pointer enters or leaves the
    /// window (a compositor forwards gestures to the surface under the pointer).
    public func runAsLibinputEvents(
        stoppingOn stop: Int32, _ handle: @escaping (LibinputEvent) -> Void,
        noted: @escaping (String) -> Void = { _ in }
    ) throws {
        var mapping = makeMapping()
        try run(stoppingOn: stop) { event in
            let told = mapping.notes.count
            mapping.map(event).forEach(handle)
            mapping.notes.dropFirst(told).forEach(noted)
            if case .enter = event { noted("the pointer is over the window") }
            if case .leave = event { noted("the pointer left the window") }
        }
    }
}
