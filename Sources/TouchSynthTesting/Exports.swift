// What a test writes with the kit, so that `import TouchSynthTesting` is enough: surfaces,
// regions and recognizers (`Gestures`), delivery modes, geometry and app events (`AppEvents`),
// replay options and sources (`Replays`), the built-in screens and surface descriptions a
// `SurfaceSource` names (`SurfaceDescriptions`).
@_exported import AppEvents
@_exported import Gestures
@_exported import Replays
@_exported import SurfaceDescriptions
