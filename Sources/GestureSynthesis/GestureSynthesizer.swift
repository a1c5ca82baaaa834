import Foundation
import LibinputEvents
import Quirks
import Recordings
import TextTables

/// Turns a ``GestureScript`` into the frames a touchpad's kernel driver would deliver on a given
/// device: millimetres through the device's resolution, MT protocol B slots with only changed
/// values (evdev drops repeats), BTN_TOUCH and BTN_TOOL_* finger counts, single-touch emulation
/// axes, pressure and contact size inside the device's ranges, and the device's limits (semi-mt
/// bounding boxes, fewer slots than fingers, single-touch pads).
///
/// What a real finger does that this does not: fingers land and lift in the same frame (real
/// ones a few milliseconds apart); pressure and contact size are constant through a gesture (real
/// ones ramp up on landing and down on lift and vary with speed); motion has constant speed (a
/// hand accelerates and decelerates); jitter is white noise (real sensor noise is correlated and
/// grows near the edges); no contact hovers; a finger at rest (`rest`) stays still but for the
/// jitter; and the fingers of a swipe keep one shape at a fixed spacing.
public enum GestureSynthesizer {
    /// Settings a script starts with; `set` statements change them from there on.
    public struct Options: Sendable {
        /// Frames per second while a finger is down (touchpads report at 80–140 Hz).
        public var rate = 125.0
        /// Standard deviation of the noise added to each finger position in each frame, mm.
        public var jitter = 0.0
        /// The ``rate`` a script or a command may ask for, Hz: what touchpads report at.
        public static let rateRange = 10.0...1000.0
        /// The ``jitter`` a script or a command may ask for, mm: beyond, fingers jump.
        public static let jitterRange = 0.0...10.0

        /// What is wrong with a `rate` or `jitter` asked for ("rate must be within 10 and 1000
        /// Hz"); nil when both are right or not given.
        public static func problem(rate: Double?, jitter: Double?) -> String? {
            func outside(_ name: String, _ value: Double?, _ range: ClosedRange<Double>, _ unit: String) -> String? {
                guard let value, !range.contains(value) else { return nil }
                return "\(name) must be within \(Int(range.lowerBound)) and \(Int(range.upperBound)) \(unit)"
            }
            return outside("rate", rate, rateRange, "Hz") ?? outside("jitter", jitter, jitterRange, "mm")
        }
        public var seed: UInt64 = 1
        /// Time with no finger on the pad between statements, seconds.
        public var gap = 0.3
        /// How far each finger of a pinch or rotation moves before the requested change starts,
        /// mm. Recognisers (libinput's included: both fingers must move 1.5 mm) decide on a pinch
        /// only after this much motion and measure scale and angle from where they decided, the
        /// way a person keeps pinching until the content changed by what they wanted.
        public var leadIn = 1.6
        /// libinput's quirks for the device: the resolution it assumes and its pressure thresholds.
        public var quirks = LibinputQuirks()
        /// The libinput version the recording is for, when known: the notes say what that version
        /// makes of the device (no gestures on a protocol A pad before 1.29).
        public var libinput: String?

        public init() {}

        /// How long after a gesture lifts the next one lands: the gap, but at least a frame.
        var landingGap: Double { max(gap, 1 / rate) }

        /// The settings of a `set` statement taken on (its seed aside: it restarts the noise).
        mutating func apply(_ s: GestureScript.Settings) {
            if let rate = s.rate { self.rate = rate }
            if let jitter = s.jitter { self.jitter = jitter }
            if let gap = s.gap { self.gap = gap }
            if let leadIn = s.leadIn { self.leadIn = leadIn }
        }

        /// The settings that suit `device`'s own recording (or description): its report rate,
        /// else 125 Hz, and the quirks libinput applies to the device.
        public init(for device: Recording) {
            rate = device.reportRate ?? 125
            quirks = LibinputQuirks.load(for: device.device)
        }
    }

    /// The recording of `script` performed on `device`. Errors name `file` and the statement's line:
    /// a gesture that leaves the pad, or a device that cannot report it (its own file, if read from one).
    public static func synthesize(
        _ script: GestureScript, on device: DeviceDescription, options: Options = Options(),
        file: String
    ) throws(RecordingError) -> Recording {
        try perform(script, on: device, options: options, file: file).recording
    }

