import AppEvents
import Gestures
import LibinputEvents
import Recordings

/// The view's model: the pad's contacts, libinput's view and both modes' apps, stepped by evdev
/// frames and libinput events as they come (live) or as a replay gave them (``ViewTimeline``).
/// Each step returns the ``ViewFrame`` it leads to.
///
/// Not thread-safe: one owner steps it.
public final class ViewModel {
    /// What the page draws around the frames.
    public private(set) var scene: ViewScene
    private var contacts: TouchpadContacts?
    private var panel = LibinputPanel()
    private let compat: ModeScreen
    private let indirect: ModeScreen
    /// Where the frames' times count from: given for a replay, else the first step's time.
    private var timeBase: TimeBase?
    private var index = 0
    private var lastContacts: [Contact] = []

    /// A model for `device` (nil when the pad is not known yet, as live before its first frame),
    /// both modes on `configuration`'s screen and pointer interactions, each with a fresh
    /// surface from `makeSurface`. Times count from `timeBase` (a replay's), or from the first
    /// step when it is nil (live).
    public init(title: String, device: DeviceDescription?, configuration: AppEventTranslator.Configuration,
                timeBase: TimeBase? = nil, makeSurface: () -> Surface) {
        self.timeBase = timeBase
        contacts = device.map(TouchpadContacts.init)
        compat = ModeScreen(mode: .compatibility, configuration: configuration, surface: makeSurface())
        let surface = makeSurface()
        indirect = ModeScreen(mode: .indirectInput, configuration: configuration, surface: surface)
        scene = ViewScene(
            title: title, device: device?.name ?? "", geometry: contacts?.geometry, screen: configuration.screenSize,
            regions: surface.regions.map { ViewScene.Area(name: $0.name, frame: $0.frame) },
            pointerRegions: configuration.pointerInteractions.flatMap { interaction in
                interaction.regions.map { ViewScene.Area(name: PointerRegion.path($0.identifier, in: interaction.view), frame: $0.rect, style: "\($0.style)") }
            },
            lanes: compat.lanes.map { ViewScene.Lane(name: $0.name, kind: $0.kind) })
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
        let compatChanges = compat.step(event), indirectChanges = indirect.step(event)
        let changes = collect(compatChanges, indirectChanges, base: base, now: Double(event.time) / 1e6)
        return frame(at: base.seconds(event.time), source: event.typeName, changes: changes)
    }

    /// Ends the stream at `time`: open sequences flushed, due timers fired (a long press held to
    /// the end), and every activation still waiting for the other mode decided; the frame their
    /// changes lead to.
    public func finish(at time: UInt64) -> ViewFrame {
        let base = base(from: time)
        let compatChanges = compat.finish(at: time), indirectChanges = indirect.finish(at: time)
        let changes = collect(compatChanges, indirectChanges, base: base, now: .infinity)
        return frame(at: base.seconds(time), source: "end", changes: changes)
    }

    /// An activation (began, recognized) waiting to see whether the other mode's same recognizer
    /// activates within ``ModeScreen/accidentalWindow`` of it.
    private struct Pending {
        var mode: DeliveryMode
        var lane: Int
        var state: String
        var time: Double
    }
    private var pending: [Pending] = []

    /// Both modes' changes of one step as lane changes, plus the activations that, by `now`
    /// (seconds on the events' clock), the other mode did not match within the window: those come
    /// again with `accidental` set, at their own time (since `base`). An activation is matched by
    /// one of the other mode's on the same lane within the window before or after it.
    private func collect(_ compatChanges: [(lane: Int, state: String, time: Double)],
                         _ indirectChanges: [(lane: Int, state: String, time: Double)],
                         base: TimeBase, now: Double) -> [LaneChange] {
        var changes: [LaneChange] = []
        for (mode, list) in [(DeliveryMode.compatibility, compatChanges), (.indirectInput, indirectChanges)] {
            for change in list {
                changes.append(LaneChange(mode: mode, lane: change.lane, state: change.state,
                                          time: base.seconds(atTimestamp: change.time), accidental: false))
                guard change.state == "began" || change.state == "recognized" else { continue }
                if let matched = pending.firstIndex(where: { $0.mode != mode && $0.lane == change.lane && change.time - $0.time <= ModeScreen.accidentalWindow }) {
                    pending.remove(at: matched)
                } else if !(mode == .compatibility ? indirect : compat).activated(change.lane, near: change.time) {
                    pending.append(Pending(mode: mode, lane: change.lane, state: change.state, time: change.time))
                }
            }
        }
        let expired = pending.filter { now - $0.time > ModeScreen.accidentalWindow }
        pending.removeAll { now - $0.time > ModeScreen.accidentalWindow }
        return changes + expired.map {
            LaneChange(mode: $0.mode, lane: $0.lane, state: $0.state, time: base.seconds(atTimestamp: $0.time),
                       accidental: true)
        }
    }

    private func frame(at time: Double, source: String, changes: [LaneChange]) -> ViewFrame {
        defer { index += 1 }
        return ViewFrame(index: index, time: time, source: source, contacts: lastContacts, libinput: panel,
                         compat: compat.state, indirect: indirect.state, changes: changes,
                         differs: compat.state.activeLanes != indirect.state.activeLanes)
    }
}
