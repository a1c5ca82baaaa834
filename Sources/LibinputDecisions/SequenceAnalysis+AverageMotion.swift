extension SequenceAnalysis {
    /// How the touches' average motion (`tp_get_average_touches_delta`) came to nothing.
    enum NilAverageMotion {
        /// No touch moved a hundredth of a millimetre in any frame.
        case still
        /// Touches moved, but opposite ways evenly enough that their average did not.
        case opposed
    }

    /// Whether the touches' average motion was under a hundredth of a millimetre in every frame
    /// after `frame` to the sequence's end, with the gesture machine changing nothing before the
    /// lift (a scroll state that had nothing to send), and why: nil where it was not.
    func nilAverageMotion(after frame: Int) -> NilAverageMotion? {
        let end = sequence.frames.upperBound
        let changes = decisions(of: .gesture).compactMap { GestureAnalysis.frame(of: $0, in: self) }
        guard frame < end, !changes.contains(where: { $0 > frame && $0 < end }) else { return nil }
        var moved = false
        for f in frame + 1..<end {
            let moves = sequence.moves(from: f - 1, to: f).values
            guard !moves.isEmpty else { continue }
            let n = Double(moves.count)
            let dx = moves.map(\.dx).reduce(0, +) / n, dy = moves.map(\.dy).reduce(0, +) / n
            guard (dx * dx + dy * dy).squareRoot() < 0.01 else { return nil }
            moved = moved || moves.contains { ($0.dx * $0.dx + $0.dy * $0.dy).squareRoot() >= 0.01 }
        }
        return moved ? .opposed : .still
    }
}
