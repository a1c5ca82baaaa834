import Foundation
import TextTables

/// A device description made up from the events a log holds, for a log pasted without one,
/// gathered one event at a time so that a long log need not be held. Every guess is said, so
/// that a reader knows what libinput was told.
public struct DescriptionInference: Sendable {
    /// How far past the values seen an axis reaches, as a share of their span on each side: a
    /// finger rarely touches the very edge in a short log.
    static let margin = 0.05

    private var codes: [UInt16: Set<UInt16>] = [:]
    private var ranges: [UInt16: (Int32, Int32)] = [:]
    private var count = 0
    private var sentMTReport = false

    /// Nothing seen yet.
    public init() {}

    /// Takes in one event of the log.
    public mutating func add(_ e: EvdevEvent) {
        count += 1
        guard e.type != Evdev.EV_SYN else {
            if e.code == Evdev.SYN_MT_REPORT { sentMTReport = true }
            return
        }
        codes[e.type, default: []].insert(e.code)
        if e.type == Evdev.EV_ABS {
            let (lo, hi) = ranges[e.code] ?? (e.value, e.value)
            ranges[e.code] = (min(lo, e.value), max(hi, e.value))
        }
    }

    /// A description under which every event seen is a code the device declares: a touchpad,
    /// "Inferred touchpad", when they give an x or y position, else "Inferred device" of those codes alone;
    /// and what was guessed, a few words each. Axes `given` (an evemu `A:` list) take the place
    /// of those inferred, and nothing is said of the ranges then.
    public func inferred(axes given: [UInt16: AbsInfo] = [:]) -> (device: DeviceDescription, guesses: [String]) {
        var device = DeviceDescription(
            name: "", bustype: 0x18, codes: [Evdev.EV_SYN: [Evdev.SYN_REPORT, Evdev.SYN_DROPPED]])
        var ranges = self.ranges
        device.codes.merge(codes) { old, new in old.union(new) }
        if sentMTReport {
            device.codes[Evdev.EV_SYN, default: []].insert(Evdev.SYN_MT_REPORT)
        }
        let moves = { (x: UInt16, y: UInt16) in ranges[x] != nil || ranges[y] != nil }
        let touchpad =
            moves(Evdev.ABS_X, Evdev.ABS_Y) || moves(Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y)
        device.name = touchpad ? "Inferred touchpad" : "Inferred device"
        var guesses = [
            "no device description, so one was inferred from the \(TextTable.counted(count, "event")): "
                + "named \"\(device.name)\", on the I2C bus"
        ]
        if !touchpad {
            guesses.append("no x or y position among them, so no touchpad: a device of the codes they hold alone")
        }
        // A gesture along one axis may never move the other, which the device has all the same.
        let axes = [(Evdev.ABS_X, Evdev.ABS_Y), (Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y)]
        for (x, y) in axes where (ranges[x] == nil) != (ranges[y] == nil) {
            ranges[ranges[x] == nil ? x : y] = (0, 0)
            device.codes[Evdev.EV_ABS, default: []].formUnion([x, y])
        }
        // The kernel's pointer emulation gives every multitouch pad ABS_X/ABS_Y, which libinput needs.
        for (mt, single) in [(Evdev.ABS_MT_POSITION_X, Evdev.ABS_X), (Evdev.ABS_MT_POSITION_Y, Evdev.ABS_Y)]
        where ranges[mt] != nil && ranges[single] == nil {
            ranges[single] = ranges[mt]
            device.codes[Evdev.EV_ABS, default: []].insert(single)
        }
        // Tracking ids come only from a device with slots (protocol B, unlike A's SYN_MT_REPORT),
        // and a log of one finger never names its slot; without the axis libinput would read the
        // contacts as protocol A's and never see one begin.
        if ranges[Evdev.ABS_MT_TRACKING_ID] != nil && ranges[Evdev.ABS_MT_SLOT] == nil && !sentMTReport
            && given[Evdev.ABS_MT_SLOT] == nil
        {
            ranges[Evdev.ABS_MT_SLOT] = (0, 0)
            device.codes[Evdev.EV_ABS, default: []].insert(Evdev.ABS_MT_SLOT)
            guesses.append(
                "tracking ids without SYN_MT_REPORT, so a device with slots (multitouch protocol B) whose log "
                    + "never names one: declared ABS_MT_SLOT with the one slot, 0")
        }
        for (code, (lo, hi)) in ranges {
            switch code {
            case Evdev.ABS_MT_SLOT:
                device.absinfo[code] = AbsInfo(minimum: 0, maximum: hi)
            case Evdev.ABS_MT_TRACKING_ID:
                device.absinfo[code] = AbsInfo(minimum: 0, maximum: 65535)
            default:
                // Axes start at 0 unless the log went below, and end at 0 at least; the margin is of
                // the largest value, or of the span where that is larger.
                let (low, high) = (Int64(lo), Int64(hi))
                let widen = Int64(Double(max(high - low, abs(high))) * Self.margin) + 1
                device.absinfo[code] = AbsInfo(
                    minimum: low >= 0 ? 0 : Int32(clamping: low - widen), maximum: Int32(clamping: max(high + widen, 0))
                )
            }
        }
        // A gesture along one axis says little of the other: the pad is at least as tall (or
        // wide) as libinput's assumed pad (``AssumedPadSize``) with the same units per millimetre.
        let xs = [Evdev.ABS_X, Evdev.ABS_MT_POSITION_X].filter { device.absinfo[$0] != nil }
        let ys = [Evdev.ABS_Y, Evdev.ABS_MT_POSITION_Y].filter { device.absinfo[$0] != nil }
        // Spans, not maxima: an axis the log took below 0 starts there.
        func span(_ info: AbsInfo?) -> Int64? { info.map { Int64($0.maximum) - Int64($0.minimum) } }
        if let width = xs.compactMap({ span(device.absinfo[$0]) }).max(),
            let height = ys.compactMap({ span(device.absinfo[$0]) }).max()
        {
            let (padWidth, padHeight) = (Double(AssumedPadSize.width), Double(AssumedPadSize.height))
            let (w, h) = (
                max(width, Int64(Double(height) * padWidth / padHeight)),
                max(height, Int64(Double(width) * padHeight / padWidth))
            )
            for (codes, extent) in [(xs, w), (ys, h)] {
                for code in codes {
                    guard let low = device.absinfo[code]?.minimum else { continue }
                    device.absinfo[code]?.maximum = Int32(clamping: Int64(low) + extent)
                }
            }
        }
        for (code, info) in given {
            device.absinfo[code] = info
            device.codes[Evdev.EV_ABS, default: []].insert(code)
        }
        let slots =
            device.absinfo[Evdev.ABS_MT_SLOT].map { Int($0.maximum) + 1 }
            ?? (device.absinfo[Evdev.ABS_MT_POSITION_X] == nil ? 0 : 1)
        if !ranges.isEmpty && given.isEmpty {
            guesses.append(
                "axis ranges: from 0, or below the least value seen where that is negative, to the largest value seen "
                    + "plus \(Int(Self.margin * 100)) % (0 at least), x and y in the "
                    + "proportions of a \(AssumedPadSize.text) pad; "
                    + "no resolution, so libinput takes the pad to be \(AssumedPadSize.text)")
        }
        if ranges[Evdev.ABS_X] != nil && ranges[Evdev.ABS_Y] != nil {
            var keys: [UInt16] = [Evdev.BTN_TOUCH, Evdev.BTN_TOOL_FINGER]
            let taps = [
                Evdev.BTN_TOOL_DOUBLETAP, Evdev.BTN_TOOL_TRIPLETAP, Evdev.BTN_TOOL_QUADTAP, Evdev.BTN_TOOL_QUINTTAP,
            ]
            keys += taps.prefix(max(0, min(slots, 5) - 1))
            let missing = keys.filter { !device.has(type: Evdev.EV_KEY, code: $0) }
            device.codes[Evdev.EV_KEY, default: []].formUnion(missing)
            if !missing.isEmpty {
                guesses.append(
                    "a touchpad: declared "
                        + missing.map { Evdev.codeName(type: Evdev.EV_KEY, code: $0) }.joined(separator: ", "))
            }
            if !device.has(type: Evdev.EV_KEY, code: Evdev.BTN_LEFT) {
                device.codes[Evdev.EV_KEY, default: []].insert(Evdev.BTN_LEFT)
                guesses.append("declared BTN_LEFT, the button every touchpad has")
            }
            device.properties.insert(Evdev.INPUT_PROP_POINTER)
            if !device.has(type: Evdev.EV_KEY, code: Evdev.BTN_RIGHT) {
                device.properties.insert(Evdev.INPUT_PROP_BUTTONPAD)
                guesses.append("no BTN_RIGHT: a clickpad (INPUT_PROP_BUTTONPAD)")
            }
        }
        return (device, guesses)
    }
}
