import Foundation
import LibinputEvents

/// A libinput pinch accumulated since its begin: what both delivery modes need. Plain values
/// only (the translator keeps the device apart): it is copied on every update.
struct PinchGesture {
    /// The gesture location (the pointer location at begin) plus the summed accelerated deltas.
    private(set) var centre: Point
    /// libinput's scale, absolute since begin.
    private(set) var scale = 1.0
    /// Summed `angleDelta`, degrees, clockwise positive.
    private(set) var angle = 0.0

    init(location: Point) {
        centre = location
    }

    /// Cumulative rotation, radians, clockwise positive (y-down coordinates, as UIKit).
    var rotation: Double { angle / 180 * .pi }  // divided first: a huge finite angle stays finite

    /// Applies one update. Values that would make the state non-finite are dropped (the previous
    /// value stays) and a negative scale counts as 0, so nothing downstream sees NaN or infinity.
    /// Inline: it runs at every update of every pinch (tools/cost).
    @inline(__always) mutating func apply(_ delta: GestureDelta, scale newScale: Double, angleDelta: Double) {
        // The usual update, every value finite, tested at once: x - x is zero for a finite x and
        // NaN otherwise. Centre and angle always are finite, so their sums are finite only if the
        // deltas are. Seven tests one by one cost 30 instructions per update (tools/cost).
        let x = centre.x + delta.dx, y = centre.y + delta.dy, summed = angle + angleDelta
        if (x - x) + (y - y) + (summed - summed) + (newScale - newScale) == 0 {
            centre = Point(x: x, y: y)
            scale = max(newScale, 0)
            angle = summed
            return
        }
        let movedCentre = Point(x: centre.x + delta.dx.finiteOrZero, y: centre.y + delta.dy.finiteOrZero)
        if movedCentre.x.isFinite && movedCentre.y.isFinite { centre = movedCentre }
        if newScale.isFinite { scale = max(newScale, 0) }
        let finiteSum = angle + angleDelta.finiteOrZero
        if finiteSum.isFinite { angle = finiteSum }
    }
}

/// The two touches compatibility mode makes up for a trackpad pinch or rotation.
///
/// They start symmetric about the gesture location, `distance` apart on a line at `startAngle`,
/// and follow the surface: separation `distance × scale`, line angle `startAngle + rotation`,
/// midpoint at the pinch centre. They are not clamped to the screen so that scale, rotation and
/// translation read back from them are exactly libinput's.
struct SimulatedTouchPair {
    let ids: (TouchID, TouchID)
    let distance: Double
    let startAngle: Double
    private var locations: (Point, Point)

    init(ids: (TouchID, TouchID), pinch: PinchGesture, distance: Double, startAngle: Double) {
        self.ids = ids
        self.distance = distance
        self.startAngle = startAngle
        locations = Self.locations(for: pinch, distance: distance, startAngle: startAngle)
    }

    /// Both touches, phase `.began`.
    func began() -> (Touch, Touch) {
        (touch(0, .began, previous: locations.0), touch(1, .began, previous: locations.1))
    }

    /// Moves both touches to follow `pinch` and writes them, phase `.moved`, into `list` (two
    /// touches long) where they lie: when the list holds the pair from the previous update (most
    /// updates), only what moves is written; building the two touches and copying them in cost
    /// about 60 instructions per update (tools/cost). Inline: the call cost 25 more.
    @inline(__always) mutating func follow(_ pinch: PinchGesture, into list: UnsafeMutableBufferPointer<Touch>) {
        let previous = locations
        let next = Self.locations(for: pinch, distance: distance, startAngle: startAngle)
        // Only a finite placement is taken; otherwise the touches hold still. Tested at once, as
        // in ``PinchGesture/apply(_:scale:angleDelta:)``.
        if (next.0.x - next.0.x) + (next.0.y - next.0.y) + (next.1.x - next.1.x) + (next.1.y - next.1.y) == 0 { locations = next }
        if list[0].id == ids.0 && list[1].id == ids.1 {
            // Touch ids are never reused: these are the pair's touches, written by this pair.
            list[0].phase = .moved
            list[0].previousLocation = previous.0
            list[0].location = locations.0
            list[1].phase = .moved
            list[1].previousLocation = previous.1
            list[1].location = locations.1
        } else {
            list[0] = touch(0, .moved, previous: previous.0)
            list[1] = touch(1, .moved, previous: previous.1)
        }
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

    private static func locations(for pinch: PinchGesture, distance: Double, startAngle: Double) -> (Point, Point) {
        let half = distance * pinch.scale / 2
        let angle = startAngle + pinch.rotation
        let (sin, cos) = sineCosine(angle)
        let offset = Point(x: half * cos, y: half * sin)
        let c = pinch.centre
        return (Point(x: c.x - offset.x, y: c.y - offset.y), Point(x: c.x + offset.x, y: c.y + offset.y))
    }
}
