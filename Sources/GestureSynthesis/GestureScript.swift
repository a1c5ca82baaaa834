import Foundation
import Recordings

/// A small language for touchpad gestures, one statement per line (or separated by `;`):
///
///     set rate=125Hz jitter=0.1mm seed=7
///     pinch scale=2 angle=30deg duration=400ms at=center
///     pause 200ms
///     swipe fingers=3 direction=left distance=40mm
///
/// Lengths are millimetres on the pad (`mm`, `cm`; a bare number is mm), times `ms` or `s`
/// (bare: ms), angles `deg`, `°` or `rad` (bare: degrees, clockwise as on screen), scales a
/// factor or a percentage. Statements run one after another; fingers lift between them, but for
/// those a `rest` put down, which stay until a `lift`.
public struct GestureScript: Equatable, Sendable {
    /// One gesture with where it came from.
    public struct Statement: Equatable, Sendable {
        /// 1-based line in the script.
        public var line: Int
        public var action: Action
        /// How hard and how broad the gesture's fingers touch, where the statement says.
        public var touch = Touch()
        /// The lengths the statement leaves to their defaults, which the synthesizer shortens on a
        /// pad too small for them.
        public var defaulted: Set<Size> = []
    }

    /// A length of a gesture that a statement may leave to its default.
    public enum Size: String, Sendable, CaseIterable {
        /// How far a swipe goes, or a scroll's or move's `dx` and `dy` (both left out).
        case distance
        /// How far apart fingers side by side are.
        case spacing
        /// How far apart a pinch's fingers land.
        case separation
    }

    /// The pressure and contact size of a gesture's fingers (`pressure=`, `size=`): nil leaves the
    /// synthesizer's own, a finger's that libinput counts as neither light nor a palm.
    public struct Touch: Equatable, Sendable {
        /// ABS_MT_PRESSURE (ABS_PRESSURE on a pad without it), in the device's units (as libinput's
        /// thresholds count) or a fraction of the axis's range.
        public var pressure: AxisValue?
        /// ABS_MT_TOUCH_MAJOR, in millimetres on the pad.
        public var size: Double?

        public init(pressure: AxisValue? = nil, size: Double? = nil) {
            self.pressure = pressure
            self.size = size
        }
    }

    /// A value on one of the device's axes.
    public enum AxisValue: Equatable, Sendable {
        /// In the device's units.
        case units(Int32)
        /// A fraction (0...1) of the axis's range, from its minimum.
        case fraction(Double)
    }

    /// What a statement does.
    public enum Action: Equatable, Sendable {
        /// Fingers on a circle whose diameter goes from `separation` to `separation × scale` while
        /// the circle turns by `angle` (radians, clockwise) and its centre travels by `travel`.
        case pinch(Pinch)
        /// Fingers side by side moving together by `travel` (scroll with 2, swipe with 3+).
        case translate(fingers: Int, travel: Point, spacing: Double, at: Position, duration: Double)
        /// Fingers side by side, `spacing` mm apart, resting without motion for `duration`.
        case hold(fingers: Int, spacing: Double, at: Position, duration: Double)
        /// Fingers side by side touching for `duration` and lifting without motion.
        case tap(fingers: Int, spacing: Double, at: Position, duration: Double)
        /// Fingers side by side pressing the pad's button (a clickpad click) for `duration`, moving
        /// by `travel` while it is held (a click-and-drag); libinput reads it as `button`, for
        /// which the synthesizer chooses the fingers and the place where the pad needs them.
        case click(fingers: Int, spacing: Double, travel: Point, at: Position, duration: Double, button: ClickButton)
        /// Fingers that land side by side and stay, without moving, through the gestures that
        /// follow (a palm or a thumb resting beside them), until a ``lift`` or the script's end.
        case rest(fingers: Int, spacing: Double, at: Position)
        /// The resting fingers lift.
        case lift
        /// Nothing touches the pad for `duration` seconds.
        case pause(Double)
        /// Changes the settings of the statements that follow.
        case set(Settings)
    }

    /// The button a click is for, as libinput reports it (BTN_LEFT, BTN_RIGHT, BTN_MIDDLE).
    public enum ClickButton: String, Sendable, CaseIterable {
        case left, right, middle

