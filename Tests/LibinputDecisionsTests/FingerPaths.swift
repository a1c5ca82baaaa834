import Foundation
import GestureSynthesis
import Recordings
import TestSupport

/// A finger for a synthesized recording: down and up in seconds, its place in mm from the
/// touchpad's top-left corner at each instant, its pressure (from `pressing` at each instant when
/// set), and its contact's touch major and minor when set.
struct Finger {
    var down: Double
    var up: Double
    var pressure: Int32 = 60
    var pressing: ((Double) -> Int32)?
    var major: Int32?
    var minor: Int32?
    var at: (Double) -> (x: Double, y: Double)

    /// A finger resting at `x`, `y`.
    static func resting(_ down: Double, _ up: Double, x: Double, y: Double, pressure: Int32 = 60) -> Finger {
        Finger(down: down, up: up, pressure: pressure) { _ in (x, y) }
    }

    /// A finger moving from (`x`, `y`) at `speed` mm/s in the direction (`dx`, `dy`).
    static func moving(
        _ down: Double, _ up: Double, x: Double, y: Double, dx: Double, dy: Double, speed: Double
    ) -> Finger {
        let length = (dx * dx + dy * dy).squareRoot()
        return Finger(down: down, up: up) { t in
            let d = speed * (t - down) / length
            return (x + dx * d, y + dy * d)
        }
    }
}

/// Recordings of fingers following exact paths on a real touchpad's description, as its kernel
/// driver reports them (MT protocol B, with the single-touch axes and BTN_TOOL_* counts; fingers
/// beyond its slots by the count alone): for fixtures that sit on either side of one of
/// libinput's thresholds.
enum FingerPaths {
    /// The ASUS N500JK's Elantech clickpad: 100 × 66 mm, pressure 0–255.
    static let clickpad = Fixtures.devices.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc")
    /// A Cypress clickpad that reports the box around two fingers (INPUT_PROP_SEMI_MT) in two
    /// slots, and three by BTN_TOOL_TRIPLETAP.
    static let semiMT = Fixtures.devices.appendingPathComponent(
        "touchpads_CyPS2_Cypress_Trackpad.three_finger_press.desc")
    /// The ThinkPad P50's Synaptics touchpad: two slots, BTN_TOOL_TRIPLETAP for three fingers, a
    /// Synaptics serial touchpad by libinput's quirks.
    static let twoSlots = Fixtures.devices.appendingPathComponent("touchpads_SynPS2_Synaptics_TouchPad.lenovo-p50.desc")

    /// The gesture `script` (`touchsynth synthesize`'s language) performed on `description`.
    static func synthesized(_ script: String, on description: URL = clickpad) throws -> Recording {
        let device = try RecordingLoader.load(description.path)
        return try GestureSynthesizer.synthesize(
            try GestureScript.parse(script, file: "script.gesture"), on: device.device,
            options: GestureSynthesizer.Options(for: device), file: "script.gesture")
    }

    /// `button`, when given, is when the pad's button is held down (BTN_LEFT), in seconds.
    static func recording(
        _ fingers: [Finger], on description: URL = clickpad, rate: Double = 125, button: Range<Double>? = nil
    ) throws -> Recording {
        recording(fingers, device: try RecordingLoader.load(description.path).device, rate: rate, button: button)
    }

