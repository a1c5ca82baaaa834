import AppEvents
import Gestures

/// `tap`: ``TapGestureRecognizer``.
public struct TapKind: RecognizerKind {
    public struct Options: RecognizerOptions {
        /// At least 1.
        public var numberOfTapsRequired: Int?
        /// At least 1.
        public var numberOfTouchesRequired: Int?
        /// Buttons 1 to 62, at least one.
        public var buttonMaskRequired: [Button]?
        public var treatsControlClickAsSecondary: Bool?
        /// Points, finite and not negative.
        public var allowableMovement: Double?

        public init() {}

        public init(
            numberOfTapsRequired: Int? = nil, numberOfTouchesRequired: Int? = nil, buttonMaskRequired: [Button]? = nil,
            treatsControlClickAsSecondary: Bool? = nil, allowableMovement: Double? = nil
        ) {
            self.numberOfTapsRequired = numberOfTapsRequired
            self.numberOfTouchesRequired = numberOfTouchesRequired
            self.buttonMaskRequired = buttonMaskRequired
            self.treatsControlClickAsSecondary = treatsControlClickAsSecondary
            self.allowableMovement = allowableMovement
        }
    }

    /// A button: `"primary"`, `"secondary"` or its number (1 = primary, 2 = secondary, 3 = middle…).
    public enum Button: Codable, Equatable, Sendable {
        case primary, secondary
        case number(Int)

        /// Accepts a number or `"primary"` / `"secondary"`, so a description can name higher buttons.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                self = .number(number)
                return
            }
            switch try container.decode(String.self) {
            case "primary": self = .primary
            case "secondary": self = .secondary
            case let other:
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "unknown button \"\(other)\"; use primary, secondary or a number")
            }
        }

        /// Writes the form it was read in: a name for `primary` and `secondary`, else the number.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .primary: try container.encode("primary")
            case .secondary: try container.encode("secondary")
            case .number(let number): try container.encode(number)
            }
        }

        var number: Int {
            switch self {
            case .primary: 1
            case .secondary: 2
            case .number(let number): number
            }
        }
    }

    public static let kind = GestureKind.tap

    public static func make(named name: String, options: Options) throws(InvalidOption) -> GestureRecognizer {
        let tap = TapGestureRecognizer(name: name)
        tap.numberOfTapsRequired = try InvalidOption.positive(
            options.numberOfTapsRequired ?? tap.numberOfTapsRequired, "numberOfTapsRequired")
        tap.numberOfTouchesRequired = try InvalidOption.positive(
            options.numberOfTouchesRequired ?? tap.numberOfTouchesRequired, "numberOfTouchesRequired")
        tap.allowableMovement = try InvalidOption.nonNegative(
            options.allowableMovement ?? tap.allowableMovement, "allowableMovement")
        tap.treatsControlClickAsSecondary = options.treatsControlClickAsSecondary ?? tap.treatsControlClickAsSecondary
        if let buttons = options.buttonMaskRequired {
            guard !buttons.isEmpty, buttons.allSatisfy({ (1...62).contains($0.number) }) else {
                throw InvalidOption("buttonMaskRequired", must: "name at least one button, each from 1 to 62")
            }
            tap.buttonMaskRequired = buttons.reduce(into: ButtonMask()) { $0.insert(.button($1.number)) }
        }
        return tap
    }
}
