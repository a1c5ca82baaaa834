import Foundation
import GestureSynthesis
import SurfaceDescriptions
import Recordings

/// The parsers fuzzed: each takes arbitrary bytes and must either parse them or throw its error,
/// never trap.
enum FuzzTarget: String, CaseIterable {
    case evemu, yaml, evtest, script, surface, getevent, chromeos, eventlog, withlibinput

    func run(_ data: Data) {
        let text = String(decoding: data, as: UTF8.self)
        switch self {
        case .evemu:
            _ = try? EvemuFormat.parseRecording(text, file: "fuzz") { () throws(RecordingError) -> DeviceDescription? in
                try EvemuFormat.parseDescription(text, file: "fuzz")
            }
        case .yaml:
            _ = try? LibinputRecordFormat.parse(text, file: "fuzz")
        case .evtest:
            _ = try? EvtestFormat.parse(text, file: "fuzz")
        case .getevent:
            _ = try? GeteventFormat.parse(text, file: "fuzz").recording()
        case .chromeos:
            _ = try? ChromeOSEvdevLog.parse(text, file: "fuzz").recording()
        case .eventlog:
            // Event-only logs as a file is read: detected, then the description inferred and a
            // start mid-gesture repaired.
            _ = try? RecordingLoader.load(text: text, file: "fuzz")
        case .withlibinput:
            _ = try? RecordedLibinputEvents.parse(text, file: "fuzz")
        case .script:
            // Short scripts are also performed, on a fixed five-slot pad.
            guard let script = try? GestureScript.parse(text, file: "fuzz") else { return }
            if script.statements.count <= 8 {
                _ = try? GestureSynthesizer.synthesize(script, on: Self.pad, file: "fuzz")
            }
        case .surface:
            // As `touchsynth compare --surface` does: decoded (the nesting checked first, errors
            // located in the text), then built; here as JSON and as YAML both.
            for syntax in [StructuredFile.Syntax.json, .yaml] {
                let surface = try? StructuredFile.decode(
                    SurfaceDescription.self, from: text, syntax: syntax, file: "fuzz", kind: "a surface description")
                _ = try? surface?.makeSurface()
                _ = try? surface?.pointerInteractions()
            }
        }
    }

    /// The ASUS N500JK's Elantech pad, as its evemu description says.
    static let pad: DeviceDescription = {
        var d = DeviceDescription(name: "ETPS/2 Elantech Touchpad", bustype: 0x11, vendor: 2, product: 0xe)
        d.codes = [
            Evdev.EV_SYN: [0, 3],
            Evdev.EV_KEY: [
                Evdev.BTN_LEFT, Evdev.BTN_TOOL_FINGER, Evdev.BTN_TOUCH, Evdev.BTN_TOOL_DOUBLETAP,
                Evdev.BTN_TOOL_TRIPLETAP, Evdev.BTN_TOOL_QUADTAP,
            ],
            Evdev.EV_ABS: [
                Evdev.ABS_X, Evdev.ABS_Y, Evdev.ABS_PRESSURE, Evdev.ABS_MT_SLOT, Evdev.ABS_MT_POSITION_X,
                Evdev.ABS_MT_POSITION_Y, Evdev.ABS_MT_TRACKING_ID, Evdev.ABS_MT_PRESSURE,
            ],
        ]
        d.absinfo = [
            Evdev.ABS_X: AbsInfo(minimum: 0, maximum: 3097, resolution: 31),
            Evdev.ABS_Y: AbsInfo(minimum: 0, maximum: 2119, resolution: 32),
            Evdev.ABS_PRESSURE: AbsInfo(minimum: 0, maximum: 255), Evdev.ABS_MT_SLOT: AbsInfo(minimum: 0, maximum: 4),
            Evdev.ABS_MT_POSITION_X: AbsInfo(minimum: 0, maximum: 3097, resolution: 31),
            Evdev.ABS_MT_POSITION_Y: AbsInfo(minimum: 0, maximum: 2119, resolution: 32),
            Evdev.ABS_MT_TRACKING_ID: AbsInfo(minimum: 0, maximum: 65535),
            Evdev.ABS_MT_PRESSURE: AbsInfo(minimum: 0, maximum: 255),
        ]
        d.properties = [Evdev.INPUT_PROP_POINTER, Evdev.INPUT_PROP_BUTTONPAD]
        return d
    }()
}

#if FUZZING
/// libFuzzer's driver, entered from the executable's main (SwiftPM names it `touchsynth_fuzz_main`).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

nonisolated(unsafe) private var target: FuzzTarget?

@_cdecl("touchsynth_fuzz_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    guard let name = ProcessInfo.processInfo.environment["TOUCHSYNTH_FUZZ_TARGET"],
        let chosen = FuzzTarget(rawValue: name)
    else {
        FileHandle.standardError.write(
            Data("set TOUCHSYNTH_FUZZ_TARGET to one of \(FuzzTarget.allCases.map(\.rawValue))\n".utf8))
        return 64
    }
    target = chosen
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { bytes, size in
        target?.run(bytes.map { Data(bytes: $0, count: size) } ?? Data())
        return 0
    }
}
#else
/// Without libFuzzer: runs files (a corpus, or a crash found earlier) through one parser, so a
/// regression is a plain test.
@main
enum FuzzReplay {
    static func main() {
        let args = CommandLine.arguments.dropFirst()
        guard let name = args.first, let target = FuzzTarget(rawValue: name) else {
            FileHandle.standardError.write(
                Data(
                    "usage: touchsynth-fuzz \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) FILE|DIR…\n"
                        .utf8))
            exit(64)
        }
        var count = 0
        for path in args.dropFirst() {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            let files =
                isDirectory.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 }
                : [path]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                target.run(data)
                count += 1
            }
        }
        print("\(name): \(count) inputs, no crash")
    }
}
#endif
