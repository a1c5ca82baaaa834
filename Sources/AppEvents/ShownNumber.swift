extension Double {
    /// The value as text shows it with `places` decimals: one that rounds to zero loses its sign,
    /// so that a table reads `0.0`, never `-0.0`, for a rotation of -0.04°.
    public func shown(places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (self * scale).rounded() == 0 ? 0 : self
    }
}