    /// `script` performed on `device`, as ``synthesize(_:on:options:file:)`` makes its recording,
    /// with where in it each statement's fingers were.
    public static func perform(
        _ script: GestureScript, on device: DeviceDescription, options: Options = Options(),
        file: String
    ) throws(RecordingError) -> Synthesis {
        let pad = try Pad(device, quirks: options.quirks, file: file)
        try refuseOverlong(script, options: options, file: file)
        var settings = options
        var random = SplitMix64(seed: options.seed)
        var kernel = KernelState(pad: pad)
        var frames: [EvdevFrame] = []
        var clock = 0.0
        var first = true
        // Fingers a `rest` put down, down in every frame until a `lift`.
        var resting: [Touching] = []
        var notes: [String] = []
        // Each statement that touches the pad, with its first frame's time.
        var begun: [(statement: GestureScript.Statement, micros: UInt64)] = []
        var jumps = FrameJumps()
        // The lines whose moves libinput may take for jumps, as the notes say.
        var jumpsWarned: [Int] = []
        func emit(_ touching: [Touching], button: UInt16?, at seconds: Double) {
            let touching = touching.map { t in
                guard settings.jitter > 0 else { return t }
                let p = t.point
                return Touching(
                    point: GestureScript.Point(
                        x: p.x + settings.jitter * random.gaussian(), y: p.y + settings.jitter * random.gaussian()),
                    values: t.values)
            }
            if settings.jitter > 0 {
                jumps.frame(pad.seenByLibinput(touching.map(\.point), libinput: options.libinput), at: seconds)
            }
            let time = Microseconds.of(seconds: seconds)
            let events = kernel.frame(touching, button: button, micros: time)
            if !events.isEmpty { frames.append(EvdevFrame(time: time, events: events)) }
        }
        // A recording longer than a replay reads is refused where it would end.
        func checkLength(to seconds: Double, fail: (String) -> RecordingError) throws(RecordingError) {
            let end = Microseconds.of(seconds: seconds)
            if end - (frames.first?.time ?? end) > RecordingStream.longestRecording { throw fail(overlong) }
        }
        for statement in script.statements {
            func fail(_ message: String) -> RecordingError {
                RecordingError(.badData, file: file, line: statement.line, message)
            }
            switch statement.action {
            case .set(let s):
                settings.apply(s)
                if let seed = s.seed { random = SplitMix64(seed: seed) }
                continue
            case .pause(let seconds):
                // A recording's time starts at its first event: nothing before it can wait.
                if first { notes.append("line \(statement.line): a pause before the first gesture delays nothing") }
                clock += seconds
                continue
            default:
                break
            }
            // The next gesture lands a frame after the last one lifted, however short the gap.
            if !first { clock += settings.landingGap }
            first = false
            begun.append((statement, Microseconds.of(seconds: clock)))
            let values = try pad.touchValues(statement.touch, fail: fail)
            var placed = statement
            placed.action = try pad.placingClick(statement.action, resting: resting.count, fail: fail)
            let fit = try fitted(placed, pad: pad, options: settings, fail: fail)
            let contact = fit.contact
            try pad.check(
                contact, resting: resting.count, verb: statement.action.verb, halved: fit.leaving, fail: fail)
            let unplaced = pad.unplacedNote(contact, resting: resting.count, verb: statement.action.verb)
            let pathJumps = pad.jumpNote(contact, verb: statement.action.verb, libinput: options.libinput)
            for note in [
                fit.note,
                unplaced,
                pad.noGestureNote(statement.action, libinput: options.libinput),
                pathJumps,
                pad.lightNote(values, verb: statement.action.verb),
                pad.thumbNote(contact, action: statement.action),
                // Fingers the kernel gives no position land nowhere.
                unplaced == nil ? pad.landingNote(contact, resting: resting, verb: statement.action.verb) : nil,
                Self.trackedPairNote(statement.action, contact, tracks: pad.trackedTouches, resting: resting.count),
            ] {
                if let note { notes.append("line \(statement.line): " + note) }
            }
            try checkLength(to: clock + (contact.samples.last?.time ?? 0), fail: fail)
            if case .lift = statement.action {
                guard !resting.isEmpty else { throw fail("nothing rests on the pad to lift (rest puts fingers down)") }
                resting = []
            }
            jumps.restart()
            for sample in contact.samples {
                let touching = resting + sample.points.map { Touching(point: $0, values: values) }
                emit(touching, button: sample.button, at: clock + sample.time)
            }
            // Jumps the path makes of itself are said above; those jitter makes, here.
            let jittery = String(format: "the jitter of %g mm moves its fingers", settings.jitter)
            if pathJumps == nil,
                let note = jumps.note(
                    jittery, remedy: "; a smaller jitter keeps them", logged: pad.device.libinputLogsTouchJumps)
            {
                notes.append("line \(statement.line): " + note)
            }
            if pathJumps != nil || jumps.longest > 0, jumpsWarned.last != statement.line {
                jumpsWarned.append(statement.line)
            }
            if case .rest = statement.action {
                resting += contact.samples.flatMap(\.points).map { Touching(point: $0, values: values) }
            }
            clock += contact.samples.last?.time ?? 0
        }
        // Fingers still resting lift a gap after the last gesture, so that the recording ends with none down.
        if !resting.isEmpty {
            let lift = clock + settings.landingGap
            try checkLength(to: lift) { RecordingError(.badData, file: file, line: script.statements.last?.line, $0) }
            emit([], button: nil, at: lift)
        }
        guard !frames.isEmpty else {
            throw RecordingError(.badData, file: file, "the script has no gesture that touches the pad")
        }
        let origin = frames[0].time
        var recording = Recording(
            device: device, frames: frames.map { EvdevFrame(time: $0.time - origin, events: $0.events) })
        if let line = script.statements.first(where: { $0.touch.pressure != nil })?.line,
            let note = pad.unreadPressureNote()
        {
            notes.append("line \(line): " + note)
        }
        recording.notes = Self.folded(notes)
        let performed = begun.indices.map { i in
            PerformedStatement(
                line: begun[i].statement.line, action: begun[i].statement.action,
                start: max(begun[i].micros, origin) - origin,
                end: i + 1 < begun.count ? max(begun[i + 1].micros, origin) - origin : .max)
        }
        return Synthesis(recording: recording, performed: performed, jumpsWarned: jumpsWarned)
    }

