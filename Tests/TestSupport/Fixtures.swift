import Foundation
import MockedDevices
import XCTest

/// The repository's files the tests read, found from this file's place in it.
public enum Fixtures {
    /// The repository's root.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// `Tests/Fixtures`.
    public static let directory = root.appendingPathComponent("Tests/Fixtures")
    public static let evemu = directory.appendingPathComponent("evemu-devices")
    public static let synthesized = directory.appendingPathComponent("synthesized")
    /// Touchpad descriptions, without events.
    public static let devices = directory.appendingPathComponent("devices")

    /// Every bundled recording with events (the `.desc` files only describe devices). None found
    /// fails the test that asked, which would otherwise check each of nothing.
    public static var recordings: [URL] {
        let real = ((try? FileManager.default.contentsOfDirectory(atPath: evemu.path)) ?? [])
            .filter { $0.hasSuffix(".events") || $0.hasSuffix(".evemu") }.sorted().map {
                evemu.appendingPathComponent($0)
            }
        let synth = ((try? FileManager.default.contentsOfDirectory(atPath: synthesized.path)) ?? [])
            .filter { $0.hasSuffix(".yml") }.sorted().map { synthesized.appendingPathComponent($0) }
        if real.isEmpty || synth.isEmpty { XCTFail("no recordings in \(evemu.path) or \(synthesized.path)") }
        return real + synth
    }

    /// The built `touchsynth` beside the test bundle (`swift test` builds it with the tests), or
    /// `$TOUCHSYNTH_CLI_PATH` (tools/test names the release build).
    public static func touchsynth() throws -> String {
        try BuildProducts.locate("touchsynth", variable: "TOUCHSYNTH_CLI_PATH")
    }
}

/// A path of its own in the temporary directory for a file a test makes, ending in `name`.
public func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("touchsynth-\(UUID().uuidString)-\(name)").path
}

public struct MissingBuild: Error, CustomStringConvertible {
    public var what: String
    public var description: String { "missing \(what)" }

    public init(what: String) {
        self.what = what
    }
}

/// A test of a tier that needs what a plain `swift test` may lack (a release build, other
/// libinput versions, a machine's tmpfs) skips with the reason; under `tools/test`, which sets
/// `TOUCHSYNTH_TEST_EVERY_TIER=1` and builds what it can first, it fails instead, so that CI runs
/// every tier. `source` says where the prerequisite comes from.
public func requireTier(
    _ available: Bool, _ what: @autoclosure () -> String,
    source: String = "which tools/test builds"
) throws {
    guard !available else { return }
    if ProcessInfo.processInfo.environment["TOUCHSYNTH_TEST_EVERY_TIER"] == "1" { throw MissingBuild(what: what()) }
    throw XCTSkip("needs \(what()), \(source)")
}

/// The builds of `versions`, once each is built (``requireTier(_:_:source:)``).
public func libinputBuilds(_ versions: [String]) throws -> [LibinputBuild] {
    try versions.map { version in
        let build = try? LibinputBuild.resolve(version)
        try requireTier(
            build != nil, "libinput \(version) built in \(LibinputBuild.buildArea) (tools/build-libinput \(version))")
        return build!
    }
}
