import Gestures
import LibinputEvents
import ModeComparison

extension ComparisonReport {
    /// The most reasons a line names for one mode; the rest are counted.
    static let failureReasonsNamed = 2

    /// Why the recognizers that failed and activated in neither mode failed: a line per such row,
    /// the rules the input broke (``Gestures/FailureReason``) with when, its times since
    /// `timeBase`; one account for both modes when they failed alike, and of a mode the input
    /// never reached, that it never changed state. The table says only that they failed; a
    /// recognizer that activated in a mode is told of in ``differencesInWords(timeBase:)``.
    public func failuresInWords(timeBase: TimeBase) -> [String] {
        rows.compactMap { row in
            guard !row.compat.activated, !row.indirect.activated, row.compat.failed + row.indirect.failed > 0
            else { return nil }
            let (compat, indirect) = (Self.reasons(row.compat, timeBase), Self.reasons(row.indirect, timeBase))
            guard compat != indirect else { return "\(row.recognizer) in both modes: " + compat }
            return "\(row.recognizer) in compat mode: " + compat + "; in indirect mode: " + indirect
        }
    }

    /// `a touch moved 31.2 pt, past the 10.0 pt it allows (at 1.100s, and 2 more times); and 1
    /// more reason`: `summary`'s failures by rule (a lost arbitration by its winner, a press by its
    /// buttons), in order, each told by its first; that it never changed state where it did not fail.
    private static func reasons(_ summary: ModeSummary, _ timeBase: TimeBase) -> String {
        guard !summary.failureInputs.isEmpty else { return "it never changed state" }
        var told: [(key: String, words: String, time: Double, count: Int)] = []
        for (failure, loss) in zip(summary.failureInputs, summary.lossAtEachFailure) {
            let words = words(for: failure, lost: loss)
            let key =
                failure.failure.map { [.lostArbitration, .buttons].contains($0.rule) ? words : $0.rule.rawValue }
                ?? words
            if let index = told.firstIndex(where: { $0.key == key }) {
                told[index].count += 1
            } else {
                told.append((key, words, failure.time, 1))
            }
        }
        let named = told.prefix(failureReasonsNamed).map { reason in
            let again =
                reason.count == 1 ? "" : reason.count == 2 ? ", and once more" : ", and \(reason.count - 1) more times"
            return reason.words + " (at " + timeBase.text(atTimestamp: reason.time) + again + ")"
        }
        let more = told.count - named.count
        return named.joined(separator: "; ") + (more > 0 ? "; and \(more) more reason" + (more == 1 ? "" : "s") : "")
    }

    /// The reason of one failure: its recognizer's, the winner of the arbitration it `lost`, or,
    /// when the recognizer gave none (an app's own that called `transition(to: .failed)`), that it failed.
    private static func words(for failure: ActivationInput, lost: ArbitrationLoss?) -> String {
        guard let reason = failure.failure else { return "it failed, giving no reason" }
        guard let lost else { return reason.inWords }
        return "it lost arbitration to \(lost.winner)" + (lost.required ? ", which it requires to fail" : "")
    }
}
