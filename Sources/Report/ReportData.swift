import Foundation
import ModeComparison
import Recordings
import Gestures
import AppEvents
import LibinputEvents

/// Everything one report shows, computed from a recording, the libinput events real libinput
/// made of it, and both modes' app events. Plain values: rendering does no I/O.
public struct ReportData {
    /// What the report is about, usually the recording's path (``title(of:from:to:)``).
    public var title: String
    /// The recorded device's name.
    public var deviceName: String
    /// The touchpad's size; nil for a device without position axes.
    public var geometry: TouchpadGeometry?
    /// Every finger's track on the touchpad.
    public var fingerTracks: [FingerTrack]
    /// Frames in the recording.
    public var frameCount: Int
    /// Events real libinput made of the recording.
    public var libinputEventCount: Int
    /// The libinput that replayed the recording, as its DEVICE_ADDED says; nil where none does.
    public var libinputVersion: String?
    /// What differs between the modes, in compare's words
    /// (``ComparisonReport/whatDiffersInWords(for:screen:timeBase:)``).
    public var whatDiffers: [String]
    /// Why the recognizers that failed and activated in neither mode failed, in
    /// compare's words (``ComparisonReport/failuresInWords(timeBase:)``).
    public var whyFailed: [String]
    /// The virtual screen both translators worked on.
    public var screen: Size
    /// Compatibility mode's touches, one track per touch ID, simulated ones flagged.
    public var screenTracks: [ScreenTrack]
    /// Scale and angle over time: libinput's, indirect mode's transform, compat mode's recovered.
    public var scaleSeries: [Series]
    public var angleSeries: [Series]
    /// Recognizer state changes per mode, which activations the other mode did not match, and the
    /// pointer regions the pointer went through.
    public var comparison: ComparisonReport
    /// The surface's pointer interactions, bottom view to top.
    public var pointerInteractions: [PointerInteraction]
    /// Where the app saw the pointer in indirect input mode (pointer interactions are the same
    /// in both modes), by region and style.
    public var pointerPath: PointerPath
    /// Every recognizer's record in compatibility mode.
    public var compatRecords: [GestureRecord]
    /// Every recognizer's record in indirect input mode.
    public var indirectRecords: [GestureRecord]
    /// App events compatibility mode made.
    public var compatEventCount: Int
    /// App events indirect input mode made.
    public var indirectEventCount: Int
    /// Where the timelines and every time the report shows start: the replay's first event.
    public var timeBase: TimeBase
    /// Seconds the timelines span: ``span``, at least a millisecond, to be drawn.
    public var duration: Double { max(span, 0.001) }
    /// Seconds from the first event to the last, as told: 0 for one event.
    public var span: Double
    /// The run of both modes the report was drawn from: its app events, surfaces and, when they
    /// were checked, the delivery invariants broken.
    public let pipeline: ModePipeline

    /// One touch's path over the screen in compatibility mode.
    public struct ScreenTrack {
        public var id: TouchID
        /// One of the pair compatibility mode simulates for a pinch or rotation.
        public var isSimulated: Bool
        /// Which touch of a simulated pair it is (0 or 1); 0 for other touches.
        public var pairIndex: Int
        /// Its location at every touches event that carried it.
        public var points: [Point]
    }

    /// A value over time, split into segments where the gesture it follows ends.
    public struct Series {
        /// Whose values these are, as the legend names them.
        public var name: String
        /// Seconds since ``ReportData/timeBase`` and the value.
        public var segments: [[(Double, Double)]]

        /// Values over all segments.
        public var pointCount: Int { segments.reduce(0) { $0 + $1.count } }
    }

    /// Computes the report's content.
    /// - Parameters:
    ///   - libinput: what real libinput made of `recording`.
    ///   - timeBase: the instant the report's times count from (``TimeBase``).
    ///   - pipeline: both modes' run of `libinput`, finished, its app events kept and each mode's
    ///     surface with the recognizers the timelines show.
    ///   - pointerInteractions: the pointer interactions the translators had.
    ///   - screenName: the app screen's name, as ``whatDiffers`` names it (compare's words).
    public init(
        title: String, recording: Recording, libinput: [LibinputEvent], timeBase: TimeBase,
        pipeline: ModePipeline, screen: Size, pointerInteractions: [PointerInteraction] = [], screenName: String? = nil
    ) {
        self.pipeline = pipeline
        let compat = pipeline[.compatibility].appEvents, indirect = pipeline[.indirectInput].appEvents
        self.title = title
        deviceName = recording.device.name
        // A pad without slots is drawn with every contact, as mtdev tracks them.
        let slotted = recording.withContactsInSlots
        geometry = slotted.touchpadGeometry
        fingerTracks = slotted.fingerTracks
        frameCount = recording.frames.count
        libinputEventCount = libinput.count
        libinputVersion =
            libinput.lazy.compactMap { if case .deviceAdded(let info) = $0.kind { info } else { nil } }.first?
            .libinputVersion
        self.screen = screen
        compatEventCount = compat.count
        indirectEventCount = indirect.count
        self.timeBase = timeBase
        let ends = [
            libinput.last.map { timeBase.seconds($0.time) },
            compat.last.map { timeBase.seconds(atTimestamp: $0.timestamp) },
            indirect.last.map { timeBase.seconds(atTimestamp: $0.timestamp) },
        ]
        span = max(ends.compactMap { $0 }.max() ?? 0, 0)

        screenTracks = Self.screenTracks(compat)
        let libinputSeries = Self.libinputSeries(libinput, timeBase: timeBase)
        let transform = Self.transformSeries(indirect, timeBase: timeBase)
        let recovered = Self.recoveredSeries(compat, timeBase: timeBase)
        scaleSeries = [libinputSeries.scale, transform.scale, recovered.scale]
        angleSeries = [libinputSeries.angle, transform.angle, recovered.angle]

        self.pointerInteractions = pointerInteractions
        pointerPath = PointerPath(indirect)
        compatRecords = pipeline[.compatibility].surface?.records ?? []
        indirectRecords = pipeline[.indirectInput].surface?.records ?? []
        comparison = ComparisonReport(
            compat: compatRecords, indirect: indirectRecords,
            pointerRegions: (
                pipeline[.compatibility].surface?.pointerRegionTransitions ?? [],
                pipeline[.indirectInput].surface?.pointerRegionTransitions ?? []
            ))
        whatDiffers = comparison.whatDiffersInWords(for: libinput, screen: screenName, timeBase: timeBase)
        whyFailed = comparison.failuresInWords(timeBase: timeBase)
    }

