import Foundation
import KernelEmulation
@testable import MockedDevices
import Recordings
import XCTest
import TestSupport

/// The text that makes umockdev present a description as an evdev node.
final class TestbedFilesTests: XCTestCase {
    let fixtures = Fixtures.evemu

    /// libevdev asks for exact sizes; umockdev only answers requests whose size matches.
    func testIoctlTreeAnswersLibevdevsRequestSizes() throws {
        let device = try RecordingLoader.load(
            fixtures.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path
        ).device
        let lines = TestbedFiles(device: device, eventNumber: 7).ioctlTree.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "@DEV /dev/input/event7")
        func data(_ prefix: String) -> [String] {
            lines.filter { $0.hasPrefix(prefix) }.map { String($0.split(separator: " ")[2]) }
        }
        XCTAssertEqual(data("EVIOCGNAME(0)").first?.count, 255 * 2)
        XCTAssertEqual(data("EVIOCGBIT(1)").first?.count, 96 * 2)
        XCTAssertEqual(data("EVIOCGKEY(0)").first?.count, 96 * 2)
        XCTAssertEqual(
            data("EVIOCGABS(").count, 2 * (device.codes[Evdev.EV_ABS]?.count ?? 0), "once for libevdev, once for evtest"
        )
        // At the device's own size (mtdev's) and at libevdev's, which asks for 256 slots as it
        // resynchronises after SYN_DROPPED: each size's answers in ascending axis order.
        for count in [device.slotCount, 256] {
            let slots = data("EVIOCGMTSLOTS").filter { $0.count == (1 + count) * 8 }
            let codes = slots.map { UInt32($0.prefix(2), radix: 16)! }
            XCTAssertEqual(codes, [0x30, 0x35, 0x36, 0x39, 0x3a], "umockdev resumes after the last answer")
            XCTAssertTrue(
                slots[3].dropFirst(8).hasPrefix(String(repeating: "FFFFFFFF", count: device.slotCount)),
                "tracking ids start at -1")
        }
        XCTAssertEqual(data("EVIOCGMTSLOTS").count, 10)
    }

    /// A reader that lost events (SYN_DROPPED) asks the kernel for every switch and LED: the
    /// answers are the device's state then, not as it was made.
    func testSwitchesAndLEDsAnswerTheStateAReaderResynchronisesTo() {
        let device = DeviceDescription(
            name: "lid and keyboard", codes: [Evdev.EV_SYN: [0], Evdev.EV_SW: [0, 1], Evdev.EV_LED: [0, 1]])
        var filter = InputCoreFilter(device: device)
        var delivered: [EvdevEvent] = []
        filter.pass(
            [
                EvdevEvent(type: Evdev.EV_SW, code: 1, value: 1), EvdevEvent(type: Evdev.EV_LED, code: 1, value: 1),
                EvdevEvent(type: Evdev.EV_SYN, code: Evdev.SYN_REPORT, value: 0),
            ], into: &delivered)
        func answer(_ request: String, _ state: KernelDeviceState) -> String? {
            TestbedFiles.ioctlText(device, devnode: "/dev/input/event3", state: state).split(separator: "\n")
                .first { $0.hasPrefix(request + " ") }.map { String($0.split(separator: " ")[2]) }
        }
        XCTAssertEqual(answer("EVIOCGSW(0)", filter.state), "0200000000000000", "SW_TABLET_MODE on")
        XCTAssertEqual(answer("EVIOCGLED(0)", filter.state), "0200000000000000", "LED_CAPSL lit")
        XCTAssertEqual(
            answer("EVIOCGSW(0)", InputCoreFilter(device: device).state), "0000000000000000", "as the device is made")
    }

    /// As libinput's udev rule leaves a touchpad: its position axes' fuzz moved into
    /// LIBINPUT_FUZZ_* and 0 in the kernel's answer, every other axis's (pressure's) kept there.
    func testOnlyAPadsPositionFuzzMovesToUdev() throws {
        let device = try RecordingLoader.load(
            fixtures.appendingPathComponent("touchpads_bcm5974.three-finger-click.events").path
        ).device
        let tree = TestbedFiles(device: device, eventNumber: 7).ioctlTree.split(separator: "\n")
        func fuzz(_ code: UInt16) throws -> String {
            let answer = try XCTUnwrap(tree.first { $0.hasPrefix("EVIOCGABS(\(code)) ") }).split(separator: " ")[2]
            return String(answer.dropFirst(24).prefix(8))
        }
        XCTAssertEqual(try fuzz(Evdev.ABS_X), "00000000")
        XCTAssertEqual(try fuzz(Evdev.ABS_PRESSURE), "05000000")
        let fuzzProperties = device.effectiveUdevProperties.filter { $0.0.hasPrefix("LIBINPUT_FUZZ_") }
        XCTAssertEqual(fuzzProperties.map { "\($0.0)=\($0.1)" }, ["LIBINPUT_FUZZ_00=5", "LIBINPUT_FUZZ_01=3"])
    }

    /// The parent input device has a udev database entry, named as libudev looks it up
    /// (`+subsystem:sysname`), that marks it initialized and adds no property of its own.
    func testTheParentInputDeviceHasAnEntryWithoutProperties() throws {
        let device = try RecordingLoader.load(
            fixtures.appendingPathComponent("touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc").path
        ).device
        let files = TestbedFiles(device: device, eventNumber: 7)
        XCTAssertTrue(files.syspath.hasSuffix("/input7/event7"), files.syspath)
        XCTAssertEqual(files.parentUdevDatabasePath, "run/udev/data/+input:input7")
        let lines = files.parentUdevDatabase.split(separator: "\n")
        XCTAssertTrue(lines.contains { $0.hasPrefix("I:") }, "initialized")
        XCTAssertFalse(lines.contains { $0.hasPrefix("E:") }, "the parent's properties come from its uevent alone")
    }
}
