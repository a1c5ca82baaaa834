extension SequenceAnalysis {
    /// Whether the touches' average motion (`tp_get_average_touches_delta`) was under a hundredth
    /// of a millimetre in every frame after `frame` to the sequence's end, with the gesture
    /// machine changing nothing before the lift: a scroll state that had nothing to send.
    func averageMotionIsNil(after frame: Int) -> Bool {
        let end = sequence.frames.upperBound
        let changes = decisions(of: .gesture).compactMap { GestureAnalysis.frame(of: $0, in: self) }
        guard frame < end, !changes.contains(where: { $0 > frame && $0 < end }) else { return false }
        return (frame + 1..<end).allSatisfy { f in
            let moves = sequence.moves(from: f - 1, to: f).values
            guard !moves.isEmpty else { return true }
            let n = Double(moves.count)
            let dx = moves.map(\.dx).reduce(0, +) / n, dy = moves.map(\.dy).reduce(0, +) / n
            return (dx * dx + dy * dy).squareRoot() < 0.01
        }
    }
}
