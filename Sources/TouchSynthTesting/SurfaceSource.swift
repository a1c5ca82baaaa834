import AppEvents
import Gestures
import ModeComparison
import Recordings
import SurfaceDescriptions

/// The app screen a replay's events are delivered to, in each mode: a description file, one
/// built in Swift with the app's own recognizers, or the default.
public struct SurfaceSource {
    /// Makes a fresh surface, once per mode.
    private(set) var make: () throws -> Surface
    /// The pointer interactions of the screen, its size, and who grants the pointer lock.
    private(set) var configuration: AppEventTranslator.Configuration
    /// Whether the app asks for the pointer lock (``requestingPointerLock()``).
    private(set) var requestsPointerLock = false
    /// What a failure may come from in the description itself: its regions no touch or pointer
    /// on the screen reaches, as `touchsynth compare` warns.
    private(set) var notes: [String] = []

    /// A surface from ``make`` for the replay of `recording`, refused when it is, or holds a
    /// region of, one made before: each mode's recognizers must see that mode's events alone.
    func makeFresh(besides made: [Surface], recording: String) throws -> Surface {
        let surface = try make()
        let regions = Set(surface.regions.map(ObjectIdentifier.init))
        if made.contains(where: { $0 === surface || $0.regions.contains { regions.contains(ObjectIdentifier($0)) } }) {
            throw SurfaceReused(recording: recording)
        }
        // As a description file's frame is checked: a frame nothing could hit-test would leave the
        // region's recognizers silent, and the failure would blame the input.
        if let region = surface.regions.first(where: { !$0.frame.isFrame }) {
            throw BadConfiguration(
                recording: recording,
                problem: "region \(region.name)'s frame \(region.frame) must have finite values and no negative size")
        }
        return surface
    }

    /// What each mode runs besides its translator: its app events kept, the pointer lock asked for.
    var pipelineOptions: ModePipeline.Options { .init(keepsAppEvents: true, requestsPointerLock: requestsPointerLock) }

    /// A surface built by `make` (called once per mode, each call a fresh surface) on a screen of
    /// `screen` points: the app's own recognizers.
    public static func build(screen: Size = .defaultScreen, _ make: @escaping () -> Surface) -> SurfaceSource {
        SurfaceSource(make: make, configuration: AppEventTranslator.Configuration(screenSize: screen))
    }

    /// The surface a description file describes (JSON or YAML, as `touchsynth compare --surface`
    /// takes), a relative path read from the directory of the test file; a bad file is an error
    /// naming its line (a kind unknown, with how to give it). `kinds`, the app's own recognizer
    /// kinds the file names, are known to this surface alone (``RecognizerKinds/with(_:_:)``): a
    /// test loading it neither depends on another having registered them nor makes them another's.
    public static func file(
        _ path: String, screen: Size = .defaultScreen, kinds: [any RecognizerKind.Type] = [],
        relativeTo filePath: StaticString = #filePath
    ) throws(RecordingError) -> SurfaceSource {
        let loaded = try TestFilePath.reading([path], relativeTo: filePath) { () throws(RecordingError) in
            try RecognizerKinds.with(kinds) { () throws(RecordingError) in
                try SurfaceDescription.load(TestFilePath.resolve(path, relativeTo: filePath)) { error in
                    guard case .unknownKind = error else { return nil }
                    return "; give an app's own kind to SurfaceSource.file as kinds: [MyKind.self]"
                }
            }
        }
        var source = description(loaded, screen: screen)
        source.make = { try RecognizerKinds.with(kinds) { try loaded.makeSurface() } }
        return source
    }

    /// The surface `description` describes.
    public static func description(_ description: SurfaceDescription, screen: Size = .defaultScreen) -> SurfaceSource {
        var source = SurfaceSource(
            make: { try description.makeSurface() }, configuration: description.translatorConfiguration(screen: screen))
        source.notes = description.unreachableRegionNotes(on: screen)
        return source
    }

    /// A built-in app screen (`touchsynth surfaces` lists them).
    public static func builtIn(_ screen: BuiltInScreen, size: Size = .defaultScreen) -> SurfaceSource {
        description(screen.description(screen: size), screen: size)
    }

    /// `touchsynth compare`'s default screen (``BuiltInScreen/default``).
    public static var `default`: SurfaceSource { builtIn(.default) }

    /// This screen with the pointer starting at `point` (points from the screen's top-left) rather
    /// than at its centre: where a scroll, a pinch's simulated touches and a click land until the
    /// pointer moves, so that a test reaches the view it means.
    public func pointer(startingAt point: Point) -> SurfaceSource {
        configured { $0.pointerStart = point }
    }

    /// This screen with the translation's tunables changed by `change` (the simulated touches'
    /// distance and angle, the multi-click interval…, ``AppEventTranslator/Configuration``).
    public func configured(_ change: (inout AppEventTranslator.Configuration) -> Void) -> SurfaceSource {
        var changed = self
        change(&changed.configuration)
        return changed
    }

    /// This screen in an app that asks for the pointer lock with the replay's first event, as
    /// `touchsynth compare --pointer-lock` does, granted or not as `policy` decides (iPadOS's
    /// rule by default; ``PointerLockPolicy/macCatalyst``, or ``PointerLockPolicy/never`` for a
    /// scene that refuses it): granted, pointer motion arrives as relative motion
    /// (`UIPointerLockState`), not hover.
    public func requestingPointerLock(policy: PointerLockPolicy = .system) -> SurfaceSource {
        var locked = self
        locked.requestsPointerLock = true
        locked.configuration.pointerLockPolicy = policy
        return locked
    }
}

/// A ``SurfaceSource/build(screen:_:)`` closure that returned, for the second mode, the surface
/// or a region it returned for the first: both modes' events would reach the same recognizers.
public struct SurfaceReused: Error, CustomStringConvertible, Sendable {
    /// The name of the recording being replayed, as ``ModeReplay`` names it in failures.
    public var recording: String

    public var description: String {
        "\(recording): the surface's closure returned the surface, or a region, it made for the other mode: "
            + "each call must build a fresh one, with new regions and new recognizers"
    }
}

/// A ``SurfaceSource/configured(_:)`` change no translator takes (a start or a distance not finite,
/// a screen of no size…), said as ``AppEventTranslator/Configuration/problem`` says it.
public struct BadConfiguration: Error, CustomStringConvertible, Sendable {
    /// The name of the recording the replay was of, as ``ModeReplay`` names it in failures.
    public var recording: String
    /// What is wrong, without the recording's name.
    public var problem: String

    public var description: String { "\(recording): \(problem)" }
}
