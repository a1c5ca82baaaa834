import ArgumentParser
import LibinputKit
import MockedDevices

/// Help texts that several commands share, written once.
enum Help {
    static let recording: ArgumentHelp =
        "The recording (evemu, libinput record YAML, evtest text, getevent -lt/-t, a ChromeOS evdev log)."
    static let json: ArgumentHelp = "JSON Lines output."
    static let pointerLock: ArgumentHelp =
        "The app requests the pointer lock: motion arrives as relative motion, not hover."
    static let screen: ArgumentHelp = "Virtual screen size in points, WIDTHxHEIGHT, each side from 1 to 100000."
    static let seat = ArgumentHelp("The udev seat (default: seat0).", valueName: "seat")
    static let outputFile = ArgumentHelp("Output file (default: stdout).", valueName: "file")
    static let node = ArgumentHelp(
        "A device by node (event2 or /dev/input/event2): the one to read of a getevent log or YAML file of several.",
        valueName: "node")
    static let nodes = ArgumentHelp(
        "A device by node (event2 or /dev/input/event2): the nodes to open instead of the seat (repeatable).",
        valueName: "node")
    static let appScreen: ArgumentHelp = """
        The app screen both modes run: a built-in one by name (list, the default; photos, map, canvas) or a surface \
        description file (YAML for .yml/.yaml, JSON for .json; otherwise JSON if it opens with { or [, else YAML).
        """
    static let desc: ArgumentHelp = """
        Device description for a log without one (evemu or evtest events, getevent without -p, a ChromeOS log): any \
        description or recording TouchSynth reads, or a bare evemu A: axis list. Without it, one is inferred from the \
        events (a warning says what was guessed).
        """
}

/// `--seat` and `--device`: the live devices a command opens.
struct LiveInputOptions: ParsableArguments {
    @Option(help: Help.seat) var seat: String?
    @Option(name: .customLong("device"), help: Help.nodes, transform: DeviceNode.named) var devicePaths: [String] = []

    func validate() throws {
        try Self.checkSeat(seat, devices: devicePaths)
    }

    /// Refuses a seat beside device nodes (each chooses the devices, and the nodes would win
    /// unsaid), and a device named twice.
    static func checkSeat(_ seat: String?, devices: [String]) throws {
        if seat != nil && !devices.isEmpty {
            throw ValidationError("--seat and --device each choose the devices to open: give one")
        }
        if let (again, first) = DeviceNode.namedTwice(devices) {
            throw ValidationError(
                again == first
                    ? "--device \(again) is given twice" : "--device \(again) names the device \(first) names")
        }
    }

    /// libinput on the nodes named, or on the seat: the system's, which each device added names.
    func context(logsDebug: Bool = false) throws -> LibinputContext {
        let context = try LibinputContext.live(seat: seat ?? "seat0", nodes: devicePaths, logsDebug: logsDebug)
        context.libinputVersion = LibinputBuild.system.version
        return context
    }
}
