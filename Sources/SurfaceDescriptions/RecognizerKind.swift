import Foundation
import Gestures
import Synchronization

/// A kind of recognizer that surface descriptions name: its options, read from the recognizer's
/// entry, and how it is built. Each kind is one file, registered in ``RecognizerKinds``; an
/// app's own kind registers the same way (``RecognizerKinds/register(_:)``).
public protocol RecognizerKind: Sendable {
    /// The kind's options, each an optional property named as in the description (absent, the
    /// recognizer's default); documented where they are declared. Decoded from the entry; an
    /// entry's key that is neither one of these nor common to every kind (`kind`, `name`,
    /// `allowedTouchTypes`, `requiresFailureOf`) is refused as an option the kind does not have.
    associatedtype Options: RecognizerOptions

    /// The name descriptions give as `kind`.
    static var kind: GestureKind { get }

    /// The recognizer called `name`; an option out of range is ``InvalidOption``.
    static func make(named name: String, options: Options) throws(InvalidOption) -> GestureRecognizer
}

/// The options of a ``RecognizerKind``: every one optional, so that `init()` has none set.
public protocol RecognizerOptions: Codable, Equatable, Sendable {
    init()
}

/// The options of a kind that has none of its own: only the common keys are accepted.
public struct NoOptions: RecognizerOptions {
    public init() {}
}

extension RecognizerKind {
    /// The names of the kind's own options.
    static var optionNames: Set<String> { Options.names }
}

extension RecognizerOptions {
    /// The options' names, from their declarations.
    static var names: Set<String> { Set(Mirror(reflecting: Self()).children.compactMap(\.label)) }

    func isEqual(to other: any RecognizerOptions) -> Bool { (other as? Self) == self }
}

/// An option out of range, as its documentation says; the description names the place.
public struct InvalidOption: Error, Equatable, Sendable {
    public var option: String
    /// What the value must be, in a reader's words ("at least 1"), for the error's message; nil
    /// says only that it is out of range.
    public var requirement: String?

    public init(_ option: String, must requirement: String? = nil) {
        self.option = option
        self.requirement = requirement
    }

    /// `value` when it is at least 1.
    public static func positive(_ value: Int, _ option: String) throws(InvalidOption) -> Int {
        guard value >= 1 else { throw InvalidOption(option, must: "be at least 1") }
        return value
    }

    /// `value` when it is finite and not negative; -0 is 0, so that no report says "-0".
    public static func nonNegative(_ value: Double, _ option: String) throws(InvalidOption) -> Double {
        guard value >= 0, value.isFinite else { throw InvalidOption(option, must: "be a finite number, not negative") }
        return value + 0
    }
}

/// The kinds descriptions may name: the built-in ones, one line each, and those an app registers.
public enum RecognizerKinds {
    private static let registry = Mutex<[GestureKind: any RecognizerKind.Type]>(
        Dictionary(uniqueKeysWithValues: builtIn.map { ($0.kind, $0) }))

    /// The kinds this package provides.
    public static let builtIn: [any RecognizerKind.Type] = [
        PinchKind.self,
        RotationKind.self,
        PanKind.self,
        HoverKind.self,
        TapKind.self,
        LongPressKind.self,
        SwipeKind.self,
        ContextMenuKind.self,
        DragKind.self,
        MultiSelectKind.self,
    ]

    /// Kinds named while ``with(_:_:)`` runs, on its task or thread alone.
    @TaskLocal private static var scoped: [GestureKind: any RecognizerKind.Type] = [:]

    /// Lets descriptions name `kind`, replacing a kind of the same name, for the whole process.
    public static func register(_ kind: any RecognizerKind.Type) {
        registry.withLock { $0[kind.kind] = kind }
    }

    /// Runs `body` with descriptions also able to name `kinds` (over any registered kind of the
    /// same name): what one test loads, without making the kinds another test's too.
    public static func with<T, E: Error>(_ kinds: [any RecognizerKind.Type], _ body: () throws(E) -> T) throws(E) -> T {
        var result: Result<T, E>?
        $scoped.withValue(scoped.merging(kinds.map { ($0.kind, $0) }) { $1 }) { result = Result(catching: body) }
        return try result!.get()
    }

    /// The kind called `name`, if one is registered or given to ``with(_:_:)``.
    public static func named(_ name: GestureKind) -> (any RecognizerKind.Type)? {
        scoped[name] ?? registry.withLock { $0[name] }
    }

    /// Every kind's name: the built-in ones in their order, then the others sorted.
    public static var names: [String] {
        let builtInNames = builtIn.map { $0.kind.rawValue }
        let others = registry.withLock { Set($0.keys.map(\.rawValue)) }.union(scoped.keys.map(\.rawValue))
        return builtInNames + others.filter { !builtInNames.contains($0) }.sorted()
    }
}