    /// A touchscreen of 300 × 200 mm that tracks ten fingers, as a kernel driver describes one.
    static let touchscreen: DeviceDescription = {
        var d = DeviceDescription(name: "Fixture Touchscreen", bustype: 0x03, vendor: 0x1234, product: 0x5678)
        d.codes = [
            Evdev.EV_SYN: [0, 3], Evdev.EV_KEY: [Evdev.BTN_TOUCH],
            Evdev.EV_ABS: [
                Evdev.ABS_X, Evdev.ABS_Y, Evdev.ABS_MT_SLOT, Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y,
                Evdev.ABS_MT_TRACKING_ID,
            ],
        ]
        let x = AbsInfo(minimum: 0, maximum: 3000, resolution: 10),
            y = AbsInfo(minimum: 0, maximum: 2000, resolution: 10)
        d.absinfo = [
            Evdev.ABS_X: x, Evdev.ABS_Y: y, Evdev.ABS_MT_POSITION_X: x, Evdev.ABS_MT_POSITION_Y: y,
            Evdev.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 9),
            Evdev.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
        ]
        d.properties = [Evdev.INPUT_PROP_DIRECT]
        return d
    }()

    static func recording(
        _ fingers: [Finger], device: DeviceDescription, rate: Double = 125, button: Range<Double>? = nil
    ) -> Recording {
        let x = device.absinfo[Evdev.ABS_MT_POSITION_X]!, y = device.absinfo[Evdev.ABS_MT_POSITION_Y]!
        let pressure = device.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_PRESSURE)
        let major = device.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_TOUCH_MAJOR)
        let minor = device.has(type: Evdev.EV_ABS, code: Evdev.ABS_MT_TOUCH_MINOR)
        var instants = Set(
            fingers.flatMap { [$0.down, $0.up] } + (button.map { [$0.lowerBound, $0.upperBound] } ?? []))
        let start = fingers.map(\.down).min()!, end = fingers.map(\.up).max()!
        var t = start
        while t < end {
            instants.insert((t * 1e6).rounded() / 1e6)
            t += 1 / rate
        }
        var frames: [EvdevFrame] = []
        var down = Set<Int>()
        for instant in instants.sorted() {
            var events: [EvdevEvent] = []
            func abs(_ code: UInt16, _ value: Int32) {
                events.append(EvdevEvent(type: Evdev.EV_ABS, code: code, value: value))
            }
            for (slot, finger) in fingers.enumerated() {
                let isDown = instant >= finger.down && instant < finger.up
                guard isDown || down.contains(slot) else { continue }
                guard slot < device.slotCount else {
                    if isDown { down.insert(slot) } else { down.remove(slot) }
                    continue
                }
                abs(Evdev.ABS_MT_SLOT, Int32(slot))
                if !isDown {
                    abs(Evdev.ABS_MT_TRACKING_ID, -1)
                    down.remove(slot)
                    continue
                }
                if down.insert(slot).inserted { abs(Evdev.ABS_MT_TRACKING_ID, Int32(slot + 1)) }
                let p = finger.at(instant)
                abs(Evdev.ABS_MT_POSITION_X, x.minimum + Int32((p.x * Double(x.resolution)).rounded()))
                abs(Evdev.ABS_MT_POSITION_Y, y.minimum + Int32((p.y * Double(y.resolution)).rounded()))
                if pressure { abs(Evdev.ABS_MT_PRESSURE, finger.pressing?(instant) ?? finger.pressure) }
                if major, let size = finger.major { abs(Evdev.ABS_MT_TOUCH_MAJOR, size) }
                if minor, let size = finger.minor { abs(Evdev.ABS_MT_TOUCH_MINOR, size) }
            }
            let first = fingers.indices.first { down.contains($0) }
            if let first {
                let p = fingers[first].at(instant)
                abs(Evdev.ABS_X, x.minimum + Int32((p.x * Double(x.resolution)).rounded()))
                abs(Evdev.ABS_Y, y.minimum + Int32((p.y * Double(y.resolution)).rounded()))
                if pressure { abs(Evdev.ABS_PRESSURE, fingers[first].pressure) }
            }
            let tools =
                [Evdev.BTN_TOOL_FINGER, Evdev.BTN_TOOL_DOUBLETAP, Evdev.BTN_TOOL_TRIPLETAP]
                + (device.has(type: Evdev.EV_KEY, code: Evdev.BTN_TOOL_QUADTAP) ? [Evdev.BTN_TOOL_QUADTAP] : [])
            for (n, tool) in tools.enumerated() {
                events.append(EvdevEvent(type: Evdev.EV_KEY, code: tool, value: down.count == n + 1 ? 1 : 0))
            }
            events.append(EvdevEvent(type: Evdev.EV_KEY, code: Evdev.BTN_TOUCH, value: down.isEmpty ? 0 : 1))
            if let button {
                events.append(
                    EvdevEvent(type: Evdev.EV_KEY, code: Evdev.BTN_LEFT, value: button.contains(instant) ? 1 : 0))
            }
            events.append(EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0))
            frames.append(EvdevFrame(time: UInt64(((instant - start) * 1e6).rounded()), events: events))
        }
        return Recording(device: device, frames: frames)
    }
}
