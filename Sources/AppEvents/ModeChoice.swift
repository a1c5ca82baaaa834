/// The delivery modes whose app events are shown beside libinput's events (`--mode`): none (`raw`),
/// one (`compat`, `indirect`), or both side by side (`both`).
public struct ModeChoice: CustomStringConvertible, Sendable {
    /// The modes chosen, in ``DeliveryMode`` order.
    public let modes: [DeliveryMode]

    /// No mode: libinput's events alone.
    public static let raw = ModeChoice(modes: [])

    private init(modes: [DeliveryMode]) {
        self.modes = modes
    }

    /// The choice `argument` names: `raw`, `compat`, `indirect` or `both`.
    public init?(argument: String) {
        switch argument {
        case "raw": modes = []
        case "both": modes = DeliveryMode.allCases
        default:
            guard let mode = DeliveryMode(rawValue: argument) else { return nil }
            modes = [mode]
        }
    }

    /// The names of the choices.
    public static var allValueStrings: [String] { ["raw"] + DeliveryMode.allCases.map(\.rawValue) + ["both"] }

    public var description: String {
        switch modes.count {
        case 0: "raw"
        case 1: modes[0].rawValue
        default: "both"
        }
    }
}
