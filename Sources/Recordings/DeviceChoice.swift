import LibinputEvents

/// Which of the devices a file holds is read (a getevent log of every device, a `libinput record`
/// of several): the one `--device` names, or else the only one with events, or else of those the
/// only one that points or touches (``Candidate/points``, set for a `libinput record`).
enum DeviceChoice {
    /// One device of the file, as the messages name it.
    struct Candidate {
        /// Its node, `/dev/input/event2`.
        var node: String
        var name: String
        /// Nil when not counted: a file streamed reads its header alone first.
        var events: Int?
        /// It has events and points or touches: a `libinput record` plays the others alongside it.
        var points = false
        /// It has events, its header reads, and libinput takes a device of its kind: it can play.
        var plays = false

        var hasEvents: Bool { (events ?? 0) > 0 }
    }

    static let advice = "choose one with --device"

    /// The index of the device read among `candidates`: the one at `wanted` (`event2` or its
    /// path), or the only one with events, or of several with events the only one that points
    /// (``Candidate/points``), or the only one. A usage error lists them otherwise, unless a
    /// device with events could not be read (`unreadable`, its error) and none that reads points:
    /// the broken one is likely the one wanted, so its error is the answer. `unnamedEvents` are
    /// events of no node, which may be `wanted`'s.
    static func index(
        of wanted: String?, among candidates: [Candidate], unnamedEvents: Int = 0, unreadable: RecordingError? = nil,
        file: String
    ) throws(RecordingError) -> Int {
        let withEvents = candidates.indices.filter { candidates[$0].hasEvents }
        if let wanted {
            let node = DeviceNode.path(wanted)
            guard let found = candidates.firstIndex(where: { $0.node == node || $0.node == wanted }) else {
                let without = unnamedEvents == 0 ? "" : "\(unnamedEvents) events without a node"
                let has =
                    candidates.isEmpty
                    ? "names no device" + (without.isEmpty ? "" : " and has " + without)
                    : "has \(list(candidates))" + (without.isEmpty ? "" : ", and " + without)
                throw RecordingError(.usage, file: file, "no device \(wanted) in the file; it \(has)")
            }
            // A node names one device at a time: two of one node in one file cannot be told apart.
            let alike = candidates.filter { $0.node == candidates[found].node }
            guard alike.count == 1 else {
                throw RecordingError(
                    .badData, file: file,
                    "\(alike.count) devices are \(candidates[found].node) (\(list(alike))): the file cannot say which "
                        + "\(wanted) is")
            }
            if candidates[found].events == 0 && unnamedEvents == 0 && !withEvents.isEmpty {
                throw RecordingError(
                    .usage, file: file,
                    "no events of \(wanted) in the file; it has events of \(list(withEvents.map { candidates[$0] }))")
            }
            return found
        }
        let pointing = withEvents.filter { candidates[$0].points }
        if let chosen = withEvents.count == 1 ? withEvents[0] : pointing.count == 1 ? pointing[0] : nil {
            // Another device of its node would play under the same name: the file is at fault.
            let alike = candidates.filter { $0.node == candidates[chosen].node }
            guard alike.count == 1 else {
                throw RecordingError(
                    .badData, file: file,
                    "\(alike.count) devices are \(alike[0].node) (\(list(alike))): the file cannot say which is which")
            }
            return chosen
        }
        if withEvents.isEmpty && candidates.count == 1 { return 0 }
        // None that reads points or touches: the one that cannot be read likely would.
        if let unreadable, pointing.isEmpty { throw unreadable }
        let listed = withEvents.isEmpty ? candidates : withEvents.map { candidates[$0] }
        // Of one node, --device could not choose either: the file is at fault, not the command line.
        if Set(listed.map(\.node)).count == 1 {
            throw RecordingError(
                .badData, file: file,
                "\(listed.count) devices are \(listed[0].node) (\(list(listed))): the file cannot say which is which")
        }
        if withEvents.isEmpty {
            throw RecordingError(.usage, file: file, "several devices and no events: \(advice) (\(list(candidates)))")
        }
        throw RecordingError(.usage, file: file, "events of several devices: \(advice) (\(list(listed)))")
    }

    /// The first of `candidates` that can play (``Candidate/plays``), for a file whose devices
    /// play all, none chosen (`--with`): read as a file's one device is, its bad events refusing
    /// the file, where the others' are said and they do not play. A file with none is bad data
    /// listing them.
    static func firstPlaying(among candidates: [Candidate], file: String) throws(RecordingError) -> Int {
        guard let first = candidates.firstIndex(where: \.plays) else {
            throw RecordingError(
                .badData, file: file, "no device with events that libinput takes (\(list(candidates)))")
        }
        return first
    }

    /// The note for a device of a file, `named` as messages name it (`/dev/input/event1 "Name"`),
    /// that does not play: `error` spoils it, or without one libinput takes no device of its kind.
    static func notPlayed(_ named: String, _ error: RecordingError? = nil) -> String {
        named + " is not played alongside: "
            + (error.map { "line \($0.line.map(String.init) ?? "?"): \($0.problem)" }
                ?? "libinput takes no device of its kind")
    }

    /// The devices as a message lists them: node, name, events where counted.
    static func list(_ candidates: [Candidate]) -> String {
        candidates.map {
            $0.node + ($0.name.isEmpty ? "" : " \"\($0.name)\"") + ($0.events.map { ", \($0) events" } ?? "")
        }.joined(separator: "; ")
    }

    /// The error of the first device, in the file's order, whose description could not be read.
    static func firstFailure(_ parsed: [Int: Result<DeviceDescription, RecordingError>]) -> RecordingError? {
        parsed.keys.sorted().lazy.compactMap { index -> RecordingError? in
            if case .failure(let error)? = parsed[index] { error } else { nil }
        }.first
    }
}