        /// The button's key code (BTN_LEFT…).
        public var code: UInt16 {
            switch self {
            case .left: Evdev.BTN_LEFT
            case .right: Evdev.BTN_RIGHT
            case .middle: Evdev.BTN_MIDDLE
            }
        }
    }

    /// A pinch or rotation.
    public struct Pinch: Equatable, Sendable {
        public var fingers = 2
        public var scale = 1.0
        /// Radians, clockwise.
        public var angle = 0.0
        /// Millimetres between opposite fingers when they land.
        public var separation = 30.0
        /// Direction of the line between the first two fingers when they land, radians clockwise
        /// from +x; of three or more, from the centre to the first (a script's default puts that
        /// one, a thumb, below the others, and the second opposite it).
        public var axis = 0.0
        public var travel = Point(x: 0, y: 0)
        public var at = Position.center
        public var duration = 0.5
    }

    /// A point or vector in millimetres, +y down the pad.
    public struct Point: Equatable, Sendable {
        public var x: Double
        public var y: Double
        public init(x: Double, y: Double) { self.x = x; self.y = y }
    }

    /// Where on the pad a gesture is centred.
    public enum Position: Equatable, Sendable {
        case center
        /// Millimetres from the pad's centre.
        case offset(Point)
        /// Fractions (0...1) of the pad's width and height from its top-left corner.
        case fraction(Point)
    }

    /// Settings that persist from a `set` statement on.
    public struct Settings: Equatable, Sendable {
        /// Frames per second while fingers move.
        public var rate: Double?
        /// Standard deviation of the noise added to each finger position, millimetres.
        public var jitter: Double?
        public var seed: UInt64?
        /// Time with no finger on the pad between two statements, seconds.
        public var gap: Double?
        /// See ``GestureSynthesizer/Options/leadIn``.
        public var leadIn: Double?

        public init(
            rate: Double? = nil, jitter: Double? = nil, seed: UInt64? = nil, gap: Double? = nil, leadIn: Double? = nil
        ) {
            self.rate = rate
            self.jitter = jitter
            self.seed = seed
            self.gap = gap
            self.leadIn = leadIn
        }
    }

    public var statements: [Statement]

    public init(statements: [Statement]) { self.statements = statements }

    /// How far apart fingers side by side land when a statement does not say, mm.
    public static let defaultSpacing = 18.0

    /// The verbs the language knows.
    public static let verbs = [
        "pinch", "rotate", "swipe", "scroll", "hold", "tap", "move", "click", "rest", "lift", "pause", "set",
    ]

    /// Parses `text`; errors name `file` and the line.
    public static func parse(_ text: String, file: String) throws(RecordingError) -> GestureScript {
        var statements: [Statement] = []
        var lineNumber = 0
        // Line by line at each line feed's byte (a CRLF is one Character, which a split by "\n"
        // would not see), none held but the one read: a script of blank lines can be 16 MiB long.
        var rest = text[...]
        while !rest.isEmpty || lineNumber == 0 {
            lineNumber += 1
            let end = rest.utf8.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
            let rawLine = rest[..<end]
            rest = end == rest.endIndex ? rest[end...] : rest[rest.utf8.index(after: end)...]
            try RecordingStream.refuseLoneCarriageReturn(rawLine, file: file, at: lineNumber)
            let code = rawLine.prefix { $0 != "#" }
            for piece in code.split(separator: ";") {
                // Any white space parts words: a no-break space pasted from a page too.
                let words = piece.split(whereSeparator: \.isWhitespace).map(String.init)
                guard let verb = words.first else { continue }
                var parser = ArgumentReader(file: file, line: lineNumber, verb: verb, words: Array(words.dropFirst()))
                let action = try parser.action()
                statements.append(
                    Statement(line: lineNumber, action: action, touch: try parser.touch(), defaulted: parser.defaulted))
            }
        }
        guard !statements.isEmpty else { throw RecordingError(.badData, file: file, "no gesture in the script") }
        // Settings are for the statements that follow; after the last, only the lift of fingers
        // still resting waits by the gap and the rate.
        if let last = statements.last, case .set(let settings) = last.action, settings.gap == nil,
            settings.rate == nil
        {
            throw RecordingError(
                .badData, file: file, line: last.line,
                "set after the last gesture changes nothing but the gap and rate of a last lift: put it before")
        }
        return GestureScript(statements: statements)
    }
}
