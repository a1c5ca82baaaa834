import LibinputEventText
import LibinputEvents
import Quirks
import Recordings

/// Why libinput did what it did with a recording: for each touch sequence, the fingers, the
/// decisions its state machines logged (each at the frame or timer that caused it), the numbers
/// behind them recomputed by that libinput version's rules, and one closing line.
public struct Explanation: Equatable, Sendable {
    /// The libinput version that replayed the recording.
    public var libinputVersion: String
    /// The touchpad's name.
    public var device: String
    /// Its multitouch slots as this libinput sees them: the fingers it can track, each with a
    /// position (1 for a touchpad without ABS_MT_SLOT or one it reads as single-touch, a semi-MT
    /// pad or the HP Pavilion DM4's; 10 when read through mtdev's plugin).
    public var slots: Int
    /// Whether this libinput reads the touchpad's contacts, sent without slots, through its mtdev
    /// plugin (1.29 and later): explain then reads them as mtdev gives them to libinput.
    public var throughMtdev = false
    /// On a touchpad read as single-touch (without slots before 1.29, or semi-MT) whose
    /// single-touch and multitouch axes differ:
    /// the scale at which libinput measures its distances.
    public var singleTouchReading: SingleTouchReading?
    /// The thresholds libinput logged as it set the touchpad up.
    public var thresholds: DeviceThresholds
    /// Whether the part replayed was cut (`--end`) with fingers down, which the cut lifted at its end.
    public var endsInCut = false
    /// The send-events mode asked of the touchpad, and what libinput made of it; nil when none was.
    public var sendEvents: SendEventsSetting? = nil
    /// The quirks that applied to the device, and the DMI it was matched against, when listed.
    public var quirks: QuirksListing?
    /// The quirks libinput matched but does not use on this touchpad, each with why.
    public var unusedQuirks: [UnusedQuirk] = []
    /// One per touch sequence, in time order.
    public var sequences: [SequenceExplanation]
    /// libinput's log lines about touches that no known form reads: said, never guessed at.
    public var unreadLines: [String]
    /// What libinput said (info and errors) as it met a fault the replay injected
    /// (`--syn-dropped`: frames lost and the device's state read again; `--unplug`), at the
    /// fault's instant. The findings read every recorded frame, those libinput did not get too.
    public var faults: [LoggedFault] = []
    /// The buttons pressed or released with no finger on the pad (a physical button beside it,
    /// a clickpad pressed by a nail): the recording's own button keys, which no sequence's
    /// fingers made, so none is credited with them.
    public var buttonsWithoutFinger: [ButtonChange] = []
    /// The pad's BTN_0…BTN_2 keys that libinput dropped, with how often each was pressed: it
    /// passes a touchpad's to a trackpoint paired with it as that one's buttons, and drops them
    /// without one (`tp_process_trackpoint_button`). Empty where none was, or a trackpoint sent
    /// buttons.
    public var droppedTrackpointButtons: [KeyPresses] = []
    /// Where libinput drops them: the line cited, with its version.
    public var trackpointButtonDrop = ""
    /// Where no finger touched the pad at all: what libinput sent of it, by event type, most
    /// frequent first (a mouse's motion, wheel and buttons); empty otherwise.
    public var sentWithoutTouch: [EventTypeCount] = []
    /// Whether the device reports touches (position axes): one that does not, a mouse, has no
    /// sequences for explain to follow.
    public var reportsTouches = true
    /// How far the position axes reach, from their minimum (mm, as the touches are placed): a
    /// touch beyond is one the kernel reported off its own range.
    public var padExtent: PointMM?

    /// A key and how often it was pressed.
    public struct KeyPresses: Equatable, Sendable {
        public var key: UInt16
        public var presses: Int
    }

    /// A button's press or release.
    public struct ButtonChange: Equatable, Sendable {
        /// Microseconds into the recording.
        public var time: UInt64
        /// The evdev code, `BTN_LEFT` (0x110)…
        public var button: UInt32
        public var pressed: Bool
    }

    /// Decision lines libinput logged before the first frame, as it set the device up (with
    /// touches the recording's header holds down): they open the first sequence.
    public var unattributed: Int
    /// Where the recording's first frame fell on libinput's clock, and the instant text counts
    /// time from (the replay's first event), so that a decision has the time `replay` shows.
    public var recordingStart: UInt64
    public var timeBase: TimeBase

    /// A line libinput logged as it met an injected fault, and when.
    public struct LoggedFault: Equatable, Sendable {
        /// Microseconds into the recording.
        public var time: UInt64
        /// libinput's words.
        public var line: String
    }