    /// One touch sequence: finger positions (mm from the pad's centre) at frame times (seconds
    /// from landing). The last sample has no fingers: the lift.
    struct Contact {
        struct Sample {
            var time: Double
            var points: [GestureScript.Point]
            /// The key held down in this frame (BTN_LEFT…), if any.
            var button: UInt16?
        }
        var samples: [Sample] = []
    }

    /// Where finger `i` of a pinch of `n` sits about its centre, radians from its axis: the first
    /// two opposite each other, the rest between them on one side. Of three or more fingers
    /// libinput follows only the topmost and the bottommost (`tp_gesture_handle_state_none`,
    /// src/evdev-mt-touchpad-gestures.c); on a vertical axis those are the first two, whose
    /// midpoint is the centre, so the centre libinput measures stays put as they spread.
    static func pinchFingerAngle(_ i: Int, of n: Int) -> Double {
        switch i {
        case 0: 0
        case 1: .pi
        default: .pi * Double(i - 1) / Double(n - 1)
        }
    }

    static func plan(
        _ action: GestureScript.Action, pad: Pad, options: Options,
        fail: (String) -> RecordingError
    ) throws(RecordingError) -> Contact {
        let dt = 1 / options.rate
        var contact = Contact()
        func steps(_ duration: Double) -> Int { max(1, Int((duration / dt).rounded())) }
        func lift(after time: Double) { contact.samples.append(.init(time: time + dt, points: [])) }
        switch action {
        case .pinch(let p):
            let centre = pad.resolve(p.at)
            // Pose at progress u: u < 0 is the lead-in, 0...1 the requested change; the centre's
            // path has `at` for its midpoint, as a translation's has. In the lead-in the centre
            // stays where the change starts: fingers that first drifted the same way would be a
            // scroll to libinput, which decides on the first 1.5 mm of each.
            func points(_ u: Double) -> [GestureScript.Point] {
                let radius = max(0.5, p.separation / 2 * (1 + (p.scale - 1) * u))
                let drift = max(u, 0) - 0.5
                let c = GestureScript.Point(x: centre.x + p.travel.x * drift, y: centre.y + p.travel.y * drift)
                return (0..<p.fingers).map { i in
                    let a = p.axis + p.angle * u + pinchFingerAngle(i, of: p.fingers)
                    return GestureScript.Point(x: c.x + radius * cos(a), y: c.y + radius * sin(a))
                }
            }
            // Each finger leads in along its own path, so that one moving slowly does not make
            // the others jump to keep up with it.
            let leads = (0..<p.fingers).map { i in leadIn(options.leadIn) { points($0)[i] } }
            let n = steps(p.duration)
            // libinput wraps the turn between two frames into ±180° (tp_gesture_handle_state_pinch):
            // a faster turn would read as one the other way.
            if abs(p.angle) / Double(n) >= .pi {
                let frames = Int((abs(p.angle) / .pi).rounded(.down)) + 1
                // The fewest whole milliseconds that make that many frames.
                var least = Int(((Double(frames) - 0.5) * dt * 1000).rounded(.down))
                while steps(Double(least) / 1000) < frames { least += 1 }
                throw fail(
                    String(
                        format: "the %@ turns %g° in %@ at %g Hz, %.0f° a frame: libinput takes the turn between "
                            + "two frames as under 180° either way (tp_gesture_handle_state_pinch, "
                            + "src/evdev-mt-touchpad-gestures.c) and would read it turning back; give it "
                            + "duration=%dms or more",
                        action.verb, p.angle * 180 / .pi, TextTable.counted(n, "frame"), options.rate,
                        abs(p.angle) * 180 / .pi / Double(n), least))
            }
            // The lead-in takes three frames (24 ms at 125 Hz), so that libinput decides before its
            // 40 ms hold timer fires and the start does not depend on when that timer is serviced;
            // fewer where three would take longer. Below 25 Hz one frame outlasts the timer too, but
            // its whole 1.6 mm step is past libinput's pinch threshold at once.
            let leadSteps = leads.contains { $0 > 0 } ? max(1, min(3, Int(0.040 / dt))) : 0
            for k in 0..<leadSteps {
                let share = Double(leadSteps - k) / Double(leadSteps)
                contact.samples.append(
                    .init(time: Double(k) * dt, points: leads.indices.map { i in points(-leads[i] * share)[i] }))
            }
            let start = Double(leadSteps) * dt
            for k in 0...n {
                contact.samples.append(.init(time: start + Double(k) * dt, points: points(Double(k) / Double(n))))
            }
            lift(after: start + Double(n) * dt)
        case .translate(let fingers, let travel, let spacing, let at, let duration):
            let centre = pad.resolve(at)
            let n = steps(duration)
            for k in 0...n {
                let u = Double(k) / Double(n) - 0.5
                let points = row(
                    fingers, spacing: spacing,
                    at: GestureScript.Point(x: centre.x + travel.x * u, y: centre.y + travel.y * u))
                contact.samples.append(.init(time: Double(k) * dt, points: points))
            }
            lift(after: Double(n) * dt)
        case .hold(let fingers, let spacing, let at, let duration),
            .tap(let fingers, let spacing, let at, let duration):
            let points = row(fingers, spacing: spacing, at: pad.resolve(at))
            let n = steps(duration)
            // A still finger still reports every frame; evdev drops the frames that change nothing.
            for k in 0..<n { contact.samples.append(.init(time: Double(k) * dt, points: points)) }
            contact.samples.append(.init(time: Double(n) * dt, points: []))
        case .click(let fingers, let spacing, let travel, let at, let duration, let button):
            let start = pad.resolve(at)
            let key = pad.key(for: button)
            let n = steps(duration)
            // On a pad with buttons of its own, a one-finger click that does not move presses the
            // button alone, as a thumb on it does: libinput's tap machine passes over such a button's
            // press (`tp_tap_handle_state`), so a finger on the pad beside it would tap too, tapping
            // on. Fingers asked for (`fingers=2`) still land.
            let still = travel.x == 0 && travel.y == 0
            let pressing = pad.clickMethod == nil && still && fingers == 1 ? 0 : fingers
            // Fingers land, press two frames later, move while pressed, release, then lift.
            func points(_ u: Double) -> [GestureScript.Point] {
                row(
                    pressing, spacing: spacing,
                    at: GestureScript.Point(x: start.x + travel.x * u, y: start.y + travel.y * u))
            }
            // The button is down for exactly `duration`: n frames, from the press to the release.
            contact.samples.append(.init(time: 0, points: points(0)))
            // It reaches the end of its drag while still pressed.
            for k in 2...(n + 1) {
                contact.samples.append(
                    .init(time: Double(k) * dt, points: points(Double(k - 2) / Double(max(n - 1, 1))), button: key))
            }
            contact.samples.append(.init(time: Double(n + 2) * dt, points: points(1)))
            lift(after: Double(n + 3) * dt)
        case .rest(let fingers, let spacing, let at):
            // They land and stay: the synthesizer keeps them down in the frames that follow.
            contact.samples.append(.init(time: 0, points: row(fingers, spacing: spacing, at: pad.resolve(at))))
        case .lift:
            contact.samples.append(.init(time: 0, points: []))
        case .pause, .set:
            break
        }
        return contact
    }

