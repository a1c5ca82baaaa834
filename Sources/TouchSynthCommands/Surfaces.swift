import ArgumentParser
import LibinputEventText
import Report
import SurfaceDescriptions

/// `touchsynth surfaces [NAME]`: the built-in app screens, or one's description file to copy.
struct Surfaces: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "surfaces",
        abstract: "List the built-in app screens --surface takes by name, or print one's description file.",
        discussion: """
            Each screen is modelled on UIKit's standard controls (docs/uikit-behaviour.md says which, and what is \
            modelled). Its file is a starting point for a description of your own: touchsynth surfaces list > \
            mine.yml, then --surface mine.yml.
            """)

    @Argument(help: "A screen whose description file to print.") var name: String?
    @Flag(help: "JSON Lines output: one object per screen.") var json = false

    func validate() throws {
        if json && name != nil {
            throw ValidationError("--json lists the screens; a screen's description file prints as YAML, without it")
        }
    }

    func run() throws {
        if let name { return try emitRaw(BuiltInScreen.named(name).text) }
        let screens = BuiltInScreen.allCases
        try emit(json ? try JSONLines.document("surfaces", screens.map(\.line)) : screens.map(\.listing))
    }
}
