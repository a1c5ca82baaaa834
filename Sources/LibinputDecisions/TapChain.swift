/// The taps libinput's tap machine sent in a row, each after the first while it still held the
/// button of the one before (`*_TAPPED` → `*_DRAGGING_OR_DOUBLETAP` → `*_TAPPED`,
/// `tp_tap_dragging_or_doubletap_handle_event`): a double tap is two, a triple tap three. Such a
/// row spans sequences, as each tap of a lone finger is one.
struct TapChain {
    /// The taps in the row so far; 0 when the machine is in none.
    private(set) var taps = 0

    /// Reads one of the machine's decisions, in order; returns the taps in the row when it sent
    /// one while holding the one before's button.
    @discardableResult
    mutating func read(_ decision: LibinputDecision) -> Int? {
        guard decision.machine == .tap else { return nil }
        let from = LibinputDecision.short(decision.from)
        let to = LibinputDecision.short(decision.to)
        if to.hasSuffix("TAPPED") {
            if from.hasSuffix("DRAGGING_OR_DOUBLETAP") {
                taps += 1
                return taps
            }
            // A touch set aside in `*_TAPPED` leaves the row as it was.
            if !from.hasSuffix("TAPPED") { taps = 1 }
        } else if !to.hasSuffix("DRAGGING_OR_DOUBLETAP") {
            taps = 0
        }
        return nil
    }

    /// `second`, `third`…, `11th`: the place of a tap in its row.
    static func ordinal(_ n: Int) -> String {
        let words = [2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth"]
        if let word = words[n] { return word }
        let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
        return "\(n)\(suffix)"
    }
}
