import Recordings

extension SequenceAnalysis {
    /// Why touch `touch`, an edge palm from `began`, stayed one until it ended: libinput lets an
    /// edge palm go when, within 200 ms of its beginning, it is out of the edge zones and has gone
    /// from where it began sideways (any way but north or south: it does not ask which side), or
    /// from the top zone downwards (`tp_palm_detect_move_out_of_edge`); and whenever another
    /// finger, no palm, is down beside it (`tp_palm_detect_multifinger`), which one that stayed a
    /// palm never had, so the frames are not asked. Empty where the frames do not say why: no
    /// zones measured, or a frame that by the zones' rules would have let it go.
    func edgePalmStayed(touch: Int, began: UInt64) -> String {
        guard let (width, height) = padSize,
            case let zones = PalmEdgeZones(width: width, height: height, device: recording.device),
            let side = zones.side,
            let track = sequence.tracks.first(where: {
                $0.slot == touch && $0.points[0].time <= began && $0.points[$0.points.count - 1].time >= began
            }),
            let first = track.points.first(where: { $0.time >= began })?.mm
        else { return "" }
        let fromSide = zones.inSide(first.x)
        // From a side NE, E, SE, SW, W, NW; from the top S, SE, SW (bit 0 north, clockwise).
        let away: UInt32 = fromSide ? 0b1110_1110 : 0b0011_1000
        let timeout = began + UInt64(rules.edgePalmTimeout * 1000)
        let window = track.points.filter { $0.time >= began && $0.time < timeout }.map(\.mm)
        var leftGoing: CompassDirection?
        for point in window where !zones.inSide(point.x) && !zones.inTop(point.y) {
            let direction = CompassDirection(x: point.x - first.x, y: point.y - first.y)
            // A move libinput lets go by is no reason it stayed.
            guard direction.octants & ~away != 0 || direction.octants & away == 0 else { return "" }
            leftGoing = leftGoing ?? direction
        }
        let rule =
            "libinput lets an edge palm go only if it leaves the zone within \(Self.ms(rules.edgePalmTimeout)) ms, "
            + (fromSide ? "going any way but north or south" : "going down")
            + ", or when another finger, no palm, is down beside it; " + rules.edgePalmRelease
        // Out of the zone in time, it stayed one for its direction, lifted in time or not.
        if let leftGoing {
            let wrong = CompassDirection(octants: leftGoing.octants & ~away & 0xff).name
            return "; it stayed one: it left the zone within \(Self.ms(rules.edgePalmTimeout)) ms, but going "
                + "\(leftGoing.name) from where it began by libinput's compass octants"
                + (leftGoing.octants.nonzeroBitCount == 3 ? " (a move under 2 mm each way is three)" : "")
                + ", and \(wrong) is " + (fromSide ? "not sideways" : "not down") + ": " + rule
        }
        // A palm lifted within the timeout, never out of the zone, needs no reason to have stayed one.
        guard track.points[track.points.count - 1].time >= timeout, let last = window.last else { return "" }
        // Told beside the zone it was in, as the edge finding tells where it began.
        let place =
            zones.inSide(last.x)
            ? Self.fromEdge(min(last.x, width - last.x), "side", beside: side).text
            : zones.top.map { Self.fromEdge(last.y, "top", beside: $0).text } ?? Self.fromEdge(last.y, "top")
        return "; it stayed one: it was still in the edge zone when it had been down "
            + "\(Self.ms(rules.edgePalmTimeout)) ms (\(place)), and " + rule
    }

    /// How far `distance` mm is from `edge` (`side`, `bottom edge`): from it, or past it where the
    /// kernel reported a touch off the pad, which libinput's zones and strips take in (they
    /// compare one way).
    static func fromEdge(_ distance: Double, _ edge: String) -> String {
        distance < 0 ? "off the pad, \(mm(-distance)) mm past the \(edge)" : "\(mm(distance)) mm from the \(edge)"
    }

    /// ``fromEdge(_:_:)`` told beside a zone's `limit`, and the limit as it is to be printed with it
    /// (``mm(_:beside:)``).
    static func fromEdge(_ distance: Double, _ edge: String, beside limit: Double) -> (text: String, limit: String) {
        let printed = mm(distance, beside: limit)
        return (distance < 0 ? fromEdge(distance, edge) : "\(printed.value) mm from the \(edge)", printed.limit)
    }
}
