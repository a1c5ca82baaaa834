import AppEvents

/// The legend that ends `replay` and `debug` table output: a line for each of its terms that the
/// output used, so a newcomer can read it without the docs.
public struct TableLegend: Sendable {
    private var simulated = false
    private var translations = false
    private var systemKinds: Set<SystemGestureEvent.Kind> = []
    private var cut = false
    private var earlier = false

    public init() {}

    /// Notes that a cell was cut to fit its column (``TableStyle/cuts(_:width:)``).
    public mutating func noteCut() { cut = true }

    /// Notes that an app event was printed with its own time, as it was stamped earlier than its row.
    public mutating func noteEarlier() { earlier = true }

    /// Notes the terms `event`'s text uses.
    public mutating func note(_ event: AppEvent) {
        switch event.payload {
        case .touches(let touches) where touches.contains(where: \.isSimulated): simulated = true
        case .systemGesture(let gesture):
            systemKinds.insert(gesture.kind)
            if gesture.kind != .hold { translations = true }
        case .scroll: translations = true
        default: break
        }
    }

    /// The legend's lines for output whose modes accounted for their events as `accounting` says.
    public func lines(accounting: [Accounting]) -> [String] {
        var lines: [String] = []
        if simulated {
            lines.append("*: one of compat mode's two simulated touches, which stand for a trackpad pinch or rotation")
        }
        if translations {
            lines.append("Δ(x,y) Σ(x,y): the change in this event and since the gesture began, in screen points")
        }
        if systemKinds.contains(.swipe) || systemKinds.contains(.pinch) {
            lines.append(
                "system swipe(N), pinch(N): a trackpad gesture of N fingers kept for the system: iPadOS keeps "
                    + "three-finger swipes (Home, App Switcher, switching apps), and TouchSynth those of more "
                    + "fingers and pinches of three or more; no app receives it, and its events count as emitted, "
                    + "to the system")
        }
        if systemKinds.contains(.hold) {
            lines.append(
                "system hold(N) began/ended/cancelled: N fingers resting on the trackpad; Apple documents no "
                    + "UIKit event for it, no app receives it here, and its events count as emitted, to the system")
        }
        if accounting.contains(where: { !$0.merged.isEmpty }) {
            lines.append(
                "merged into later events: libinput events whose change the app sees in a later event (the pointer's "
                    + "position in "
                    + "the next hover or touch, a key in the next event's modifier flags)")
        }
        if accounting.contains(where: { $0.count(of: .deviceBookkeeping) > 0 }) {
            lines.append("device bookkeeping: a device added or removed; no app event stands for it")
        }
        if accounting.contains(where: { $0.count(of: .nothingFollowed) > 0 }) {
            lines.append(
                "no later event carried it: a change that would reach the app in its next event, but the input ended "
                    + "first"
            )
        }
        if earlier {
            lines.append(
                "(at T): an app event's own time, earlier than its row's: made when the next libinput event (or the "
                    + "stream's end) showed it was due, as a wheel scroll ends after 0.15 s without a notch")
        }
        if cut {
            lines.append("…: a cell cut to fit the terminal; piped (| cat) or with --json, nothing is cut")
        }
        return lines.isEmpty ? [] : ["legend:"] + lines.map { "  " + $0 }
    }
}
