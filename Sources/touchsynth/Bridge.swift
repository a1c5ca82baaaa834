import ArgumentParser
import Foundation
import Recordings
import AppEvents
import LibinputEvents
import LibinputKit
import MockedDevices
import TouchscreenBridge

/// `touchsynth bridge`: touchpad pinch and rotation, as compatibility mode simulates them, on a
/// virtual multitouch touchscreen that every evdev reader sees.
struct Bridge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Give touch-only programs the touchpad's pinch and rotation: a uinput touchscreen fed with compat mode's simulated touches.",
        discussion: """
            `bridge run` (the default) creates the virtual touchscreen and writes to it until SIGINT or SIGTERM, \
            which lift any touch still down and remove the device. Pointer motion, buttons and scrolling are \
            not touched: they reach the desktop from the touchpad as before. Needs write access to /dev/uinput \
            (root, or a udev rule giving a group access) and read access to the touchpad (the input group).
            `bridge check` verifies a captured stream: the touchscreen's touches must reproduce the touchpad \
            pinch's scale and angle.
            """,
        subcommands: [BridgeRun.self, BridgeCheck.self],
        defaultSubcommand: BridgeRun.self)
}

struct BridgeRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Create the virtual touchscreen and feed it until interrupted (or, with --replay, write its frames to a file).")

    @Option(help: "The udev seat.") var seat = "seat0"
    @Option(name: .customLong("device"), help: "Touchpad device nodes to open instead of the seat (repeatable).") var devicePaths: [String] = []
    @Option(help: "The delivery mode whose touches are injected: compat (indirect mode has no simulated touches).") var mode = ModeChoice(argument: "compat")!
    @Option(help: "Screen size in points, WIDTHxHEIGHT: the touchscreen covers it.") var screen: ScreenSize = ScreenSize(size: .defaultScreen)
    @Option(help: "Screen points per millimetre, for the touchscreen's resolution (5 ≈ a 127 ppi laptop screen).") var pointsPerMm = 5.0
    @Option(help: "The uinput node.") var uinput = "/dev/uinput"
    @Option(help: ArgumentHelp("Instead of listening, replay a recording through the mocked-device harness and write the touchscreen's frames as a recording (no uinput needed).",
                               valueName: "recording")) var replay: String?
    @Option(name: .shortAndLong, help: "With --replay: the touchscreen recording to write (.yml, .evemu or .evtest; default stdout as YAML).") var output: String?
    @Flag(help: "JSON Lines: one object per frame written.") var json = false

    func validate() throws {
        guard mode.modes == [.compatibility] else { throw ValidationError("--mode must be compat: only compatibility mode simulates touches") }
        guard pointsPerMm.isFinite, (0.1...100).contains(pointsPerMm) else { throw ValidationError("--points-per-mm must be within 0.1 and 100") }
        if output != nil && replay == nil { throw ValidationError("--output goes with --replay") }
        if replay != nil && !devicePaths.isEmpty { throw ValidationError("--replay and --device exclude each other") }
    }

    func run() throws {
        let touchscreen = VirtualTouchscreen(screen: screen.size, pointsPerMillimetre: pointsPerMm)
        var translator = AppEventTranslator(mode: .compatibility, configuration: .init(screenSize: screen.size))
        var encoder = TouchscreenEncoder(screen: touchscreen)
        if let replay { return replayToFile(replay, translator: &translator, encoder: &encoder) }

        let device: UinputDevice
        do { device = try UinputDevice(touchscreen.description, path: uinput) } catch { fail(error) }
        defer { device.destroy() }
        let context = reportingErrors { () throws -> LibinputContext in
            devicePaths.isEmpty ? try LibinputContext.udev(seat: seat) : try LibinputContext.path(devicePaths)
        }
        let own = (device.devnode as NSString).lastPathComponent
        writeStderr("touchsynth bridge: \(device.devnode) is \"\(touchscreen.name)\", \(screen) points; "
                    + "touchpad pinch and rotation now arrive there as two touches. Ctrl-C or SIGTERM removes it.")
        var failure: UinputError?
        reportingErrors {
            try context.run { event in
                // The bridge's own touchscreen shows up on the seat too; its touches are ours.
                guard event.device != own else { return true }
                for frame in encoder.frames(for: translator.translate(event)) {
                    do throws(UinputError) { try device.write(frame) } catch { failure = error; return false }
                    show(frame, at: event.time, on: own)
                }
                reportLog(context)
                return true
            }
        }
        let lift = encoder.liftAll()
        if !lift.isEmpty { try? device.write(lift) }
        if let failure { fail(failure) }
    }

    /// The frames the bridge would write for `path`'s events, as a recording of the touchscreen,
    /// timed like the libinput events they come from.
    private func replayToFile(_ path: String, translator: inout AppEventTranslator, encoder: inout TouchscreenEncoder) {
        let events = reportingErrors { () throws(HarnessError) in try replayEvents(.file(path), options: ReplayOptions()).events }
        var frames: [EvdevFrame] = []
        let start = events.first?.time ?? 0
        for event in events {
            for frame in encoder.frames(for: translator.translate(event)) {
                frames.append(EvdevFrame(time: event.time - start, events: frame))
            }
        }
        let lift = encoder.liftAll()
        if !lift.isEmpty { frames.append(EvdevFrame(time: (frames.last?.time ?? 0) + 1000, events: lift)) }
        writeRecording(Recording(device: encoder.screen.description, frames: frames), to: output, format: nil)
    }

    private func show(_ frame: [EvdevEvent], at time: UInt64, on node: String) {
        if json {
            let body = frame.filter { $0.type != Evdev.EV_SYN }
            emit(JSONLines.line(WrittenFrame(time_us: time, device: node, events: body.map { [Int($0.type), Int($0.code), Int($0.value)] })))
        } else {
            emit(String(format: "%.6f %@  ", Double(time) / 1e6, node) + frameText(frame))
        }
    }
}

