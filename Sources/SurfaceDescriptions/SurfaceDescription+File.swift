import AppEvents
import Foundation
import OutputFiles
import Recordings

extension SurfaceDescription {
    /// The surface `name` names, as `--surface` takes it: a built-in screen by name, scaled to
    /// `screen`, or a description file (``load(_:)``); `fallback` when none is named. A bare word
    /// that is neither a screen nor a file is a usage error naming the screens.
    public static func named(
        _ name: String?, screen: Size, fallback: BuiltInScreen? = .default
    ) throws(RecordingError) -> SurfaceDescription {
        guard let name else { return fallback?.description(screen: screen) ?? SurfaceDescription(regions: []) }
        guard let path = file(named: name) else { return try BuiltInScreen.named(name).description(screen: screen) }
        return try load(path)
    }

    /// The description file `name` names as `--surface` takes it (``named(_:screen:fallback:)``),
    /// to be checked with a command's other inputs; nil for a built-in screen's name, or none.
    public static func file(named name: String?) -> String? {
        guard let name else { return nil }
        let isBareWord = name != standardInputPath && !name.contains("/") && !name.contains(".")
        return isBareWord && !FileManager.default.fileExists(atPath: name) ? nil : name
    }

    /// The surface description in the file at `path` (`-` for standard input), checked: a bad one
    /// is a bad-data error naming the file and the line. `.yml`/`.yaml` is YAML and `.json`
    /// JSON; a file named otherwise (a pipe, `<(…)`) is JSON when it opens with `{` or `[`.
    /// `hint` adds its words, if any, to the message of a problem in the description itself: how
    /// the caller (the testing kit) is told of an app's own kinds.
    public static func load(
        _ path: String, hint: (SurfaceDescriptionError) -> String? = { _ in nil }
    ) throws(RecordingError) -> SurfaceDescription {
        CommandInputs.count([path])
        let text = try readText(path, of: "a surface description")
        let syntax: StructuredFile.Syntax =
            path.hasSuffix(".yml") || path.hasSuffix(".yaml")
            ? .yaml
            : path.hasSuffix(".json") || "{[".contains(text.first { !$0.isWhitespace } ?? "{") ? .json : .yaml
        let description = try StructuredFile.decode(
            SurfaceDescription.self, from: text, syntax: syntax, file: path, kind: "a surface description")
        do throws(SurfaceDescriptionError) {
            _ = try description.makeSurface()
            _ = try description.pointerInteractions()
        } catch {
            let line = StructuredFile.line(of: description.location(of: error), in: text)
            throw RecordingError(.badData, file: path, line: line, error.description + (hint(error) ?? ""))
        }
        return description
    }

    /// The translators' configuration for this surface on a screen of `screen`: its pointer
    /// interactions (none if they do not build, which ``load(_:)`` has ruled out).
    public func translatorConfiguration(screen: Size) -> AppEventTranslator.Configuration {
        AppEventTranslator.Configuration(screenSize: screen, pointerInteractions: (try? pointerInteractions()) ?? [])
    }

    /// Where in the description's text `error` lies: the region, the recognizer (the second of two
    /// that share a name), the option.
    private func location(of error: SurfaceDescriptionError) -> [StructuredFile.PathComponent] {
        func region(_ name: String, last: Bool = false) -> [StructuredFile.PathComponent] {
            let indices = regions.indices.filter { regions[$0].name == name }
            return (last ? indices.last : indices.first).map { [.key("regions"), .index($0)] } ?? []
        }
        func recognizer(_ name: String, in regionName: String, last: Bool = false) -> [StructuredFile.PathComponent] {
            let path = region(regionName)
            guard case .index(let r)? = path.last else { return path }
            let recognizers = regions[r].recognizers
            let indices = recognizers.indices.filter { (recognizers[$0].name ?? recognizers[$0].kind.rawValue) == name }
            return path + ((last ? indices.last : indices.first).map { [.key("recognizers"), .index($0)] } ?? [])
        }
        switch error {
        case .invalidFrame(let name, _): return region(name) + [.key("frame")]
        case .duplicateRegion(let name): return region(name, last: true)
        case .duplicateRecognizer(let regionName, let name): return recognizer(name, in: regionName, last: true)
        case .unknownRecognizer(let regionName, _), .failureRequirementCycle(let regionName, _),
            .tooManyRecognizers(let regionName, _):
            return region(regionName)
        case .loneSimultaneousGroup(let regionName, _): return region(regionName) + [.key("simultaneous")]
        case .optionNotApplicable(let regionName, let name, _, let option),
            .invalidValue(let regionName, let name, let option, _):
            return recognizer(name, in: regionName) + [.key(option)]
        case .invalidName(let regionName, let name, _) where name == regionName: return region(name) + [.key("name")]
        case .invalidName(let regionName, let name, _): return recognizer(name, in: regionName) + [.key("name")]
        case .unknownKind(let regionName, let name, _, _):
            return recognizer(name, in: regionName) + [.key("kind")]
        case .invalidPointerInteraction(let regionName, let index, let option, _):
            return region(regionName) + [.key("pointerInteraction")]
                + (index.map { [.key("regions"), .index($0)] } ?? []) + [.key(option)]
        }
    }
}
