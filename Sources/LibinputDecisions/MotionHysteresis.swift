import Recordings

/// libinput's motion hysteresis: once it is on (an axis with fuzz, or a touch seen wobbling
/// left-right-left), each touch's point stays put until the finger leaves an ellipse of the
/// margin round it, then follows at the ellipse's edge (`tp_motion_hysteresis` in
/// src/evdev-mt-touchpad.c, `evdev_hysteresis` in src/evdev.h). Gestures and taps measure that
/// point, not the frame's. Computed in device units with libinput's integer truncation: a
/// direction decided on a unit's difference comes out the same.
struct MotionHysteresis {
    private let x: AbsInfo
    private let y: AbsInfo
    /// The ellipse's radii in device units: the axis's fuzz, else a quarter of its resolution.
    private let margin: (x: Int, y: Int)

    /// On the axes libinput measures by (``DeviceDescription/hasMultitouchPositions``).
    init?(device: DeviceDescription) {
        let multitouch = device.hasMultitouchPositions
        let x = device.absinfo[multitouch ? Evdev.ABS_MT_POSITION_X : Evdev.ABS_X]
        let y = device.absinfo[multitouch ? Evdev.ABS_MT_POSITION_Y : Evdev.ABS_Y]
        guard let x, let y, x.resolution > 0, y.resolution > 0 else { return nil }
        (self.x, self.y) = (x, y)
        margin = (Int(x.fuzz > 0 ? x.fuzz : x.resolution / 4), Int(y.fuzz > 0 ? y.fuzz : y.resolution / 4))
    }

    /// `point` (device units) as libinput holds it, given where it held the touch before.
    private func held(_ point: (x: Int, y: Int), center: (x: Int, y: Int)) -> (x: Int, y: Int) {
        let dx = point.x - center.x, dy = point.y - center.y
        let a = Double(margin.x), b = Double(margin.y)
        guard margin.x > 0, margin.y > 0 else { return point }
        let normalized = (Double(dx * dx) / (a * a) + Double(dy * dy) / (b * b)).squareRoot()
        if normalized < 1 { return center }
        let distance = Double(dx * dx + dy * dy).squareRoot()
        let marginDistance = distance / normalized
        let lagX: Double, lagY: Double
        if dx != 0 {
            let gradient = Double(dy) / Double(dx)
            lagX = marginDistance / (gradient * gradient + 1).squareRoot()
            lagY = ((marginDistance + lagX) * (marginDistance - lagX)).squareRoot()
        } else {
            (lagX, lagY) = (0, marginDistance)
        }
        // C's conversion of the double back to the int coordinate truncates toward zero.
        return (
            Int(dx >= 0 ? Double(point.x) - lagX : Double(point.x) + lagX),
            Int(dy >= 0 ? Double(point.y) - lagY : Double(point.y) + lagY)
        )
    }

    /// `track` as libinput saw it with hysteresis on from the recording's frame `from`, and the
    /// points libinput held: a touch's first point is its own, each later one held against the
    /// one before, except at the frames of `resets`, where libinput has restarted the touch's
    /// motion history and takes the point as it is. `leadIn` are the contact's points before the
    /// touch began (hovering, or too light to begin it), which libinput holds all the same
    /// (`tp_process_state` passes over no touch but an unused one): the first of them is then
    /// the contact's own, and the touch's first point is held against the last.
    ///
    /// With `keepsUnsentAxes`, an axis whose value the frame does not change is not sent by the
    /// kernel, so libinput's point keeps the held value there (a real touch); without it the
    /// point is the track's own on both axes (an untracked finger, given a point whole).
    func applied(
        to track: FingerTrack, from: Int, resets: Set<Int> = [], keepsUnsentAxes: Bool = true,
        leadIn: [TrackPoint] = []
    ) -> (held: FingerTrack, input: FingerTrack) {
        var held = track, input = track
        let (rx, ry) = (Double(x.resolution), Double(y.resolution))
        var center: (x: Int, y: Int)?
        var previous: (raw: (x: Int, y: Int), held: (x: Int, y: Int))?
        let points = leadIn + track.points
        for step in points.indices where points[step].frame >= from {
            let raw = (
                x: Int((points[step].x * rx).rounded()) + Int(x.minimum),
                y: Int((points[step].y * ry).rounded()) + Int(y.minimum)
            )
            var given = raw
            if keepsUnsentAxes, let previous {
                if raw.x == previous.raw.x { given.x = previous.held.x }
                if raw.y == previous.raw.y { given.y = previous.held.y }
            }
            let point =
                resets.contains(points[step].frame) ? given : center.map { self.held(given, center: $0) } ?? given
            center = point
            previous = (raw, point)
            guard step >= leadIn.count else { continue }
            let index = step - leadIn.count
            input.points[index].x = Double(given.x - Int(x.minimum)) / rx
            input.points[index].y = Double(given.y - Int(y.minimum)) / ry
            held.points[index].x = Double(point.x - Int(x.minimum)) / rx
            held.points[index].y = Double(point.y - Int(y.minimum)) / ry
        }
        return (held, input)
    }
}
