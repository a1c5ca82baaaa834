import ArgumentParser
import Foundation
import LibinputEventText
import Report
import Recordings
import AppEvents
import LibinputEvents
import LibinputKit
import Replays
import TouchscreenBridge
import UinputDevices

/// `touchsynth bridge`: touchpad pinch and rotation, as compatibility mode simulates them, on a
/// virtual multitouch touchscreen that every evdev reader sees.
struct Bridge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract:
            "Give touch-only programs the touchpad's pinch and rotation: a uinput touchscreen fed with compat mode's "
            + "simulated touches.",
        discussion: """
            `bridge run` (the default) creates the virtual touchscreen and writes to it until SIGINT or SIGTERM, which \
            lift any touch still down and remove the device. Pointer motion, buttons and scrolling are not touched: \
            they reach the desktop from the touchpad as before. Needs write access to /dev/uinput (root, or a udev \
            rule giving a group access) and read access to the touchpad (the input group).
            `bridge check` verifies a captured stream: the touchscreen's touches must reproduce the touchpad pinch's \
            scale and angle.
            """,
        subcommands: [BridgeRun.self, BridgeCheck.self],
        defaultSubcommand: BridgeRun.self)
}

struct BridgeRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract:
            "Create the virtual touchscreen and feed it until interrupted (or, with --replay, write its frames to a "
            + "file)."
    )

    @Option(help: "The udev seat (seat0).") var seat: String?
    @Option(
        name: .customLong("device"),
        help: ArgumentHelp(
            "A device by node (event2 or /dev/input/event2): the touchpads to open instead of the seat (repeatable); "
                + "with --replay, the one to read of a log or YAML file of several.",
            valueName: "node"), transform: DeviceNode.named)
    var devicePaths: [String] = []
    @Option(help: Help.desc) var desc: String?
    @Option(help: .hidden) var mode: ModeChoice?
    @Option(parsing: .unconditional, help: "Screen size in points, WIDTHxHEIGHT: the touchscreen covers it.")
    var screen: ScreenSize =
        ScreenSize(size: .defaultScreen)
    @Option(
        parsing: .unconditional,
        help: "Screen points per millimetre, for the touchscreen's resolution (5 ≈ a 127 ppi laptop screen).")
    var pointsPerMm = 5.0
    @Option(help: "The uinput node (/dev/uinput).") var uinput: String?
    @Option(
        help: ArgumentHelp(
            "Instead of listening, replay a recording through the mocked-device harness and write the touchscreen's "
                + "frames as a recording (no uinput needed).",
            valueName: "recording")) var replay: String?
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Output file of --replay: the touchscreen recording (.yml, .evemu or .evtest; default stdout as YAML).",
            valueName: "file"))
    var output: String?
    @Flag(help: "JSON Lines: one object per frame written.") var json = false

    func validate() throws {
        if let mode, mode.modes != [.compatibility] {
            throw ValidationError("--mode must be compat: only compatibility mode simulates touches")
        }
        guard pointsPerMm.isFinite, (0.1...100).contains(pointsPerMm) else {
            throw ValidationError("--points-per-mm must be within 0.1 and 100")
        }
        if output != nil && replay == nil { throw ValidationError("--output goes with --replay") }
        if json && replay != nil {
            throw ValidationError("--json prints the frames written live; --replay writes them as a recording")
        }
        if replay != nil && devicePaths.count > 1 {
            throw ValidationError("--replay reads one recording: one --device, the device of a file of several")
        }
        if replay != nil, let listening = given(["--seat": seat != nil, "--uinput": uinput != nil]).first {
            throw ValidationError("--replay writes the touchscreen's frames to a file: \(listening) is for listening")
        }
        if replay == nil && desc != nil {
            throw ValidationError("--desc describes --replay's recording: live touchpads describe themselves")
        }
        try LiveInputOptions.checkSeat(seat, devices: devicePaths)
    }

    func run() throws {
        let touchscreen = VirtualTouchscreen(screen: screen.size, pointsPerMillimetre: pointsPerMm)
        if mode != nil { deprecated("--mode", use: "nothing: the bridge always injects compat mode's touches") }
        if let replay { return try replayToFile(replay, touchscreen: touchscreen) }
        let device = try UinputDevice(touchscreen.description, path: uinput ?? "/dev/uinput")
        defer { device.destroy() }
        let context = try LibinputContext.live(seat: seat ?? "seat0", nodes: devicePaths)
        writeStderr(
            "touchsynth bridge: \(device.devnode) is \"\(touchscreen.name)\", \(screen) points; "
                + "touchpad pinch and rotation now arrive there as two touches. Ctrl-C or SIGTERM removes it.")
        // A live stream's header goes out at once: nothing refuses the stream once it runs.
        if json { try emit(JSONLines.header("bridgeFrames")) }
        let own = (device.devnode as NSString).lastPathComponent
        var printing = FirstFailure()
        try BridgeFeed(touchscreen: touchscreen).run(context, into: device) { frame, time in
            let printed = printing.attempt { try show(frame, at: time, on: own) }
            reportLog(context)
            return printed
        }
        try printing.check()
    }

    /// The frames the bridge would write for `path`'s events, as a recording of the touchscreen.
    private func replayToFile(_ path: String, touchscreen: VirtualTouchscreen) throws {
        try checkReadable([path, desc])
        let events = try replayEvents(
            .file(path, description: desc, device: devicePaths.first), from: path, options: ReplayOptions()
        ).events
        try writeRecording(
            BridgeFeed.recording(of: events, touchscreen: touchscreen, from: path), to: output, format: nil)
    }

    private func show(_ frame: [EvdevEvent], at time: UInt64, on node: String) throws {
        if json {
            try emit(JSONLines.line(WrittenFrame(frame, at: time, on: node)))
        } else {
            try emit(String(format: "%.6f %@  ", Double(time) / 1e6, node) + Evdev.frameText(frame))
        }
    }
}

