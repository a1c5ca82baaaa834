import LibinputDecisions
import LibinputEvents
import Recordings

/// An ``Explanation`` as `explain --json` writes it (docs/json.md): a line for the device, then
/// one per touch sequence; times are microseconds into the recording (`Us`), lengths millimetres.
public enum ExplanationLines {
    /// The device's line: `explainDevice`.
    public struct Device: Encodable {
        var recording: String
        var libinputVersion: String
        var device: String
        var slots: Int
        /// Only when true: the key is new, and its absence says what it did before.
        var throughMtdev: Bool?
        var singleTouchReading: SingleTouchReading?
        var thresholds: DeviceThresholds
        var quirks: QuirksListingText.Line?
        var unusedQuirks: [UnusedQuirkLine]
        var sendEvents: SendEvents?
        var sequences: Int
        var attributedDecisions: Int
        var unattributedDecisions: Int
        var unreadLines: [String]
        var faults: [Fault]
        var buttonsWithoutFinger: [ButtonChange]
        var droppedTrackpointButtons: [KeyPresses]?
        var sentWithoutTouch: [EventTypeCount]
        /// Only when false: a device without position axes (a mouse).
        var reportsTouches: Bool?
        var padExtent: [Double]?
        /// Where the recording's first frame fell on libinput's clock: the `timeUs` of `replay
        /// --json`'s events at it, which the `…Us` keys here count from.
        var recordingStartUs: UInt64
    }

    /// A key the pad pressed that libinput dropped, and how often.
    struct KeyPresses: Encodable {
        var key: String
        var presses: Int
    }

    /// A button pressed or released with no finger on the pad.
    struct ButtonChange: Encodable {
        var timeUs: UInt64
        var button: String
        var pressed: Bool
    }

    /// The send-events mode asked of the touchpad and what libinput made of it.
    public struct SendEvents: Encodable {
        var mode: String
        var taken: Bool
        var suspended: Bool
        var externalMice: [Mouse]
        var otherMice: [Mouse]
        var why: String

        init(_ s: SendEventsSetting) {
            (mode, taken, suspended) = (s.mode.rawValue, s.taken, s.suspended)
            (externalMice, otherMice, why) = (s.externalMice.map(Mouse.init), s.otherMice.map(Mouse.init), s.why)
        }

        /// A pointing device beside the touchpad: its name, node and bus.
        struct Mouse: Encodable {
            var name: String
            var node: String
            var bus: String

            init(_ m: SendEventsSetting.Mouse) { (name, node, bus) = (m.name, m.node, Bus.name(m.bus)) }
        }
    }

    /// A quirk libinput matched but does not use on the touchpad, and why.
    public struct UnusedQuirkLine: Encodable {
        var key: String
        var value: String
        var file: String
        var why: String

        init(_ u: UnusedQuirk) { (key, value, file, why) = (u.property.key, u.property.value, u.property.file, u.why) }
    }

    /// A line libinput logged as it met an injected fault.
    public struct Fault: Encodable {
        var timeUs: UInt64
        var line: String
    }

    /// A sequence's line: `explainSequence`.
    public struct Sequence: Encodable {
        var recording: String
        var libinputVersion: String
        var number: Int
        var startUs: UInt64
        var endUs: UInt64
        var fingers: Int
        var fingersKey: String?
        var touches: [Touch]
        var decisions: [Decision]
        var reported: [String]
        var findings: [Finding]
        var conclusion: String
        var deciding: Rule?
    }

    struct Touch: Encodable {
        var touch: Int
        var downUs: UInt64
        var upUs: UInt64
        var fromMm: PointMM
        var toMm: PointMM
        var travelMm: Double
        var peakPressure: Int?
        var stillDown: Bool?
        var offPad: Bool?
        var takenFrom: Handover?
        var handedTo: Handover?

        init(_ t: TouchSummary) {
            (touch, downUs, upUs, fromMm, toMm, travelMm, peakPressure, stillDown, offPad) =
                (t.touch, t.down, t.up, t.from, t.to, t.travel, t.peakPressure, t.stillDown, t.offPad)
            (takenFrom, handedTo) = (t.takenFrom.map(Handover.init), t.handedTo.map(Handover.init))
        }
    }

    /// A ``SlotHandover``, its step's unit in its key.
    struct Handover: Encodable {
        var touch: Int
        var stepMm: Double
        var offHeadingMm: Double?

        init(_ h: SlotHandover) { (touch, stepMm, offHeadingMm) = (h.touch, h.step, h.offHeading) }
    }

    struct Decision: Encodable {
        var machine: LibinputDecision.Machine
        var touch: Int?
        var fingers: Int?
        var from: String?
        var event: String?
        var to: String?
        var text: String
        var cause: String
        var frame: Int?
        var device: Int?
        var timeUs: UInt64?

