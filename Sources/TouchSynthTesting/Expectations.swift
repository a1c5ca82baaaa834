import AppEvents
import Foundation
import Gestures
import LibinputEvents
import Report

/// The modes an expectation holds in.
public enum Modes: Sendable {
    case compatibility, indirectInput, both

    /// One mode: `Modes(mode)` in a loop over `DeliveryMode.allCases`.
    public init(_ mode: DeliveryMode) {
        self = mode == .compatibility ? .compatibility : .indirectInput
    }

    var list: [DeliveryMode] {
        switch self {
        case .compatibility: [.compatibility]
        case .indirectInput: [.indirectInput]
        case .both: DeliveryMode.allCases
        }
    }
}

/// What a recognizer is expected to have done over a replay.
public enum RecognizerExpectation: Sendable, CustomStringConvertible {
    /// It entered the state at least once.
    case entered(RecordedState)
    /// It never entered the state.
    case never(RecordedState)
    /// It began or was recognized at least once.
    case activated
    /// It neither began nor was recognized.
    case notActivated
    /// Its state changes were exactly these, a run of `changed` counted once.
    case transitions([RecordedState])
    /// It began or was recognized exactly this many times.
    case activations(Int)

    /// `.entered(state)` for each state: `.ended` is `.entered(.ended)`.
    public static let began = entered(.began), changed = entered(.changed), ended = entered(.ended)
    public static let recognized = entered(.recognized), cancelled = entered(.cancelled), failed = entered(.failed)

    public var description: String {
        switch self {
        case .entered(let state): "to enter \(state.rawValue)"
        case .never(let state): "never to enter \(state.rawValue)"
        case .activated: "to have begun or been recognized"
        case .notActivated: "neither to have begun nor been recognized"
        case .transitions(let states):
            "to go through " + (states.isEmpty ? "no state" : states.map(\.rawValue).joined(separator: ", "))
        case .activations(let count): "to have begun or been recognized \(count == 1 ? "once" : "\(count) times")"
        }
    }

    /// What the failure says before the recognizer's states: for an expectation that counts
    /// activations, `it activated once; `, which a list of states leaves the reader to count; for
    /// `recognized` where the recognizer ended, or `ended` where it was recognized, which it is:
    /// UIKit gives the two one value, and a record tells a continuous recognizer's end from a
    /// discrete one's recognition. Empty for the others.
    func aside(_ record: GestureRecord) -> String {
        switch self {
        case .activations:
            let count = record.activationTimes.count
            return "it activated " + (count == 0 ? "never" : count == 1 ? "once" : "\(count) times") + "; "
        case .entered(.recognized) where record.count(of: .ended) > 0:
            return "it is continuous, so it ended (UIKit's .recognized is .ended): expect .ended; "
        case .entered(.ended) where record.count(of: .recognized) > 0:
            return "it is discrete, so it was recognized (UIKit's .ended is .recognized): expect .recognized; "
        default:
            return ""
        }
    }

    func holds(for record: GestureRecord) -> Bool {
        switch self {
        case .entered(let state): record.count(of: state) > 0
        case .never(let state): record.count(of: state) == 0
        case .activated: record.activated
        case .notActivated: !record.activated
        case .transitions(let states): record.transitions.map(\.state) == states
        case .activations(let count): record.activationTimes.count == count
        }
    }
}

/// A value a recognizer reports at its last state change.
public enum RecognizerValue: String, Sendable {
    /// A pinch's scale.
    case scale
    /// A rotation's angle in degrees, clockwise positive.
    case rotationDegrees = "rotation"
    /// A pan's translation, points.
    case translationX = "translation x", translationY = "translation y"

    func of(_ values: GestureValues?) -> Double? {
        switch self {
        case .scale: values?.scale
        case .rotationDegrees: values?.rotation.map { $0 * 180 / .pi }
        case .translationX: values?.translation?.x
        case .translationY: values?.translation?.y
        }
    }
}

