import Foundation
import Recordings
import XCTest
import TestSupport

/// libinput's litest device files, read as device descriptions. The sample
/// (Tests/Fixtures/litest, written for these tests in the files' layout, not copied from
/// libinput) has an input_id, events[] with properties, an absinfo[] ended by `.value = -1`, udev
/// properties, and comments and unused declarations around.
final class LitestDeviceFormatTests: XCTestCase {
    static let sample =
        (try? String(
            contentsOf: Fixtures.directory.appendingPathComponent(
                "litest/litest-device-sample-clickpad.c"), encoding: .utf8)) ?? ""

    func testALitestDeviceBecomesItsDescription() throws {
        let kernel = LitestDeviceFormat.kernelEventCodes(
            header:
                "#define KEY_KP7\t\t\t71\n#define BTN_MISC\t\t0x100\n#define BTN_0\t\t\t0x100\n#define KEY_ALIAS "
                + "KEY_KP7\n"
        )
        XCTAssertEqual(kernel["KEY_KP7"], 71)
        XCTAssertEqual(kernel["BTN_0"], 0x100)
        XCTAssertEqual(kernel["KEY_ALIAS"], 71, "a name defined as another takes its value")
        XCTAssertTrue(LitestDeviceFormat.looksLikeOne(Self.sample))
        let d = try LitestDeviceFormat.parse(Self.sample, file: "sample.c", kernelNames: kernel)
        XCTAssertEqual(d.name, "Sample Clickpad")
        XCTAssertEqual([d.bustype, d.vendor, d.product, d.version], [0x18, 0x6cb, 0xcd7d, 0])
        XCTAssertEqual(d.codes[Evdev.EV_KEY], [0x110, 0x145, 0x14d, 0x14e, 0x14a, 71])
        XCTAssertEqual(d.properties, [0, 2])
        XCTAssertEqual(
            d.codes[Evdev.EV_ABS], [0x00, 0x01, 0x2f, 0x35, 0x36, 0x39, 0x37], "every absinfo entry is an axis")
        XCTAssertEqual(d.absinfo[0x35], AbsInfo(minimum: 0, maximum: 1216, resolution: 12))
        XCTAssertEqual(d.absinfo[0x37], AbsInfo(minimum: 0, maximum: 2))
        XCTAssertEqual(d.slotCount, 5)
        XCTAssertEqual(d.udevProperties, ["ID_INPUT_TOUCHPAD_INTEGRATION": "internal"])
        XCTAssertTrue(d.udevInputKinds.contains("ID_INPUT_TOUCHPAD"))
    }

    /// A litest file given where a description or recording is read is its device, no events.
    func testALitestFileIsADescriptionWhereverOneIsRead() throws {
        let path = Fixtures.directory.appendingPathComponent("litest/litest-device-sample-clickpad.c").path
        let loaded = try RecordingLoader.load(path)
        XCTAssertEqual(loaded.device.name, "Sample Clickpad")
        XCTAssertEqual(loaded.device.slotCount, 5)
        XCTAssertTrue(loaded.device.has(type: Evdev.EV_KEY, code: 71), "KEY_KP7, by the system's kernel header")
        XCTAssertEqual(loaded.frames, [])
        guard case .device(let described) = try LogDescription(path: path) else {
            return XCTFail("read as an axis list")
        }
        XCTAssertEqual(described.codes, loaded.device.codes)
    }