        init(_ d: LibinputDecision) {
            (machine, touch, fingers, from, event, to, text) = (
                d.machine, d.touch, d.fingers, d.from, d.event, d.to, d.text
            )
            switch d.cause {
            case .frame(let device, let index, let time):
                (cause, self.device, frame, timeUs) = ("frame", device, index, time)
            case .timers(let time): (cause, timeUs) = ("timers", time)
            case .fault(let time): (cause, timeUs) = ("fault", time)
            case nil: cause = "setUp"
            }
        }
    }

    /// Where two explanations part: `explainChange`.
    public struct Change: Encodable {
        var recording: String
        var libinputVersion: String
        var against: String?
        var withQuirks: Bool
        var number: Int
        var numbers: [Int]?
        var beforeNumbers: [Int]?
        var before: String
        var after: String

        public init(
            recording: String, libinputVersion: String, against: String?, withQuirks: Bool, change: ExplanationChange
        ) {
            self.recording = recording
            self.libinputVersion = libinputVersion
            self.against = against
            self.withQuirks = withQuirks
            number = change.number
            if !change.dividedAlike { (numbers, beforeNumbers) = (change.numbers, change.beforeNumbers) }
            before = change.before
            after = change.after
        }
    }

    /// A line per change: with and without `--quirks` on `version`, or against the version `against`,
    /// then, against a version, where their `events` part.
    public static func changes(
        _ changes: [ExplanationChange], recording: String, version: String, against: String?,
        events: VersionParting? = nil
    ) -> [any Encodable] {
        let lines: [any Encodable] = changes.map {
            Change(
                recording: recording, libinputVersion: version, against: against, withQuirks: against == nil, change: $0
            )
        }
        guard let against else { return lines }
        return lines + [
            EventsParting(recording: recording, libinputVersion: version, against: against, parting: events)
        ]
    }

    /// Where two versions' events part: `explainEvents`.
    public struct EventsParting: Encodable {
        var recording: String
        var libinputVersion: String
        var against: String
        /// nil, encoded as null: the same events.
        var parting: VersionParting?

        private enum CodingKeys: String, CodingKey { case recording, libinputVersion, against, parting }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(recording, forKey: .recording)
            try c.encode(libinputVersion, forKey: .libinputVersion)
            try c.encode(against, forKey: .against)
            try c.encode(parting, forKey: .parting)
        }
    }

    /// The device's line, then a line per sequence.
    public static func lines(_ e: Explanation, recording: String) -> [any Encodable] {
        let device = Device(
            recording: recording, libinputVersion: e.libinputVersion, device: e.device, slots: e.slots,
            throughMtdev: e.throughMtdev ? true : nil, singleTouchReading: e.singleTouchReading,
            thresholds: e.thresholds,
            quirks: e.quirks.map { QuirksListingText.Line($0, recording: recording) },
            unusedQuirks: e.unusedQuirks.map(UnusedQuirkLine.init),
            sendEvents: e.sendEvents.map(SendEvents.init), sequences: e.sequences.count,
            attributedDecisions: e.attributed, unattributedDecisions: e.unattributed,
            unreadLines: e.unreadLines, faults: e.faults.map { Fault(timeUs: $0.time, line: $0.line) },
            buttonsWithoutFinger: e.buttonsWithoutFinger.map {
                ButtonChange(
                    timeUs: $0.time, button: Evdev.codeName(type: Evdev.EV_KEY, code: UInt16(clamping: $0.button)),
                    pressed: $0.pressed)
            },
            droppedTrackpointButtons: e.droppedTrackpointButtons.isEmpty
                ? nil
                : e.droppedTrackpointButtons.map {
                    KeyPresses(key: Evdev.codeName(type: Evdev.EV_KEY, code: $0.key), presses: $0.presses)
                },
            sentWithoutTouch: e.sentWithoutTouch,
            reportsTouches: e.reportsTouches ? nil : false, padExtent: e.padExtent.map { [$0.x, $0.y] },
            recordingStartUs: e.recordingStart)
        return [device]
            + e.sequences.map { s in
                Sequence(
                    recording: recording, libinputVersion: e.libinputVersion, number: s.number, startUs: s.start,
                    endUs: s.end, fingers: s.fingers,
                    fingersKey: s.fingersKey.map { Evdev.codeName(type: Evdev.EV_KEY, code: $0) },
                    touches: s.touches.map(Touch.init),
                    decisions: s.decisions.map(Decision.init),
                    reported: s.reported.map(\.description), findings: s.findings, conclusion: s.conclusion,
                    deciding: s.deciding?.rule)
            }
    }
}
