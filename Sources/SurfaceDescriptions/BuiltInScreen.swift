import AppEvents
import Foundation
import Gestures
import Recordings

/// The app screens TouchSynth brings, modelled on UIKit's standard controls: description files
/// (`Sources/SurfaceDescriptions/Screens`), each laid out on a 1440 × 900 point screen and
/// scaled to the screen asked for. `touchsynth surfaces` lists them and prints them to copy.
public enum BuiltInScreen: String, CaseIterable, Sendable {
    case photos, list, map, canvas

    /// The screen `compare`, `report` and the testing kit use unless told otherwise: a list
    /// beside a text view, the layout most iPad apps are built on (Mail, Notes, Files, Settings,
    /// Messages), whose standard controls a trackpad's touches in compatibility mode can set off.
    public static let `default` = BuiltInScreen.list

    /// The screen size the files are laid out for.
    public static let layoutSize = Size.defaultScreen

    /// The screen called `name`; another name is a usage error naming the screens.
    public static func named(_ name: String) throws(RecordingError) -> BuiltInScreen {
        guard let screen = BuiltInScreen(rawValue: name) else {
            let names = allCases.map(\.rawValue).joined(separator: ", ")
            guard !name.isEmpty else {
                throw RecordingError(.usage, file: "", "an empty name names no screen: \(names)")
            }
            throw RecordingError(.usage, file: name, "no built-in screen of that name; the screens are \(names)")
        }
        return screen
    }

    /// The screen a `--surface` value names (a built-in one's name or a file's path), as sentences
    /// name it: the default's name when there is none.
    public static func name(of surface: String?) -> String { surface ?? BuiltInScreen.default.rawValue }

    /// The description file's text, as shipped.
    public var text: String {
        guard let url = Bundle.module.url(forResource: rawValue, withExtension: "yml", subdirectory: "Screens"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else {
            preconditionFailure("the built-in screen \(rawValue) is part of the build")
        }
        return text
    }

    /// What it stands for: the file's first comment line.
    public var summary: String {
        text.split(separator: "\n").first.map { String($0.drop { $0 == "#" || $0 == " " }) } ?? rawValue
    }

    /// Its description, its frames scaled from ``layoutSize`` to `screen`.
    public func description(screen: Size = BuiltInScreen.layoutSize) -> SurfaceDescription {
        do {
            let description = try StructuredFile.decode(
                SurfaceDescription.self, from: text, syntax: .yaml, file: "\(rawValue).yml",
                kind: "a surface description")
            return description.scaled(
                x: screen.width / Self.layoutSize.width, y: screen.height / Self.layoutSize.height)
        } catch {
            preconditionFailure("the built-in screen \(rawValue) is valid: \(error.description)")
        }
    }
}

extension SurfaceDescription {
    /// The description with every frame and pointer region rectangle stretched by `x` and `y`.
    func scaled(x: Double, y: Double) -> SurfaceDescription {
        guard x != 1 || y != 1 else { return self }
        var copy = self
        for r in copy.regions.indices {
            copy.regions[r].frame = Self.scaled(copy.regions[r].frame, x, y)
            guard var interaction = copy.regions[r].pointerInteraction, var regions = interaction.regions else {
                continue
            }
            for p in regions.indices { regions[p].rect = regions[p].rect.map { Self.scaled($0, x, y) } }
            interaction.regions = regions
            copy.regions[r].pointerInteraction = interaction
        }
        return copy
    }

    private static func scaled(_ frame: [Double], _ x: Double, _ y: Double) -> [Double] {
        guard frame.count == 4 else { return frame }
        return [frame[0] * x, frame[1] * y, frame[2] * x, frame[3] * y]
    }
}

extension Surface {
    /// A built-in screen's surface, built.
    public static func builtIn(_ screen: BuiltInScreen, size: Size = BuiltInScreen.layoutSize) -> Surface {
        do {
            return try screen.description(screen: size).makeSurface()
        } catch {
            preconditionFailure("the built-in screen \(screen.rawValue) is valid: \(error.description)")
        }
    }
}

extension BuiltInScreen {
    /// `surfaces --json`'s line for this screen (docs/json.md, `surfaces`).
    public var line: some Encodable { Line(name: rawValue, isDefault: self == .default, summary: summary) }

    /// `surfaces`' line for this screen: its name, whether it is the default, and what it is.
    public var listing: String {
        rawValue.padding(toLength: 8, withPad: " ", startingAt: 0) + (self == .default ? "(default) " : "") + summary
    }

    private struct Line: Encodable {
        var name: String
        var isDefault: Bool
        var summary: String

        private enum CodingKeys: String, CodingKey {
            case name, isDefault = "default", summary
        }
    }
}