/// Expectations on what the recognizers did, each failure a message naming the recording, the
/// mode and the recognizer, with what it did instead, recorded where the expectation is written.
/// Each returns whether it held. A recognizer is named `region/name`, or by its name alone when
/// one region has it.
extension ModeReplay {
    /// `recognizer` did as `expectation` says in each of `modes`.
    @discardableResult
    public func expect(
        _ recognizer: String, _ expectation: RecognizerExpectation, in modes: Modes = .both,
        function: String = #function, fileID: String = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite(function: function, fileID: fileID, filePath: filePath, line: line, column: column)
        if case .activations(let count) = expectation, count < 0 {
            fail("\(name): \(recognizer): .activations(\(count)) can never hold: give 0 or more", at: site)
            return false
        }
        return checkRecords(of: recognizer, in: modes, at: site) { mode, record in
            guard expectation.holds(for: record) else {
                fail(
                    "\(name): \(mode.rawValue): \(recognizer): expected \(expectation); "
                        + expectation.aside(record) + summary(of: record, named: recognizer, in: mode),
                    at: site)
                return false
            }
            return true
        }
    }

    /// `recognizer`'s final `value` is `expected`, give or take `tolerance` (0 or more): the value
    /// its last activation left, where it activated more than once.
    @discardableResult
    public func expect(
        _ recognizer: String, _ value: RecognizerValue, equals expected: Double, within tolerance: Double,
        in modes: Modes = .both, function: String = #function,
        fileID: String = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite(function: function, fileID: fileID, filePath: filePath, line: line, column: column)
        guard checkTolerance(tolerance, at: site) else { return false }
        return checkRecords(of: recognizer, in: modes, at: site) { mode, record in
            guard let actual = finalValue(value, of: record, named: recognizer, in: mode, at: site) else {
                return false
            }
            guard abs(actual - expected) <= tolerance else {
                fail(
                    String(
                        format: "%@: %@: %@: %@ %.4f, expected %.4f ± %.4f", name, mode.rawValue, recognizer,
                        value.rawValue, actual, expected, tolerance) + Self.lastOf(record),
                    at: site)
                return false
            }
            return true
        }
    }

    /// `recognizer`'s final `value` is the same in both modes, give or take `tolerance` (0 or
    /// more): a list scrolled as far, a photo zoomed as much, whichever events each mode delivered.
    @discardableResult
    public func expectAlike(
        _ recognizer: String, _ value: RecognizerValue, within tolerance: Double,
        function: String = #function, fileID: String = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite(function: function, fileID: fileID, filePath: filePath, line: line, column: column)
        guard checkTolerance(tolerance, at: site) else { return false }
        var values: [DeliveryMode: Double] = [:]
        var records: [DeliveryMode: GestureRecord] = [:]
        let found = checkRecords(of: recognizer, in: .both, at: site) { mode, record in
            records[mode] = record
            values[mode] = finalValue(value, of: record, named: recognizer, in: mode, at: site)
            return values[mode] != nil
        }
        guard found, let compat = values[.compatibility], let indirect = values[.indirectInput] else { return false }
        guard abs(compat - indirect) > tolerance else { return true }
        // Each mode's value with how many activations it is the last of, where more than one.
        let of = { (mode: DeliveryMode) in records[mode].map(Self.lastOf) ?? "" }
        fail(
            String(
                format: "%@: %@: %@ %.4f in compat%@, %.4f in indirect%@, expected alike ± %.4f", name, recognizer,
                value.rawValue, compat, of(.compatibility), indirect, of(.indirectInput), tolerance),
            at: site)
        return false
    }

    /// Whether `tolerance` can hold anything: failing, naming it, when it is negative or NaN.
    private func checkTolerance(_ tolerance: Double, at site: CallSite) -> Bool {
        guard tolerance >= 0 else {
            fail("\(name): a tolerance of \(tolerance): give 0 or more", at: site)
            return false
        }
        return true
    }

    /// ` (the value its last activation of 3 left)`, where `record` activated more than once: a final value
    /// is the last's, which may not be the one meant.
    private static func lastOf(_ record: GestureRecord) -> String {
        let count = record.activationTimes.count
        return count > 1 ? " (the value its last activation of \(count) left)" : ""
    }

