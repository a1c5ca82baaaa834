import Foundation
@testable import MockedDevices
import XCTest

/// The descriptors the libinput side gets are placed above every one they are copied from, so
/// that placing one never overwrites another still to be placed, however many descriptors the
/// harness's process holds (a test suite that has replayed hundreds of recordings in-process
/// holds a few of umockdev's for each).
final class VirtualClockLinkTests: XCTestCase {
    func testTheSidesDescriptorsArePlacedAboveTheirSources() throws {
        for busy in [0, 890, 897] {
            var held: [Int32] = []
            while let next = Optional(open("/dev/null", O_RDONLY | O_CLOEXEC)), next >= 0 {
                held.append(next)
                if next >= busy { break }
            }
            defer { held.forEach { close($0) } }
            var master: [Int32] = [0, 0]
            XCTAssertEqual(pipe(&master), 0)
            defer { master.forEach { close($0) } }
            var link = try VirtualClockLink(masters: [master[0]], eventNumbers: [10])
            defer { link.close() }
            let placed = link.descriptors
            XCTAssertGreaterThan(
                placed.keys.min() ?? 0, placed.values.max() ?? 0, "with descriptors taken up to \(busy): \(placed)")
        }
    }
}
