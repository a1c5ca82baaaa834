/// Each payload by its type, nil for an event of another: `events.compactMap(\.scroll)` for a
/// test that checks the scroll events alone (``AppEvent/allTouches`` for touches and hover).
extension AppEvent {
    /// A `scroll` event's phase, deltas and translation.
    public var scroll: ScrollEvent? {
        if case .scroll(let scroll) = payload { scroll } else { nil }
    }

    /// A `transform` event's phase, scale and rotation.
    public var transform: TransformEvent? {
        if case .transform(let transform) = payload { transform } else { nil }
    }

    /// A swipe or hold the system keeps.
    public var systemGesture: SystemGestureEvent? {
        if case .systemGesture(let gesture) = payload { gesture } else { nil }
    }

    /// A pointer interaction's `willEnter` or `willExit`.
    public var pointerRegion: PointerRegionEvent? {
        if case .pointerRegion(let region) = payload { region } else { nil }
    }
}