    /// `record`'s final `value`; nil, failing with why, when it reports none.
    private func finalValue(
        _ value: RecognizerValue, of record: GestureRecord, named recognizer: String, in mode: DeliveryMode,
        at site: CallSite
    ) -> Double? {
        if let actual = value.of(record.finalValues) { return actual }
        let why =
            record.finalValues.map { values in
                "it reports no \(value.rawValue) (its kind, \(record.kind.rawValue), reports "
                    + Self.list(values.map(\.name)) + ")"
            } ?? "no \(value.rawValue), as it never began; \(summary(of: record, named: recognizer, in: mode))"
        fail("\(name): \(mode.rawValue): \(recognizer): " + why, at: site)
        return nil
    }

    /// The recognizers that activated accidentally in `modes` are exactly `recognizers` (each
    /// `region/name`, or a name one region alone has): in compatibility mode (by default, the one
    /// mode that can have any), in indirect input mode, or in either (`.both`).
    /// An activation is accidental when compatibility mode's simulated touches set it off, in a
    /// recognizer other than a pinch's or rotation's (whose input they are), and the other mode's
    /// same recognizer did not match it (``ModeComparison/AccidentalActivationRule``), so none is in
    /// indirect input mode.
    @discardableResult
    public func expectAccidentalActivations(
        _ recognizers: Set<String>, in modes: Modes = .compatibility,
        function: String = #function, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) -> Bool {
        let site = CallSite(function: function, fileID: fileID, filePath: filePath, line: line, column: column)
        // Named as every check names them; the same surface in both modes.
        var expected = Set<RecognizerPath>()
        for recognizer in recognizers {
            guard
                let path = resolved(self[.compatibility].path(of: recognizer), recognizer, in: .compatibility, at: site)
            else { return false }
            expected.insert(path)
        }
        let actual = Set(comparison.accidentalActivations.filter { modes.list.contains($0.mode) }.map(\.path))
        guard actual != expected else { return true }
        let which = modes == .both ? "either" : modes.list[0].rawValue
        fail(
            "\(name): accidental activations in \(which) mode: \(Self.list(Set(actual.map(\.description)))), "
                + "expected \(Self.list(Set(expected.map(\.description))))"
                + activity(of: expected.subtracting(actual))
                + actual.subtracting(expected).sorted { $0.description < $1.description }.compactMap {
                    comparison.differenceInWords(of: $0, timeBase: timeBase).map { "; " + $0 }
                }.joined(),
            at: site)
        return false
    }

    /// `; page/swipeBack activated in compat at 1.407s and in indirect at 1.399s`: what each of
    /// `paths`, expected to activate by accident and not found to, did in each mode.
    private func activity(of paths: Set<RecognizerPath>) -> String {
        paths.sorted { $0.description < $1.description }.map { path in
            let modes = DeliveryMode.allCases.map { mode in
                let times = self[mode].record(path.description)?.activationTimes ?? []
                return "in \(mode.rawValue) " + (times.isEmpty ? "never" : "at " + seconds(times))
            }
            return "; \(path) activated " + modes.joined(separator: " and ")
        }.joined()
    }

    /// `1.407s, 1.931s`: event times as the snapshot and the report show them.
    private func seconds(_ times: [Double]) -> String {
        times.map(timeBase.text(atTimestamp:)).joined(separator: ", ")
    }

    /// No recognizer activated accidentally: compatibility mode's simulated touches set none off
    /// (a pinch's or rotation's recognizer aside) where indirect input mode's did not activate too.
    @discardableResult
    public func expectNoAccidentalActivations(
        function: String = #function, fileID: String = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) -> Bool {
        let site = CallSite(function: function, fileID: fileID, filePath: filePath, line: line, column: column)
        let all = comparison.accidentalActivations
        guard !all.isEmpty else { return true }
        fail(
            "\(name): accidental activations: "
                + all.map {
                    "\($0.path) in \($0.mode.rawValue) mode (\($0.times.count) set off by simulated touches, at "
                        + seconds($0.times) + ")"
                }
                .joined(separator: ", "),
            at: site)
        return false
    }

