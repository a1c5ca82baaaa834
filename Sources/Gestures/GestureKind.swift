/// What kind of recognizer a recognizer is, by name: the kinds this module provides, which
/// surface descriptions name, or an app's own (`GestureKind("swipeBack")`).
public struct GestureKind: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The kind called `name`.
    public init(_ name: String) {
        rawValue = name
    }

    public static let pinch = GestureKind("pinch")
    public static let rotation = GestureKind("rotation")
    public static let pan = GestureKind("pan")
    public static let hover = GestureKind("hover")
    public static let tap = GestureKind("tap")
    public static let longPress = GestureKind("longPress")
    public static let swipe = GestureKind("swipe")
    public static let contextMenu = GestureKind("contextMenu")
    public static let drag = GestureKind("drag")

    public var description: String { rawValue }
}

/// The input a recognizer follows; it follows one at a time.
public enum InputSource: Sendable, CaseIterable {
    /// Touches events: fingers in compatibility mode, simulated touches, clicks and drags.
    case touches
    /// Transform events: indirect input mode's pinches and rotations.
    case transform
    /// Scroll events: two-finger scrolling and wheels.
    case scroll
    /// Hover events: the pointer over the window.
    case hover
}

/// The inputs a recognizer takes.
public struct InputSources: OptionSet, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The set of `source` alone.
    public init(_ source: InputSource) {
        switch source {
        case .touches: self = .touches
        case .transform: self = .transform
        case .scroll: self = .scroll
        case .hover: self = .hover
        }
    }

    public static let touches = InputSources(rawValue: 1 << 0)
    public static let transform = InputSources(rawValue: 1 << 1)
    public static let scroll = InputSources(rawValue: 1 << 2)
    public static let hover = InputSources(rawValue: 1 << 3)

    /// Whether `source` is one of them.
    public func contains(_ source: InputSource) -> Bool {
        contains(InputSources(source))
    }
}
