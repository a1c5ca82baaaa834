import LibinputDecisions
import LibinputEvents
import Recordings
import Replays
import TestSupport
import XCTest

/// The checks libinput runs as it adds a touchpad, held to what real libinput does with a
/// recording's device changed to fail each: it rejects the device, or makes a touchscreen of it.
final class TouchpadRefusalTests: XCTestCase {
    private enum Outcome: Equatable {
        case rejected, touchscreen, touchpad
    }

    private typealias Change = (inout DeviceDescription) -> Void

    private func without(_ type: UInt16, _ code: UInt16) -> Change {
        { device in
            device.codes[type]?.remove(code)
            if type == Evdev.EV_ABS { device.absinfo[code] = nil }
        }
    }

    func testEachRefusalIsWhatLibinputDoesWithTheDevice() throws {
        let original = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        let (x, y, mtX, mtY) = (Evdev.ABS_X, Evdev.ABS_Y, Evdev.ABS_MT_POSITION_X, Evdev.ABS_MT_POSITION_Y)
        let cases: [(String, Change, TouchpadRefusal.Reason?, Outcome)] = [
            ("as recorded", { _ in }, nil, .touchpad),
            ("ABS_X flat", { $0.absinfo[x]?.maximum = 0 }, .flatAxis(x, value: 0), .rejected),
            ("no ABS_Y", without(Evdev.EV_ABS, y), .unpaired(type: Evdev.EV_ABS, present: x, missing: y), .rejected),
            (
                "ABS_Y unresolved", { $0.absinfo[y]?.resolution = 0 }, .resolutionOnOneAxis(with: x, without: y),
                .rejected
            ),
            (
                "ABS_MT_POSITION_X unresolved", { $0.absinfo[mtX]?.resolution = 0 },
                .resolutionOnOneAxis(with: mtY, without: mtX), .rejected
            ),
            // The recording keeps udev's word that the device is a touchpad.
            (
                "no BTN_TOOL_FINGER", without(Evdev.EV_KEY, Evdev.BTN_TOOL_FINGER),
                .missing(type: Evdev.EV_KEY, code: Evdev.BTN_TOOL_FINGER), .rejected
            ),
            (
                "no BTN_TOOL_FINGER nor recorded udev properties",
                {
                    self.without(Evdev.EV_KEY, Evdev.BTN_TOOL_FINGER)(&$0)
                    $0.udevProperties = [:]
                }, .notATouchpad(kinds: ["ID_INPUT_TOUCHSCREEN"]), .touchscreen
            ),
            (
                "no BTN_TOUCH", without(Evdev.EV_KEY, Evdev.BTN_TOUCH),
                .missing(type: Evdev.EV_KEY, code: Evdev.BTN_TOUCH), .rejected
            ),
        ]
        for build in [LibinputBuild.system] + (try libinputBuilds(["1.31.3"])) {
            for (name, change, reason, expected) in cases {
                var recording = original
                change(&recording.device)
                recording.frames = recording.frames.map { frame in
                    var frame = frame
                    frame.events.removeAll { !$0.isSynReport && !recording.device.has(type: $0.type, code: $0.code) }
                    return frame
                }
                let label = "\(build.version), \(name)"
                let refusal = TouchpadRefusal.of(recording.device, libinput: build.version)
                XCTAssertEqual(refusal?.reason, reason, label)
                let cited = refusal.map {
                    $0.source.hasSuffix("(libinput \(build.version))") || $0.source.hasPrefix("udev's")
                }
                XCTAssertNotEqual(cited, false, "\(label): \(refusal?.source ?? "")")
                XCTAssertEqual(try outcome(of: recording, named: name, on: build), expected, label)
            }
        }
    }

    /// What real libinput makes of `recording`'s device.
    private func outcome(of recording: Recording, named name: String, on build: LibinputBuild) throws -> Outcome {
        var options = ReplayOptions()
        options.libinput = build
        do {
            let events = try Replay(.recording(recording), named: name, options: options).events
            let added = events.lazy.compactMap { if case .deviceAdded(let info) = $0.kind { info } else { nil } }
            let capabilities = try XCTUnwrap(added.first, name).capabilities
            return capabilities.contains(Capability.gesture)
                ? .touchpad : capabilities.contains(Capability.touch) ? .touchscreen : .rejected
        } catch let error as HarnessError where error.kind == .deviceRejected {
            return .rejected
        }
    }

    /// From 1.31.3 libinput also rejects an axis of an extreme range (a minimum above its maximum
    /// among them) or a negative resolution, which earlier versions take.
    func testFrom1Point31Point3AnExtremeRangeOrANegativeResolutionIsRejected() throws {
        let original = try RecordingLoader.load(Fixtures.synthesized.appendingPathComponent("pinch-in.yml").path)
        let pressure: UInt16 = 0x3a
        let changes: [(String, Change, (Int32) -> TouchpadRefusal.Reason)] = [
            (
                "extreme", { $0.absinfo[pressure]?.maximum = 2_000_000_000 },
                {
                    .extremeRange(pressure, minimum: $0, maximum: 2_000_000_000)
                }
            ),
            ("negative", { $0.absinfo[pressure]?.resolution = -1 }, { _ in .negativeResolution(pressure, -1) }),
            (
                "reversed", { $0.absinfo[pressure]?.maximum = -1 },
                {
                    .extremeRange(pressure, minimum: $0, maximum: -1)
                }
            ),
        ]
        for build in [LibinputBuild.system] + (try libinputBuilds(["1.31.3"])) {
            let strict = build.version == "1.31.3"
            for (name, change, reason) in changes {
                var recording = original
                change(&recording.device)
                let label = "\(build.version), \(name)"
                let minimum = recording.device.absinfo[pressure]?.minimum ?? 0
                XCTAssertEqual(
                    TouchpadRefusal.of(recording.device, libinput: build.version)?.reason,
                    strict ? reason(minimum) : nil, label)
                XCTAssertEqual(
                    try outcome(of: recording, named: name, on: build), strict ? .rejected : .touchpad, label)
            }
        }
    }
}