    /// A context menu's or drag's starts were exactly by `inputs`, in order (none: it never started).
    @discardableResult
    public func expectStarts(
        of recognizer: String, _ inputs: [InteractionStart.Input], in modes: Modes = .both,
        function: String = #function, fileID: String = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite(function: function, fileID: fileID, filePath: filePath, line: line, column: column)
        return checkRecords(of: recognizer, in: modes, at: site) { mode, record in
            let actual = record.starts.map(\.input)
            guard actual == inputs else {
                // Only context menus and drags record what started them.
                let records =
                    [.contextMenu, .drag].contains(record.kind)
                    ? "" : " (a \(record.kind.rawValue) records no starts: contextMenu and drag do)"
                fail(
                    "\(name): \(mode.rawValue): \(recognizer): started by \(Self.list(actual.map(\.rawValue))), "
                        + "expected \(Self.list(inputs.map(\.rawValue)))" + records,
                    at: site)
                return false
            }
            return true
        }
    }

    /// Runs `check` on `recognizer`'s record in each of `modes`, every mode even after a failure;
    /// whether all held. A recognizer the surface lacks fails at once.
    private func checkRecords(
        of recognizer: String, in modes: Modes, at site: CallSite,
        _ check: (DeliveryMode, GestureRecord) -> Bool
    ) -> Bool {
        var held = true
        for mode in modes.list {
            guard let record = resolved(self[mode].lookUp(recognizer), recognizer, in: mode, at: site) else {
                return false
            }
            if !check(mode, record) { held = false }
        }
        return held
    }

    /// What `lookup` found for `recognizer` in `mode`'s surface; nil, failing with why, when it
    /// names none or several.
    private func resolved<Item>(
        _ lookup: RecognizerLookup<Item>, _ recognizer: String, in mode: DeliveryMode, at site: CallSite
    ) -> Item? {
        if let item = lookup.found { return item }
        fail("\(name): \(mode.rawValue): " + lookup.problem(recognizer, among: self[mode].surface.records), at: site)
        return nil
    }

    /// What a record shows, for a message: `its states: began 1.020s, changed ×12 from 1.028s, ended
    /// 1.140s`, and who won
    /// arbitration over it when it failed for that, or that none did; or `it never changed
    /// state`, with what libinput sent.
    func summary(of record: GestureRecord, named recognizer: String, in mode: DeliveryMode) -> String {
        guard !record.transitions.isEmpty else {
            return "it never changed state; " + libinputSummary + scrollMaskHint(record, named: recognizer)
                + instead(of: record, in: mode) + whereInputBegan(missing: record, in: mode)
        }
        // Timed as the snapshot and the report time them; a run of `changed` from its first.
        let states = record.transitions.map { change in
            let at = seconds([change.time])
            return change.count > 1
                ? "\(change.state.rawValue) ×\(change.count) from \(at)" : "\(change.state.rawValue) \(at)"
        }
        let runs =
            record.transitions.contains { $0.count > 1 } ? " (a run of changed is one state in .transitions)" : ""
        let lost = Self.arbitration(of: record)
        let failure = record.failureInputs.last?.failure
        let reason =
            (failure?.isOwnRule ?? true ? "by its own rules: " : "")
            + (failure.map(\.inWords) ?? "the input did not fit it")
        let own =
            lost.isEmpty && record.transitions.last?.state == .failed
            ? " (" + reason + "; no other recognizer won over it"
                + (record.failureInputs.last.map { Self.followed(at: $0) } ?? "") + ")" : ""
        return "its states: " + states.joined(separator: ", ") + runs + own + lost
    }

    /// `; it followed 2 touches, both simulated, as it failed`: what the input was, which the
    /// recognizer's own limits (its touches, its touch types) can be held against.
    private static func followed(at failure: ActivationInput) -> String {
        guard failure.touches > 0 else {
            return failure.eventLocation.map { "; it followed a transform, scroll or hover at \($0) as it failed" }
                ?? ""
        }
        let touches = failure.touches == 1 ? "1 touch" : "\(failure.touches) touches"
        let kinds = [(failure.simulatedTouches, "simulated"), (failure.pointerTouches, "a pointer's")]
            .filter { $0.0 > 0 }
            .map { count, kind in
                switch count {
                case failure.touches where count == 1: kind
                case failure.touches: (count == 2 ? "both " : "all ") + kind
                default: "\(count) \(kind)"
                }
            }
        return "; it followed \(touches)" + (kinds.isEmpty ? "" : ", " + kinds.joined(separator: ", "))
            + ", as it failed"
    }