/// `touchsynth bridge check CAPTURE [TOUCHSCREEN]`: the touchscreen's two touches, as libinput
/// read them back, against the touchpad pinch that made them.
struct BridgeCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check that a touchscreen's two-touch separation ratio and angle reproduce the touchpad pinch's scale and angle.",
        discussion: """
            Reads libinput event streams (debug/replay --json): the touchpad's GESTURE_PINCH events and the \
            touchscreen's TOUCH events, from one capture of the seat or from two files. Each pinch is matched \
            with the next two-touch contact; each update's scale and summed angle with the touch frames in order. \
            Exit status 0 when every frame is within the tolerance, 1 when not.
            """)

    @Argument(help: "JSON Lines with the touchpad's pinch events (and the touchscreen's, if one capture).") var capture: String
    @Argument(help: "JSON Lines with the touchscreen's touch events, if not in the capture.") var touchscreen: String?
    @Option(help: "Largest accepted difference: of scale, and of angle in radians.") var tolerance = 1e-3
    @Flag(help: "JSON Lines output.") var json = false

    func run() throws {
        var events = loadEventStream(capture)
        // Both files' devices may share an event node name (the harness's are all event10).
        if let touchscreen { events += loadEventStream(touchscreen).map { LibinputEvent(time: $0.time, device: "2:" + $0.device, kind: $0.kind) } }
        let result = BridgeFidelity.measure(events, tolerance: tolerance)
        if json {
            emit(JSONLines.line(FidelityLine(pinches: result.pinches, contacts: result.contacts, updates: result.updates, frames: result.frames,
                                             max_scale_error: result.maxScaleError, max_angle_error_rad: result.maxAngleError,
                                             problems: result.problems)))
        } else {
            for problem in result.problems.prefix(20) { emit("problem: \(problem)") }
            emit(String(format: "%d pinches (%d updates), %d two-touch contacts (%d frames): max scale error %.2e, max angle error %.2e rad (tolerance %.0e)",
                        result.pinches, result.updates, result.contacts, result.frames, result.maxScaleError, result.maxAngleError, tolerance))
        }
        if !result.problems.isEmpty || result.pinches == 0 { throw ExitCode(1) }
    }
}

/// Pinches against two-touch contacts, for ``BridgeCheck``.
enum BridgeFidelity {
    struct Result {
        var pinches = 0, updates = 0, contacts = 0, frames = 0
        var maxScaleError = 0.0, maxAngleError = 0.0
        var problems: [String] = []
    }

    /// One touch-frame measurement: separation (mm) and the angle of the line between the touches
    /// (radians, clockwise positive in the screen's y-down coordinates).
    struct Pair { var separation: Double; var angle: Double }

