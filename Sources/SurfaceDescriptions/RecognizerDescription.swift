import AppEvents
import Gestures
import LibinputEvents

/// One recognizer: its kind, its name, the options every kind has, and its kind's own options
/// (``RecognizerKind/Options``); absent options keep the recognizer's defaults.
public struct RecognizerDescription: Codable, Equatable, Sendable {
    /// `"direct"` / `"indirectPointer"`, as `TouchType`.
    public enum TouchTypeName: String, Codable, Sendable, NamedChoice {
        case direct, indirectPointer
    }

    /// Which recognizer to build.
    public var kind: GestureKind
    /// Unique within the region; defaults to the kind's name.
    public var name: String?
    /// Touch types it accepts; absent, both.
    public var allowedTouchTypes: [TouchTypeName]?
    /// Recognizers of the same region that must fail first (`require(toFail:)`); no chain of
    /// them may lead back to this one, which would leave them waiting on each other forever.
    public var requiresFailureOf: [String]?
    /// The kind's own options; nil for a kind not registered when the description was read.
    public var options: (any RecognizerOptions)?
    /// Options of the entry that its kind does not have, refused when the recognizer is built.
    var foreignOptions: [String] = []

    /// A recognizer of kind `kind` with `options`.
    public init<Kind: RecognizerKind>(
        _ kind: Kind.Type, name: String? = nil, options: Kind.Options = .init(),
        allowedTouchTypes: [TouchTypeName]? = nil, requiresFailureOf: [String]? = nil
    ) {
        self.kind = Kind.kind
        self.name = name
        self.options = options
        self.allowedTouchTypes = allowedTouchTypes
        self.requiresFailureOf = requiresFailureOf
    }

    private enum Common: String, CodingKey, CaseIterable {
        case kind, name, allowedTouchTypes, requiresFailureOf
    }

    /// The keys every kind takes beside `kind`.
    static let commonOptions = Common.allCases.filter { $0 != .kind }.map(\.rawValue)

    /// Reads the common keys, then the kind's options from the same entry; keys neither common
    /// nor the kind's are kept to be refused at ``makeRecognizer(in:)``, which names the region.
    public init(from decoder: any Decoder) throws {
        let common = try decoder.container(keyedBy: Common.self)
        kind = try common.decode(GestureKind.self, forKey: .kind)
        name = try common.decodeIfPresent(String.self, forKey: .name)
        allowedTouchTypes = try common.decodeIfPresent([TouchTypeName].self, forKey: .allowedTouchTypes)
        requiresFailureOf = try common.decodeIfPresent([String].self, forKey: .requiresFailureOf)
        let keys = try decoder.container(keyedBy: NamedKey.self).allKeys.map(\.stringValue).filter {
            Common(rawValue: $0) == nil
        }
        guard let registered = RecognizerKinds.named(kind) else {
            foreignOptions = keys
            return
        }
        func decodeOptions<Kind: RecognizerKind>(_: Kind.Type) throws -> any RecognizerOptions {
            try Kind.Options(from: decoder)
        }
        options = try decodeOptions(registered)
        let known = type(of: options!).names
        foreignOptions = keys.filter { !known.contains($0) }
    }

    public func encode(to encoder: any Encoder) throws {
        var common = encoder.container(keyedBy: Common.self)
        try common.encode(kind, forKey: .kind)
        try common.encodeIfPresent(name, forKey: .name)
        try common.encodeIfPresent(allowedTouchTypes, forKey: .allowedTouchTypes)
        try common.encodeIfPresent(requiresFailureOf, forKey: .requiresFailureOf)
        try options?.encode(to: encoder)
    }

    public static func == (a: RecognizerDescription, b: RecognizerDescription) -> Bool {
        a.kind == b.kind && a.name == b.name && a.allowedTouchTypes == b.allowedTouchTypes
            && a.requiresFailureOf == b.requiresFailureOf
            && a.foreignOptions == b.foreignOptions
            && (a.options.map { b.options.map($0.isEqual) ?? false } ?? (b.options == nil))
    }

    /// The recognizer, its options checked against its kind.
    func makeRecognizer(in region: String) throws(SurfaceDescriptionError) -> GestureRecognizer {
        let name = self.name ?? kind.rawValue
        guard let registered = RecognizerKinds.named(kind) else {
            throw SurfaceDescriptionError.unknownKind(region: region, name: name, kind: kind)
        }
        if let option = foreignOptions.first {
            throw SurfaceDescriptionError.optionNotApplicable(region: region, name: name, kind: kind, option: option)
        }
        func make<Kind: RecognizerKind>(_: Kind.Type) throws(InvalidOption) -> GestureRecognizer {
            try Kind.make(named: name, options: options as? Kind.Options ?? .init())
        }
        let recognizer: GestureRecognizer
        do {
            recognizer = try make(registered)
        } catch {
            throw SurfaceDescriptionError.invalidValue(
                region: region, name: name, option: error.option, requirement: error.requirement)
        }
        if let types = allowedTouchTypes {
            recognizer.allowedTouchTypes = Set(types.map { $0 == .direct ? TouchType.direct : .indirectPointer })
        }
        return recognizer
    }
}
