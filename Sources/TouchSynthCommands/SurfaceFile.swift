import Foundation
import AppEvents
import Recordings
import SurfaceDescriptions

/// The surface `--surface` names: a built-in screen by name (``BuiltInScreen``), scaled to
/// `screen`, or a description file (``SurfaceDescription/load(_:)``); `fallback` when none is
/// named. A bad file ends the program with a one-line error naming the file and line (65).
func loadSurfaceDescription(
    _ name: String?, screen: Size, fallback: BuiltInScreen? = .default
) throws -> SurfaceDescription {
    guard let name else { return fallback?.description(screen: screen) ?? SurfaceDescription(regions: []) }
    if let builtIn = BuiltInScreen(rawValue: name), !FileManager.default.fileExists(atPath: name) {
        return builtIn.description(screen: screen)
    }
    return try SurfaceDescription.load(name)
}