    static func measure(_ events: [LibinputEvent], tolerance: Double) -> Result {
        var sizes: [String: (width: Double, height: Double)] = [:]
        var touchscreens: Set<String> = []
        for e in events {
            if case .deviceAdded(let info) = e.kind, info.capabilities.contains(.touch) {
                touchscreens.insert(e.device)
                if let size = info.sizeMM { sizes[e.device] = size }
            }
        }
        // Pinches: each update's absolute scale and summed angle (radians).
        var pinches: [[(scale: Double, angle: Double)]] = []
        var summed = 0.0
        for e in events where !touchscreens.contains(e.device) {
            switch e.kind {
            case .gesturePinchBegin: pinches.append([]); summed = 0
            case .gesturePinchUpdate(_, _, let scale, let angleDelta) where !pinches.isEmpty:
                summed += angleDelta * .pi / 180
                pinches[pinches.count - 1].append((scale, summed))
            default: break
            }
        }
        // Contacts: the touch frames while exactly two touches are down, in mm.
        var contacts: [[Pair]] = []
        var down: [Int32: (x: Double, y: Double)] = [:]
        var inContact = false
        for e in events where touchscreens.contains(e.device) {
            let size = sizes[e.device] ?? (1, 1)
            switch e.kind {
            case .touchDown(let slot, _, let x, let y), .touchMotion(let slot, _, let x, let y):
                down[slot] = (x * size.width, y * size.height)
            case .touchUp(let slot, _), .touchCancel(let slot, _):
                down[slot] = nil
            case .touchFrame:
                if down.count == 2 {
                    let p = down.sorted { $0.key < $1.key }.map(\.value)
                    let pair = Pair(separation: hypot(p[1].x - p[0].x, p[1].y - p[0].y), angle: atan2(p[1].y - p[0].y, p[1].x - p[0].x))
                    if !inContact { contacts.append([]); inContact = true }
                    contacts[contacts.count - 1].append(pair)
                } else if down.count < 2 {
                    inContact = false
                }
            default: break
            }
        }
        var result = Result(pinches: pinches.count, updates: pinches.reduce(0) { $0 + $1.count }, contacts: contacts.count,
                            frames: contacts.reduce(0) { $0 + $1.count })
        if pinches.count != contacts.count {
            result.problems.append("\(pinches.count) pinches but \(contacts.count) two-touch contacts")
        }
        for (n, (pinch, contact)) in zip(pinches, contacts).enumerated() {
            guard let reference = contact.first else { continue }
            var frame = 1
            var last: (scale: Double, angle: Double) = (1, 0)
            for (k, update) in pinch.enumerated() {
                let measured = frame < contact.count ? contact[frame] : nil
                let scale = measured.map { $0.separation / reference.separation }
                let angle = measured.map { remainder($0.angle - reference.angle, 2 * .pi) }
                let expectedAngle = remainder(update.angle, 2 * .pi)
                if let scale, let angle, abs(scale - update.scale) <= tolerance, abs(angle - expectedAngle) <= tolerance {
                    result.maxScaleError = max(result.maxScaleError, abs(scale - update.scale))
                    result.maxAngleError = max(result.maxAngleError, abs(angle - expectedAngle))
                    last = update
                    frame += 1
                } else if abs(update.scale - last.scale) > tolerance || abs(remainder(update.angle - last.angle, 2 * .pi)) > tolerance {
                    // A frame may be missing only where the touches did not move (the kernel drops it).
                    result.problems.append(String(format: "pinch %d update %d: scale %.4f angle %.4f rad, touches show %@", n + 1, k + 1,
                                                  update.scale, update.angle,
                                                  scale.map { String(format: "scale %.4f angle %.4f", $0, angle ?? 0) } ?? "no frame"))
                    break
                }
            }
            if frame < contact.count && result.problems.isEmpty {
                result.problems.append("contact \(n + 1) has \(contact.count - frame) frames more than its pinch's updates")
            }
        }
        return result
    }
}

/// A frame the bridge writes, as `bridge --json` prints it: its events as `[type, code, value]`.
private struct WrittenFrame: Encodable {
    var time_us: UInt64
    var device: String
    var events: [[Int]]
}

/// `bridge check --json`'s line.
private struct FidelityLine: Encodable {
    var pinches: Int
    var contacts: Int
    var updates: Int
    var frames: Int
    var max_scale_error: Double
    var max_angle_error_rad: Double
    var problems: [String]
}