    func testWhatCannotBeReadIsOneLineNamingIt() {
        func problem(_ text: String, kernel: [String: UInt16] = [:]) -> String? {
            do { _ = try LitestDeviceFormat.parse(text, file: "x.c", kernelNames: kernel); return nil } catch {
                return error.description
            }
        }
        let kp7 =
            Self.sample.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("KEY_KP7") }
            .map { $0 + 1 } ?? 0
        XCTAssertEqual(
            problem(Self.sample), "x.c:\(kp7): unknown event code EV_KEY KEY_KP7",
            "a code neither TouchSynth nor the kernel's header names")
        XCTAssertEqual(
            problem("int main(void) { return 0; }"), "x.c: not a litest device: no TEST_DEVICE(…) declaration")
        XCTAssertEqual(problem("TEST_DEVICE(X, .events = events, )"), "x.c:1: the device has no .name")
        XCTAssertEqual(
            problem("TEST_DEVICE(X, .name = \"n\", .events = events, )"), "x.c: events is used but not declared")
        let broken = Self.sample.replacingOccurrences(of: "{ ABS_Y, 0, 680, 0, 0, 12 }", with: "{ ABS_Y, 0, 680 }")
        let absY =
            Self.sample.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("ABS_Y,") }
            .map { $0 + 1 } ?? 0
        XCTAssertEqual(
            problem(broken, kernel: ["KEY_KP7": 71]),
            "x.c:\(absY): an absinfo entry is not { code, minimum, maximum, fuzz, flat, resolution }")
    }

    /// A litest file's description is checked as every format's is: what libevdev, udev or a
    /// one-line name would refuse is refused at its line, not handed to the harness (a slot range
    /// of 2^31 once had it allocate gigabytes and trap).
    func testWhatNoDeviceCouldBeIsRefusedAtItsLine() throws {
        let sample = Self.sample.replacingOccurrences(of: "KEY_KP7", with: "KEY_A")
        func problem(_ old: String, _ new: String) -> String? {
            XCTAssertTrue(sample.contains(old), old)
            do {
                _ = try LitestDeviceFormat.parse(sample.replacingOccurrences(of: old, with: new), file: "x.c")
                return nil
            } catch { return error.description }
        }
        // The sample's line holding `text`, 1-based.
        func line(_ text: String) -> Int {
            (sample.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) } ?? -1) + 1
        }
        XCTAssertNoThrow(try LitestDeviceFormat.parse(sample, file: "x.c"))
        XCTAssertEqual(
            problem("{ ABS_MT_SLOT, 0, 4,", "{ ABS_MT_SLOT, 0, 2147483647,"),
            "x.c:\(line("{ ABS_MT_SLOT, 0, 4,")): ABS_MT_SLOT must range over 0...N with N < 256, not 0...2147483647")
        XCTAssertEqual(
            problem("{ ABS_X, 0, 1216,", "{ ABS_X, 1216, 0,"),
            "x.c:\(line("{ ABS_X, 0, 1216,")): ABS_X has minimum 1216 > maximum 0")
        XCTAssertEqual(
            problem("\"internal\" }", "\"internal\nE: LIBINPUT_IGNORE_DEVICE=1\" }"),
            "x.c:\(line("\"internal\" }")): udev property ID_INPUT_TOUCHPAD_INTEGRATION holds a control character, "
                + "U+000A, in its value "
                + "\"internal\\nE: LIBINPUT_IGNORE_DEVICE=1\"")
        XCTAssertEqual(
            problem("\"ID_INPUT_TOUCHPAD_INTEGRATION\"", "\"ID INPUT\""),
            "x.c:\(line("\"ID_INPUT_TOUCHPAD_INTEGRATION\"")): "
                + "udev property name \"ID INPUT\" is not letters, digits and _"
        )
        XCTAssertEqual(
            problem(".name = \"Sample Clickpad\"", ".name = \"Sample\nClickpad\""),
            "x.c:\(line(".name = \"Sample Clickpad\"")): the device name holds a control character, U+000A")
    }

    func testAFileThatIsNotUTF8IsRefusedAtItsLine() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("litest-\(UUID().uuidString).c")
        defer { try? FileManager.default.removeItem(at: file) }
        try (Data("/* a */\n".utf8) + Data([0xFF, 0xFE, 0x0A]) + Data(Self.sample.utf8)).write(to: file)
        XCTAssertThrowsError(try LitestDeviceFormat.device(inFile: file.path)) {
            XCTAssertEqual("\($0)", "\(file.path):2: not UTF-8 text")
        }
    }
}