    /// `; it lost arbitration to photo/zoom ×2 (…)`: each winner, and how to let both recognize.
    private static func arbitration(of record: GestureRecord) -> String {
        var winners: [(name: String, required: Bool, count: Int)] = []
        for loss in record.arbitrationLosses {
            let name = loss.winner.description
            if let index = winners.firstIndex(where: { $0.name == name && $0.required == loss.required }) {
                winners[index].count += 1
            } else {
                winners.append((name, loss.required, 1))
            }
        }
        guard !winners.isEmpty else { return "" }
        let named = winners.map { winner in
            let why =
                winner.required
                ? "it requires that one to fail"
                : "both took the same input; Surface.allowSimultaneousRecognition or a delegate lets both recognize"
            return winner.name + (winner.count > 1 ? " ×\(winner.count)" : "") + " (\(why))"
        }
        return "; it lost arbitration to " + named.joined(separator: ", ")
    }

    /// `; text/scroll activated instead`: where the events went that a recognizer took none of
    /// (the regions under the pointer and the touches, which a test may not have placed).
    private func instead(of record: GestureRecord, in mode: DeliveryMode) -> String {
        let records = self[mode].surface.records
        // The record itself never changed state: it is not among them.
        let activated = zip(records, RecognizerPath.paths(of: records)).filter { $0.0.activated }
        guard !activated.isEmpty else { return "" }
        return "; " + Self.list(activated.map(\.1.description)) + " activated instead"
    }

    /// `; the input began over strip ×2 and no region, never over photo`: where the touches,
    /// transforms and scrolls of `mode` began (the topmost region there, which delivery gives them
    /// to), when `record`'s region was under none of them: a region on top of it, or input elsewhere.
    private func whereInputBegan(missing record: GestureRecord, in mode: DeliveryMode) -> String {
        let surface = self[mode].surface
        var counts: [(region: String?, count: Int)] = []
        for event in self[mode].appEvents {
            for point in event.beganLocations {
                let region = surface.hitTest(point)?.name
                if region == record.region { return "" }
                if let index = counts.firstIndex(where: { $0.region == region }) {
                    counts[index].count += 1
                } else {
                    counts.append((region, 1))
                }
            }
        }
        guard !counts.isEmpty else { return "" }
        let over = counts.map { ($0.region ?? "no region") + ($0.count > 1 ? " ×\($0.count)" : "") }
        return "; the input began over " + over.joined(separator: " and ") + ", never over \(record.region)"
    }

    /// Why a pan that never changed state took none of the scrolling libinput sent: its
    /// `allowedScrollTypesMask` is empty, as UIKit's default is; empty otherwise. The pan is the
    /// one `recognizer` names, `#N` and all.
    private func scrollMaskHint(_ record: GestureRecord, named recognizer: String) -> String {
        guard record.kind == .pan, events.contains(where: { if case .pointerScroll = $0.kind { true } else { false } }),
            let pan = self[.indirectInput].recognizer(recognizer, as: PanGestureRecognizer.self),
            pan.allowedScrollTypesMask.isEmpty
        else { return "" }
        return "; its allowedScrollTypesMask is empty, as UIKit's default is, so it takes no scroll events "
            + "(set it to .all, as a scroll view's pan is)"
    }

    /// `libinput sent 77 POINTER_SCROLL_FINGER, 2 POINTER_MOTION`: the replay's events by type,
    /// the most frequent first, but the devices' own.
    var libinputSummary: String {
        let counts = EventTypeCount.tally(events)
        guard !counts.isEmpty else { return "libinput sent no events but its devices'" }
        return "libinput sent " + counts.map { "\($0.count) \($0.type)" }.joined(separator: ", ")
    }

    /// `a, b, c`, or `none`: names in a message.
    static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.joined(separator: ", ")
    }

    private static func list(_ names: Set<String>) -> String { list(names.sorted()) }
}

extension AppEvent {
    /// Where the touches, transform or scroll this event begins were, as delivery hit-tests them.
    fileprivate var beganLocations: [Point] {
        switch payload {
        case .touches(let touches): touches.filter { $0.phase == .began }.map(\.location)
        case .transform(let transform) where transform.phase == .began: [transform.location]
        case .scroll(let scroll) where scroll.phase == .began: [scroll.location]
        default: []
        }
    }
}
