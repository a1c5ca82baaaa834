import Foundation

/// One measured figure over several runs; its JSON form: `name`, `unit`, `min`, `median`,
/// `max` and `runs`.
public struct BenchFigure: Encodable, Sendable {
    public var name: String
    public var unit: String
    public var samples: [Double]

    public init(name: String, unit: String, samples: [Double] = []) {
        self.name = name
        self.unit = unit
        self.samples = samples
    }

    var sorted: [Double] { samples.sorted() }
    public var min: Double { sorted.first ?? 0 }
    public var median: Double { sorted.isEmpty ? 0 : sorted[sorted.count / 2] }
    public var max: Double { sorted.last ?? 0 }

    private enum Key: String, CodingKey {
        case name, unit, min, median, max, runs
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(name, forKey: .name)
        try c.encode(unit, forKey: .unit)
        try c.encode(min.isFinite ? min : nil, forKey: .min)
        try c.encode(median.isFinite ? median : nil, forKey: .median)
        try c.encode(max.isFinite ? max : nil, forKey: .max)
        try c.encode(samples.count, forKey: .runs)
    }
}

extension BenchFigure {
    /// `bench`'s table of `figures` under `header`: a row each, min, median and max, and the unit.
    public static func table(_ figures: [BenchFigure], header: String) -> [String] {
        let width = figures.map(\.name.count).max() ?? 0
        return [
            header,
            "figure".padding(toLength: width, withPad: " ", startingAt: 0)
                + "          min       median          max  unit",
        ]
            + figures.map { f in
                f.name.padding(toLength: width, withPad: " ", startingAt: 0)
                    + String(format: " %12.3f %12.3f %12.3f  ", f.min, f.median, f.max)
                    + f.unit
            }
    }
}
