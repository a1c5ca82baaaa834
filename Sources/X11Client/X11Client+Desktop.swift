import DesktopEvents

extension X11Client: DesktopWindowClient {
    public var boundDescription: String { description }

    /// X11's events come as one scroll per motion event, each made a frame by the translation.
    public func makeMapping() -> DesktopEventMapping {
        DesktopEventMapping(device: "x11", framesScroll: true)
    }
}