    private static func screenTracks(_ events: [AppEvent]) -> [ScreenTrack] {
        var tracks: [ScreenTrack] = []
        var index: [TouchID: Int] = [:]
        for event in events {
            guard case .touches(let touches) = event.payload else { continue }
            for (position, touch) in touches.enumerated() {
                if index[touch.id] == nil {
                    index[touch.id] = tracks.count
                    let pairIndex = touch.isSimulated && touches.count == 2 ? position : 0
                    tracks.append(
                        ScreenTrack(id: touch.id, isSimulated: touch.isSimulated, pairIndex: pairIndex, points: []))
                }
                tracks[index[touch.id]!].points.append(touch.location)
            }
        }
        return tracks
    }

    /// libinput's two-finger pinch: its absolute scale and its angle deltas summed, from begin
    /// (scale 1, angle 0) to end.
    private static func libinputSeries(
        _ events: [LibinputEvent],
        timeBase: TimeBase
    ) -> (scale: Series, angle: Series) {
        var scale = Series(name: "libinput", segments: [])
        var angle = Series(name: "libinput", segments: [])
        var total = PinchTotal()
        for event in events {
            let t = timeBase.seconds(event.time)
            switch event.kind {
            case .gesturePinchBegin(let fingers) where fingers == 2:
                total = PinchTotal()
                scale.segments.append([(t, total.scale)])
                angle.segments.append([(t, total.angle)])
            case .gesturePinchUpdate(let fingers, _, let s, let delta) where fingers == 2 && !scale.segments.isEmpty:
                total.add(scale: s, angleDelta: delta)
                scale.segments[scale.segments.count - 1].append((t, total.scale))
                angle.segments[angle.segments.count - 1].append((t, total.angle))
            default:
                break
            }
        }
        return (scale, angle)
    }

    private static func transformSeries(_ events: [AppEvent], timeBase: TimeBase) -> (scale: Series, angle: Series) {
        var scale = Series(name: "indirect: transform events", segments: [])
        var angle = Series(name: "indirect: transform events", segments: [])
        for event in events {
            guard case .transform(let transform) = event.payload else { continue }
            let t = timeBase.seconds(atTimestamp: event.timestamp)
            if transform.phase == .began || scale.segments.isEmpty {
                scale.segments.append([])
                angle.segments.append([])
            }
            scale.segments[scale.segments.count - 1].append((t, transform.scale))
            angle.segments[angle.segments.count - 1].append((t, transform.rotation * 180 / .pi))
        }
        return (scale, angle)
    }

    /// What an app recovers from compatibility mode's two simulated touches: their distance over
    /// their distance when they began, and their line's turn since then (unwrapped).
    private static func recoveredSeries(_ events: [AppEvent], timeBase: TimeBase) -> (scale: Series, angle: Series) {
        var scale = Series(name: "compat: from simulated touches", segments: [])
        var angle = Series(name: "compat: from simulated touches", segments: [])
        var initial: (length: Double, angle: Double)?
        var lastAngle = 0.0
        for event in events {
            guard case .touches(let touches) = event.payload, touches.count == 2, touches.allSatisfy(\.isSimulated)
            else { continue }
            let t = timeBase.seconds(atTimestamp: event.timestamp)
            let dx = touches[1].location.x - touches[0].location.x
            let dy = touches[1].location.y - touches[0].location.y
            let length = (dx * dx + dy * dy).squareRoot()
            let direction = atan2(dy, dx) * 180 / .pi
            if touches[0].phase == .began || initial == nil {
                initial = (length, direction)
                lastAngle = 0
                scale.segments.append([])
                angle.segments.append([])
            }
            guard let start = initial, start.length > 0 else { continue }
            var turn = direction - start.angle
            // Unwrapped: the closest to the previous value, so a full turn reads 360°, not 0°.
            turn -= 360 * ((turn - lastAngle) / 360).rounded()
            lastAngle = turn
            scale.segments[scale.segments.count - 1].append((t, length / start.length))
            angle.segments[angle.segments.count - 1].append((t, turn))
        }
        return (scale, angle)
    }
}