    /// Fingers side by side, `spacing` mm apart, centred on `c` across and level with it. Of three
    /// or more, the end farthest from the middle finger (of four, the second) stays level, the
    /// middle one reaches ``rowArc`` above it and those between rise evenly, as a hand's longer
    /// middle fingers reach, so that one finger is the top-most by a margin: on a pad that tracks
    /// fewer fingers than touch, libinput places the untracked ones where the top-most tracked one
    /// is (`tp_position_fake_touches`, src/evdev-mt-touchpad.c), and fingers at one height would
    /// trade that place under jitter, a jump of the spacing that libinput discards as a kernel bug.
    private static func row(
        _ fingers: Int, spacing: Double, at c: GestureScript.Point
    ) -> [GestureScript.Point] {
        let half = Double(fingers - 1) / 2
        let peak = (fingers - 1) / 2
        let reach = Double(max(peak, fingers - 1 - peak))
        return (0..<fingers).map { i in
            let rise = fingers < 3 ? 0 : rowArc * (1 - Double(abs(i - peak)) / reach)
            return GestureScript.Point(x: c.x + (Double(i) - half) * spacing, y: c.y - rise)
        }
    }

    /// How far the middle finger of a row of three or more reaches above its ends, mm.
    static let rowArc = 4.0

    /// The progress δ before 0 at which a finger on `path` is `distance` mm from where it is at
    /// 0; a whole gesture back for one that gets no farther.
    private static func leadIn(_ distance: Double, _ path: (Double) -> GestureScript.Point) -> Double {
        guard distance > 0 else { return 0 }
        let target = path(0)
        func moved(_ u: Double) -> Double { hypot(path(u).x - target.x, path(u).y - target.y) }
        // The first crossing going back, not the last: a pose a whole turn back is the start's own.
        let coarse = 64
        guard let crossing = (1...coarse).first(where: { moved(-Double($0) / Double(coarse)) >= distance }) else {
            return 1
        }
        var lo = Double(crossing - 1) / Double(coarse), hi = Double(crossing) / Double(coarse)
        for _ in 0..<50 {
            let mid = (lo + hi) / 2
            if moved(-mid) >= distance { hi = mid } else { lo = mid }
        }
        return hi
    }
}

extension GestureScript.Action {
    /// The statement's verb, for messages.
    var verb: String {
        switch self {
        case .pinch(let p): return p.scale == 1 && p.angle != 0 ? "rotation" : "pinch"
        case .translate(let fingers, _, _, _, _): return fingers >= 3 ? "swipe" : fingers == 2 ? "scroll" : "move"
        case .hold: return "hold"
        case .tap: return "tap"
        case .click: return "click"
        case .rest: return "rest"
        case .lift: return "lift"
        case .pause: return "pause"
        case .set: return "set"
        }
    }
}

extension GestureSynthesizer {
    /// `notes`, each said once where it was first, a repeated one with its count: a line of like
    /// statements (`pinch; pinch; …`) earns one note, not one a statement.
    static func folded(_ notes: [String]) -> [String] {
        var counts: [String: Int] = [:]
        for note in notes { counts[note, default: 0] += 1 }
        var said = Set<String>()
        return notes.compactMap { note in
            guard said.insert(note).inserted else { return nil }
            let count = counts[note] ?? 1
            return count == 1 ? note : note + " (\(count) times)"
        }
    }
}
