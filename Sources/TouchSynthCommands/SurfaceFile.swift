import Foundation
import AppEvents
import Recordings
import SurfaceDescriptions

/// The surface `--surface` names: a built-in screen by name (``BuiltInScreen``), scaled to
/// `screen`, or a description file (``SurfaceDescription/load(_:)``); `fallback` when none is
/// named. A bad file ends the program with a one-line error naming the file and line (65); a
/// bare word that is neither a screen nor a file, a usage error naming the screens (64).
func loadSurfaceDescription(
    _ name: String?, screen: Size, fallback: BuiltInScreen? = .default
) throws -> SurfaceDescription {
    guard let name else { return fallback?.description(screen: screen) ?? SurfaceDescription(regions: []) }
    let isFile = FileManager.default.fileExists(atPath: name)
    if let builtIn = BuiltInScreen(rawValue: name), !isFile { return builtIn.description(screen: screen) }
    if !isFile && !name.contains("/") && !name.contains(".") {
        try fail(
            "--surface \(name): no built-in screen of that name (\(BuiltInScreen.names)) and no file",
            code: ExitStatus.usage)
    }
    return try SurfaceDescription.load(name)
}