/// `touchsynth bridge check CAPTURE [TOUCHSCREEN]`: the touchscreen's two touches, as libinput
/// read them back, against the touchpad pinch that made them.
struct BridgeCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract:
            "Check that a touchscreen's two-touch separation ratio and angle reproduce the touchpad pinch's scale and "
            + "angle.",
        discussion: """
            Reads libinput event streams (debug/replay --json): the touchpad's GESTURE_PINCH events and the \
            touchscreen's TOUCH events, from one capture of the seat or from two files. Each pinch is matched with the \
            next two-touch contact, each frame read with the update whose scale and summed angle it shows, in order \
            (a slow reader's lost frames are counted). Exit status 0 when all match and the end was read, 1 when not.
            """)

    @Argument(help: "JSON Lines with the touchpad's pinch events (and the touchscreen's, if one capture).") var capture:
        String
    @Argument(help: "JSON Lines with the touchscreen's touch events, if not in the capture.") var touchscreen: String?
    @Option(parsing: .unconditional, help: "Largest accepted difference: of scale, and of angle in radians.")
    var tolerance = 1e-3
    @Flag(help: Help.json) var json = false

    func validate() throws {
        // NaN compares false: refused too.
        if !(tolerance > 0 && tolerance <= 1) { throw ValidationError("--tolerance must be above 0 and at most 1") }
    }

    func run() throws {
        try checkReadable([capture, touchscreen])
        let result = BridgeFidelity.measure(
            try RecordingOrCapture.events(inFile: capture),
            touchscreen: try touchscreen.map { try RecordingOrCapture.events(inFile: $0) }, tolerance: tolerance)
        try emit(json ? try JSONLines.document("bridgeCheck", [result]) : result.text(tolerance: tolerance))
        if !result.passed { throw ExitCode(ExitStatus.differs) }
    }
}
