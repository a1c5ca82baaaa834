/// A rectangular area of a ``Surface`` with its recognizers: the stand-in for a view. Regions
/// are siblings; one added later lies on top of earlier ones where they overlap.
public final class Region {
    /// Identifies the region in reports and in ``Surface/region(named:)``.
    public let name: String
    // Unchecked exclusivity: driven from one thread, one event at a time, with no overlapping
    // accesses; the run-time checks were a third of the recognizers' instructions (tools/cost).
    /// Where it lies on the surface; touches, transforms and scrolls hit-test against it.
    @exclusivity(unchecked) public var frame: Rect
    /// Its recognizers, in the order they receive events.
    @exclusivity(unchecked) public private(set) var gestureRecognizers: [GestureRecognizer] = []
    /// The surface it was added to; nil once that surface is gone, as a weak reference would be.
    public internal(set) var surface: Surface? {
        get { surfaceReference?.takeUnretainedValue() }
        set { surfaceReference = newValue.map(Unmanaged.passUnretained) }
    }
    // Not weak: a weakly referenced object pays the runtime's slow path for every retain and
    // release, on every event (tools/cost). Nor unowned(unsafe): reading one retains and releases
    // what it reads, where a recognizer's state change only sets a flag on the surface
    // (``GestureRecognizer/withSurface(_:)``). The surface clears this when it goes away.
    @exclusivity(unchecked) var surfaceReference: Unmanaged<Surface>?

    /// A region at `frame` with its recognizers.
    public init(name: String, frame: Rect, gestureRecognizers: [GestureRecognizer] = []) {
        self.name = name
        self.frame = frame
        gestureRecognizers.forEach(addGestureRecognizer)
    }

    /// Attaches `recognizer`; it receives events in the order recognizers were added.
    /// - Precondition: it is not attached to a region yet. Names identify recognizers in reports,
    ///   so give each in a region its own.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        precondition(recognizer.region == nil, "a recognizer belongs to one region")
        recognizer.region = self
        gestureRecognizers.append(recognizer)
        surface?.recognizersChanged()
    }

    deinit {
        for recognizer in gestureRecognizers { recognizer.region = nil }
    }

    /// The first recognizer called `name`.
    public func gestureRecognizer(named name: String) -> GestureRecognizer? {
        gestureRecognizers.first { $0.name == name }
    }
}
