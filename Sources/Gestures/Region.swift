import AppEvents

/// A rectangular area of a ``Surface`` with its recognizers: the stand-in for a view. Regions
/// are siblings; one added later lies on top of earlier ones where they overlap.
public final class Region {
    /// Identifies the region in reports and in ``Surface/region(named:)``.
    public let name: String
    /// Where it lies on the surface; touches, transforms and scrolls hit-test against it.
    public var frame: Rect
    /// Areas beyond `frame` that hit-test to it too: the padding of its pointer regions, which
    /// the app makes hit-test to the view by overriding `hitTest(_:with:)`, as WWDC20 10093
    /// "Build for the iPadOS pointer" requires.
    public var hitAreas: [Rect] = []
    /// Its recognizers, in the order they receive events.
    public private(set) var gestureRecognizers: [GestureRecognizer] = []
    /// The surface it was added to.
    public var surface: Surface? { owningSurface }
    /// Unowned, as ``GestureRecognizer/region``'s is; the surface clears it when it goes away.
    unowned(safe) var owningSurface: Surface? {
        didSet { owningSurfaceID = owningSurface.map(ObjectIdentifier.init) }
    }
    /// Which surface ``owningSurface`` is, for a surface going away, which cannot read it.
    private(set) var owningSurfaceID: ObjectIdentifier?

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
        recognizer.attachedRegion = self
        gestureRecognizers.append(recognizer)
        owningSurface?.recognizersChanged()
    }

    deinit {
        for recognizer in gestureRecognizers { recognizer.attachedRegion = nil }
    }

    /// The first recognizer called `name`.
    public func gestureRecognizer(named name: String) -> GestureRecognizer? {
        gestureRecognizers.first { $0.name == name }
    }
}
