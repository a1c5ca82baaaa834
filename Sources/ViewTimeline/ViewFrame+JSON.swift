import AppEvents
import Foundation

/// The JSON the page reads: the scene once, then frames, each holding only the parts that changed
/// since the frame before it (the page carries the others forward).
extension ViewScene {
    /// The scene as one JSON object.
    public var json: String {
        var j = JSONText()
        j.object { j in
            j.put("title", title)
            j.put("device", device)
            if let geometry {
                j.object("geometry") { j in
                    j.put("width", geometry.width)
                    j.put("height", geometry.height)
                    j.put("unit", geometry.unit.rawValue)
                }
            } else {
                j.put("geometry", nil as String?)
            }
            j.object("screen") { j in
                j.put("width", screen.width)
                j.put("height", screen.height)
            }
            for (key, areas) in [("regions", regions), ("pointerRegions", pointerRegions)] {
                j.array(key, areas) { j, area in
                    j.object { j in
                        j.put("name", area.name)
                        j.put("x", area.frame.x)
                        j.put("y", area.frame.y)
                        j.put("width", area.frame.width)
                        j.put("height", area.frame.height)
                        if let style = area.style { j.put("style", style) }
                    }
                }
            }
            j.array("lanes", lanes) { j, lane in
                j.object { j in
                    j.put("name", lane.name)
                    j.put("kind", lane.kind)
                }
            }
            if !differences.isEmpty { j.array("differences", differences) { j, line in j.put(nil, line) } }
            if !failures.isEmpty { j.array("failures", failures) { j, line in j.put(nil, line) } }
        }
        return j.text
    }
}

extension ViewFrame {
    /// The frame as one JSON object, leaving out the contacts, libinput's view and each mode's
    /// state where they equal `previous`'s (all are written when there is none).
    public func json(after previous: ViewFrame?) -> String {
        var j = JSONText()
        j.object { j in
            j.put("i", index)
            j.put("t", seconds: time)
            j.put("source", source)
            if previous?.contacts != contacts { j.array("contacts", contacts) { j, c in c.write(to: &j) } }
            if previous?.libinput != libinput { libinput.write(to: &j) }
            if previous?.compat != compat { compat.write(to: &j, key: "compat") }
            if previous?.indirect != indirect { indirect.write(to: &j, key: "indirect") }
            if !changes.isEmpty {
                j.array("changes", changes) { j, change in
                    j.object { j in
                        j.put("mode", change.mode == .compatibility ? "compat" : "indirect")
                        j.put("lane", change.lane)
                        j.put("state", change.state.rawValue)
                        j.put("t", seconds: change.time)
                        if change.accidental { j.put("accidental", true) }
                    }
                }
            }
            j.put("differs", differs)
            if startsDifference { j.put("startsDifference", true) }
            if !decisions.isEmpty {
                j.array("decisions", decisions) { j, d in
                    j.object { j in
                        j.put("machine", d.machine)
                        j.put("state", d.state)
                        j.put("line", d.line)
                        if let why = d.why { j.put("why", why) }
                    }
                }
            }
        }
        return j.text
    }
}

extension ViewTimeline {
    /// `{"scene": …, "frames": […]}`: what the page's player loads.
    public var json: String {
        String(decoding: jsonData, as: UTF8.self)
    }

    /// ``json`` as UTF-8, written straight into bytes: a long recording's timeline is a hundred
    /// megabytes, which a string and then its copy would hold twice.
    public var jsonData: Data {
        var data = Data()
        var writer = TimelineJSON(scene: scene)
        for frame in frames { writer.append(frame) { data.append($0) } }
        writer.finish { data.append($0) }
        return data
    }
}

/// A timeline's JSON written piece by piece, in order: the scene, then each frame against the one
/// before it, handed on a chunk at a time (to a file, say), so that it need never be held whole.
struct TimelineJSON {
    /// How many bytes are held before they are handed on.
    let chunk: Int
    private var pending = Data()
    private var previous: ViewFrame?

    init(scene: ViewScene, chunk: Int = 1 << 20) {
        self.chunk = chunk
        pending.append(contentsOf: ("{\"scene\":" + scene.json + ",\"frames\":[").utf8)
    }

    mutating func append(_ frame: ViewFrame, handOn: (Data) throws -> Void) rethrows {
        if previous != nil { pending.append(contentsOf: ",\n".utf8) }
        pending.append(contentsOf: frame.json(after: previous).utf8)
        previous = frame
        if pending.count >= chunk {
            try handOn(pending)
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// Closes the JSON and hands on what is left.
    mutating func finish(handOn: (Data) throws -> Void) rethrows {
        pending.append(contentsOf: "]}".utf8)
        try handOn(pending)
        pending = Data()
    }
}

private extension Contact {
    func write(to j: inout JSONText) {
        j.object { j in
            j.put("slot", slot)
            j.put("x", x)
            j.put("y", y)
            if let pressure { j.put("pressure", pressure) }
            if let major { j.put("major", major) }
            if let minor { j.put("minor", minor) }
            if let tool { j.put("tool", tool) }
        }
    }
}

private extension LibinputPanel {
    func write(to j: inout JSONText) {
        j.object("libinput") { j in
            j.put("event", event)
            j.put("line", line)
            j.put("gesture", gesture)
            if let fingers { j.put("fingers", fingers) }
            j.put("scale", pinch.scale)
            j.put("angle", pinch.angle)
            j.put("dx", dx)
            j.put("dy", dy)
            j.put("scrollV", scrollV)
            j.put("scrollH", scrollH)
            j.put("scrollSource", scrollSource)
            j.put("pointerX", pointerX)
            j.put("pointerY", pointerY)
            j.array("buttons", buttons) { j, b in j.put(nil, b) }
        }
    }
}

private extension ModeState {
    func write(to j: inout JSONText, key: String) {
        j.object(key) { j in
            j.object("pointer") { j in
                j.put("x", pointer.x)
                j.put("y", pointer.y)
                j.put("region", region)
                j.put("style", style)
                j.put("buttons", buttons)
            }
            j.array("touches", touches) { j, t in
                j.object { j in
                    j.put("id", t.id)
                    j.put("x", t.x)
                    j.put("y", t.y)
                    j.put("phase", t.phase.rawValue)
                    j.put("type", t.type.rawValue)
                    j.put("simulated", t.simulated)
                }
            }
            if let transform {
                j.object("transform") { j in
                    j.put("phase", transform.phase.rawValue)
                    j.put("scale", transform.scale)
                    j.put("rotation", transform.rotation * 180 / .pi)
                    j.put("x", transform.location.x)
                    j.put("y", transform.location.y)
                }
            }
            if let scroll {
                j.object("scroll") { j in
                    j.put("phase", scroll.phase.rawValue)
                    j.put("type", scroll.type.rawValue)
                    j.put("dx", scroll.translation.x)
                    j.put("dy", scroll.translation.y)
                    j.put("x", scroll.location.x)
                    j.put("y", scroll.location.y)
                }
            }
            if let system {
                j.object("system") { j in
                    j.put("kind", system.kind.rawValue)
                    j.put("phase", system.phase.rawValue)
                    j.put("fingers", system.fingers)
                }
            }
            j.array("lanes", lanes) { j, s in j.put(nil, s.rawValue) }
            j.array("events", events) { j, e in j.put(nil, e) }
        }
    }
}
