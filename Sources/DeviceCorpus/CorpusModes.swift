import AppEvents
import Gestures
import LibinputEvents
import ModeComparison
import SurfaceDescriptions

/// Where UIKit's two delivery modes differ on a corpus gesture, on the built-in `canvas` screen
/// (a drawing app's pinch, rotation, pans, tap and long press): the recognizers the gesture's
/// touches reach in compatibility mode only, the simulated touches of a pinch or the direct
/// touches of a pointer, that indirect input mode keeps away from them (but the pinch and
/// rotation recognizers, which the transform events reach there instead: each mode gives them
/// its own input); and any recognizer those simulated touches set off where the other mode's did
/// not activate (``ComparisonReport/accidentalActivations``).
enum CorpusModes {
    static let screen = BuiltInScreen.canvas

    /// What ``differences(_:)`` measures, for the tables.
    static var measured: String {
        "on the built-in `\(screen.rawValue)` screen: the recognizers a gesture's touches reach in compatibility mode "
            + "only (but pinch and rotation recognizers, which get transforms in the other), and those its simulated "
            + "touches set off where the other mode's did not activate"
    }

    /// `compat touches: canvas/twoFingerPan, canvas/tap`, `compat accidental: canvas/tap`;
    /// empty when the modes agree.
    static func differences(_ events: [LibinputEvent]) -> [String] {
        let configuration = screen.description(screen: .defaultScreen).translatorConfiguration(screen: .defaultScreen)
        let pipeline = ModePipeline.run(events, configuration: configuration) {
            Surface.builtIn(screen, size: .defaultScreen)
        }
        let report = pipeline.comparison
        var out: [String] = []
        let touched = report.rows.filter {
            $0.compat.maxNumberOfTouches > 0 && $0.indirect.maxNumberOfTouches == 0 && !$0.indirect.followsTransforms
        }.map(\.recognizer)
        if !touched.isEmpty { out.append("compat touches: " + touched.joined(separator: ", ")) }
        let activated = report.accidentalActivations.map(\.path.description)
        if !activated.isEmpty { out.append("compat accidental: " + activated.joined(separator: ", ")) }
        return out
    }
}
