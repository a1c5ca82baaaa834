import DeviceCorpus
import TestSupport
import XCTest

/// Duplicates of one device are tested once, told apart as `diff` tells devices apart.
final class CorpusDuplicateTests: XCTestCase {
    /// A description converted to libinput record YAML spells out the udev properties the
    /// evemu description leaves to udev: the same device, skipped as `diff` calls it the same.
    func testADescriptionAndItsYAMLCopyAreOneDevice() throws {
        let description = Fixtures.devices.appendingPathComponent(
            "touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc"
        ).path
        let copy = temporaryPath("copy.yml")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let converted = runCommand(["convert", description, "-o", copy])
        XCTAssertEqual(converted.status, 0, converted.stderr)
        let read = try CorpusDevice.collect([description, copy])
        XCTAssertEqual(read.devices.count, 1)
        XCTAssertEqual(
            read.skipped.map(\.reason), ["the same device as touchpads_ETPS2_Elantech_Touchpad-ASUS-N500JK.desc"])
    }
}
