import AppEvents
import Gestures
import LibinputEvents
import ModeComparison
import Recordings

/// The view's model: the pad's contacts, libinput's view and both modes' apps, stepped by evdev
/// frames and libinput events as they come (live) or as a replay gave them (``ViewTimeline``).
/// Each step returns the ``ViewFrame`` it leads to.
///
/// Not thread-safe: one owner steps it.
public final class ViewModel {
    /// What the page draws around the frames.
    public private(set) var scene: ViewScene
    /// Both modes' translators and surfaces: the one run the frames read, which a report of the
    /// same replay can read too (``ViewTimeline/pipeline``).
    public let pipeline: ModePipeline
    private var contacts: TouchpadContacts?
    private var panel = LibinputPanel()
    private let compat: ModeScreen
    private let indirect: ModeScreen
    private let rule: AccidentalActivationRule
    /// Where the frames' times count from: given for a replay, else the first step's time.
    private var timeBase: TimeBase?
    private var index = 0
    private var lastContacts: [Contact] = []
    private var lastDiffered = false

    /// A model for `device` (nil when the pad is not known yet, as live before its first frame),
    /// both modes on `configuration`'s screen and pointer interactions, each with a fresh
    /// surface from `makeSurface`. Times count from `timeBase` (a replay's), or from the first
    /// step when it is nil (live). Live, an activation is judged within the `rule`'s window and
    /// the surfaces forget what was read, so memory stays constant however long it runs; a
    /// replay is judged over its whole length and keeps its records and app events;
    /// `options` say what else both modes run (the invariants checked, the pointer lock asked for);
    /// the model decides whether app events are kept.
    public init(
        title: String, device: DeviceDescription?, configuration: AppEventTranslator.Configuration,
        timeBase: TimeBase? = nil, rule: AccidentalActivationRule = .live, options: ModePipeline.Options = .init(),
        makeSurface: () throws -> Surface
    ) rethrows {
        self.timeBase = timeBase
        self.rule = rule
        contacts = device.map(TouchpadContacts.init)
        let live = rule.window != nil
        var options = options
        options.keepsAppEvents = !live
        pipeline = try ModePipeline(configuration: configuration, options: options, makeSurface: makeSurface)
        compat = ModeScreen(lane: pipeline[.compatibility], forgetsHistory: live)
        indirect = ModeScreen(lane: pipeline[.indirectInput], forgetsHistory: live)
        let surface = try pipeline[.compatibility].surface ?? makeSurface()
        scene = ViewScene(
            title: title, device: device?.name ?? "", geometry: contacts?.geometry, screen: configuration.screenSize,
            regions: surface.regions.map { ViewScene.Area(name: $0.name, frame: $0.frame) },
            pointerRegions: configuration.pointerInteractions.flatMap { interaction in
                interaction.regions.map {
                    ViewScene.Area(
                        name: PointerRegion.path($0.identifier, in: interaction.view), frame: $0.rect,
                        style: "\($0.style)")
                }
            },
            lanes: ModeScreen.lanes(of: surface).map { ViewScene.Lane(name: $0.path.description, kind: $0.kind) })
    }

    /// Draws `device`'s contacts from now on (live: once the pad is known); the scene changes.
    public func setDevice(_ device: DeviceDescription) {
        let pad = TouchpadContacts(device: device)
        contacts = pad
        lastContacts = []
        scene.device = device.name
        scene.geometry = pad.geometry
    }

    /// The time base, which a step at `time` (microseconds on libinput's clock) sets when none
    /// was given.
    private func base(from time: UInt64) -> TimeBase {
        let base = timeBase ?? TimeBase(origin: time)
        timeBase = base
        return base
    }

    /// Steps one evdev frame of the pad, at `time` on libinput's clock (microseconds).
    public func step(frame events: [EvdevEvent], at time: UInt64) -> ViewFrame {
        if let updated = contacts?.apply(events) { lastContacts = updated }
        return frame(at: base(from: time).seconds(time), source: "evdev", changes: [])
    }

    /// Steps one libinput event through both modes.
    public func step(_ event: LibinputEvent) -> ViewFrame {
        let base = base(from: event.time)
        panel.update(with: event, timeBase: base)
        pipeline.step(event)
        let changes = collect(base: base, now: Double(event.time) / 1e6)
        return frame(at: base.seconds(event.time), source: event.typeName, changes: changes)
    }

    /// Live, with no event since: the activations whose window has passed by `time`
    /// (microseconds on the events' clock) decided, and the frame their accidental flags lead to;
    /// nil when none was decided accidental (or over a whole stream, decided at its end). Without
    /// it an activation no input followed would wait for the next event to be flagged.
    public func decide(at time: UInt64) -> ViewFrame? {
        guard rule.window != nil, let base = timeBase, !pending.isEmpty else { return nil }
        let changes = collect(base: base, now: Double(time) / 1e6)
        return changes.isEmpty ? nil : frame(at: base.seconds(time), source: "timer", changes: changes)
    }

