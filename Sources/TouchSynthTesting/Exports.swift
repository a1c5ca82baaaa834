// What a test writes with the kit, so that `import TouchSynthTesting` is enough: surfaces,
// regions and recognizers (`Gestures`), delivery modes, geometry and app events (`AppEvents`),
// replay options and sources (`Replays`), the built-in screens and surface descriptions a
// `SurfaceSource` names (`SurfaceDescriptions`), and the types a replay hands back: its
// recording and errors (`Recordings`), libinput's events, time base and device settings
// (`LibinputEvents`), and the comparison of the modes (`ModeComparison`) with its table and words
// (`Report`: `renderTable`, `differencesInWords(timeBase:)`).
@_exported import AppEvents
@_exported import Gestures
@_exported import LibinputEvents
@_exported import ModeComparison
@_exported import Recordings
@_exported import Replays
@_exported import Report
@_exported import SurfaceDescriptions
