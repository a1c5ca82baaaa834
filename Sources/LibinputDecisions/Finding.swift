/// A number behind one of libinput's decisions, recomputed from the recording's frames by the
/// rule of the libinput version that replayed it, against that rule's limit.
public struct Finding: Equatable, Sendable, Codable {
    /// The rule, named for what it measures.
    public var rule: Rule
    /// Microseconds into the recording of the frame the number is taken at.
    public var time: UInt64
    /// libinput's touch index (the MT slot), when the rule is about one touch.
    public var touch: Int?
    /// The number, in `unit`.
    public var value: Double
    /// The rule's limit, in `unit`; nil for a rule without one (libinput's direction test
    /// compares compass octants, not an angle).
    public var limit: Double?
    /// What `value` and `limit` count.
    public var unit: Unit
    /// Whether `value` is past `limit` the way the rule cares about (a tap too long, touches too far apart).
    public var exceeds: Bool
    /// Whether libinput's own log says the same: nil when its log says nothing of it.
    public var agreesWithLog: Bool?
    /// The rule in plain words with the numbers: "touch 0 was down 190 ms, longer than the 180 ms of a tap".
    public var text: String
    /// Where the rule is in libinput's source, with the version: "src/evdev-mt-touchpad-tap.c (1.28.1)".
    public var source: String
    /// For a rule over a box (touches within 40 × 7 mm, within 35 × 25 mm), both its sides: `value`
    /// and `limit` are one of them.
    public var box: Box? = nil

    /// How far apart two touches were across and up and down, in the finding's unit, against the
    /// sides of the box a rule weighs them by.
    public struct Box: Equatable, Sendable, Codable {
        /// How far apart across.
        public var x: Double
        /// How far apart up and down.
        public var y: Double
        /// The box's width.
        public var limitX: Double
        /// The box's height.
        public var limitY: Double
    }

    /// What a finding's number counts, as JSON spells it (docs/json.md).
    public enum Unit: String, Equatable, Sendable, Codable, CaseIterable {
        case mm, ms
        /// The device's own units (pressure, size).
        case units
        /// The touchpad's MT slots: how many touches it tracks one by one.
        case slots
        /// Fingers down; the limit may be the pad's slots, the most fingers it tracks.
        case fingers
        /// A rule without a measure in units (libinput's compass octants).
        case none = ""
    }

    /// JSON keys name their unit: `timeUs` (docs/json.md).
    enum CodingKeys: String, CodingKey {
        case rule, time = "timeUs", touch, value, limit, unit, exceeds, agreesWithLog, text, source, box
    }
}

/// The rules ``Explanation`` recomputes.
public enum Rule: String, Equatable, Sendable, Codable, CaseIterable {
    /// A tap is released within the tap timeout.
    case tapTime
    /// A tap's touch stays within the tap motion threshold.
    case tapTravel
    /// A touch within the drag timeout after a tap that moves or stays drags with the tap's
    /// button held; lifting first is a second tap.
    case tapDrag
    /// A touch pressing harder than the palm pressure threshold is a palm.
    case palmPressure
    /// A touch whose contact is larger than a quirk's palm size threshold is a palm.
    case palmSize
    /// A touch begins and ends by pressure.
    case touchPressure
    /// A touch begins and ends by its contact's size, where a quirk says so (`AttrTouchSizeRange`).
    case touchSize
    /// A touch beginning in the touchpad's side edge zones is a palm.
    case palmEdge
    /// Two fingers' scroll becomes a pinch when they part ways within the pinch timeout.
    case scrollToPinch
    /// How far each touch moved before libinput decided the gesture.
    case gestureMovement
    /// How far apart two touches were when the gesture timeout fired.
    case gestureSpacing
    /// Whether two touches moved the same way (scroll, swipe) or apart or together (pinch).
    case gestureDirection
    /// A thumb is a touch low on the clickpad.
    case thumbPosition
    /// With two or more fingers down, a touch coming down is weighed against the others: how far
    /// apart the two lowest are and how soon after the first it came decide which is a thumb.
    case thumbContext
    /// A finger moving past `max_move` while the lowest touch rests makes the lowest a thumb.
    case restingThumb
    /// A touchpad that cannot tell where each finger is (semi-MT, one slot) gets no pinch or
    /// swipe: two fingers scroll at once.
    case gestureSupport
    /// More than four fingers make no gesture: libinput's gesture machine posts nothing for them
    /// (`tp_gesture_post_events`).
    case gestureFingerLimit
    /// Fingers that rest until the hold timer fires are a hold.
    case holdTimer
    /// One finger moving the pointer that has moved under 0.5 mm when the hold timer fires begins
    /// a hold beside the motion, which its moving on cancels (`HOLD_AND_MOTION`).
    case holdAndMotion
    /// A new finger count during a gesture that lasts 100 ms ends the gesture; one before the
    /// gesture's first event is taken at once, and the gesture goes on with it.
    case fingerSwitch
    /// More fingers than the touchpad has slots: libinput cannot tell where they are, so three
    /// or more are a swipe at once, before any motion.
    case gestureFakeFingers
    /// On a Synaptics serial touchpad the touches jump while more fingers are down than it has
    /// slots: libinput counts no motion against a tap then.
    case tapFakeFingerMotion
    /// A touch that begins while disable-while-typing's timer runs (200 ms after a first key,
    /// 500 ms after each later one, and again when it runs out with a key held) is a palm.
    case typingPalm
    /// A touch moving past 20 mm in a frame, or 7 mm more than in its last, each scaled to a
    /// 12 ms frame, jumped: libinput discards the move and logs a kernel bug.
    case touchJump
    /// With three-finger drag on (1.31 and later), three fingers whose two followed touches moved
    /// 5 mm on average within 80 ms of being detected swipe; less, they drag.
    case threeFingerDragOrSwipe
}

extension [Finding] {
    /// The numbers of the rule libinput named for the palm it took at `decision`: a typing palm
    /// may press past the palm threshold too.
    func finding(forPalm decision: LibinputDecision) -> Finding? {
        guard let touch = decision.touch, case .detected(let reason) = decision.palmChange,
            let rule = [
                PalmReason.pressure: Rule.palmPressure, .touchSize: .palmSize, .edge: .palmEdge,
                .typing: .typingPalm,
            ][reason]
        else { return nil }
        return first {
            $0.rule == rule && $0.touch == touch && (rule == .typingPalm ? $0.time == decision.cause?.time : $0.exceeds)
        }
    }
}
