import Foundation
import LibinputEvents

/// A libinput pinch accumulated since its begin: what both delivery modes need.
struct PinchGesture {
    /// The gesture location (the pointer location at begin) plus the summed accelerated deltas.
    private(set) var centre: Point
    /// libinput's scale and summed angle since begin.
    private var total = PinchTotal()

    init(location: Point) {
        centre = location
    }

    /// libinput's scale, absolute since begin.
    var scale: Double { total.scale }
    /// Cumulative rotation, radians, clockwise positive (y-down coordinates, as UIKit).
    var rotation: Double { total.angle / 180 * .pi } // divided first: a huge finite angle stays finite

    /// Applies one update. Values that would make the state non-finite are dropped (the previous
    /// value stays) and a negative scale counts as 0 (``PinchTotal``), so nothing downstream sees
    /// NaN or infinity.
    mutating func apply(_ delta: GestureDelta, scale newScale: Double, angleDelta: Double) {
        let movedCentre = Point(x: centre.x + delta.dx.finiteOrZero, y: centre.y + delta.dy.finiteOrZero)
        if movedCentre.x.isFinite && movedCentre.y.isFinite { centre = movedCentre }
        total.add(scale: newScale, angleDelta: angleDelta)
    }
}

/// The two touches compatibility mode makes up for a trackpad pinch or rotation.
///
/// They start symmetric about the gesture location, `distance` apart on a line at `startAngle`,
/// and follow the surface: separation `distance × scale`, line angle `startAngle + rotation`,
/// midpoint at the pinch centre. No finger touches beside the screen: a pair that would leave it
/// (beginning near an edge, or spreading or moving past one) is moved the least that keeps both
/// touches on it, and keeps that move, so scale and rotation read back from the touches stay
/// libinput's, and translation does while the pair is not against an edge. A pair longer than
/// the screen along an axis has its touches held at the screen's edges.
struct SimulatedTouchPair {
    let ids: (TouchID, TouchID)
    let distance: Double
    let startAngle: Double
    private let screen: Size
    /// Added to the pinch centre: what keeps both touches on the screen so far.
    private var shift = Point(x: 0, y: 0)
    private var locations = (Point(x: 0, y: 0), Point(x: 0, y: 0))

    init(ids: (TouchID, TouchID), pinch: PinchGesture, distance: Double, startAngle: Double, screen: Size) {
        self.ids = ids
        self.distance = distance
        self.startAngle = startAngle
        self.screen = screen
        place(pinch)
    }

    /// Puts the touches where `pinch` has them, the shift grown by the least move that keeps
    /// both on the screen; only a finite placement is taken, else the touches hold still.
    private mutating func place(_ pinch: PinchGesture) {
        let unshifted = Self.locations(for: pinch, distance: distance, startAngle: startAngle, shift: shift)
        guard [unshifted.0, unshifted.1].allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        let more = Self.shift(keeping: unshifted, on: screen)
        shift = Point(x: shift.x + more.x, y: shift.y + more.y)
        let placed = Self.locations(for: pinch, distance: distance, startAngle: startAngle, shift: shift)
        let whole = Rect(size: screen)
        locations = (whole.nearest(to: placed.0), whole.nearest(to: placed.1))
    }

    /// The least move of both points that puts both on `screen`, per axis, which excludes its
    /// right and bottom edges as the pointer's does; none on an axis the pair is wider than the
    /// screen along.
    private static func shift(keeping points: (Point, Point), on screen: Size) -> Point {
        func axis(_ a: Double, _ b: Double, _ last: Double) -> Double {
            let (low, high) = (min(a, b), max(a, b))
            guard high - low <= last else { return 0 }
            return low < 0 ? -low : high > last ? last - high : 0
        }
        let last = Rect(size: screen).lastPoint
        return Point(x: axis(points.0.x, points.1.x, last.x), y: axis(points.0.y, points.1.y, last.y))
    }

    /// Both touches, phase `.began`.
    func began() -> (Touch, Touch) {
        (touch(0, .began, previous: locations.0), touch(1, .began, previous: locations.1))
    }

    /// Moves both touches to follow `pinch`: each `.moved`, or `.stationary` where it stayed (a
    /// touch held at the screen's edge, an update that changed nothing).
    mutating func follow(_ pinch: PinchGesture) -> (Touch, Touch) {
        let previous = locations
        place(pinch)
        let phase = { (now: Point, then: Point) in now == then ? TouchPhase.stationary : .moved }
        return (
            touch(0, phase(locations.0, previous.0), previous: previous.0),
            touch(1, phase(locations.1, previous.1), previous: previous.1)
        )
    }

    /// Both touches where they are, phase `.ended` or `.cancelled`.
    func finish(_ phase: TouchPhase) -> (Touch, Touch) {
        (touch(0, phase, previous: locations.0), touch(1, phase, previous: locations.1))
    }

    private func touch(_ index: Int, _ phase: TouchPhase, previous: Point) -> Touch {
        Touch(
            id: index == 0 ? ids.0 : ids.1, phase: phase, type: .direct,
            location: index == 0 ? locations.0 : locations.1, previousLocation: previous,
            tapCount: 1, isSimulated: true
        )
    }

    private static func locations(
        for pinch: PinchGesture, distance: Double, startAngle: Double, shift: Point
    ) -> (Point, Point) {
        let half = distance * pinch.scale / 2
        let angle = startAngle + pinch.rotation
        let offset = Point(x: half * cos(angle), y: half * sin(angle))
        let c = Point(x: pinch.centre.x + shift.x, y: pinch.centre.y + shift.y)
        return (Point(x: c.x - offset.x, y: c.y - offset.y), Point(x: c.x + offset.x, y: c.y + offset.y))
    }
}