    /// Seconds since the replay's first event of `micros` into the recording.
    public func seconds(_ micros: UInt64) -> Double { timeBase.seconds(recordingStart + micros) }

    /// Where libinput added the recording's `device` among a replay's `events`: its node, and what
    /// libinput said of it; nil where it added none of that name. Other devices (`--with`) are not
    /// the touchpad explained.
    public static func padAdded(
        _ device: DeviceDescription, in events: [LibinputEvent]
    ) -> (
        node: String, info: DeviceInfo
    )? {
        events.lazy.compactMap { event -> (node: String, info: DeviceInfo)? in
            guard case .deviceAdded(let info) = event.kind, info.name == device.name else { return nil }
            return (event.device, info)
        }.first
    }

    /// The sequence an event at `time` on libinput's clock falls in, as the events each reports
    /// are placed: the last to begin at or before it, the first for one before them all; nil for
    /// one before the recording, or where there is no sequence. A button with no finger down
    /// (``buttonsWithoutFinger``), which no sequence reports, falls in the one before it here.
    public func sequenceNumber(at time: UInt64) -> Int? {
        guard time >= recordingStart, !sequences.isEmpty else { return nil }
        return sequences[sequences.map(\.start).sequenceIndex(holding: time - recordingStart)].number
    }

    /// Every decision line attributed to a frame, a timer or a fault.
    public var attributed: Int { sequences.map(\.decisions.count).reduce(0, +) - unattributed }
}

/// One touch sequence explained.
public struct SequenceExplanation: Equatable, Sendable {
    /// From 1.
    public var number: Int
    /// Microseconds into the recording of its first touch-down and of its last finger's lift.
    public var start: UInt64
    public var end: UInt64
    /// Each finger: where it came down and lifted, how far it went.
    public var touches: [TouchSummary]
    /// The most fingers libinput counted down at once.
    public var fingers: Int
    /// The BTN_TOOL_* key that counted them, when the touchpad has fewer slots than fingers and
    /// reports the others by that key alone: they have no touch of their own below.
    public var fingersKey: UInt16?
    /// libinput's decisions in this sequence, in the order it made them.
    public var decisions: [LibinputDecision]
    /// What libinput reported for it: gestures, scrolling, motion, buttons.
    public var reported: [ReportedGesture]
    /// The numbers behind the decisions.
    public var findings: [Finding]
    /// "libinput made this a scroll, not a pinch, because …".
    public var conclusion: String
    /// The conclusion with each source named by its file alone, as another libinput version's
    /// reads where that version decides alike: the line numbers of a rule move between versions.
    public var conclusionAcrossVersions: String
    /// The number the conclusion rests on, when a rule recomputed here decided it.
    public var deciding: Finding?
}

/// One finger of a sequence.
public struct TouchSummary: Equatable, Sendable, Codable {
    /// libinput's touch index: the MT slot.
    public var touch: Int
    /// Microseconds into the recording.
    public var down: UInt64
    /// When it lifted; the last frame's time when it was still down there (``stillDown``).
    public var up: UInt64
    /// True when the recording ended with the touch down (stopped with fingers on the pad).
    public var stillDown: Bool?
    /// Where it came down and where it lifted, in mm from the touchpad's top-left corner.
    public var from: PointMM
    public var to: PointMM
    /// The farthest it got from where it came down, in mm.
    public var travel: Double
    /// Its highest pressure, when the device reports pressure.
    public var peakPressure: Int?
    /// The longest either axis of its contact got (ABS_MT_TOUCH_MAJOR, _MINOR), when reported.
    public var peakSize: Int?
    /// True when the kernel reported it past its position axes' range at a frame: off the pad.
    public var offPad: Bool?
    /// The touch whose moving finger the pad gave this touch's slot as it came down
    /// (``SlotHandover``): this touch is that finger, the other touch the new contact.
    public var takenFrom: SlotHandover?
    /// The touch the pad gave this touch's finger to as it lifted: the finger went on there.
    public var handedTo: SlotHandover?
}

/// A point on the touchpad, in millimetres (device units when it reports no resolution).
public struct PointMM: Equatable, Sendable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    func distance(to other: PointMM) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
}

extension TrackPoint {
    var mm: PointMM { PointMM(x: x, y: y) }
}

extension Array where Element: Comparable {
    /// Among sequences' ordered starts (times or first frames), the index of the sequence that
    /// holds `value`: the last to begin at or before it, the first for one before them all.
    func sequenceIndex(holding value: Element) -> Int {
        indexBeforePartition(where: { $0 > value }) ?? 0
    }
}
