import AppEvents
import Recordings
import SurfaceDescriptions

/// The surface description at `path` (``SurfaceDescription/load(_:)``), or the default surface;
/// a bad one ends the program with a one-line error naming the file and line, and exit status 65.
func loadSurfaceDescription(_ path: String?, screen: Size) -> SurfaceDescription {
    guard let path else { return .standard(screen: (screen.width, screen.height)) }
    return reportingErrors { () throws(RecordingError) in try SurfaceDescription.load(path) }
}
