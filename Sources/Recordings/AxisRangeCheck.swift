/// Whether a log's events fit a description given for it (`--desc`): an axis value well beyond
/// the range the description gives says that it may be another device's, whose events libinput
/// would then read in the wrong millimetres. Of the description beside the log, its own by name,
/// it says that the device reported beyond its ranges.
struct AxisRangeCheck {
    private let absinfo: [UInt16: AbsInfo]
    /// The description is the log's own, found beside it.
    private let own: Bool
    /// Per axis, the value farthest beyond its range.
    private var beyond: [UInt16: Int32] = [:]

    init(_ device: DeviceDescription, own: Bool = false) {
        self.own = own
        absinfo = device.absinfo.filter {
            ![Evdev.ABS_MT_SLOT, Evdev.ABS_MT_TRACKING_ID, Evdev.ABS_MT_TOOL_TYPE].contains($0.key)
        }
    }

    mutating func read(_ frame: EvdevFrame) {
        for event in frame.events where event.type == Evdev.EV_ABS {
            guard let axis = absinfo[event.code] else { continue }
            // A pad's edges overshoot a little; a tenth of the range is another device's.
            let margin = max(Int64(axis.maximum) - Int64(axis.minimum), 10) / 10
            let past = Self.distance(event.value, axis)
            guard past > margin, past > beyond[event.code].map({ Self.distance($0, axis) }) ?? 0 else { continue }
            beyond[event.code] = event.value
        }
    }

    /// How far `value` lies outside `axis`'s range; 0 within it.
    private static func distance(_ value: Int32, _ axis: AbsInfo) -> Int64 {
        max(Int64(axis.minimum) - Int64(value), Int64(value) - Int64(axis.maximum), 0)
    }

    /// The note for the warnings, naming each axis and how far it went; nil when every value fits.
    var note: String? {
        guard !beyond.isEmpty else { return nil }
        let axes = beyond.sorted { $0.key < $1.key }.map { code, value in
            let axis = absinfo[code]!
            return "\(Evdev.codeName(type: Evdev.EV_ABS, code: code)) reaches \(value), outside "
                + "\(axis.minimum)…\(axis.maximum)"
        }
        let margin = " (by more than a tenth of the range)"
        guard !own else {
            return "the device reported beyond the ranges of its own description, beside the log: "
                + axes.joined(separator: "; ") + margin
        }
        return "the events do not fit the description given for them: " + axes.joined(separator: "; ") + margin
            + ": it may describe another device, or the device reports beyond its ranges"
    }
}