    /// Ends the stream, the frame at `time`: open sequences flushed and due timers fired by the
    /// pipeline's one rule (a long press held to the end), and every activation still waiting
    /// for the other mode decided; the frame their changes lead to.
    public func finish(at time: UInt64) -> ViewFrame {
        let base = base(from: time)
        pipeline.finish()
        let changes = collect(base: base, now: .infinity)
        return frame(at: base.seconds(time), source: "end", changes: changes)
    }

    /// An activation (began, recognized) the other mode's same recognizer has not matched yet,
    /// and whether it is accidental if it stays unmatched
    /// (``AccidentalActivationRule/isAccidental(in:_:followsTransforms:)``).
    private struct Pending {
        var mode: DeliveryMode
        var lane: Int
        var state: LaneState
        var time: Double
        var accidental: Bool
    }
    /// Live: the activations not paired yet. Over a whole stream: every activation, paired at
    /// its end as `compare` pairs them (``AccidentalActivationRule/unpairedIndices(compat:indirect:)``).
    private var pending: [Pending] = []

    /// Both modes' changes of the last step as lane changes, plus the activations that, by `now`
    /// (seconds on the events' clock), the rule decides the other mode did not match and are
    /// accidental: those come again with `accidental` set, at their own time (since `base`).
    private func collect(base: TimeBase, now: Double) -> [LaneChange] {
        var changes: [LaneChange] = []
        var activations: [Pending] = []
        for (mode, screen) in [(DeliveryMode.compatibility, compat), (.indirectInput, indirect)] {
            for change in screen.read(pipeline[mode]) {
                changes.append(
                    LaneChange(
                        mode: mode, lane: change.lane, state: change.state,
                        time: base.seconds(atTimestamp: change.time), accidental: false))
                if change.isActivation {
                    activations.append(
                        Pending(
                            mode: mode, lane: change.lane, state: change.state, time: change.time,
                            accidental: AccidentalActivationRule.isAccidental(
                                in: mode, change.input, followsTransforms: change.followsTransforms)))
                }
            }
        }
        // A timer's activation carries its own time: in time order, compat's first at one time.
        let ordered = activations.indices.sorted { (activations[$0].time, $0) < (activations[$1].time, $1) }
        for activation in ordered.map({ activations[$0] }) {
            guard rule.window != nil else {
                pending.append(activation)
                continue
            }
            let others = pending.indices.filter {
                pending[$0].mode != activation.mode && pending[$0].lane == activation.lane
            }
            if let k = rule.partner(for: activation.time, among: others.map { pending[$0].time }) {
                pending.remove(at: others[k])
            } else {
                pending.append(activation)
            }
        }
        let decided = rule.window == nil ? (now == .infinity ? unpairedOverTheStream() : []) : decidedLive(by: now)
        return changes
            + decided.filter(\.accidental).map {
                LaneChange(
                    mode: $0.mode, lane: $0.lane, state: $0.state, time: base.seconds(atTimestamp: $0.time),
                    accidental: true)
            }
    }

    /// Live: the unpaired activations whose window has passed by `now` (all at the end), which no
    /// later activation can pair with any more.
    private func decidedLive(by now: Double) -> [Pending] {
        let decided = pending.filter { now == .infinity || rule.decided($0.time, by: now) }
        pending.removeAll { now == .infinity || rule.decided($0.time, by: now) }
        return decided
    }

    /// At the end of a whole stream: each lane's activations paired by the rule, those left over.
    private func unpairedOverTheStream() -> [Pending] {
        var left: [Pending] = []
        for lane in Set(pending.map(\.lane)).sorted() {
            let of = { (mode: DeliveryMode) in self.pending.filter { $0.lane == lane && $0.mode == mode } }
            let (c, i) = (of(.compatibility), of(.indirectInput))
            let unpaired = rule.unpairedIndices(compat: c.map(\.time), indirect: i.map(\.time))
            left += unpaired.compat.map { c[$0] } + unpaired.indirect.map { i[$0] }
        }
        pending = []
        return left.indices.sorted { (left[$0].time, $0) < (left[$1].time, $1) }.map { left[$0] }
    }

    private func frame(at time: Double, source: String, changes: [LaneChange]) -> ViewFrame {
        let differs = compat.state.activeLanes != indirect.state.activeLanes
        defer { (index, lastDiffered) = (index + 1, differs) }
        return ViewFrame(
            index: index, time: time, source: source, contacts: lastContacts, libinput: panel,
            compat: compat.state, indirect: indirect.state, changes: changes, differs: differs,
            startsDifference: differs && !lastDiffered)
    }
}
