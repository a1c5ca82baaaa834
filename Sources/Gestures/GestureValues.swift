import AppEvents
import Foundation

/// One value a recognizer reports, of a type reports know how to show.
public enum GestureValue: Equatable, Sendable {
    /// A factor: a pinch's scale.
    case scale(Double)
    /// Radians, clockwise positive: a rotation's angle.
    case angle(Double)
    /// Points: a pan's translation.
    case vector(Point)
    /// A run of row numbers, counted from 0 as `IndexPath.row`: a list's selected rows.
    case rows(ClosedRange<Int>)
}

/// The values a recognizer reports at a state change, each under a name: the recognizer's own
/// (``GestureRecognizer/currentValues``), carried to every report as they are. Up to three,
/// stored inline, so that recording them on every event allocates nothing.
public struct GestureValues: Equatable, Sendable, Sequence {
    /// A value and its name: a camel-case word (`scale`, `selectedRows`) that reports turn into
    /// their labels ("selected rows") and JSON keys (`finalSelectedRows`).
    public struct Entry: Equatable, Sendable {
        public let name: String
        public let value: GestureValue

        public init(_ name: String, _ value: GestureValue) {
            self.name = name
            self.value = value
        }
    }

    private var first: Entry?, second: Entry?, third: Entry?

    /// No values.
    public init() {}

    /// Up to three values, in the order reports show them.
    public init(_ first: Entry, _ second: Entry? = nil, _ third: Entry? = nil) {
        self.first = first
        self.second = second
        self.third = third
    }

    /// The values of the built-in kinds that have them; nil ones left out.
    public init(scale: Double? = nil, rotation: Double? = nil, translation: Point? = nil) {
        if let scale { append(Entry("scale", .scale(scale))) }
        if let rotation { append(Entry("rotation", .angle(rotation))) }
        if let translation { append(Entry("translation", .vector(translation))) }
    }

    private mutating func append(_ entry: Entry) {
        if first == nil { first = entry } else if second == nil { second = entry } else { third = entry }
    }

    public func makeIterator() -> some IteratorProtocol<Entry> {
        [first, second, third].compactMap { $0 }.makeIterator()
    }

    /// The value called `name`.
    public subscript(name: String) -> GestureValue? {
        if first?.name == name { return first?.value }
        if second?.name == name { return second?.value }
        return third?.name == name ? third?.value : nil
    }

    /// A pinch's scale.
    public var scale: Double? { if case .scale(let v)? = self["scale"] { v } else { nil } }
    /// A rotation's angle, radians.
    public var rotation: Double? { if case .angle(let v)? = self["rotation"] { v } else { nil } }
    /// A pan's or drag's translation.
    public var translation: Point? { if case .vector(let v)? = self["translation"] { v } else { nil } }
}
