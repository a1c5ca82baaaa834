import ArgumentParser
import DeviceRecording
import Foundation
import Gestures
import IndirectInput
import LibinputEvents
import Yams

/// `touchsynth compare`: which recognizers fire, with what values, in each UIKit mode.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay recordings through real libinput once and compare the gesture recognizers each UIKit mode triggers.",
        discussion: "The default surface is one full-screen region with pinch, rotation, two-finger pan, scroll pan, hover, tap and long press recognizers. --surface takes a JSON or YAML surface description.")

    @Argument(help: "Recordings (evemu, libinput record YAML or evtest text).") var recordings: [String]
    @Option(help: "Surface description (JSON, or YAML for .yml/.yaml).") var surface: String?
    @Flag(help: "JSON Lines output: one report per recording.") var json = false
    @Flag(help: "Exit with status 1 when a recognizer fired in one mode but not the other.") var failOnDiff = false

    func run() throws {
        let description = reportingErrors { () throws -> SurfaceDescription in
            guard let surface else { return .standard(screen: (Size.defaultScreen.width, Size.defaultScreen.height)) }
            let text = try readText(surface)
            if let line = SurfaceDescription.excessiveNesting(in: text) {
                throw RecordingError(.badData, file: surface, line: line, "nested deeper than \(SurfaceDescription.maxNesting) levels: not a surface description")
            }
            do {
                return surface.hasSuffix(".yml") || surface.hasSuffix(".yaml")
                    ? try YAMLDecoder().decode(SurfaceDescription.self, from: text)
                    : try JSONDecoder().decode(SurfaceDescription.self, from: Data(text.utf8))
            } catch {
                throw RecordingError(.badData, file: surface, "not a surface description: \(error)")
            }
        }
        do {
            _ = try description.makeSurface()
        } catch {
            fail("\(surface ?? "default surface"): \(error)", code: 65)
        }
        var differences = 0
        for path in recordings {
            let events = reportingErrors { try captureLibinputEvents(of: try RecordingLoader.load(path), name: path).events }
            let (compat, indirect) = translateBothModes(events)
            // The description was checked above, so building it again cannot fail.
            let report = Comparison { reportingErrors { try description.makeSurface() } }.compare(compat: compat, indirect: indirect)
            differences += report.accidentalActivations.count
            if json {
                emit(reportingErrors { () throws -> String in
                    // One line per recording: the report's own JSON with the recording's path added.
                    var object = try JSONSerialization.jsonObject(with: Data(try report.renderJSON().utf8)) as? [String: Any] ?? [:]
                    object["recording"] = path
                    return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
                })
            } else {
                emit("== \(path)")
                emit(report.renderTable())
            }
        }
        if failOnDiff && differences > 0 { throw ExitCode(1) }
    }
}

/// The app events of both modes for one libinput stream, with wheel sequences flushed at the end.
func translateBothModes(_ events: [LibinputEvent]) -> (compat: [AppEvent], indirect: [AppEvent]) {
    let compat = CompatibilityTranslator(supportsIndirectInputEvents: false)
    let indirect = CompatibilityTranslator(supportsIndirectInputEvents: true)
    let end = (events.last?.time ?? 0) + 1_000_000
    return (events.flatMap(compat.translate) + compat.flush(at: end), events.flatMap(indirect.translate) + indirect.flush(at: end))
}
