import Gestures

/// `pan`: ``PanGestureRecognizer``.
public struct PanKind: RecognizerKind {
    public struct Options: RecognizerOptions {
        /// At least 1.
        public var minimumNumberOfTouches: Int?
        /// At least `minimumNumberOfTouches`.
        public var maximumNumberOfTouches: Int?
        /// `continuous` (trackpad), `discrete` (mouse wheel) or `all`, as ``ScrollTypeMask``;
        /// absent, it follows no scroll events.
        public var allowedScrollTypes: [ScrollType]?
        /// `horizontal` or `vertical`: it fails when the motion that would begin it goes more across
        /// the axis than along it (TouchSynth's, for a table's swipe actions beside its scrolling).
        public var axis: PanAxis?

        public init() {}

        public init(
            minimumNumberOfTouches: Int? = nil, maximumNumberOfTouches: Int? = nil,
            allowedScrollTypes: [ScrollType]? = nil,
            axis: PanAxis? = nil
        ) {
            self.minimumNumberOfTouches = minimumNumberOfTouches
            self.maximumNumberOfTouches = maximumNumberOfTouches
            self.allowedScrollTypes = allowedScrollTypes
            self.axis = axis
        }
    }

    /// A scroll type a pan follows.
    public enum ScrollType: String, Codable, Sendable, NamedChoice {
        case continuous, discrete, all
    }

    public static let kind = GestureKind.pan

    public static func make(named name: String, options: Options) throws(InvalidOption) -> GestureRecognizer {
        let pan = PanGestureRecognizer(name: name)
        pan.minimumNumberOfTouches = try InvalidOption.positive(
            options.minimumNumberOfTouches ?? pan.minimumNumberOfTouches, "minimumNumberOfTouches")
        pan.maximumNumberOfTouches = try InvalidOption.positive(
            options.maximumNumberOfTouches ?? pan.maximumNumberOfTouches, "maximumNumberOfTouches")
        guard pan.maximumNumberOfTouches >= pan.minimumNumberOfTouches else {
            throw InvalidOption("maximumNumberOfTouches", must: "be at least minimumNumberOfTouches")
        }
        pan.axis = options.axis
        for type in options.allowedScrollTypes ?? [] {
            switch type {
            case .continuous: pan.allowedScrollTypesMask.insert(.continuous)
            case .discrete: pan.allowedScrollTypesMask.insert(.discrete)
            case .all: pan.allowedScrollTypesMask.formUnion(.all)
            }
        }
        return pan
    }
}

/// Named in a description as its raw value (`horizontal`, `vertical`); another word is refused
/// with the names there are.
extension PanAxis: NamedChoice, Encodable {}
